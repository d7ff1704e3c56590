import { describe, expect, it } from '@jest/globals';
import { file } from '../../../testing/verification/fixtures';
import type { Word } from '../types';
import { isJunkTextLayer } from './readability';
import { readDocument } from './reader';

const wordsOf = (text: string): Word[] => text.split(/\s+/).map((t, i) => ({ text: t, x: i * 40, y: 0, width: 35, height: 10 }));

/** Letters shifted three places on, as a font whose character map is off shows its text. */
const shifted = (text: string) =>
  text.replace(/[a-z]/gi, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 3) % 26) + base);
  });

const PAGE = [
  'DISCHARGE SUMMARY',
  'Patient admitted with complaints of pain in the right lower abdomen since two days.',
  'Diagnosis: Acute appendicitis. Procedure done: laparoscopic appendicectomy under general anaesthesia.',
  'Haemoglobin 12.5 g/dL, total leucocyte count 11200 cells/cumm, platelet count 2.5 lakhs/cumm.',
  'Patient was stable and discharged with advice to review after one week.',
];

/** A text PDF whose Helvetica maps each letter to the letter three places on: it shows the text, its text layer is junk. */
async function junkLayerPdf(lines: string[]): Promise<Uint8Array> {
  const { PDFDocument, PDFName, StandardFonts } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  for (const [i, text] of lines.entries()) page.drawText(text, { x: 40, y: 780 - i * 24, size: 11, font });
  await font.embed();
  const entries: string[] = [];
  for (let code = 0x41; code <= 0x7a; code += 1) {
    const c = String.fromCharCode(code);
    if (!/[a-z]/i.test(c)) continue;
    const hex = (n: number, width: number) => n.toString(16).toUpperCase().padStart(width, '0');
    entries.push(`<${hex(code, 2)}> <${hex(shifted(c).charCodeAt(0), 4)}>`);
  }
  const cmap = [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def /CMapName /Junk-UCS def /CMapType 2 def',
    '1 begincodespacerange <00> <FF> endcodespacerange',
    `${entries.length} beginbfchar`,
    ...entries,
    'endbfchar endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
  const dict = pdf.context.lookup(font.ref) as import('pdf-lib').PDFDict;
  dict.set(PDFName.of('ToUnicode'), pdf.context.register(pdf.context.stream(cmap)));
  return pdf.save();
}

describe('junk text layers', () => {
  it('tells a text layer of words from one whose letters are mapped wrong', () => {
    expect(isJunkTextLayer(wordsOf(PAGE.join(' ')))).toBe(false);
    expect(isJunkTextLayer(wordsOf(shifted(PAGE.join(' '))))).toBe(true);
    // letters from no script (private use, replacement characters)
    expect(isJunkTextLayer(wordsOf('\uE001\uE002\uE003 \uE004\uE005\uE006 '.repeat(6)))).toBe(true);
    // too few words to judge
    expect(isJunkTextLayer(wordsOf('Qzx Wvk 12.5'))).toBe(false);
    // names, codes and numbers of a bill are not junk
    expect(isJunkTextLayer(wordsOf('Bill No 4521 Ramesh Kumar UHID 88231 Ward charges 4500.00 Pharmacy 1200.00 Total 5700.00 Paid'))).toBe(
      false,
    );
  });

  it('reads a page whose text layer is junk by OCR', async () => {
    const document = await readDocument(file('summary.pdf', await junkLayerPdf(PAGE)));
    const [page] = document.pages;
    expect(page.source).toBe('ocr');
    const text = page.words.map((w) => w.text).join(' ');
    expect(text).toMatch(/appendicitis/i);
    expect(text).toContain('12.5');
  }, 180_000);
});
