import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { OcrPool } from '../ocr';
import { readScan } from '../scan';
import { documentScan, labTableScan, pageOf, turnedImage, turnedPoint } from '../../../../testing/verification/test-images';
import { straighten } from './straighten';

// The first OCR starts a tesseract worker: seconds on a busy machine.
jest.setTimeout(180_000);
const pool = new OcrPool(1);
afterAll(() => pool.close());
const ocr = (image: Uint8Array) => pool.recognize(image);
const PAGE = { width: 1240, height: 1754 };

describe('a page fed sideways or upside down', () => {
  it.each([90, 180, 270])('is found turned by %i degrees', async (degrees) => {
    const { png } = await documentScan();
    const { angle, sure } = straighten(await pageOf(await turnedImage(png, degrees)));
    expect(angle).toBe(degrees);
    expect(sure).toBe(true);
  });

  it('is left alone when it is upright', async () => {
    const { png } = await documentScan();
    const { angle, toSource } = straighten(await pageOf(png));
    expect(angle).toBe(0);
    expect(toSource).toBeNull();
  });

  it('is not turned over on a table of capitals and digits, whose way up its letters do not tell', async () => {
    const { png } = await labTableScan({ grid: false });
    expect(straighten(await pageOf(png)).angle).toBe(0);
  });

  it.each([90, 180, 270])('reads its words at %i degrees, each box where the word is on the turned page', async (degrees) => {
    const { png, words: drawn } = await documentScan();
    const reading = await readScan(await pageOf(await turnedImage(png, degrees)), ocr);
    const text = reading.words.map((w) => w.text).join(' ');
    expect(text).toContain('DISCHARGE SUMMARY');
    expect(text).toContain('Haemoglobin 11.2 g/dL');
    for (const name of ['Haemoglobin', 'Ramesh', 'SUMMARY']) {
      const word = drawn.find((w) => w.text === name);
      const read = reading.words.find((w) => w.text === name);
      if (!word || !read) throw new Error(`'${name}' was not read`);
      const centre = turnedPoint((word.left + word.right) / 2, (word.top + word.bottom) / 2, PAGE, degrees);
      expect(Math.abs(read.x + read.width / 2 - centre.x)).toBeLessThan(6);
      expect(Math.abs(read.y + read.height / 2 - centre.y)).toBeLessThan(6);
      // Sideways, the word stands: its box is taller than wide.
      expect(read.height > read.width).toBe(degrees % 180 === 90);
      // On the upright page (where lines are laid out) it lies, where it was drawn.
      const upright = read.upright!;
      expect(upright.width > upright.height).toBe(true);
      expect(Math.abs(upright.x + upright.width / 2 - (word.left + word.right) / 2)).toBeLessThan(6);
      expect(Math.abs(upright.y + upright.height / 2 - (word.top + word.bottom) / 2)).toBeLessThan(6);
    }
    // The upright page is the page as drawn, whichever way it was fed.
    expect(Math.abs(reading.upright!.width - PAGE.width)).toBeLessThan(3);
    expect(Math.abs(reading.upright!.height - PAGE.height)).toBeLessThan(3);
  });
});
