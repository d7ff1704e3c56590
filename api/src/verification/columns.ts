/**
 * Columns of a page. Lines used to be read straight across a page, so on a two-column page a label in the
 * left column took its value from the right one. The page is cut into blocks read one after the other
 * (a recursive XY-cut over the word boxes, whatever made them: a text layer or OCR): a gutter is a band of
 * whitespace at least GUTTER word heights wide, clear of words from the first to the last line with text on
 * both sides (at least MIN_LINES on each), and each side is a column of its own: its lines are labelled values
 * ('Haemoglobin 12.5 g/dL') or running text. A table's columns are none: a column of names alone, or of
 * values, units and ranges alone, holds no such lines, so a table is never cut apart.
 */
import { isCellGap } from './layout';
import { plainOf } from './match';
import { columnRole, isHeaderRow } from './table-header';
import type { Word } from './types';

/** Least width of a gutter, in word heights (the median word height of the words cut). */
const GUTTER = 1.2;
/** Least number of text lines on each side of a gutter. */
const MIN_LINES = 3;
/** Share of a side's lines that must be labels with values ... */
const MIN_LABELLED_SHARE = 0.4;
/** ... or running text. */
const MIN_RUNNING_SHARE = 0.5;
/** Grid cells of the occupancy map: at most this many across and down. */
const MAX_CELLS = 600;

interface Box {
  index: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** Vertical centre. */
  middle: number;
  text: string;
}

/** The page's words (indices of the non-blank ones) cut into blocks, in reading order. */
export function readingBlocks(words: readonly Word[]): number[][] {
  const boxes: Box[] = [];
  words.forEach((w, index) => {
    if (w.text.trim())
      boxes.push({ index, left: w.x, right: w.x + w.width, top: w.y, bottom: w.y + w.height, middle: w.y + w.height / 2, text: w.text });
  });
  const blocks: number[][] = [];
  cut(boxes, blocks, 0);
  return blocks;
}

function cut(boxes: Box[], blocks: number[][], depth: number): void {
  const gutter = boxes.length >= 2 * MIN_LINES && depth < 8 ? findGutter(boxes) : null;
  if (!gutter) {
    if (boxes.length) blocks.push(boxes.map((b) => b.index));
    return;
  }
  const above: Box[] = [];
  const left: Box[] = [];
  const right: Box[] = [];
  const below: Box[] = [];
  for (const box of boxes) {
    if (box.middle < gutter.top) above.push(box);
    else if (box.middle > gutter.bottom) below.push(box);
    else if (box.right <= gutter.x) left.push(box);
    else right.push(box);
  }
  for (const part of [above, left, right, below]) cut(part, blocks, depth + 1);
}

interface Gutter {
  /** Where the columns part (words with their right edge at or before x are on the left). */
  x: number;
  /** Vertical extent of the columns (word centres). */
  top: number;
  bottom: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
};

/**
 * The widest gutter whose sides are columns, or null. Word boxes are drawn on a coarse grid (the middle half
 * of each word's height, so neighbouring lines do not touch); a gutter is a run of free grid columns at
 * least GUTTER heights wide over consecutive rows with words on both sides.
 */
function findGutter(boxes: Box[]): Gutter | null {
  const height = median(boxes.map((b) => b.bottom - b.top));
  if (!(height > 0)) return null;
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const b of boxes) {
    minX = Math.min(minX, b.left);
    maxX = Math.max(maxX, b.right);
    minY = Math.min(minY, b.top);
    maxY = Math.max(maxY, b.bottom);
  }
  const cellWidth = Math.max(height / 3, (maxX - minX) / MAX_CELLS);
  const cellHeight = Math.max(height * 0.75, (maxY - minY) / MAX_CELLS);
  const cols = Math.ceil((maxX - minX) / cellWidth) + 1;
  const rows = Math.ceil((maxY - minY) / cellHeight) + 1;
  const band = Math.ceil((GUTTER * height) / cellWidth);
  if (cols < band + 2) return null;
  // occupied[r * stride + c + 1]: words in row r at columns up to c (a prefix count along each row); each row's
  // first and last column with words tell at once whether it has words left and right of a band.
  const stride = cols + 1;
  const occupied = new Int32Array(rows * stride);
  const firstCol = new Int32Array(rows).fill(cols);
  const lastCol = new Int32Array(rows).fill(-1);
  // the tallest word of each row: a gap between larger words (a title's) must be wider to be a gutter
  const rowHeight = new Float64Array(rows);
  const col = (x: number) => Math.min(cols - 1, Math.max(0, Math.floor((x - minX) / cellWidth)));
  const row = (y: number) => Math.min(rows - 1, Math.max(0, Math.floor((y - minY) / cellHeight)));
  for (const b of boxes) {
    const quarter = (b.bottom - b.top) / 4;
    const from = col(b.left);
    const to = col(b.right);
    for (let r = row(b.top + quarter); r <= row(b.bottom - quarter); r += 1) {
      for (let c = from; c <= to; c += 1) occupied[r * stride + c + 1] = 1;
      if (from < firstCol[r]) firstCol[r] = from;
      if (to > lastCol[r]) lastCol[r] = to;
      if (b.bottom - b.top > rowHeight[r]) rowHeight[r] = b.bottom - b.top;
    }
  }
  for (let r = 0; r < rows; r += 1) for (let c = 1; c <= cols; c += 1) occupied[r * stride + c] += occupied[r * stride + c - 1];
  const headers = headerCellsByRow(boxes, rows, col, row);
  // A table's header row with named cells on both sides of the band: the rows under it are the table's, whose
  // short names and results would otherwise pass for two columns of a page ('S. TSH' apart from its '2.4 mIU/L').
  const crossesHeader = (r: number, c: number) =>
    headers[r]?.some((cell) => cell.to < c) === true && headers[r]?.some((cell) => cell.from >= c + band) === true;

  // Candidate gutters: for each start column, the runs of rows where the band is free, with text on both sides,
  // cut to their first and last rows with text on both sides (a title above the columns, or a signature below
  // them, on one side only, is no part of them). Plain loops: this runs for every page read.
  const candidates: { from: number; to: number; rowTop: number; rowBottom: number; both: number }[] = [];
  for (let c = 1; c + band < cols; c += 1) {
    let first = -1;
    let last = -1;
    let both = 0;
    for (let r = 0; r <= rows; r += 1) {
      if (r === rows || occupied[r * stride + c + band] !== occupied[r * stride + c] || crossesHeader(r, c)) {
        if (first >= 0 && both >= MIN_LINES) candidates.push({ from: c, to: c + band, rowTop: first, rowBottom: last, both });
        first = -1;
        last = -1;
        both = 0;
        continue;
      }
      if (firstCol[r] >= c || lastCol[r] < c + band) continue;
      // A row whose words are larger than the band allows for ('LAB   REPORT', a title centred over the gutter)
      // is crossed by the gutter's run but no part of it: its words stay one line above the columns.
      if (
        rowHeight[r] * GUTTER > band * cellWidth &&
        !freeAround(occupied, r * stride, cols, c, band, Math.ceil((GUTTER * rowHeight[r]) / cellWidth))
      )
        continue;
      if (first < 0) first = r;
      last = r;
      both += 1;
    }
  }
  candidates.sort((a, b) => b.rowBottom - b.rowTop - (a.rowBottom - a.rowTop) || b.both - a.both);
  const byMiddle = [...boxes].sort((a, b) => a.middle - b.middle);
  const tried = new Set<string>();
  for (const candidate of candidates) {
    const top = minY + candidate.rowTop * cellHeight;
    const bottom = minY + (candidate.rowBottom + 1) * cellHeight;
    const x = minX + candidate.from * cellWidth;
    const xEnd = minX + candidate.to * cellWidth;
    // The boxes whose centres lie between top and bottom: counted first, gathered only for a new pair of sides.
    let start = 0;
    for (let end = byMiddle.length; start < end; ) {
      const mid = (start + end) >> 1;
      if (byMiddle[mid].middle < top) start = mid + 1;
      else end = mid;
    }
    let stop = start;
    let lefts = 0;
    let rights = 0;
    for (; stop < byMiddle.length && byMiddle[stop].middle <= bottom; stop += 1) {
      if (byMiddle[stop].right <= x) lefts += 1;
      else if (byMiddle[stop].left >= xEnd) rights += 1;
    }
    // Neighbouring start columns of one gutter give the same sides: judge them once.
    const key = `${lefts}:${rights}:${candidate.rowTop}`;
    if (tried.has(key)) continue;
    tried.add(key);
    if (lefts + rights < stop - start) continue;
    const inside = byMiddle.slice(start, stop);
    const left = inside.filter((b) => b.right <= x);
    const right = inside.filter((b) => b.left >= xEnd);
    if (isColumn(left) && isColumn(right)) return { x, top, bottom };
  }
  return null;
}

/**
 * The named cells of the table header rows ('Test | Result | Unit | Ref. Range'), in grid columns, by the grid
 * rows the header covers; undefined for rows without one.
 */
function headerCellsByRow(
  boxes: Box[],
  rows: number,
  col: (x: number) => number,
  row: (y: number) => number,
): ({ from: number; to: number }[] | undefined)[] {
  const byRow: ({ from: number; to: number }[] | undefined)[] = new Array(rows);
  for (const line of linesOf(boxes)) {
    const cells: Box[][] = [];
    line.forEach((box, i) => {
      const before = line[i - 1];
      if (before && !isCellGap(box.left - before.right, before.bottom - before.top, box.bottom - box.top))
        cells[cells.length - 1].push(box);
      else cells.push([box]);
    });
    if (cells.length < 2) continue;
    const roles = cells.map((cell) => columnRole(cell.map((box) => plainOf(box.text)).join('')));
    if (!isHeaderRow(roles)) continue;
    const named = cells
      .filter((_, i) => roles[i] !== null)
      .map((cell) => ({ from: col(cell[0].left), to: col(cell[cell.length - 1].right) }));
    const top = Math.min(...line.map((box) => box.top + (box.bottom - box.top) / 4));
    const bottom = Math.max(...line.map((box) => box.bottom - (box.bottom - box.top) / 4));
    for (let r = row(top); r <= row(bottom); r += 1) byRow[r] = named;
  }
  return byRow;
}

/**
 * Whether `need` free cells of a row (its prefix counts from `at`, `cols` cells) hold the free band of `band`
 * cells at `c`: the band widened left and right over free cells, no further than `need`.
 */
function freeAround(occupied: Int32Array, at: number, cols: number, c: number, band: number, need: number): boolean {
  let width = band;
  for (let k = c - 1; width < need && k >= 0 && occupied[at + k + 1] === occupied[at + k]; k -= 1) width += 1;
  for (let k = c + band; width < need && k < cols && occupied[at + k + 1] === occupied[at + k]; k += 1) width += 1;
  return width >= need;
}

/** Units and result flags, which start the lines of a table's value columns but label nothing. */
const NOT_LABEL = /\/|^(?:mm|cm|ml|dl|cc|mg|gm?|kg|fl|pg|iu|%|lakhs?|millions?|cells|thou|sec|secs|mins?|hrs?|mmhg|h|l|high|low)\.?$/i;
/** A test's name is a word of two letters or more, or a letter and a number ('T4', 'B12'). */
const isLabelWord = (text: string) =>
  /^[(\p{L}]/u.test(text) && (/\p{L}{2}/u.test(text) || /^\p{L}\d{1,2}$/u.test(text)) && !NOT_LABEL.test(text.replace(/[():,]/g, ''));
/** 'S.', 'Sr.', 'Ser.': a short abbreviation before a label. */
const ABBREVIATION = /^\p{L}{1,3}\.$/u;
const isNumber = (text: string) => /^[([]?[-+<>]?\d/.test(text);

/**
 * Whether boxes (one side of a gutter) make a column: lines of labels and values (a value on its label's line,
 * or starting the line under a label that has none), of running text, or of both.
 */
function isColumn(boxes: Box[]): boolean {
  const lines = linesOf(boxes);
  if (lines.length < MIN_LINES) return false;
  let labelled = 0;
  let running = 0;
  lines.forEach((line, i) => {
    // a label may follow an abbreviation of its own ('S. TSH', 'Sr. Creatinine')
    const label = isLabelWord(line[0].text) || (line.length > 1 && ABBREVIATION.test(line[0].text) && isLabelWord(line[1].text));
    const withNumber = line.some((b) => isNumber(b.text));
    const next = lines[i + 1];
    if (label && withNumber) labelled += 1;
    // 'Size of calculus' over '9 mm': the label and its value make two labelled lines. A label over a run of
    // numbers is a table column's header ('Reference range' over its ranges), and a lone word over a number
    // a table's result ('Nil' over '0 - 5'): neither labels the number. A lone word over a number with its unit
    // ('PLT' over '0.62 lakhs/cumm') is a test's name over its result.
    else if (
      label &&
      next &&
      isNumber(next[0].text) &&
      (line.length >= 2 || (next.length >= 2 && NOT_LABEL.test(next[1].text))) &&
      !(lines[i + 2] && isNumber(lines[i + 2][0].text))
    )
      labelled += 2;
    if (line.filter((b) => /^\p{L}{2,}/u.test(b.text)).length >= 4) running += 1;
  });
  return (
    labelled >= MIN_LABELLED_SHARE * lines.length ||
    running >= MIN_RUNNING_SHARE * lines.length ||
    labelled + running >= MIN_RUNNING_SHARE * lines.length
  );
}

/** Boxes grouped into lines by their vertical centres (left to right within a line). */
function linesOf(boxes: Box[]): Box[][] {
  const sorted = [...boxes].sort((a, b) => a.middle - b.middle);
  const lines: Box[][] = [];
  let last: Box | null = null;
  for (const box of sorted) {
    if (last && box.middle - last.middle <= 0.5 * Math.min(box.bottom - box.top, last.bottom - last.top)) lines[lines.length - 1].push(box);
    else lines.push([box]);
    last = box;
  }
  return lines.map((line) => line.sort((a, b) => a.left - b.left));
}
