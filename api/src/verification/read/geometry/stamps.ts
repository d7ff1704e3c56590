/**
 * Stamps taken out of a scan before OCR: a red 'PAID' or a blue 'RECEIVED' across a title hides its letters
 * from tesseract. Where a page's text is dark grey or black, strongly coloured ink over or beside that text
 * is a stamp (or a pen mark) and is turned to paper; black strokes under it are not coloured and stay.
 * Coloured ink away from the black text (a letterhead in the hospital's colour) is kept.
 */

/** Coloured: its channels differ by at least this much, and by this share of its brightest channel. */
const MIN_CHROMA = 60;
const MIN_SATURATION = 0.35;
/** Neutral ink: channels within this of each other, and darker than this. */
const MAX_NEUTRAL_CHROMA = 40;
const MAX_NEUTRAL_LEVEL = 140;
/** Cells in which the text is looked for, points; coloured ink goes where its cell or a neighbour has text. */
const CELL_POINTS = 16;
/** A cell has text when at least this share of its pixels is neutral ink. */
const TEXT_SHARE = 0.02;
/** The page is black text when it has at least this many neutral ink pixels per coloured one. */
const MIN_NEUTRAL_RATIO = 1;

/** A copy of the page with its stamps turned to paper, or null when it has none. */
export function withoutStamps(
  page: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  pixelsPerPoint: number,
): Uint8ClampedArray | null {
  const cell = Math.max(4, Math.round(CELL_POINTS * pixelsPerPoint));
  const columns = Math.ceil(width / cell);
  const rows = Math.ceil(height / cell);
  const neutral = new Uint32Array(columns * rows);
  let coloured = 0;
  let neutralTotal = 0;
  const paperSum = [0, 0, 0];
  let paperCount = 0;
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const i = 4 * (y * width + x);
      const high = Math.max(page[i], page[i + 1], page[i + 2]);
      const chroma = high - Math.min(page[i], page[i + 1], page[i + 2]);
      if (chroma >= MIN_CHROMA && chroma >= MIN_SATURATION * high) coloured += 1;
      else if (chroma <= MAX_NEUTRAL_CHROMA && high <= MAX_NEUTRAL_LEVEL) {
        neutral[Math.floor(y / cell) * columns + Math.floor(x / cell)] += 1;
        neutralTotal += 1;
      } else if (chroma <= MAX_NEUTRAL_CHROMA && high > 180) {
        paperSum[0] += page[i];
        paperSum[1] += page[i + 1];
        paperSum[2] += page[i + 2];
        paperCount += 1;
      }
    }
  if (coloured === 0 || neutralTotal < MIN_NEUTRAL_RATIO * coloured || paperCount === 0) return null;
  const paper = paperSum.map((sum) => Math.round(sum / paperCount));
  const minText = TEXT_SHARE * cell * cell;
  const nearText = new Uint8Array(columns * rows);
  for (let r = 0; r < rows; r += 1)
    for (let c = 0; c < columns; c += 1)
      for (let dr = -1; dr <= 1; dr += 1)
        for (let dc = -1; dc <= 1; dc += 1) {
          const rr = r + dr;
          const cc = c + dc;
          if (rr >= 0 && cc >= 0 && rr < rows && cc < columns && neutral[rr * columns + cc] >= minText) nearText[r * columns + c] = 1;
        }
  let rgba: Uint8ClampedArray | null = null;
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      if (!nearText[Math.floor(y / cell) * columns + Math.floor(x / cell)]) continue;
      const i = 4 * (y * width + x);
      const high = Math.max(page[i], page[i + 1], page[i + 2]);
      const chroma = high - Math.min(page[i], page[i + 1], page[i + 2]);
      if (chroma < MIN_CHROMA || chroma < MIN_SATURATION * high) continue;
      rgba ??= Uint8ClampedArray.from(page);
      rgba[i] = paper[0];
      rgba[i + 1] = paper[1];
      rgba[i + 2] = paper[2];
    }
  return rgba;
}
