/**
 * Decimal points tesseract dropped from numbers. At scan resolutions a point is two or three pixels, and the
 * language model often reads '1.5 - 4.5' as '15-45' or '3.2' as '32': a reference range then looks like a
 * different range and a value ten times too large. The page's marks (./prepare) still show each point: a
 * small round mark on the baseline between two digits. When the marks inside a number's box are its
 * characters one for one, each such point is put back where it stands.
 */
import type { Word } from '../types';

/** A connected mark of ink on the page, pixels (inclusive bounds), in the same frame as the words. */
export interface MarkBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * A number as tesseract writes it: digits with points, hyphens, dashes and slashes (a range, a fraction), and
 * the unit it may have run into ('22cm' for '2.2 cm'); a point goes only between two digits.
 */
const NUMBER = /^[\d.\-–/]*\d[\d.\-–/]*\d[\d.\-–/]*[\p{L}%/]*$/u;
/** A point is at most this share of the digits' height across, and sits on their baseline within this share. */
const MAX_POINT_SIZE = 0.35;
const BASELINE_TOLERANCE = 0.12;
/** Marks off the baseline no bigger than this share of the digits' height are specks. */
const MAX_SPECK_SIZE = 0.2;
/** A point is round: neither side more than this many times the other (a comma is taller, a hyphen wider). */
const MAX_POINT_ELONGATION = 1.5;

/** Pixel rows per band of the index of marks (any height is correct; this keeps the bands short). */
const ROW_BAND = 32;

const widthOf = (mark: MarkBox) => mark.right - mark.left + 1;
const heightOf = (mark: MarkBox) => mark.bottom - mark.top + 1;
const centreX = (mark: MarkBox) => (mark.left + mark.right) / 2;
const centreY = (mark: MarkBox) => (mark.top + mark.bottom) / 2;

/**
 * The words with the points their numbers lost put back (new Word objects); other words are returned as they
 * are. `restored` holds the numbers that got points back: their marks matched their characters one for one.
 */
export function restoreDecimalPoints(words: readonly Word[], marks: readonly MarkBox[]): { words: Word[]; restored: Set<Word> } {
  const restored = new Set<Word>();
  if (!words.some((word) => NUMBER.test(word.text))) return { words: [...words], restored };
  // Marks by band of rows, so that a word looks only at the marks near it.
  const byRow = new Map<number, MarkBox[]>();
  for (const mark of marks) {
    const row = Math.floor(centreY(mark) / ROW_BAND);
    const list = byRow.get(row);
    if (list) list.push(mark);
    else byRow.set(row, [mark]);
  }
  const marksIn = (word: Word): MarkBox[] => {
    const inside: MarkBox[] = [];
    for (let row = Math.floor(word.y / ROW_BAND); row <= Math.floor((word.y + word.height) / ROW_BAND); row += 1)
      for (const mark of byRow.get(row) ?? []) {
        const x = centreX(mark);
        const y = centreY(mark);
        if (x >= word.x && x <= word.x + word.width && y >= word.y && y <= word.y + word.height) inside.push(mark);
      }
    return inside.sort((a, b) => a.left - b.left);
  };
  const result = words.map((word) => {
    if (!NUMBER.test(word.text)) return word;
    const repaired = withPoints(word, marksIn(word));
    if (repaired !== word) restored.add(repaired);
    return repaired;
  });
  return { words: result, restored };
}

function withPoints(word: Word, inBox: MarkBox[]): Word {
  const characters = Array.from(word.text);
  const written = characters.filter((c) => c !== '.');
  const digitHeight = Math.max(0, ...inBox.map(heightOf));
  const baseline = Math.max(0, ...inBox.filter((m) => heightOf(m) > MAX_POINT_SIZE * digitHeight).map((m) => m.bottom));
  const onBaseline = (mark: MarkBox) => Math.abs(mark.bottom - baseline) <= Math.max(1, BASELINE_TOLERANCE * digitHeight);
  const sizeOf = (mark: MarkBox) => Math.max(widthOf(mark), heightOf(mark));
  // Specks left beside the digits (too close to them to be erased as dust) are neither characters nor points.
  const marks = inBox.filter((mark) => onBaseline(mark) || sizeOf(mark) > MAX_SPECK_SIZE * digitHeight);
  const isPoint = (mark: MarkBox): boolean => {
    if (sizeOf(mark) > MAX_POINT_SIZE * digitHeight || !onBaseline(mark)) return false;
    // Round, give or take a pixel: at scan resolutions a point is 1 × 2 to 3 × 3 pixels.
    if (sizeOf(mark) > MAX_POINT_ELONGATION * Math.min(widthOf(mark), heightOf(mark)) + 1) return false;
    // The lower dot of a colon has the upper one, as big as itself, above it; a speck there is smaller.
    const area = widthOf(mark) * heightOf(mark);
    return !inBox.some(
      (other) =>
        other.bottom < mark.top &&
        Math.abs(centreX(other) - centreX(mark)) <= widthOf(mark) &&
        2 * widthOf(other) * heightOf(other) >= area,
    );
  };
  const points = marks.map(isPoint);
  const glyphs = marks.filter((_, i) => !points[i]);
  // Only when the marks are the characters one for one is it known after which character a point stands.
  if (glyphs.length !== written.length || !points.includes(true)) return word;
  const pointAfter = new Set<number>();
  let glyphsBefore = 0;
  marks.forEach((mark, i) => {
    if (!points[i]) {
      glyphsBefore += 1;
      return;
    }
    const before = glyphs[glyphsBefore - 1];
    const after = glyphs[glyphsBefore];
    // Between two digits, and clear of both: a piece of a broken digit overlaps the digit it belongs to.
    if (!before || !after || !/\d/.test(written[glyphsBefore - 1]) || !/\d/.test(written[glyphsBefore])) return;
    if (before.right < mark.left && mark.right < after.left) pointAfter.add(glyphsBefore);
  });
  let text = '';
  let seen = 0;
  characters.forEach((c, i) => {
    text += c;
    if (c === '.') return;
    seen += 1;
    if (pointAfter.has(seen) && characters[i + 1] !== '.') text += '.';
  });
  return text === word.text ? word : { ...word, text };
}
