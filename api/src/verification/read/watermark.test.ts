import { describe, expect, it } from '@jest/globals';
import { file } from '../fixtures';
import { readDocument } from './reader';
import { isDiagonal, withoutWatermarks } from './watermark';
import type { TextRun } from './words';

const run = (text: string, x: number, baseline: number, size = 10, angle = 0): TextRun => ({
  text,
  x,
  baseline,
  width: text.length * size * 0.5,
  size,
  angle,
});

describe('watermark filter', () => {
  it('tells diagonal text from text along or across the page', () => {
    expect(isDiagonal(run('COPY', 0, 0, 10, 45))).toBe(true);
    expect(isDiagonal(run('COPY', 0, 0, 10, -30))).toBe(true);
    expect(isDiagonal(run('text', 0, 0, 10, 0))).toBe(false);
    expect(isDiagonal(run('text', 0, 0, 10, 2.5))).toBe(false);
    expect(isDiagonal(run('side', 0, 0, 10, 90))).toBe(false);
    expect(isDiagonal(run('down', 0, 0, 10, -90))).toBe(false);
  });

  it('leaves out diagonal runs and outsized runs laid over text, keeping titles', () => {
    const page = [
      run('DISCHARGE SUMMARY', 100, 60, 24),
      run('Haemoglobin', 50, 200),
      run('12.5 g/dL', 250, 200),
      run('Platelets', 50, 215),
      run('2.5 lakhs', 250, 215),
      run('COPY', 150, 205, 10, 40),
      run('DUPLICATE', 40, 225, 60),
    ];
    expect(withoutWatermarks(page).map((r) => r.text)).toEqual(['DISCHARGE SUMMARY', 'Haemoglobin', '12.5 g/dL', 'Platelets', '2.5 lakhs']);
  });

  it('reads a text PDF with a diagonal COPY tiled over every line as if it were not there', async () => {
    const { PDFDocument, StandardFonts, degrees, rgb } = await import('pdf-lib');
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([595, 842]);
    const lines = ['Haemoglobin 12.5 g/dL', 'Platelet Count 2.5 lakhs/cumm', 'Serum Creatinine 1.1 mg/dL'];
    lines.forEach((text, i) => {
      page.drawText(text.split(' ').slice(0, -2).join(' '), { x: 50, y: 700 - i * 20, size: 10, font });
      page.drawText(text.split(' ').slice(-2).join(' '), { x: 200, y: 700 - i * 20, size: 10, font });
    });
    for (let y = 650; y < 760; y += 20)
      page.drawText('COPY', { x: 130, y, size: 14, font, rotate: degrees(35), color: rgb(0.85, 0.85, 0.85), opacity: 0.4 });
    const document = await readDocument(file('lab.pdf', await pdf.save()));
    const texts = document.pages[0].words.map((w) => w.text);
    expect(texts).not.toContain('COPY');
    expect(texts).toEqual(expect.arrayContaining(['Haemoglobin', '12.5', 'g/dL', 'Creatinine']));
  });
});
