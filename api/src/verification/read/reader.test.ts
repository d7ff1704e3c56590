import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { file, helveticaWidth, makeScannedPdf, makeTextPdf, renderTextImage } from '../../../testing/verification/fixtures';
import type { Word } from '../types';
import { createDocumentReader, readDocument } from './reader';
import { blankScan, LAB_ROWS, labTableScan, scribbleScan } from '../../../testing/verification/test-images';

const PAGE_HEIGHT = 842;
// The first PDF read loads pdfjs and its fonts, the first OCR starts a worker: seconds on a busy machine.
jest.setTimeout(120_000);
const byText = (words: Word[], text: string) => {
  const word = words.find((w) => w.text === text);
  if (!word) throw new Error(`no word '${text}' in ${words.map((w) => w.text).join(' ')}`);
  return word;
};

describe('reading a text PDF', () => {
  it('gives every word with its box in points, origin top-left', async () => {
    const data = await makeTextPdf([
      [
        { text: 'DISCHARGE SUMMARY', x: 200, baseline: 800, size: 16 },
        { text: 'Hemoglobin : 12.5 g/dL', x: 72, baseline: 700, size: 12 },
      ],
      [{ text: 'Page two text', x: 100, baseline: 400, size: 10 }],
    ]);
    const doc = await readDocument(file('summary.pdf', data));
    expect(doc.error).toBeUndefined();
    expect(doc.pages).toHaveLength(2);
    const [first, second] = doc.pages;
    expect(first).toMatchObject({ pageNumber: 1, width: 595, height: 842, source: 'text' });
    expect(first.words.map((w) => w.text)).toEqual(['DISCHARGE', 'SUMMARY', 'Hemoglobin', ':', '12.5', 'g/dL']);

    const hb = byText(first.words, 'Hemoglobin');
    expect(hb.x).toBeCloseTo(72, 1);
    expect(hb.y).toBeCloseTo(PAGE_HEIGHT - 700 - 0.8 * 12, 1);
    expect(hb.height).toBeCloseTo(12, 1);
    expect(Math.abs(hb.width - (await helveticaWidth('Hemoglobin', 12)))).toBeLessThan(1);

    const value = byText(first.words, '12.5');
    expect(Math.abs(value.x - (72 + (await helveticaWidth('Hemoglobin : ', 12))))).toBeLessThan(1);
    expect(Math.abs(value.width - (await helveticaWidth('12.5', 12)))).toBeLessThan(0.5);

    const summary = byText(first.words, 'SUMMARY');
    expect(Math.abs(summary.x - (200 + (await helveticaWidth('DISCHARGE ', 16))))).toBeLessThan(1);
    expect(summary.y).toBeCloseTo(PAGE_HEIGHT - 800 - 0.8 * 16, 1);

    expect(second.pageNumber).toBe(2);
    expect(second.words.map((w) => w.text)).toEqual(['Page', 'two', 'text']);
    expect(byText(second.words, 'Page').y).toBeCloseTo(PAGE_HEIGHT - 400 - 8, 1);
  });

  it('joins the pieces of a word written as separate runs', async () => {
    const head = await helveticaWidth('Haemo', 12);
    const data = await makeTextPdf([
      [
        { text: 'Haemo', x: 72, baseline: 700, size: 12 },
        { text: 'globin', x: 72 + head, baseline: 700, size: 12 },
        { text: 'normal', x: 300, baseline: 700, size: 12 },
      ],
    ]);
    const doc = await readDocument(file('split.pdf', data));
    expect(doc.pages[0].words.map((w) => w.text)).toEqual(['Haemoglobin', 'normal']);
    expect(Math.abs(doc.pages[0].words[0].width - (await helveticaWidth('Haemoglobin', 12)))).toBeLessThan(1);
  });
});

describe('files that cannot be read', () => {
  it('reports a corrupt PDF instead of throwing', async () => {
    const doc = await readDocument(file('broken.pdf', new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >>\ngarbage')));
    expect(doc.pages).toEqual([]);
    expect(doc.error).toMatch(/PDF/);
  });

  it('reports a truncated PDF', async () => {
    const data = await makeTextPdf([[{ text: 'Hello world', x: 72, baseline: 700, size: 12 }]]);
    const doc = await readDocument(file('cut.pdf', data.slice(0, 200)));
    expect(doc.error).toBeTruthy();
  });

  it('reports an empty file and an unknown format', async () => {
    expect((await readDocument(file('empty.pdf', new Uint8Array()))).error).toBe('the file is empty');
    const doc = await readDocument(file('notes.pdf', new TextEncoder().encode('just some text, not a PDF')));
    expect(doc.error).toMatch(/not a PDF, PNG or JPEG/);
  });

  it('reports a damaged image header without starting OCR', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const doc = await readDocument(file('scan.png', png, 'image/png'));
    expect(doc.error).toMatch(/PNG/);
  });
});

describe('OCR', () => {
  const reader = createDocumentReader({ ocrWorkers: 1 });
  afterAll(() => reader.close());

  it('reads the words of a png image with their boxes in pixels', async () => {
    const png = await renderTextImage(
      [
        { text: 'LABORATORY REPORT', x: 400, y: 100, size: 48 },
        { text: 'Hemoglobin 11.2 g/dL', x: 120, y: 400, size: 40 },
      ],
      1240,
      900,
    );
    const doc = await reader.read(file('lab.png', png, 'image/png'));
    expect(doc.error).toBeUndefined();
    const [page] = doc.pages;
    expect(page).toMatchObject({ pageNumber: 1, width: 1240, height: 900, source: 'ocr', unit: 'px' });
    const texts = page.words.map((w) => w.text);
    expect(texts).toEqual(expect.arrayContaining(['LABORATORY', 'REPORT', 'Hemoglobin', '11.2', 'g/dL']));
    const hb = byText(page.words, 'Hemoglobin');
    expect(Math.abs(hb.x - 120)).toBeLessThan(8);
    expect(Math.abs(hb.y - 400)).toBeLessThan(15);
    expect(hb.confidence).toBeGreaterThan(50);
    expect(page.legibility).toEqual({ blank: false, confidence: expect.any(Number), legible: true });
  });

  it('reports an image whose OCR takes too long instead of waiting for it', async () => {
    const impatient = createDocumentReader({ ocrWorkers: 1, ocrTimeoutMs: 1 });
    try {
      const png = await renderTextImage([{ text: 'Slow page', x: 50, y: 50, size: 40 }], 600, 300);
      const doc = await impatient.read(file('slow.png', png, 'image/png'));
      expect(doc.pages).toEqual([]);
      expect(doc.error).toMatch(/OCR took longer than/);
    } finally {
      await impatient.close();
    }
  });

  /** The words whose box's centre lies in the cell, as one text; a range may come as one word or three. */
  const cellText = (words: Word[], cell: { left: number; top: number; right: number; bottom: number }) =>
    words
      .filter((w) => {
        const x = w.x + w.width / 2;
        const y = w.y + w.height / 2;
        return x > cell.left && x < cell.right && y > cell.top && y < cell.bottom;
      })
      .map((w) => w.text)
      .join(' ')
      .replace(/ ?- ?/g, '-');

  it('reads every cell of a scanned table ruled in a grid, as of the same table without lines', async () => {
    for (const table of [await labTableScan({ grid: true, tilt: 0.8 }), await labTableScan({ grid: false })]) {
      const doc = await reader.read(file('lab.png', table.png, 'image/png'));
      const [page] = doc.pages;
      for (const [r, row] of LAB_ROWS.entries())
        for (const [c, text] of row.entries()) expect(cellText(page.words, table.cells[r][c])).toBe(text.replace(/ - /g, '-'));
      // The value and its unit are two words, each in its own cell.
      expect(byText(page.words, '11').x).toBeGreaterThan(table.cells[2][1].left);
      expect(byText(page.words, 'mm').x).toBeGreaterThan(table.cells[2][2].left);
    }
  });

  it('does not OCR a blank scan with paper grain or a page of scribbles, and finds no legible text on them', async () => {
    for (const png of [await blankScan(), await scribbleScan()]) {
      const doc = await reader.read(file('scan.png', png, 'image/png'));
      expect(doc.error).toBeUndefined();
      expect(doc.pages).toEqual([expect.objectContaining({ words: [], legibility: { blank: true, confidence: 0, legible: false } })]);
    }
    const doc = await reader.read(file('scan.pdf', await makeScannedPdf(await blankScan())));
    expect(doc.pages[0]).toMatchObject({ source: 'ocr', words: [], legibility: { blank: true } });
  });

  it('OCRs a scanned PDF page and gives the boxes in points', async () => {
    const png = await renderTextImage([{ text: 'Histopathology Report', x: 200, y: 300, size: 60 }], 1240, 1754);
    const doc = await reader.read(file('scan.pdf', await makeScannedPdf(png)));
    expect(doc.error).toBeUndefined();
    const [page] = doc.pages;
    expect(page).toMatchObject({ width: 595, height: 842, source: 'ocr' });
    const word = byText(page.words, 'Histopathology');
    // 200 px of a 1240 px wide image drawn 595 points wide
    expect(Math.abs(word.x - (200 * 595) / 1240)).toBeLessThan(5);
    expect(Math.abs(word.y - (300 * 842) / 1754)).toBeLessThan(8);
  });
});
