import { describe, expect, it } from '@jest/globals';
import type { Word } from '../types';
import { restoreDecimalPoints, type MarkBox } from './decimals';

/** Marks as [left, right, top, bottom], the way ./prepare finds them on a 150 dpi scan of 9-point digits. */
const marks = (...boxes: [number, number, number, number][]): MarkBox[] =>
  boxes.map(([left, right, top, bottom]) => ({ left, right, top, bottom }));

const word = (text: string, x: number, y: number, width: number, height: number, confidence = 90): Word => ({
  text,
  x,
  y,
  width,
  height,
  confidence,
});

// '1.5 - 4.5' as printed: 1 . 5 - 4 . 5, the points two pixels square on the baseline (y = 496).
const range = marks(
  [805, 811, 484, 496],
  [816, 817, 495, 496],
  [821, 828, 485, 496],
  [837, 840, 492, 492],
  [848, 856, 485, 496],
  [860, 861, 495, 496],
  [865, 872, 485, 496],
);

describe('decimal points OCR dropped', () => {
  it('puts the points of a range back where they stand', () => {
    const read = word('15-45', 805, 485, 68, 12, 13);
    const { words, restored } = restoreDecimalPoints([read], range);
    expect(words[0]).toMatchObject({ text: '1.5-4.5', x: 805, width: 68, confidence: 13 });
    expect(restored.has(words[0])).toBe(true);
  });

  it('puts the point back in a number OCR ran into its unit', () => {
    // '2.2 cm' read as '22cm': 2 . 2 then the c and the m, x-height, on the same baseline.
    const glued = marks([100, 107, 100, 112], [111, 112, 111, 112], [116, 123, 100, 112], [131, 137, 104, 112], [140, 152, 104, 112]);
    expect(restoreDecimalPoints([word('22cm', 100, 100, 53, 12, 0)], glued).words[0].text).toBe('2.2cm');
    // a point between the letters is none of the number's: '22 c.m' keeps its 22
    const dotted = marks([100, 107, 100, 112], [116, 123, 100, 112], [131, 137, 104, 112], [138, 139, 111, 112], [142, 154, 104, 112]);
    expect(restoreDecimalPoints([word('22cm', 100, 100, 55, 12, 0)], dotted).words[0].text).toBe('22cm');
  });

  it('adds only the missing point when OCR kept the other', () => {
    expect(restoreDecimalPoints([word('1.5-45', 805, 485, 68, 12)], range).words[0].text).toBe('1.5-4.5');
    const { words, restored } = restoreDecimalPoints([word('1.5-4.5', 805, 485, 68, 12)], range);
    expect(words[0].text).toBe('1.5-4.5');
    expect(restored.size).toBe(0);
  });

  it('ignores a speck beside the digits that is not on the baseline', () => {
    const withSpeck = [...range, ...marks([862, 862, 489, 489])];
    expect(restoreDecimalPoints([word('15-45', 805, 485, 68, 12)], withSpeck).words[0].text).toBe('1.5-4.5');
  });

  it('leaves a number alone when its marks are not its characters one for one', () => {
    // The '4' broke in two: six marks besides the points for five characters.
    const broken = [...range.filter((m) => m.left !== 848), ...marks([848, 851, 485, 496], [853, 856, 485, 496])];
    expect(restoreDecimalPoints([word('15-45', 805, 485, 68, 12)], broken).words[0].text).toBe('15-45');
  });

  it('does not take a comma, a colon or a piece of a digit for a point', () => {
    // 1,50 with a comma that hangs below the baseline.
    const comma = marks([100, 106, 100, 112], [109, 110, 110, 115], [113, 120, 100, 112], [123, 130, 100, 112]);
    expect(restoreDecimalPoints([word('150', 100, 100, 30, 12)], comma).words[0].text).toBe('150');
    // 10:30 with both dots of the colon.
    const colon = marks(
      [100, 106, 100, 112],
      [109, 116, 100, 112],
      [119, 120, 104, 105],
      [119, 120, 111, 112],
      [123, 130, 100, 112],
      [133, 140, 100, 112],
    );
    expect(restoreDecimalPoints([word('1030', 100, 100, 40, 12)], colon).words[0].text).toBe('1030');
    // A foot of the '3' that came off, under the digit itself.
    const foot = marks([100, 106, 100, 112], [109, 116, 100, 110], [110, 111, 111, 112], [119, 126, 100, 112]);
    expect(restoreDecimalPoints([word('136', 100, 100, 27, 12)], foot).words[0].text).toBe('136');
  });

  it('leaves words that are not numbers alone', () => {
    const { words } = restoreDecimalPoints([word('mg/dL', 805, 485, 68, 12), word('Hb', 700, 485, 20, 12)], range);
    expect(words.map((w) => w.text)).toEqual(['mg/dL', 'Hb']);
  });
});
