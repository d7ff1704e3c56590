/**
 * When two marks of character size stand in one row of print, as letters of a word or line do: the page's
 * preparation counts such marks to tell text from scribbles, and the missed lines join them into rows.
 */
import type { MarkBox } from './decimals';

/** Neighbours in a row are at most this many character heights apart (letters and words of a line are closer). */
const ROW_GAP = 1.5;

const heightOf = (mark: MarkBox) => mark.bottom - mark.top + 1;

/** The two overlap vertically by half the smaller's height and stand at most ROW_GAP of the taller's height apart. */
export function besideInRow(a: MarkBox, b: MarkBox): boolean {
  const overlap = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) + 1;
  if (overlap < 0.5 * Math.min(heightOf(a), heightOf(b))) return false;
  const gap = Math.max(a.left, b.left) - Math.min(a.right, b.right) - 1;
  return gap <= ROW_GAP * Math.max(heightOf(a), heightOf(b));
}
