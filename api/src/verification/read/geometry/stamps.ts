/**
 * Stamps taken out of a scan before OCR: a red 'PAID' or a blue 'RECEIVED' across a title hides its letters
 * from tesseract. A stamp is coloured ink printed over the black text: its marks share the small blocks of
 * the page with dark grey or black ink. Each cluster of coloured ink that does is seen through its own colour
 * (as a scanner's drop-out colour does): where it lies on paper it becomes paper, faint edges included, and
 * where it lies over a stroke the stroke stays ink. Coloured print beside the text rather
 * than over it (a letterhead in the hospital's colour, a logo) is kept.
 */

/** Coloured: its channels differ by at least this much, and by this share of its brightest channel. */
const MIN_CHROMA = 40;
const MIN_SATURATION = 0.25;
/** Inside a stamp, a tint this strong is its ink too (the faint edges of its strokes). */
const STAMP_TINT = 18;
/** Neutral ink: channels within this of each other, and darker than this. */
const MAX_NEUTRAL_CHROMA = 30;
const MAX_NEUTRAL_LEVEL = 140;
/** The blocks coloured and neutral ink are counted in, points. */
const BLOCK_POINTS = 2;
/** Coloured blocks this many blocks apart belong to one cluster (the letters and frame of one stamp) ... */
const CLUSTER_REACH = 3;
/**
 * ... when their hue is within this many degrees of the cluster's: a stamp is one ink, and a blue stamp that
 * touches a letterhead's purple frame is not one cluster with the frame (whose length, on paper alone, would
 * outweigh the text under the stamp).
 */
const MAX_HUE_STEP = 20;
/** The stamp's level over paper: this share of its ink is darker (most of a stamp lies on paper, some over strokes). */
const STAMP_LEVEL_SHARE = 0.6;
/**
 * The stamp's ink over strokes is darker than its usual level by at least this share of it. When at least
 * STROKES_UNDER of the stamp's pixels are, the level below which STROKES_BLACK of them lie becomes black.
 */
const MIN_STROKE_DROP = 0.35;
const STROKES_UNDER = 0.002;
const STROKES_BLACK = 0.75;
/** A cluster is a stamp when its blocks hold at least this many neutral ink pixels per coloured one. */
const MIN_MIXED_SHARE = 0.04;
/**
 * A fill (a letterhead's colour band, a logo's field): every block within this reach is at least this share
 * coloured. A stamp's strokes are a few points wide, so no stamp fills such a square; the fill is left out of the
 * clusters so that a stamp printed near a band is not taken for part of it.
 */
const FILL_REACH = 2;
const FILL_SHARE = 0.75;

/** A copy of the page with its stamps turned to paper, or null when it has none. */
export function withoutStamps(
  page: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  pixelsPerPoint: number,
): Uint8ClampedArray | null {
  const block = Math.max(2, Math.round(BLOCK_POINTS * pixelsPerPoint));
  const columns = Math.ceil(width / block);
  const rows = Math.ceil(height / block);
  const coloured = new Uint32Array(columns * rows);
  const neutral = new Uint32Array(columns * rows);
  // each block's coloured ink summed per channel: its colour, whose hue keeps one ink's cluster apart from another's
  const inkSums: InkSums = [new Float64Array(columns * rows), new Float64Array(columns * rows), new Float64Array(columns * rows)];
  const blockColumn = new Uint32Array(width);
  for (let x = 0; x < width; x += 1) blockColumn[x] = Math.floor(x / block);
  const paperSum = [0, 0, 0];
  let paperCount = 0;
  let anyColoured = false;
  for (let y = 0; y < height; y += 1) {
    const row = Math.floor(y / block) * columns;
    for (let x = 0, i = 4 * y * width; x < width; x += 1, i += 4) {
      const r = page[i];
      const g = page[i + 1];
      const b = page[i + 2];
      const high = Math.max(r, g, b);
      const chroma = high - Math.min(r, g, b);
      if (chroma >= MIN_CHROMA && chroma >= MIN_SATURATION * high) {
        const k = row + blockColumn[x];
        coloured[k] += 1;
        inkSums[0][k] += r;
        inkSums[1][k] += g;
        inkSums[2][k] += b;
        anyColoured = true;
      } else if (chroma <= MAX_NEUTRAL_CHROMA) {
        if (high <= MAX_NEUTRAL_LEVEL) neutral[row + blockColumn[x]] += 1;
        else if (high > 180) {
          paperSum[0] += r;
          paperSum[1] += g;
          paperSum[2] += b;
          paperCount += 1;
        }
      }
    }
  }
  if (!anyColoured || paperCount === 0) return null;
  withoutFills(coloured, columns, rows, block * block);
  const stamp = stampBlocks(coloured, neutral, inkSums, columns, rows);
  if (!stamp) return null;
  const paper = Math.max(...paperSum.map((sum) => sum / paperCount));
  // The stamp's ink seen through its own colour: its brightest channel. Over paper that is the stamp's usual
  // level, which becomes paper; over a black stroke it is darker, and the stroke stays ink.
  const stampLevels = new Float64Array(256);
  let stampPixels = 0;
  const tinted = (i: number) => {
    const high = Math.max(page[i], page[i + 1], page[i + 2]);
    const chroma = high - Math.min(page[i], page[i + 1], page[i + 2]);
    return chroma >= STAMP_TINT && !(chroma <= MAX_NEUTRAL_CHROMA && high <= MAX_NEUTRAL_LEVEL) ? high : -1;
  };
  for (let y = 0; y < height; y += 1) {
    const row = Math.floor(y / block) * columns;
    for (let x = 0, i = 4 * y * width; x < width; x += 1, i += 4) {
      if (!stamp[row + blockColumn[x]]) continue;
      const high = Math.max(page[i], page[i + 1], page[i + 2]);
      const chroma = high - Math.min(page[i], page[i + 1], page[i + 2]);
      if (chroma >= MIN_CHROMA && chroma >= MIN_SATURATION * high) {
        stampLevels[high] += 1;
        stampPixels += 1;
      }
    }
  }
  const levelAt = (share: number) => {
    let seen = 0;
    for (let level = 0; level < 256; level += 1) {
      seen += stampLevels[level];
      if (seen >= share * stampPixels) return level;
    }
    return 255;
  };
  const usual = levelAt(STAMP_LEVEL_SHARE);
  // A stroke under a stamp's half-opaque ink is the stamp's colour darkened, lighter than the stroke elsewhere.
  // When the stamp's darkest levels stand that far below its usual one, they become black, so a title under the
  // stamp keeps its full contrast; a stamp that lies on paper alone keeps its levels in proportion.
  let under = 0;
  for (let level = 0; level <= (1 - MIN_STROKE_DROP) * usual; level += 1) under += stampLevels[level];
  const dark = under >= STROKES_UNDER * stampPixels ? levelAt((STROKES_BLACK * under) / stampPixels) : 0;
  const gain = paper / Math.max(1, usual - dark);
  const rgba = Uint8ClampedArray.from(page);
  for (let y = 0; y < height; y += 1) {
    const row = Math.floor(y / block) * columns;
    for (let x = 0, i = 4 * y * width; x < width; x += 1, i += 4) {
      if (!stamp[row + blockColumn[x]]) continue;
      const high = tinted(i);
      if (high < 0) continue;
      const level = Math.min(paper, Math.max(0, (high - dark) * gain));
      rgba[i] = level;
      rgba[i + 1] = level;
      rgba[i + 2] = level;
    }
  }
  return rgba;
}

/** Clears the coloured counts of fills and of the blocks next to them (their anti-aliased edges). */
function withoutFills(coloured: Uint32Array, columns: number, rows: number, blockArea: number): void {
  const solid = (k: number) => coloured[k] >= FILL_SHARE * blockArea;
  const fill = new Uint8Array(columns * rows);
  for (let r = FILL_REACH; r < rows - FILL_REACH; r += 1)
    for (let c = FILL_REACH; c < columns - FILL_REACH; c += 1) {
      let all = true;
      for (let dr = -FILL_REACH; all && dr <= FILL_REACH; dr += 1)
        for (let dc = -FILL_REACH; all && dc <= FILL_REACH; dc += 1) all = solid((r + dr) * columns + c + dc);
      if (!all) continue;
      const reach = FILL_REACH + 1;
      for (let rr = Math.max(0, r - reach); rr <= Math.min(rows - 1, r + reach); rr += 1)
        for (let cc = Math.max(0, c - reach); cc <= Math.min(columns - 1, c + reach); cc += 1) fill[rr * columns + cc] = 1;
    }
  for (let k = 0; k < fill.length; k += 1) if (fill[k]) coloured[k] = 0;
}

/** Red, green and blue summed over the coloured pixels of each block. */
type InkSums = [Float64Array, Float64Array, Float64Array];

/** The hue in degrees of a colour given by its channels (or their sums over pixels). */
function hueOf(r: number, g: number, b: number): number {
  const high = Math.max(r, g, b);
  const chroma = high - Math.min(r, g, b);
  if (chroma === 0) return 0;
  const sector = high === r ? (g - b) / chroma : high === g ? 2 + (b - r) / chroma : 4 + (r - g) / chroma;
  return (sector * 60 + 360) % 360;
}

const hueDistance = (a: number, b: number): number => {
  const d = Math.abs(a - b) % 360;
  return Math.min(d, 360 - d);
};

/**
 * The blocks of the clusters of coloured ink of one hue that lie over neutral ink (1), widened by CLUSTER_REACH
 * so the faint edges of their strokes go too; null when there are none.
 */
function stampBlocks(coloured: Uint32Array, neutral: Uint32Array, inkSums: InkSums, columns: number, rows: number): Uint8Array | null {
  const [reds, greens, blues] = inkSums;
  // each coloured block's hue once: a block is looked at from every block of its neighbourhood
  const blockHue = new Float32Array(columns * rows);
  for (let k = 0; k < blockHue.length; k += 1) if (coloured[k]) blockHue[k] = hueOf(reds[k], greens[k], blues[k]);
  const cluster = new Int32Array(columns * rows).fill(-1);
  const stack: number[] = [];
  const stamps: number[][] = [];
  // Neutral ink in the cluster's blocks and those touching them: half-opaque stamp ink turns the strokes it covers
  // to its own colour, so the text it lies over shows as neutral ink around its strokes.
  const counted = new Int32Array(columns * rows).fill(-1);
  const neutralAround = (members: number[], id: number) => {
    let sum = 0;
    for (const k of members) {
      const r = Math.floor(k / columns);
      const c = k % columns;
      for (let rr = Math.max(0, r - 1); rr <= Math.min(rows - 1, r + 1); rr += 1)
        for (let cc = Math.max(0, c - 1); cc <= Math.min(columns - 1, c + 1); cc += 1) {
          const j = rr * columns + cc;
          if (counted[j] === id) continue;
          counted[j] = id;
          sum += neutral[j];
        }
    }
    return sum;
  };
  for (let start = 0; start < cluster.length; start += 1) {
    if (!coloured[start] || cluster[start] >= 0) continue;
    const id = start;
    const members: number[] = [];
    let colouredPixels = 0;
    const ink = [0, 0, 0];
    cluster[start] = id;
    stack.push(start);
    while (stack.length) {
      const k = stack.pop() as number;
      members.push(k);
      colouredPixels += coloured[k];
      ink[0] += reds[k];
      ink[1] += greens[k];
      ink[2] += blues[k];
      const clusterHue = hueOf(ink[0], ink[1], ink[2]);
      const r = Math.floor(k / columns);
      const c = k % columns;
      for (let dr = -CLUSTER_REACH; dr <= CLUSTER_REACH; dr += 1)
        for (let dc = -CLUSTER_REACH; dc <= CLUSTER_REACH; dc += 1) {
          const rr = r + dr;
          const cc = c + dc;
          if (rr < 0 || cc < 0 || rr >= rows || cc >= columns) continue;
          const j = rr * columns + cc;
          if (!coloured[j] || cluster[j] >= 0 || hueDistance(blockHue[j], clusterHue) > MAX_HUE_STEP) continue;
          cluster[j] = id;
          stack.push(j);
        }
    }
    const mixed = neutralAround(members, id);
    if (mixed >= MIN_MIXED_SHARE * colouredPixels) stamps.push(members);
  }
  if (!stamps.length) return null;
  const out = new Uint8Array(columns * rows);
  for (const members of stamps)
    for (const k of members) {
      const r = Math.floor(k / columns);
      const c = k % columns;
      for (let rr = Math.max(0, r - 1); rr <= Math.min(rows - 1, r + 1); rr += 1)
        for (let cc = Math.max(0, c - 1); cc <= Math.min(columns - 1, c + 1); cc += 1) out[rr * columns + cc] = 1;
    }
  return out;
}
