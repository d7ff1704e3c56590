/**
 * Lines tesseract's page layout left out. On noisy pages (a fax's 1-bit print with salt and pepper) its layout
 * analysis sometimes takes a whole line for a picture and returns no word of it, although the line reads well
 * alone: a report's title, a value. The marks the page's preparation found tell where lines of characters stand;
 * a row of them that no word read covers is cropped and read again on its own.
 */
import type { Word } from '../types';
import type { MarkBox } from './decimals';
import { besideInRow } from './mark-rows';

/** A mark the height of a character, in points (smaller ones are dots and dust, taller ones drawings). */
const CHARACTER_HEIGHT = { min: 4, max: 40 };
/** A row of fewer marks than this is not worth a reading (a stray mark or two beside a drawing). */
const MIN_ROW_MARKS = 5;
/** A row counts as read when at least this share of its marks lies inside the words read. */
const MIN_COVERED = 0.5;
/** At most this many rows are read again on a page, tallest first (titles are the tallest print). */
const MAX_REREADS = 4;

interface Row {
  marks: MarkBox[];
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The boxes (page pixels) of rows of character marks that none of `words` covers, tallest first. */
export function missedLines(marks: readonly MarkBox[], words: readonly Word[], pixelsPerPoint: number): MarkBox[] {
  const characters = marks.filter((m) => {
    const height = m.bottom - m.top + 1;
    return height >= CHARACTER_HEIGHT.min * pixelsPerPoint && height <= CHARACTER_HEIGHT.max * pixelsPerPoint;
  });
  const covered = (m: MarkBox) => {
    const x = (m.left + m.right) / 2;
    const y = (m.top + m.bottom) / 2;
    return words.some((w) => x >= w.x && x <= w.x + w.width && y >= w.y && y <= w.y + w.height);
  };
  return rowsOf(characters)
    .filter((row) => row.marks.length >= MIN_ROW_MARKS && row.marks.filter(covered).length < MIN_COVERED * row.marks.length)
    .sort((a, b) => b.bottom - b.top - (a.bottom - a.top))
    .slice(0, MAX_REREADS)
    .map(({ left, top, right, bottom }) => ({ left, top, right, bottom }));
}

/** Marks joined into rows, left to right: each mark joins the row whose last mark it stands beside. */
function rowsOf(characters: MarkBox[]): Row[] {
  const rows: Row[] = [];
  for (const mark of [...characters].sort((a, b) => a.left - b.left)) {
    const row = rows.find((r) => besideInRow(r.marks[r.marks.length - 1], mark));
    if (row) {
      row.marks.push(mark);
      row.left = Math.min(row.left, mark.left);
      row.top = Math.min(row.top, mark.top);
      row.right = Math.max(row.right, mark.right);
      row.bottom = Math.max(row.bottom, mark.bottom);
    } else rows.push({ marks: [mark], ...mark });
  }
  return rows;
}
