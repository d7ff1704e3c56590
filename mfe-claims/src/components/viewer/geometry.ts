import type { PageBox } from './types';

export interface Size {
  width: number;
  height: number;
}

/** A rectangle in CSS pixels, relative to the top-left corner of the page as it is shown. */
export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Clockwise quarter turns applied by the reviewer on top of the page's own orientation. */
export type Rotation = 0 | 90 | 180 | 270;

export const rotate = (rotation: Rotation, by: 90 | -90): Rotation => ((rotation + by + 360) % 360) as Rotation;

const isSideways = (rotation: Rotation) => rotation === 90 || rotation === 270;

/** A page's size once turned. */
export const turned = (size: Size, rotation: Rotation): Size => (isSideways(rotation) ? { width: size.height, height: size.width } : size);

/** The size a page is shown at: `width` wide once turned, its height following the page's proportions. */
export function shownSize(page: Size, rotation: Rotation, width: number): Size {
  const upright = turned(page, rotation);
  return { width, height: (width * upright.height) / upright.width };
}

/**
 * Where a box in the adjudicator's page units lands on the page as shown: scaled by shown size over
 * pageWidth/pageHeight, then turned with the page. `shown` is the page's on-screen size (after turning).
 */
export function boxOnPage(box: PageBox, shown: Size, rotation: Rotation): Rect {
  const upright = turned(shown, rotation);
  const scaleX = upright.width / box.pageWidth;
  const scaleY = upright.height / box.pageHeight;
  const x = box.x * scaleX;
  const y = box.y * scaleY;
  const width = box.width * scaleX;
  const height = box.height * scaleY;
  switch (rotation) {
    case 90:
      return { left: upright.height - (y + height), top: x, width: height, height: width };
    case 180:
      return { left: upright.width - (x + width), top: upright.height - (y + height), width, height };
    case 270:
      return { left: y, top: upright.width - (x + width), width: height, height: width };
    default:
      return { left: x, top: y, width, height };
  }
}

/** Zoom is a multiple of the panel's width ('fit width' is 1). */
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
export const FIT_WIDTH = 1;

export const zoomIn = (zoom: number): number => ZOOM_STEPS.find((step) => step > zoom + 1e-9) ?? zoom;
export const zoomOut = (zoom: number): number => [...ZOOM_STEPS].reverse().find((step) => step < zoom - 1e-9) ?? zoom;
export const canZoomIn = (zoom: number) => zoomIn(zoom) !== zoom;
export const canZoomOut = (zoom: number) => zoomOut(zoom) !== zoom;

/** The smallest box holding all the given boxes of one page. */
export function enclosingBox(boxes: readonly PageBox[]): PageBox | undefined {
  if (boxes.length === 0) return undefined;
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  const { pageWidth, pageHeight } = boxes[0];
  return { x: left, y: top, width: right - left, height: bottom - top, pageWidth, pageHeight };
}
