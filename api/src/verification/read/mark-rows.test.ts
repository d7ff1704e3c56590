import { describe, expect, it } from '@jest/globals';
import type { MarkBox } from './decimals';
import { besideInRow } from './mark-rows';

/** A mark `height` pixels high and 10 wide with its left edge at `left` and its top at `top`. */
const mark = (left: number, top: number, height = 20): MarkBox => ({ left, top, right: left + 9, bottom: top + height - 1 });

describe('marks beside each other in a row', () => {
  it('are within one and a half heights of the taller, in either order', () => {
    const a = mark(0, 100);
    expect(besideInRow(a, mark(10 + 30, 100))).toBe(true);
    expect(besideInRow(mark(10 + 30, 100), a)).toBe(true);
    expect(besideInRow(a, mark(10 + 31, 100))).toBe(false);
    // A mark inside another's span (an accent, a dot over a letter's column) stands beside it.
    expect(besideInRow(mark(0, 100, 20), { left: 2, top: 100, right: 4, bottom: 110 })).toBe(true);
  });

  it('overlap by at least half the smaller height', () => {
    const a = mark(0, 100);
    expect(besideInRow(a, mark(15, 110))).toBe(true);
    expect(besideInRow(a, mark(15, 111))).toBe(false);
    // A small mark on the line (a comma) against a letter: half of its own height is enough.
    expect(besideInRow(a, mark(15, 114, 8))).toBe(true);
  });
});
