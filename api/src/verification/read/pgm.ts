/** Binary greyscale PGMs (P5), the images tesseract gets: made, cut and enlarged. */
import type { MarkBox } from './decimals';
import type { OcrImage } from './prepare';

const pixelsOf = (image: OcrImage) => image.pgm.subarray(image.pgm.length - image.width * image.height);

/** A PGM of the size, its header written, and its pixels to fill. */
export function pgmOf(width: number, height: number): { pgm: Uint8Array; body: Uint8Array } {
  const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const pgm = new Uint8Array(header.length + width * height);
  pgm.set(header);
  return { pgm, body: pgm.subarray(header.length) };
}

/**
 * The part of the prepared image around `box` (page pixels), with half the row's height around it, as a PGM and
 * where it lies on the page; null when the box lies outside the image.
 */
export function cropAround(image: OcrImage, box: MarkBox): OcrImage | null {
  const margin = Math.round((box.bottom - box.top + 1) / 2);
  const left = Math.max(image.left, box.left - margin);
  const top = Math.max(image.top, box.top - margin);
  const right = Math.min(image.left + image.width - 1, box.right + margin);
  const bottom = Math.min(image.top + image.height - 1, box.bottom + margin);
  if (right <= left || bottom <= top) return null;
  const width = right - left + 1;
  const height = bottom - top + 1;
  const source = pixelsOf(image);
  const { pgm, body } = pgmOf(width, height);
  for (let y = 0; y < height; y += 1) {
    const from = (top - image.top + y) * image.width + (left - image.left);
    body.set(source.subarray(from, from + width), y * width);
  }
  return { pgm, left, top, width, height };
}

/**
 * The image's PGM `factor` times larger, each pixel interpolated from its four nearest (bilinear). Tesseract reads
 * print best with letters 20 or more pixels high; a fax's letters are half that.
 */
export function enlarged(image: OcrImage, factor: number): Uint8Array {
  const source = pixelsOf(image);
  const width = image.width * factor;
  const height = image.height * factor;
  const { pgm, body } = pgmOf(width, height);
  const clamp = (v: number, max: number) => Math.min(max, Math.max(0, v));
  for (let y = 0; y < height; y += 1) {
    const sy = clamp((y + 0.5) / factor - 0.5, image.height - 1);
    const y0 = Math.floor(sy);
    const y1 = Math.min(image.height - 1, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < width; x += 1) {
      const sx = clamp((x + 0.5) / factor - 0.5, image.width - 1);
      const x0 = Math.floor(sx);
      const x1 = Math.min(image.width - 1, x0 + 1);
      const fx = sx - x0;
      const top = source[y0 * image.width + x0] * (1 - fx) + source[y0 * image.width + x1] * fx;
      const bottom = source[y1 * image.width + x0] * (1 - fx) + source[y1 * image.width + x1] * fx;
      body[y * width + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return pgm;
}
