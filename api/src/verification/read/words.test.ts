import { describe, expect, it } from '@jest/globals';
import { runsToWords } from './words';

describe('text runs to words', () => {
  it('splits a run at white space, each word its share of the run by the glyph widths', () => {
    // Helvetica: 'i' 222, 'W' 944, space 278 (1/1000 em); the run is exactly that wide at size 10
    const words = runsToWords([{ text: 'i W\tWi', x: 100, baseline: 50, width: 28.88, size: 10, family: 'sans-serif' }]);
    expect(words.map((w) => w.text)).toEqual(['i', 'W', 'Wi']);
    expect(words[0]).toMatchObject({ x: 100, y: 42, height: 10 });
    expect(words[0].width).toBeCloseTo(2.22, 6);
    expect(words[1].x).toBeCloseTo(105, 6);
    expect(words[2].x).toBeCloseTo(117.22, 6);
    expect(words[2].width).toBeCloseTo(11.66, 6);
  });

  it('measures a character outside the basic plane as one glyph, and non-breaking space as space', () => {
    const words = runsToWords([{ text: '𝑥\u00a0y', x: 0, baseline: 10, width: 30, size: 10, family: 'monospace' }]);
    expect(words.map((w) => w.text)).toEqual(['𝑥', 'y']);
    expect(words[1].x).toBeCloseTo(20, 6);
  });

  it('joins pieces of one word a writer emitted as separate runs, not words a space apart', () => {
    const words = runsToWords([
      { text: 'Haemo', x: 10, baseline: 50, width: 30, size: 10 },
      { text: 'globin', x: 40, baseline: 50, width: 33, size: 10 },
      { text: '12.5', x: 80, baseline: 50, width: 20, size: 10 },
      { text: ' g/dL', x: 100, baseline: 50, width: 25, size: 10 },
    ]);
    expect(words.map((w) => w.text)).toEqual(['Haemoglobin', '12.5', 'g/dL']);
    expect(words[0]).toMatchObject({ x: 10, width: 63 });
  });
});
