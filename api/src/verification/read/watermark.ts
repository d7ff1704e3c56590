/**
 * Watermarks in text layers. A 'COPY' or 'DUPLICATE' tiled across a page is drawn as text: pdfjs hands it
 * over with the page's own text, and a word of it placed between a label and its value on one line parts
 * them ('Haemoglobin COPY 12.5'). It is told from the page's text by how it is drawn: turned diagonally, or
 * in letters much larger than the page's text laid over other text (a horizontal watermark across lines),
 * or faint (light grey, mostly transparent) and either tiled (the same words three times or more) or laid
 * over other text. pdfjs's text content does not say a run's colour: ./pdf.ts reads it from the page's
 * drawing operators, only for pages whose runs may hold such a watermark (mayHideFaintText). A faint run that
 * is neither is kept: a letterhead's white title on its colour band is faint against the paper, not on it.
 */
import type { TextRun } from './words';

/** Text within this many degrees of horizontal or vertical is page text (a scanner's text layer may be turned a little). */
const MAX_STRAIGHT_DEGREES = 10;
/** A run this many times the page's median text size, over other text, is a watermark; a title is smaller or stands clear. */
const OUTSIZED = 2;
/** How many other runs an outsized run must lie over. */
const MIN_COVERED_RUNS = 2;

/** A faint run's words drawn this many times on a page are tiled. */
const TILED = 3;
/** Longest words (in characters) that make a watermark worth looking for when they repeat. */
const MAX_MARK_CHARS = 32;
/** Boxes overlapping by this share of the smaller one lie over each other (neighbouring lines only touch). */
const OVERLAP = 0.3;

/** Whether a run is drawn at a slant (neither along nor across the page). */
export function isDiagonal(run: TextRun): boolean {
  const off = Math.abs(((run.angle ?? 0) % 90) + 90) % 90;
  return off > MAX_STRAIGHT_DEGREES && off < 90 - MAX_STRAIGHT_DEGREES;
}

const boxOf = (run: TextRun) => ({
  left: run.x,
  right: run.x + run.width,
  top: run.baseline - 0.8 * run.size,
  bottom: run.baseline + 0.2 * run.size,
});

type RunBox = ReturnType<typeof boxOf>;

const overlapping = (a: RunBox, b: RunBox): boolean => {
  const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  if (width <= 0 || height <= 0) return false;
  const smaller = Math.min((a.right - a.left) * (a.bottom - a.top), (b.right - b.left) * (b.bottom - b.top));
  return width * height >= OVERLAP * smaller;
};

const wordsOf = (run: TextRun) => run.text.trim().replace(/\s+/g, ' ').toLowerCase();

/** Pairs of runs that lie over each other, each pair once: a sweep down the page. */
function* overlaps(runs: TextRun[]): Generator<[TextRun, TextRun]> {
  const boxes = runs.map((run) => ({ run, box: boxOf(run) })).sort((a, b) => a.box.top - b.box.top);
  for (let i = 0; i < boxes.length; i += 1)
    for (let j = i + 1; j < boxes.length && boxes[j].box.top < boxes[i].box.bottom; j += 1)
      if (overlapping(boxes[i].box, boxes[j].box)) yield [boxes[i].run, boxes[j].run];
}

/**
 * Whether a page's runs may hold a faint watermark that only their colours would tell: the same few words
 * (no digits) drawn three times or more, or runs laid over each other. Reading the colours costs a second pass
 * over the page.
 */
export function mayHideFaintText(runs: TextRun[]): boolean {
  const seen = new Map<string, number>();
  for (const run of runs) {
    const words = wordsOf(run);
    // a watermark's words: 'COPY', 'PATIENT COPY', 'NOT FOR MEDICO-LEGAL USE'; not a line of text repeated
    if (words.length > MAX_MARK_CHARS || !/\p{L}{3}/u.test(words) || /\d/.test(words)) continue;
    const count = (seen.get(words) ?? 0) + 1;
    if (count >= TILED) return true;
    seen.set(words, count);
  }
  return !overlaps(runs).next().done;
}

/** The page's runs without its watermarks. */
export function withoutWatermarks(runs: TextRun[]): TextRun[] {
  const straight = withoutFaintWatermarks(runs.some(isDiagonal) ? runs.filter((run) => !isDiagonal(run)) : runs);
  if (straight.length < 3) return straight;
  const sizes = straight.map((run) => run.size).sort((a, b) => a - b);
  const median = sizes[sizes.length >> 1];
  if (sizes[sizes.length - 1] < OUTSIZED * median) return straight;
  const overText = (run: TextRun): boolean => {
    const box = boxOf(run);
    let covered = 0;
    for (const other of straight) {
      if (other === run || other.size >= OUTSIZED * median) continue;
      const b = boxOf(other);
      if (b.left < box.right && b.right > box.left && b.top < box.bottom && b.bottom > box.top && ++covered >= MIN_COVERED_RUNS)
        return true;
    }
    return false;
  };
  return straight.filter((run) => run.size < OUTSIZED * median || !overText(run));
}

/** Faint runs that are tiled or laid over other text left out. */
function withoutFaintWatermarks(runs: TextRun[]): TextRun[] {
  if (!runs.some((run) => run.faint)) return runs;
  const copies = new Map<string, number>();
  for (const run of runs) if (run.faint) copies.set(wordsOf(run), (copies.get(wordsOf(run)) ?? 0) + 1);
  const watermarks = new Set(runs.filter((run) => run.faint && (copies.get(wordsOf(run)) ?? 0) >= TILED));
  for (const [a, b] of overlaps(runs)) {
    if (a.faint && !b.faint) watermarks.add(a);
    if (b.faint && !a.faint) watermarks.add(b);
  }
  return watermarks.size ? runs.filter((run) => !watermarks.has(run)) : runs;
}
