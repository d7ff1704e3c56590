/**
 * A decision letter's content laid out as an A4 PDF with pdf-lib: wrapped lines, new pages as needed. The text
 * is set in the standard Helvetica faces (pdf-lib embeds TrueType fonts such as DejaVu only with fontkit, which
 * the api does not carry), so characters outside their WinAnsi set are spelt in ASCII or shown as '?'.
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { LetterContent } from './content';

const PAGE: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const WIDTH = PAGE[0] - 2 * MARGIN;
const SIZE = { title: 18, heading: 12, text: 10 };
const LEADING = 1.4;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.35, 0.35, 0.4);

/** Characters people write that WinAnsi lacks, in the nearest ASCII. */
const ASCII_FOR: Record<string, string> = {
  '≥': '>=',
  '≤': '<=',
  '≠': '!=',
  '→': '->',
  '←': '<-',
  '×': 'x',
  '₹': 'Rs.',
  '\u00a0': ' ',
  '\t': ' ',
};

/** The text with every character the font cannot encode replaced. */
function encodable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  let out = '';
  for (const ch of text) {
    const replaced = ASCII_FOR[ch] ?? ch;
    for (const c of replaced) out += known.has(c.codePointAt(0)!) ? c : '?';
  }
  return out;
}

/** Lines of at most `width` points; a word longer than a line is cut. */
export function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

class Writer {
  private page: PDFPage;
  private y: number;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
  ) {
    this.page = pdf.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }

  private room(height: number) {
    if (this.y - height >= MARGIN) return;
    this.page = this.pdf.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }

  text(text: string, options: { size?: number; bold?: boolean; indent?: number; muted?: boolean } = {}) {
    const size = options.size ?? SIZE.text;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const indent = options.indent ?? 0;
    for (const line of wrap(font, size, encodable(font, text), WIDTH - indent)) {
      this.room(size * LEADING);
      this.y -= size * LEADING;
      this.page.drawText(line, { x: MARGIN + indent, y: this.y, size, font, color: options.muted ? MUTED : INK });
    }
  }

  gap(points: number) {
    this.y -= points;
  }

  list(title: string, items: string[]) {
    if (!items.length) return;
    this.text(title, { bold: true, indent: 12 });
    for (const item of items) this.text(`- ${item}`, { indent: 24 });
  }
}

/** The letter as PDF bytes. */
export async function renderLetter(content: LetterContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${content.title} ${content.identity[0]?.[1] ?? ''}`.trim());
  pdf.setProducer('claims-verification decision letters');
  const fonts = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  const out = new Writer(pdf, fonts);
  out.text(content.title, { size: SIZE.title, bold: true });
  out.gap(8);
  for (const [label, value] of content.identity) out.text(`${label}: ${value}`);
  out.gap(6);
  out.text(`Overall result: ${content.overall}`, { size: SIZE.heading, bold: true });
  for (const procedure of content.procedures) {
    out.gap(10);
    out.text(`Procedure ${procedure.heading}`, { size: SIZE.heading, bold: true });
    out.text(`Verdict: ${procedure.verdict}`, { indent: 12 });
    if (procedure.decision) out.text(`Reviewer's decision: ${procedure.decision}`, { indent: 12 });
    out.list('Reasons', procedure.reasons);
    out.list('Evidence relied on', procedure.evidence);
    out.list('Missing for this query', procedure.missing);
    out.text(`Rule: ${procedure.rule}`, { indent: 12, muted: true });
  }
  out.gap(14);
  out.text(content.footer, { muted: true });
  return pdf.save();
}
