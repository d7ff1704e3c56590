import { describe, expect, it, jest } from '@jest/globals';
import type { Word } from '../types';
import type { OcrResult } from './ocr';
import { preparePage } from './prepare';
import { readScan, type Ocr } from './scan';
import { blankScan, pageOf, scribbleScan, textScan } from '../../../testing/verification/test-images';

const fakeOcr = (words: Word[], confidence = 90) => jest.fn<Ocr>(async (): Promise<OcrResult> => ({ words, confidence }));

describe('reading a scanned page', () => {
  it('does not OCR a blank scan or a page of scribbles, and finds them illegible', async () => {
    for (const png of [await blankScan(), await scribbleScan()]) {
      const ocr = fakeOcr([]);
      expect(await readScan(await pageOf(png), ocr)).toEqual({ words: [], legibility: { blank: true, confidence: 0, legible: false } });
      expect(ocr).not.toHaveBeenCalled();
    }
  });

  it('OCRs the cropped page and gives the word boxes on the whole page', async () => {
    const page = await pageOf(await textScan([{ text: 'Patient admitted for cataract surgery of the right eye', x: 100, y: 400 }], 30));
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
    const reading = await readScan(page, fakeOcr([{ text: '15-45', ...box, x: box.x - left, y: box.y - top, confidence: 5 }]));
    expect(reading.words).toEqual([{ text: '1.5-4.5', ...box, confidence: 5 }]);
  });
});
