import { describe, expect, it } from '@jest/globals';
import { file } from '../../../testing/verification/fixtures';
import { readDocument } from './reader';
import { isDiagonal, mayHideFaintText, withoutWatermarks } from './watermark';
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

  it('leaves out faint runs that are tiled or laid over text, keeping a faint title that stands clear', () => {
    const faint = (r: TextRun): TextRun => ({ ...r, faint: true });
    const page = [
      faint(run('CITY HOSPITAL', 50, 30, 18)),
      run('Haemoglobin', 50, 200),
      faint(run('COPY', 112, 200)),
      run('12.5 g/dL', 150, 200),
      run('Platelets', 50, 215),
      faint(run('COPY', 50, 230)),
      faint(run('COPY', 150, 260)),
      run('ESR', 50, 245),
      faint(run('Remarks', 50, 300)),
    ];
    expect(mayHideFaintText(page)).toBe(true);
    expect(withoutWatermarks(page).map((r) => r.text)).toEqual([
      'CITY HOSPITAL',
      'Haemoglobin',
      '12.5 g/dL',
      'Platelets',
      'ESR',
      'Remarks',
    ]);
    // one faint word over the text is a watermark too, even alone
    expect(withoutWatermarks([run('Haemoglobin 12.5 g/dL', 50, 200), faint(run('DRAFT', 60, 201))]).map((r) => r.text)).toEqual([
      'Haemoglobin 12.5 g/dL',
    ]);
  });

  it('asks for colours only where runs repeat or lie over each other', () => {
    const plain = [run('Haemoglobin', 50, 200), run('12.5 g/dL', 150, 200), run('Platelets', 50, 215), run('mg', 150, 215)];
    expect(mayHideFaintText(plain)).toBe(false);
    expect(mayHideFaintText([...plain, run('mg', 150, 230), run('mg', 150, 245)])).toBe(false);
    expect(mayHideFaintText([...plain, run('COPY', 60, 201)])).toBe(true);
    expect(mayHideFaintText([...plain, run('COPY', 300, 100), run('COPY', 300, 300), run('COPY', 300, 500)])).toBe(true);
  });

  it('reads a text PDF with a light watermark drawn level, at the text size, as if it were not there', async () => {
    const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([595, 842]);
    // a letterhead: a white title on a dark band, light against the paper but not a watermark
    page.drawRectangle({ x: 0, y: 780, width: 595, height: 40, color: rgb(0.1, 0.4, 0.3) });
    page.drawText('CITY HOSPITAL', { x: 50, y: 795, size: 18, font, color: rgb(1, 1, 1) });
    const lines = ['Haemoglobin 12.5 g/dL', 'Platelet Count 2.5 lakhs/cumm', 'Serum Creatinine 1.1 mg/dL'];
    lines.forEach((text, i) => {
      page.drawText(text.split(' ').slice(0, -2).join(' '), { x: 50, y: 700 - i * 20, size: 10, font });
      page.drawText(text.split(' ').slice(-2).join(' '), { x: 200, y: 700 - i * 20, size: 10, font });
    });
    // light grey in one run per line, between each label and its value; mostly transparent in another
    for (let i = 0; i < 3; i += 1) page.drawText('COPY', { x: 150, y: 700 - i * 20, size: 10, font, color: rgb(0.8, 0.8, 0.8) });
    // tiles running off the page's edge, whose letters outside it pdfjs leaves out of the text content
    for (let i = 0; i < 3; i += 1) page.drawText('COPY COPY', { x: 575, y: 650 - i * 20, size: 10, font, color: rgb(0.8, 0.8, 0.8) });
    page.drawText('DRAFT', { x: 60, y: 660, size: 10, font, opacity: 0.2 });
    const document = await readDocument(file('lab.pdf', await pdf.save()));
    const texts = document.pages[0].words.map((w) => w.text);
    expect(texts).not.toContain('COPY');
    expect(texts).not.toContain('DRAFT');
    expect(texts).toEqual(expect.arrayContaining(['CITY', 'HOSPITAL', 'Haemoglobin', '12.5', 'g/dL', 'Creatinine']));
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
