import { describe, expect, it, jest } from '@jest/globals';
import type { Word } from '../types';
import type { OcrResult } from './ocr';
import { preparePage } from './prepare';
import { readScan, type Ocr, withoutRules } from './scan';
import { blankScan, pageOf, scribbleScan, textScan } from '../../../testing/verification/test-images';

const fakeOcr = (words: Word[], confidence = 90) => jest.fn<Ocr>(async (): Promise<OcrResult> => ({ words, confidence }));
/** An OCR that reads `first` on the whole page and `then` on each line read again. */
const ocrReading = (first: Word[], then: Word[] = []) =>
  jest.fn<Ocr>().mockResolvedValueOnce({ words: first, confidence: 90 }).mockResolvedValue({ words: then, confidence: 90 });

describe('reading a scanned page', () => {
  it('does not OCR a blank scan or a page of scribbles, and finds them illegible', async () => {
    for (const png of [await blankScan(), await scribbleScan()]) {
      const ocr = fakeOcr([]);
      expect(await readScan(await pageOf(png), ocr)).toEqual({ words: [], legibility: { blank: true, confidence: 0, legible: false } });
      expect(ocr).not.toHaveBeenCalled();
    }
  });

  it('OCRs the cropped page and gives the word boxes on the whole page', async () => {
    const page = await pageOf(await textScan([{ text: 'Patient admitted for', x: 100, y: 400 }], 30));
    const prepared = preparePage(page);
    if (prepared.blank) throw new Error('the page was taken for blank');
    const { left, top } = prepared.image;
    const ocr = fakeOcr([
      { text: 'Patient', x: 100 - left, y: 378 - top, width: 110, height: 24, confidence: 95 },
      { text: 'admitted', x: 220 - left, y: 378 - top, width: 120, height: 24, confidence: 94 },
      { text: 'for', x: 350 - left, y: 378 - top, width: 40, height: 24, confidence: 96 },
      { text: 'ee', x: 900 - left, y: 378 - top, width: 20, height: 24, confidence: 4 },
    ]);
    const reading = await readScan(page, ocr);
    expect(ocr).toHaveBeenCalledTimes(1);
    const image = ocr.mock.calls[0][0];
    expect(new TextDecoder().decode(image.subarray(0, 2))).toBe('P5');
    // The unsure 'ee' is left out; the others stand where they are on the page.
    expect(reading.words.map((w) => [w.text, w.x, w.y])).toEqual([
      ['Patient', 100, 378],
      ['admitted', 220, 378],
      ['for', 350, 378],
    ]);
    expect(reading.legibility).toEqual({ blank: false, confidence: 90, legible: true });
  });

  it('keeps a number tesseract was unsure of once the points it missed are back', async () => {
    const lines = [
      { text: 'Prolactin 3.8 ng/mL', x: 100, y: 400 },
      { text: '1.5 - 4.5', x: 100, y: 460 },
    ];
    const page = await pageOf(await textScan(lines, 30));
    const prepared = preparePage(page);
    if (prepared.blank) throw new Error('the page was taken for blank');
    // The range's box: around the marks of its line.
    const range = prepared.marks.filter((m) => m.top > 430 && m.bottom < 470);
    const x = Math.min(...range.map((m) => m.left)) - 1;
    const box = { x, y: 436, width: Math.max(...range.map((m) => m.right)) + 2 - x, height: 26 };
    const { left, top } = prepared.image;
    const reading = await readScan(page, ocrReading([{ text: '15-45', ...box, x: box.x - left, y: box.y - top, confidence: 5 }]));
    expect(reading.words).toEqual([{ text: '1.5-4.5', ...box, confidence: 5 }]);
  });

  it('reads again, on its own, a line the page OCR returned nothing of, and keeps unsure words shaped like print', async () => {
    const page = await pageOf(
      await textScan(
        [
          { text: 'Patient admitted for', x: 100, y: 400 },
          { text: 'DISCHARGE SUMMARY', x: 100, y: 200 },
        ],
        30,
      ),
    );
    const prepared = preparePage(page);
    if (prepared.blank) throw new Error('the page was taken for blank');
    const { left, top } = prepared.image;
    const ocr = ocrReading(
      [
        { text: 'Patient', x: 100 - left, y: 378 - top, width: 110, height: 24, confidence: 95 },
        { text: 'admitted', x: 220 - left, y: 378 - top, width: 120, height: 24, confidence: 94 },
        { text: 'for', x: 350 - left, y: 378 - top, width: 40, height: 24, confidence: 96 },
      ],
      [
        { text: 'DISCHARGE', x: 20, y: 12, width: 160, height: 22, confidence: 8 },
        { text: 'SUMMARY', x: 190, y: 12, width: 150, height: 22, confidence: 60 },
        { text: '»', x: 350, y: 12, width: 10, height: 22, confidence: 6 },
      ],
    );
    const reading = await readScan(page, ocr);
    expect(ocr).toHaveBeenCalledTimes(2);
    const crop = ocr.mock.calls[1][0];
    const [, width, height] = new TextDecoder().decode(crop.subarray(0, 20)).split(/\s+/).map(Number);
    // The second image is the title's row: wider than tall, as high as a line with its margin.
    expect(width).toBeGreaterThan(4 * height);
    expect(height).toBeLessThan(80);
    const title = reading.words.filter((w) => w.y < 300);
    expect(title.map((w) => w.text)).toEqual(['DISCHARGE', 'SUMMARY']);
    // Placed on the page: the crop starts left of the title's first letter and above it.
    expect(title[0].x).toBeGreaterThan(80);
    expect(title[0].x).toBeLessThan(140);
    expect(title[0].y).toBeGreaterThan(150);
    expect(title[0].y).toBeLessThan(200);
  });
});

describe('rules and edges OCR read as marks', () => {
  const word = (text: string, y: number, height: number): Word => ({ text, x: 10, y, width: 8, height, confidence: 80 });
  it("leaves out a tall '|' (a table border, a photo's sheet edge) and keeps marks of a word's height", () => {
    const words = [
      word('Patient', 100, 16),
      word('Name', 100, 15),
      word('UHID', 126, 16),
      word('|', 90, 80),
      word('|', 126, 16),
      word('_', 0, 40),
    ];
    expect(withoutRules(words).map((w) => `${w.text}@${w.y}`)).toEqual(['Patient@100', 'Name@100', 'UHID@126', '|@126']);
  });
});
