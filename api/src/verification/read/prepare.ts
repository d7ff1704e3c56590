/**
 * A scanned page's image made ready for OCR, before tesseract sees it:
 *   - ink is told from paper by a threshold that a blank page's grain cannot pass (Otsu alone splits grain in two);
 *   - ruling lines (table grids, underlines, boxes) are erased: tesseract takes a grid for one picture and loses
 *     every cell in it, while the same table without lines reads well. Strokes of characters that cross a line
 *     are kept;
 *   - isolated specks (scanner dust) are erased: on a blank page tesseract reads thousands of them as junk letters,
 *     which took 15 to 36 s a page;
 *   - a page without marks the size of characters standing in rows is 'blank' (blank paper, scribbles, a drawing)
 *     and is not OCRed at all;
 *   - otherwise paper becomes white and ink black, and the image is cropped to its ink (tesseract's layout pass
 *     costs by the pixel) and handed over as a greyscale PGM, which tesseract reads without decompressing. The
 *     marks found on the way go with it, for ./decimals.
 * Sizes are in points (1/72 inch) converted by the page's pixels per point, so the same page reads the same
 * at 150 or 300 dpi.
 */
import { pgmOf } from './pgm';
import type { MarkBox } from './decimals';
import { besideInRow } from './mark-rows';

export interface PageImage {
  width: number;
  height: number;
  /** 4 bytes a pixel (RGBA), row by row, as canvas getImageData gives it. */
  rgba: Uint8Array | Uint8ClampedArray;
  /** Pixels per PDF point: the render scale of a PDF page; for an image file its width over an A4 page's 595 points. */
  pixelsPerPoint: number;
}

/** The part of the page that tesseract gets, and where it lies on the page (pixels). */
export interface OcrImage {
  pgm: Uint8Array;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** `marks`: the ink's connected marks left for OCR (not specks), in the page's pixels. */
export type PreparedPage = { blank: true } | { blank: false; image: OcrImage; marks: MarkBox[] };

/** Darker than the paper by less than this (0-255) is paper grain, a stain or show-through, never ink. */
const MIN_INK_CONTRAST = 24;
/** Paper noise wider than this many median absolute deviations also stays paper. */
const NOISE_SPREAD = 4;
/** Lines: at least this long (points; a short table cell is ~40 points wide, a capital letter of 12-point text 9 high). */
const MIN_HORIZONTAL_LINE = 36;
const MIN_VERTICAL_LINE = 28;
/** Ruling lines are thinner than this (points), character stems of headings are not. */
const MAX_LINE_THICKNESS = 2;
/** A run is a line only where the ink through it is thicker than a line along less than this share of its pixels. */
const MAX_THICK_SHARE = 0.25;
/** A speck: a mark no bigger than this (points), with no bigger mark within SPECK_ISOLATION (a decimal point has its digits). */
const MAX_SPECK = 1;
const SPECK_ISOLATION = 4;
/** A mark that could be a character (or a few joined ones): between these heights and up to this width, in points. */
const CHARACTER_HEIGHT = { min: 2.5, max: 40 };
const MAX_CHARACTER_WIDTH = 40;
/** Fewer character-like marks in rows than this and the page has no text to read: a blank page, scribbles, a drawing. */
const MIN_CHARACTER_MARKS = 8;
/** The darkest this share of the ink becomes black when the contrast is stretched. */
const INK_BLACK_SHARE = 0.1;
/** A page is bilevel when fewer than this share of its pixels lie more than BILEVEL_MARGIN from black and white. */
const MAX_BETWEEN_SHARE = 0.01;
const BILEVEL_MARGIN = 32;
/** Kept around the ink when cropping, in points: tesseract finds lines less well against the image's edge. */
const CROP_MARGIN = 12;

export function preparePage(page: PageImage): PreparedPage {
  const { width, height, pixelsPerPoint: scale } = page;
  const { grey, histogram } = toGrey(page.rgba, width * height);
  const { paper, threshold } = inkThreshold(histogram, grey.length);
  const ink = new Uint8Array(width * height);
  for (let i = 0; i < ink.length; i += 1) ink[i] = grey[i] <= threshold ? 1 : 0;

  const erase = (i: number) => {
    grey[i] = paper;
    ink[i] = 0;
  };
  const lines = rulingLines(ink, width, height, scale);
  // A line's anti-aliased edge is lighter than ink but still a faint line to tesseract: it goes too.
  for (const i of lines) for (const j of [i - 1, i + 1, i - width, i + width]) if (j >= 0 && j < grey.length && !ink[j]) grey[j] = paper;
  for (const i of lines) erase(i);

  const marks = connectedMarks(ink, width, height);
  const specks = specksOf(marks, Math.max(2, Math.round(MAX_SPECK * scale)), Math.max(3, Math.round(SPECK_ISOLATION * scale)));
  const characters: MarkBox[] = [];
  const kept: MarkBox[] = [];
  const box = { left: width, top: height, right: -1, bottom: -1 };
  for (const mark of marks) {
    if (specks.has(mark)) {
      for (let y = mark.top; y <= mark.bottom; y += 1) for (let x = mark.left; x <= mark.right; x += 1) erase(y * width + x);
      continue;
    }
    const markWidth = mark.right - mark.left + 1;
    const markHeight = mark.bottom - mark.top + 1;
    if (
      markHeight >= CHARACTER_HEIGHT.min * scale &&
      markHeight <= CHARACTER_HEIGHT.max * scale &&
      markWidth <= MAX_CHARACTER_WIDTH * scale
    )
      characters.push(mark);
    kept.push({ ...mark });
    box.left = Math.min(box.left, mark.left);
    box.top = Math.min(box.top, mark.top);
    box.right = Math.max(box.right, mark.right);
    box.bottom = Math.max(box.bottom, mark.bottom);
  }
  const inRows = countInRows(characters, scale);
  if (inRows < MIN_CHARACTER_MARKS) return { blank: true };

  const levels = contrastLevels(grey, ink, paper, threshold);
  const margin = Math.round(CROP_MARGIN * scale);
  const left = Math.max(0, box.left - margin);
  const top = Math.max(0, box.top - margin);
  const right = Math.min(width - 1, box.right + margin);
  const bottom = Math.min(height - 1, box.bottom + margin);
  const cropWidth = right - left + 1;
  const cropHeight = bottom - top + 1;
  return {
    blank: false,
    image: {
      pgm: toPgm(grey, levels, width, left, top, cropWidth, cropHeight, bilevel(histogram, grey.length)),
      left,
      top,
      width: cropWidth,
      height: cropHeight,
    },
    marks: kept,
  };
}

/**
 * The grey levels tesseract gets: paper to white and the darkest ink to black, linearly between. A grey,
 * grainy or streaked paper made tesseract drop whole table cells that it read on white.
 */
function contrastLevels(grey: Uint8Array, ink: Uint8Array, paper: number, threshold: number): Uint8Array {
  const histogram = new Float64Array(256);
  let inkPixels = 0;
  for (let i = 0; i < grey.length; i += 1)
    if (ink[i]) {
      histogram[grey[i]] += 1;
      inkPixels += 1;
    }
  const black = inkPixels ? percentile(histogram, inkPixels, INK_BLACK_SHARE) : 0;
  const white = Math.max(black + 1, Math.round((threshold + paper) / 2));
  const levels = new Uint8Array(256);
  for (let value = 0; value < 256; value += 1)
    levels[value] = value >= white ? 255 : value <= black ? 0 : Math.round(((value - black) * 255) / (white - black));
  return levels;
}

/** ITU-R 601 luma, the weights tesseract's own conversion uses, and the histogram of its levels. */
function toGrey(rgba: PageImage['rgba'], pixels: number): { grey: Uint8Array; histogram: Float64Array } {
  const grey = new Uint8Array(pixels);
  const histogram = new Float64Array(256);
  for (let i = 0, j = 0; i < pixels; i += 1, j += 4) {
    const level = (rgba[j] * 77 + rgba[j + 1] * 150 + rgba[j + 2] * 29) >> 8;
    grey[i] = level;
    histogram[level] += 1;
  }
  return { grey, histogram };
}

/**
 * The paper's level (the 90th percentile: whatever else is on a page, its lightest large area is the paper) and
 * the ink threshold: Otsu's split of the histogram, but never closer to the paper than its noise allows.
 */
function inkThreshold(histogram: Float64Array, pixels: number): { paper: number; threshold: number } {
  const paper = percentile(histogram, pixels, 0.9);
  // The spread of the paper's own pixels (those within 60 levels of it) around its level.
  const deviations = new Float64Array(256);
  let paperPixels = 0;
  for (let value = Math.max(0, paper - 60); value <= Math.min(255, paper + 60); value += 1) {
    deviations[Math.abs(value - paper)] += histogram[value];
    paperPixels += histogram[value];
  }
  const spread = percentile(deviations, paperPixels, 0.5);
  const noiseFloor = paper - Math.max(MIN_INK_CONTRAST, NOISE_SPREAD * spread);
  return { paper, threshold: Math.min(otsu(histogram, pixels), noiseFloor) };
}

function percentile(histogram: Float64Array, total: number, share: number): number {
  let seen = 0;
  for (let value = 0; value < histogram.length; value += 1) {
    seen += histogram[value];
    if (seen >= share * total) return value;
  }
  return histogram.length - 1;
}

function otsu(histogram: Float64Array, total: number): number {
  let sum = 0;
  for (let value = 0; value < 256; value += 1) sum += value * histogram[value];
  let below = 0;
  let sumBelow = 0;
  let best = 0;
  let bestVariance = -1;
  for (let value = 0; value < 256; value += 1) {
    below += histogram[value];
    if (below === 0) continue;
    const above = total - below;
    if (above === 0) break;
    sumBelow += value * histogram[value];
    const meanBelow = sumBelow / below;
    const meanAbove = (sum - sumBelow) / above;
    const variance = below * above * (meanBelow - meanAbove) ** 2;
    if (variance > bestVariance) {
      bestVariance = variance;
      best = value;
    }
  }
  return best;
}

/**
 * The ink of the page's horizontal and vertical ruling lines. A run is looked for in a band of three rows
 * (columns) so that a line tilted by a degree, as scans are, still forms one long run; a run is a line when the
 * ink across it is thin along most of its length. Pixels of a line where a stroke crosses it (ink on both sides,
 * across the line) are left out, so characters written over or through a line keep their shape.
 */
function rulingLines(ink: Uint8Array, width: number, height: number, scale: number): number[] {
  const thickness = Math.max(3, Math.round(MAX_LINE_THICKNESS * scale));
  const lines = new Uint8Array(ink.length);
  const marked: number[] = [];
  const horizontal = { along: width, across: height, step: 1, stride: width };
  const vertical = { along: height, across: width, step: width, stride: 1 };
  findRuns(ink, lines, marked, horizontal, Math.round(MIN_HORIZONTAL_LINE * scale), thickness);
  findRuns(ink, lines, marked, vertical, Math.round(MIN_VERTICAL_LINE * scale), thickness);
  const reach = thickness + 1;
  const crossing = (i: number) => {
    const x = i % width;
    const y = (i - x) / width;
    return (
      (y >= reach && y + reach < height && crossed(ink, lines, i, width, reach)) ||
      (x >= reach && x + reach < width && crossed(ink, lines, i, 1, reach))
    );
  };
  // Decided on the lines as found, before any crossing is taken out of them.
  return marked.filter((i) => !crossing(i));
}

/** Whether, from pixel i, ink that is not line goes on within `reach` pixels both ways along `step`. */
function crossed(ink: Uint8Array, lines: Uint8Array, i: number, step: number, reach: number): boolean {
  const inkBeyond = (direction: number) => {
    for (let k = 1; k <= reach; k += 1) {
      const j = i + direction * k * step;
      if (!ink[j]) return false;
      if (!lines[j]) return true;
    }
    return false;
  };
  return inkBeyond(1) && inkBeyond(-1);
}

interface Axis {
  /** Pixels along the line direction, and lines of pixels across it. */
  along: number;
  across: number;
  /** Index step to the next pixel along a run, and to the next row (column) of runs. */
  step: number;
  stride: number;
}

/** Marks in `lines` (and lists in `marked`) the ink of every long, thin run along the axis. */
function findRuns(ink: Uint8Array, lines: Uint8Array, marked: number[], axis: Axis, minLength: number, thickness: number): void {
  const { along, across, step, stride } = axis;
  for (let row = 1; row < across - 1; row += 1) {
    const base = row * stride;
    let start = -1;
    for (let k = 0; k <= along; k += 1) {
      const i = base + k * step;
      const inBand = k < along && (ink[i] || ink[i - stride] || ink[i + stride]);
      if (inBand) {
        if (start < 0) start = k;
        continue;
      }
      if (start >= 0 && k - start >= minLength && thin(ink, row, across, base, start, k, axis, thickness))
        for (let m = start; m < k; m += 1) {
          const j = base + m * step;
          if (ink[j] && !lines[j]) {
            lines[j] = 1;
            marked.push(j);
          }
        }
      start = -1;
    }
  }
}

/**
 * Whether the ink through the run is no thicker than a line along most of it. Along a word's baseline the
 * stems rise from nearly every letter; text printed close to a line does not touch it and does not count.
 */
function thin(
  ink: Uint8Array,
  row: number,
  across: number,
  base: number,
  start: number,
  end: number,
  axis: Axis,
  thickness: number,
): boolean {
  const { step, stride } = axis;
  let inked = 0;
  let thick = 0;
  for (let m = start; m < end; m += 1) {
    const i = base + m * step;
    if (!ink[i]) continue;
    inked += 1;
    let extent = 1;
    for (let k = 1; k <= thickness && row - k >= 0 && ink[i - k * stride]; k += 1) extent += 1;
    for (let k = 1; k <= thickness && row + k < across && ink[i + k * stride]; k += 1) extent += 1;
    if (extent > thickness) thick += 1;
  }
  return thick < MAX_THICK_SHARE * inked;
}

/**
 * How many character-like marks have a neighbour beside them in a row, as letters of a word or line do: scribbles,
 * a signature or the pieces of a drawing are marks of the size of characters too, but scattered.
 */
function countInRows(characters: MarkBox[], scale: number): number {
  const cell = Math.max(1, Math.round(MAX_CHARACTER_WIDTH * scale));
  const grid = new Map<string, MarkBox[]>();
  const cellOf = (mark: MarkBox) => [Math.floor(mark.left / cell), Math.floor(mark.top / cell)];
  for (const mark of characters) {
    const key = cellOf(mark).join(',');
    const list = grid.get(key);
    if (list) list.push(mark);
    else grid.set(key, [mark]);
  }
  let inRows = 0;
  for (const mark of characters) {
    const [cx, cy] = cellOf(mark);
    let found = false;
    for (let dy = -1; dy <= 1 && !found; dy += 1)
      for (let dx = -2; dx <= 2 && !found; dx += 1)
        found = (grid.get(`${cx + dx},${cy + dy}`) ?? []).some((other) => other !== mark && besideInRow(mark, other));
    if (found) inRows += 1;
  }
  return inRows;
}

/** The connected marks (8-connected ink) with their boxes, found run by run (a row's runs join those they touch in the row above). */
function connectedMarks(ink: Uint8Array, width: number, height: number): MarkBox[] {
  const parent: number[] = [];
  const find = (run: number): number => {
    let root = run;
    while (parent[root] !== root) root = parent[root];
    while (parent[run] !== root) {
      const next = parent[run];
      parent[run] = root;
      run = next;
    }
    return root;
  };
  const starts: number[] = [];
  const ends: number[] = [];
  const rows: number[] = [];
  let previousFirst = 0;
  let previousEnd = 0;
  for (let y = 0; y < height; y += 1) {
    const first = starts.length;
    const base = y * width;
    let x = 0;
    while (x < width) {
      if (!ink[base + x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < width && ink[base + x]) x += 1;
      const run = starts.length;
      starts.push(start);
      ends.push(x - 1);
      rows.push(y);
      parent.push(run);
      // Runs of the row above that touch this one, diagonally included.
      for (let above = previousFirst; above < previousEnd; above += 1) {
        if (ends[above] < start - 1) continue;
        if (starts[above] > x) break;
        const a = find(above);
        const b = find(run);
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
      }
    }
    previousFirst = first;
    previousEnd = starts.length;
  }
  const byRoot = new Map<number, MarkBox>();
  for (let run = 0; run < starts.length; run += 1) {
    const root = find(run);
    const mark = byRoot.get(root);
    if (!mark) byRoot.set(root, { left: starts[run], right: ends[run], top: rows[run], bottom: rows[run] });
    else {
      if (starts[run] < mark.left) mark.left = starts[run];
      if (ends[run] > mark.right) mark.right = ends[run];
      mark.bottom = rows[run];
    }
  }
  return [...byRoot.values()];
}

/**
 * The specks: marks no bigger than `speck` pixels with no bigger mark within `distance` pixels of them (a
 * decimal point has its digits beside it; dust on the paper has nothing).
 */
function specksOf(marks: MarkBox[], speck: number, distance: number): Set<MarkBox> {
  const isSmall = (mark: MarkBox) => mark.right - mark.left < speck && mark.bottom - mark.top < speck;
  const cell = Math.max(1, 4 * distance);
  const grid = new Map<string, MarkBox[]>();
  for (const mark of marks) {
    if (isSmall(mark)) continue;
    for (let cy = Math.floor(mark.top / cell); cy <= Math.floor(mark.bottom / cell); cy += 1)
      for (let cx = Math.floor(mark.left / cell); cx <= Math.floor(mark.right / cell); cx += 1) {
        const key = `${cx},${cy}`;
        const list = grid.get(key);
        if (list) list.push(mark);
        else grid.set(key, [mark]);
      }
  }
  const specks = new Set<MarkBox>();
  for (const mark of marks) {
    if (!isSmall(mark)) continue;
    const near = (other: MarkBox) =>
      other.left - distance <= mark.right &&
      mark.left <= other.right + distance &&
      other.top - distance <= mark.bottom &&
      mark.top <= other.bottom + distance;
    let beside = false;
    for (let cy = Math.floor((mark.top - distance) / cell); cy <= Math.floor((mark.bottom + distance) / cell) && !beside; cy += 1)
      for (let cx = Math.floor((mark.left - distance) / cell); cx <= Math.floor((mark.right + distance) / cell) && !beside; cx += 1)
        beside = (grid.get(`${cx},${cy}`) ?? []).some(near);
    if (!beside) specks.add(mark);
  }
  return specks;
}

/**
 * Whether the page has only black and white (a fax, a 1-bit scan): its letters' edges are staircases, which
 * tesseract misreads ('TLE' for 'TLC', 'Or.' for 'Dr.') far more often than the same letters smoothed.
 */
function bilevel(histogram: Float64Array, pixels: number): boolean {
  let between = 0;
  for (let level = BILEVEL_MARGIN; level <= 255 - BILEVEL_MARGIN; level += 1) between += histogram[level];
  return between < MAX_BETWEEN_SHARE * pixels;
}

/**
 * A binary greyscale PGM (P5) of a rectangle of the page, its levels mapped: tesseract's image library reads it as
 * is. `smooth`: the levels blurred by the 3×3 binomial kernel, which turns a bilevel page's staircase edges into
 * the anti-aliased ones tesseract was trained on.
 */
function toPgm(
  grey: Uint8Array,
  levels: Uint8Array,
  width: number,
  left: number,
  top: number,
  cropWidth: number,
  cropHeight: number,
  smooth: boolean,
): Uint8Array {
  const { pgm, body } = pgmOf(cropWidth, cropHeight);
  for (let y = 0, at = 0; y < cropHeight; y += 1) {
    const from = (top + y) * width + left;
    for (let x = 0; x < cropWidth; x += 1) body[at++] = levels[grey[from + x]];
  }
  if (smooth) binomialBlur(body, cropWidth, cropHeight);
  return pgm;
}

/** Blurs an image in place by the kernel [1 2 1] along rows, then along columns (edges repeat their pixel). */
function binomialBlur(image: Uint8Array, width: number, height: number): void {
  const row = new Uint16Array(Math.max(width, height));
  for (let y = 0; y < height; y += 1) {
    const base = y * width;
    for (let x = 0; x < width; x += 1)
      row[x] = image[base + Math.max(0, x - 1)] + 2 * image[base + x] + image[base + Math.min(width - 1, x + 1)];
    for (let x = 0; x < width; x += 1) image[base + x] = (row[x] + 2) >> 2;
  }
  for (let x = 0; x < width; x += 1) {
    for (let y = 0; y < height; y += 1)
      row[y] = image[Math.max(0, y - 1) * width + x] + 2 * image[y * width + x] + image[Math.min(height - 1, y + 1) * width + x];
    for (let y = 0; y < height; y += 1) image[y * width + x] = (row[y] + 2) >> 2;
  }
}
