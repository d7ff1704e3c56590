import { describe, expect, it } from '@jest/globals';
import type { Word } from '../types';
import type { MarkBox } from './decimals';
import { missedLines } from './missed-lines';

/** `count` letter-sized marks in a row from `left`, each `height` pixels high and 0.6 of that wide. */
function letters(count: number, left: number, top: number, height: number): MarkBox[] {
  const width = Math.round(0.6 * height);
  return Array.from({ length: count }, (_, i) => {
    const x = left + i * (width + Math.round(0.2 * height));
    return { left: x, top, right: x + width - 1, bottom: top + height - 1 };
  });
}
const wordOver = (marks: MarkBox[], text = 'read'): Word => ({
  text,
  x: marks[0].left - 2,
  y: marks[0].top - 2,
  width: marks[marks.length - 1].right - marks[0].left + 4,
  height: marks[0].bottom - marks[0].top + 4,
  confidence: 90,
});

// 2 pixels a point: letters of 10-point text are ~14 pixels high, a title's ~30.
const SCALE = 2;

describe('missed lines', () => {
  it('are the rows of character marks no word covers, the tallest first', () => {
    const title = letters(16, 100, 50, 30);
    const body = letters(30, 100, 120, 14);
    const value = letters(6, 100, 160, 14);
    const lines = missedLines([...title, ...body, ...value], [wordOver(body)], SCALE);
    expect(lines).toEqual([
      { left: 100, top: 50, right: title[15].right, bottom: 79 },
      { left: 100, top: 160, right: value[5].right, bottom: 173 },
    ]);
  });

  it('leave out stray marks, dust and drawings', () => {
    const pair = letters(3, 100, 50, 14);
    const dust = letters(20, 100, 100, 4);
    const drawing = letters(8, 100, 200, 120);
    expect(missedLines([...pair, ...dust, ...drawing], [], SCALE)).toEqual([]);
  });

  it('count a row read when most of its marks lie in words', () => {
    const row = letters(10, 100, 50, 14);
    expect(missedLines(row, [wordOver(row.slice(0, 6))], SCALE)).toEqual([]);
  });

  it('keep two lines side by side apart when a wide gap parts them', () => {
    const left = letters(6, 100, 50, 14);
    const right = letters(6, 600, 50, 14);
    expect(missedLines([...left, ...right], [wordOver(left)], SCALE)).toEqual([{ left: 600, top: 50, right: right[5].right, bottom: 63 }]);
  });
});
