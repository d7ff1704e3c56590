import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { OcrPool } from '../ocr';
import { readScan } from '../scan';
import { DOCUMENT_LINES, documentScan, pageOf, turnedImage, turnedPoint } from '../../../../testing/verification/test-images';
import { straighten } from './straighten';

jest.setTimeout(180_000);
const pool = new OcrPool(1);
afterAll(() => pool.close());
const PAGE = { width: 1240, height: 1754 };

describe('a skewed page', () => {
  it.each([2, 5, -5, 7, 93, 184])('is found skewed by %i degrees', async (degrees) => {
    const { png } = await documentScan();
    const { angle } = straighten(await pageOf(await turnedImage(png, degrees)));
    expect(Math.abs(angle - ((degrees + 360) % 360))).toBeLessThanOrEqual(0.3);
  });

  it('reads its lines whole and in order at 5 degrees, each word boxed where it lies on the skewed page', async () => {
    const { png, words: drawn } = await documentScan();
    const reading = await readScan(await pageOf(await turnedImage(png, 5)), (image) => pool.recognize(image));
    const text = reading.words.map((w) => w.text).join(' ');
    let from = 0;
    for (const [line] of DOCUMENT_LINES) {
      const at = text.indexOf(line, from);
      expect(at).toBeGreaterThanOrEqual(from);
      from = at + line.length;
    }
    const word = drawn.find((w) => w.text === 'Creatinine');
    const read = reading.words.find((w) => w.text === 'Creatinine');
    if (!word || !read) throw new Error("'Creatinine' was not read");
    const centre = turnedPoint((word.left + word.right) / 2, (word.top + word.bottom) / 2, PAGE, 5);
    expect(Math.abs(read.x + read.width / 2 - centre.x)).toBeLessThan(6);
    expect(Math.abs(read.y + read.height / 2 - centre.y)).toBeLessThan(6);
  });

  it('under half a degree is not resampled', async () => {
    const { png } = await documentScan();
    expect(straighten(await pageOf(await turnedImage(png, 0.2))).toSource).toBeNull();
  });
});
