/**
 * Light evened out across a page: a photo's paper is bright by the window and grey in a shadow, and a single
 * ink threshold then takes the shadow for ink or the light print for paper. Each pixel is divided by the
 * paper's level around it (./raster paperLevels), so the paper comes out at one level and the ink keeps its
 * contrast against it.
 */
import { type GreyImage, paperLevels, reducedGrey } from './raster';

/** The paper's level after evening out: that of a scan's paper. */
const PAPER_LEVEL = 235;
/** The paper's level varies by more than this (grey levels, between its 5th and 95th percentiles) where the light is uneven. */
const UNEVEN_SPREAD = 28;

/** Whether the paper's levels vary enough to be evened out (a scanner lights its page evenly; a photo does not). */
export function unevenLight(levels: Float32Array): boolean {
  const histogram = new Uint32Array(256);
  for (let i = 0; i < levels.length; i += 1) histogram[Math.min(255, Math.max(0, Math.round(levels[i])))] += 1;
  const at = (share: number) => {
    let seen = 0;
    for (let level = 0; level < 256; level += 1) {
      seen += histogram[level];
      if (seen >= share * levels.length) return level;
    }
    return 255;
  };
  return at(0.95) - at(0.05) > UNEVEN_SPREAD;
}

/**
 * Evens out the light of an RGBA page in place. `factor`: pixels of the page per pixel of the reduced copy the
 * paper is measured on; `cell`: the measuring cell, in pixels of that copy.
 */
export function evenOutLight(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number, factor: number, cell: number): void {
  const small: GreyImage = reducedGrey(rgba, width, height, factor);
  const levels = paperLevels(small, cell);
  for (let y = 0; y < height; y += 1) {
    const row = Math.min(small.height - 1, Math.floor(y / factor)) * small.width;
    for (let x = 0; x < width; x += 1) {
      const gain = PAPER_LEVEL / Math.max(16, levels[row + Math.min(small.width - 1, Math.floor(x / factor))]);
      const i = 4 * (y * width + x);
      rgba[i] = Math.min(255, rgba[i] * gain);
      rgba[i + 1] = Math.min(255, rgba[i + 1] * gain);
      rgba[i + 2] = Math.min(255, rgba[i + 2] * gain);
    }
  }
}
