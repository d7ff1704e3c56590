/**
 * A page image made upright and flat before it is read: a photographed sheet is cut out of its desk and its
 * perspective undone (./perspective), a page fed sideways or upside down is turned and a skewed one levelled
 * (./orientation), uneven light is evened out (./lighting) and stamps over the text taken out (./stamps).
 * The whole geometry is one projective map from the straightened page to the image as given, applied in one
 * resampling pass, and kept so that the boxes of the words read on the straightened page are taken back to the
 * image the viewer shows.
 */
import type { PageImage } from '../prepare';
import { evenOutLight, unevenLight } from './lighting';
import { findOrientation } from './orientation';
import { findSheet } from './perspective';
import { IDENTITY, type Matrix, multiply, paperLevels, rectangleToQuad, reducedGrey, rotation, scaling, warp } from './raster';
import { withoutStamps } from './stamps';

/** The pixels per point the page is analysed at (about 100 dpi): lines of 8-point text stay apart. */
const ANALYSIS_PIXELS_PER_POINT = 100 / 72;
/** The cell the paper's level is measured in, points: wider than any stroke, narrower than a shadow's edge. */
const PAPER_CELL_POINTS = 6;
/** Ink on the analysed page: darker than the paper around it by this share of the paper's level, and at least MIN_INK_CONTRAST. */
const INK_SHARE = 0.2;
const MIN_INK_CONTRAST = 20;
/** A skew smaller than this (degrees) is left alone: tesseract reads it, and resampling would soften the print. */
const MIN_SKEW = 0.3;
/** The width of an A4 page in points: a photographed sheet's smaller side. */
const A4_SHORT_SIDE_POINTS = 595;

export interface StraightenedPage {
  page: PageImage;
  /** The map from the straightened page's pixels to those of the page as given; null when the page is as given. */
  toSource: Matrix | null;
  /** Degrees the page was turned by (a quarter turn plus the skew), 0 when it was not. */
  angle: number;
  /** Whether the way up was told with confidence (see ./orientation); true when there was nothing to tell. */
  sure: boolean;
  /** Whether a photographed sheet was found and flattened. */
  sheet: boolean;
}

export function straighten(given: PageImage): StraightenedPage {
  // Stamps go first: a large tilted 'PAID' is ink that neither the lines' angle nor the way up should count.
  const page = { ...given, rgba: withoutStamps(given.rgba, given.width, given.height, given.pixelsPerPoint) ?? given.rgba };
  const sheet = findSheet(page.rgba, page.width, page.height);
  const frame = sheet
    ? { map: rectangleToQuad(sheet.width, sheet.height, sheet.corners), width: sheet.width, height: sheet.height }
    : { map: IDENTITY, width: page.width, height: page.height };
  const pixelsPerPoint = sheet ? Math.min(sheet.width, sheet.height) / A4_SHORT_SIDE_POINTS : page.pixelsPerPoint;

  // The flat page, reduced for analysis.
  const factor = Math.max(1, Math.round(pixelsPerPoint / ANALYSIS_PIXELS_PER_POINT));
  const analysed = reducedGrey(page.rgba, page.width, page.height, factor);
  const reduced = sheet
    ? {
        grey: Uint8Array.from(
          warp(
            analysed.grey,
            analysed.width,
            analysed.height,
            1,
            multiply(scaling(1 / factor), multiply(frame.map, scaling(factor))),
            Math.floor(frame.width / factor),
            Math.floor(frame.height / factor),
            [255],
          ),
        ),
        width: Math.floor(frame.width / factor),
        height: Math.floor(frame.height / factor),
      }
    : analysed;
  const cell = Math.max(3, Math.round((PAPER_CELL_POINTS * pixelsPerPoint) / factor));
  const levels = paperLevels(reduced, cell);
  const ink = new Uint8Array(reduced.grey.length);
  for (let i = 0; i < ink.length; i += 1) ink[i] = reduced.grey[i] < levels[i] - Math.max(MIN_INK_CONTRAST, INK_SHARE * levels[i]) ? 1 : 0;
  const orientation = findOrientation({ grey: ink, width: reduced.width, height: reduced.height });
  const quarter = orientation ? Math.round(orientation.angle / 90) * 90 : 0;
  const angle = orientation && Math.abs(orientation.skew) >= MIN_SKEW ? orientation.angle : quarter % 360;
  const uneven = unevenLight(levels);

  let rgba = page.rgba;
  let width = page.width;
  let height = page.height;
  let toSource: Matrix | null = null;
  if (sheet || angle !== 0) {
    const turn = rotation(angle, frame.width, frame.height);
    toSource = multiply(frame.map, turn.map);
    const paper = paperColour(page.rgba);
    rgba = warp(page.rgba, page.width, page.height, 4, toSource, turn.width, turn.height, [...paper, 255]);
    width = turn.width;
    height = turn.height;
  }
  const owned = rgba !== page.rgba;
  if (uneven) {
    if (!owned) rgba = Uint8ClampedArray.from(rgba);
    evenOutLight(rgba, width, height, factor, cell);
  }
  return {
    page: { width, height, rgba, pixelsPerPoint },
    toSource,
    angle,
    sure: orientation?.sure ?? true,
    sheet: sheet !== null,
  };
}

/** The paper's colour: the mean of the brightest tenth of a sample of the pixels. */
function paperColour(rgba: Uint8Array | Uint8ClampedArray): [number, number, number] {
  const pixels = rgba.length / 4;
  const step = Math.max(1, Math.floor(pixels / 20_000));
  const sample: number[] = [];
  for (let p = 0; p < pixels; p += step) sample.push(p);
  const level = (p: number) => rgba[4 * p] * 77 + rgba[4 * p + 1] * 150 + rgba[4 * p + 2] * 29;
  sample.sort((a, b) => level(b) - level(a));
  const brightest = sample.slice(0, Math.max(1, Math.floor(sample.length / 10)));
  return [0, 1, 2].map((c) => Math.round(brightest.reduce((sum, p) => sum + rgba[4 * p + c], 0) / brightest.length)) as [
    number,
    number,
    number,
  ];
}
