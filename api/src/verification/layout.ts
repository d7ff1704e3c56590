/**
 * What the stages after text.ts read from the layout of a page: table cells (words a wide gap apart on a
 * line belong to different cells) and the size of the page's body text.
 */
import type { ClaimText, PageInfo } from './text';

/** A gap wider than this many word heights separates two cells of a line. */
const CELL_GAP = 1.5;

/** Whether a gap of `gap` between two words of the given heights separates two cells. */
export const isCellGap = (gap: number, leftHeight: number, rightHeight: number): boolean =>
  gap > CELL_GAP * Math.max(leftHeight, rightHeight);

/** Whether a wide gap separates two words of a line (left, then right). */
export function cellGapBetween(text: ClaimText, left: number, right: number): boolean {
  const a = text.tokens[left].word;
  const b = text.tokens[right].word;
  return isCellGap(b.x - (a.x + a.width), a.height, b.height);
}

/** Splits tokens of one line (left to right) into table cells at wide gaps. */
export function cellsOf(text: ClaimText, tokens: number[]): number[][] {
  const cells: number[][] = [];
  tokens.forEach((t, i) => {
    if (i === 0 || cellGapBetween(text, tokens[i - 1], t)) cells.push([t]);
    else cells[cells.length - 1].push(t);
  });
  return cells;
}

const bodyHeights = new WeakMap<PageInfo, number>();

/** The height of the page's body text: the median word height (in a text layer, the font size). */
export function bodyHeight(text: ClaimText, page: PageInfo): number {
  let height = bodyHeights.get(page);
  if (height === undefined) {
    const heights: number[] = [];
    for (let t = page.firstToken; t < page.endToken; t += 1) heights.push(text.tokens[t].word.height);
    heights.sort((a, b) => a - b);
    height = heights.length ? heights[heights.length >> 1] : 0;
    bodyHeights.set(page, height);
  }
  return height;
}
