/**
 * Watermarks in text layers. A 'COPY' or 'DUPLICATE' tiled across a page is drawn as text: pdfjs hands it
 * over with the page's own text, and a word of it placed between a label and its value on one line parts
 * them ('Haemoglobin COPY 12.5'). It is told from the page's text by how it is drawn: turned diagonally, or
 * in letters much larger than the page's text laid over other text (a horizontal watermark across lines).
 * pdfjs's text content does not say a run's colour, so a light watermark the size of the text is not seen.
 */
import type { TextRun } from './words';

/** Text within this many degrees of horizontal or vertical is page text (a scanner's text layer may be turned a little). */
const MAX_STRAIGHT_DEGREES = 10;
/** A run this many times the page's median text size, over other text, is a watermark; a title is smaller or stands clear. */
const OUTSIZED = 2;
/** How many other runs an outsized run must lie over. */
const MIN_COVERED_RUNS = 2;

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

/** The page's runs without its watermarks. */
export function withoutWatermarks(runs: TextRun[]): TextRun[] {
  const straight = runs.some(isDiagonal) ? runs.filter((run) => !isDiagonal(run)) : runs;
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
