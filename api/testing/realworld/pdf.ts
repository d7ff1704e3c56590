/**
 * PDFs: text PDFs written as raw content streams with the standard fonts (WinAnsi, so '³' and 'µ' print),
 * optionally with a diagonal watermark tiled over the lines as real text, or with a ToUnicode map that
 * sends every code to a wrong letter (the page looks right, its text layer is junk); and image-only PDFs,
 * optionally with an invisible text layer of junk over the picture. No /Rotate anywhere: a turned scan is a
 * turned picture. Bytes depend only on the input.
 */
import { PDFDocument, PDFName, type PDFPageLeaf, type PDFRef } from 'pdf-lib';
import type { Rng } from '../../src/seed/synthetic/rng';
import type { Face, Page, TextRun } from './page';

const FIXED_DATE = new Date('2024-03-01T00:00:00Z');
const n2 = (v: number) => v.toFixed(2);

const STANDARD: Record<Face, [string, string]> = {
  sans: ['Helvetica', 'Helvetica-Bold'],
  condensed: ['Helvetica', 'Helvetica-Bold'],
  serif: ['Times-Roman', 'Times-Bold'],
  mono: ['Courier', 'Courier-Bold'],
};

/** WinAnsi codes of the few non-ASCII characters the papers print. */
const WIN_ANSI: Record<string, number> = { '³': 0xb3, '²': 0xb2, µ: 0xb5, μ: 0xb5, '×': 0xd7, '°': 0xb0, '–': 0x96 };

function encode(text: string): number[] {
  return [...text].map((ch) => {
    const c = ch.codePointAt(0)!;
    if (c >= 0x20 && c < 0x7f) return c;
    return WIN_ANSI[ch] ?? 0x3f;
  });
}

function literal(codes: number[]): string {
  return `(${codes
    .map((c) => {
      if (c === 0x28 || c === 0x29 || c === 0x5c) return `\\${String.fromCharCode(c)}`;
      if (c < 0x20 || c > 0x7e) return `\\${c.toString(8).padStart(3, '0')}`;
      return String.fromCharCode(c);
    })
    .join('')})`;
}

export interface Watermark {
  text: string;
  /** One run per word, or one run per letter (as some PDF tools write them). */
  perGlyph: boolean;
  angle: number;
  size: number;
  grey: number;
}

export interface TextPdfOptions {
  watermark?: Watermark;
  /** A ToUnicode map sending each code to another letter: the page looks right, its text layer is junk. */
  scrambledToUnicode?: Rng;
}

/** A ToUnicode CMap mapping every printable code to a shuffled partner (letters to letters, digits to digits). */
function scrambledCMap(rng: Rng): string {
  const lower = 'abcdefghijklmnopqrstuvwxyz';
  const upper = lower.toUpperCase();
  const digits = '0123456789';
  const map = new Map<number, number>();
  for (const set of [lower, upper, digits]) {
    const shuffled = rng.shuffle([...set]);
    for (const [i, ch] of [...set].entries()) map.set(ch.charCodeAt(0), shuffled[i].charCodeAt(0));
  }
  for (let c = 0x20; c < 0x100; c++) if (!map.has(c)) map.set(c, rng.pick([...'#%&@~^|']).charCodeAt(0));
  const hex = (n: number, w: number) => n.toString(16).toUpperCase().padStart(w, '0');
  const entries = [...map.entries()];
  const blocks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    blocks.push(`${chunk.length} beginbfchar\n${chunk.map(([c, u]) => `<${hex(c, 2)}> <${hex(u, 4)}>`).join('\n')}\nendbfchar`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<00> <FF>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

async function newPdf(producer: string): Promise<PDFDocument> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setProducer(producer);
  pdf.setCreator(producer);
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);
  return pdf;
}

const save = (pdf: PDFDocument) => pdf.save({ useObjectStreams: false, objectsPerTick: Number.POSITIVE_INFINITY });

/** A text PDF of the pages. */
export async function textPdf(pages: Page[], opts: TextPdfOptions = {}): Promise<Uint8Array> {
  const pdf = await newPdf(opts.scrambledToUnicode ? 'PDF Writer 3.2 (subset fonts)' : 'HIS Report Server');
  const fonts = new Map<string, PDFRef>();
  const toUnicode = opts.scrambledToUnicode ? pdf.context.register(pdf.context.flateStream(scrambledCMap(opts.scrambledToUnicode))) : null;
  const fontRef = (name: string): PDFRef => {
    let ref = fonts.get(name);
    if (!ref) {
      const dict: Record<string, unknown> = { Type: 'Font', Subtype: 'Type1', BaseFont: name, Encoding: 'WinAnsiEncoding' };
      if (toUnicode) dict.ToUnicode = toUnicode;
      ref = pdf.context.register(pdf.context.obj(dict as never));
      fonts.set(name, ref);
    }
    return ref;
  };
  const alpha = pdf.context.register(pdf.context.obj({ Type: 'ExtGState', ca: 0.35, CA: 0.35 }));
  for (const p of pages) {
    const page = pdf.addPage([p.width, p.height]);
    const H = p.height;
    const ops: string[] = ['q'];
    for (const item of p.items) {
      if (item.kind === 'line') {
        ops.push(
          `${n2(item.width)} w ${item.color.map((c) => n2(c / 255)).join(' ')} RG ${n2(item.x1)} ${n2(H - item.y1)} m ${n2(item.x2)} ${n2(H - item.y2)} l S`,
        );
      } else if (item.kind === 'rect') {
        if (item.fill)
          ops.push(
            `${item.fill.map((c) => n2(c / 255)).join(' ')} rg ${n2(item.x)} ${n2(H - item.y - item.h)} ${n2(item.w)} ${n2(item.h)} re f`,
          );
        if (item.stroke)
          ops.push(
            `${n2(item.width)} w ${item.stroke.map((c) => n2(c / 255)).join(' ')} RG ${n2(item.x)} ${n2(H - item.y - item.h)} ${n2(item.w)} ${n2(item.h)} re S`,
          );
      } else ops.push(textOp(item, H, fontRef, page.node));
    }
    if (opts.watermark) {
      page.node.setExtGState(PDFName.of('GSwm'), alpha);
      ops.push('/GSwm gs');
      ops.push(...watermarkOps(p, opts.watermark, fontRef, page.node));
    }
    ops.push('Q');
    page.node.addContentStream(pdf.context.register(pdf.context.flateStream(ops.join('\n'))));
  }
  return save(pdf);
}

type PageNode = PDFPageLeaf;
function registerFont(name: string, fontRef: (n: string) => PDFRef, node: PageNode): string {
  const key = `F_${name.replace(/[^A-Za-z]/g, '')}`;
  node.setFontDictionary(PDFName.of(key), fontRef(name));
  return key;
}

function textOp(run: TextRun, H: number, fontRef: (n: string) => PDFRef, node: PageNode): string {
  const key = registerFont(STANDARD[run.face][run.bold ? 1 : 0], fontRef, node);
  const colour = `${run.color.map((c) => n2(c / 255)).join(' ')} rg`;
  const a = ((run.angle ?? 0) * Math.PI) / 180;
  const m = `${n2(Math.cos(a))} ${n2(Math.sin(a))} ${n2(-Math.sin(a))} ${n2(Math.cos(a))} ${n2(run.x)} ${n2(H - run.y)}`;
  return `BT ${colour} /${key} ${n2(run.size)} Tf ${m} Tm ${literal(encode(run.text))} Tj ET`;
}

/** The watermark tiled over the whole page, so it crosses the lines of text. */
function watermarkOps(p: Page, wm: Watermark, fontRef: (n: string) => PDFRef, node: PageNode): string[] {
  const key = registerFont('Helvetica-Bold', fontRef, node);
  const a = (wm.angle * Math.PI) / 180;
  const [c, s] = [Math.cos(a), Math.sin(a)];
  const ops: string[] = [`${n2(wm.grey)} g`];
  const stepX = wm.size * wm.text.length * 0.75 + 40;
  const stepY = wm.size * 2.2;
  for (let y = 60; y < p.height + 200; y += stepY) {
    for (let x = -200 + ((y / stepY) % 2) * (stepX / 2); x < p.width; x += stepX) {
      if (!wm.perGlyph) {
        ops.push(
          `BT /${key} ${n2(wm.size)} Tf ${n2(c)} ${n2(s)} ${n2(-s)} ${n2(c)} ${n2(x)} ${n2(p.height - y)} Tm ${literal(encode(wm.text))} Tj ET`,
        );
        continue;
      }
      let dx = 0;
      for (const ch of wm.text) {
        const gx = x + dx * c;
        const gy = p.height - y + dx * s;
        ops.push(`BT /${key} ${n2(wm.size)} Tf ${n2(c)} ${n2(s)} ${n2(-s)} ${n2(c)} ${n2(gx)} ${n2(gy)} Tm ${literal(encode(ch))} Tj ET`);
        dx += wm.size * (ch === ' ' ? 0.28 : 0.68);
      }
    }
  }
  return ops;
}

export interface ImagePage {
  data: Uint8Array;
  format: 'png' | 'jpeg';
  width: number;
  height: number;
  /** Pixels per point the picture was drawn at: the PDF page is the picture's size at that scale. */
  scale: number;
  /** Junk words placed invisibly over the picture (text render mode 3), as a bad OCR layer. */
  invisibleText?: { x: number; y: number; size: number; text: string }[];
}

/** An image-only PDF (a scan), optionally with an invisible junk text layer. */
export async function imagePdf(images: ImagePage[]): Promise<Uint8Array> {
  const pdf = await newPdf(images.some((i) => i.invisibleText) ? 'ScanSoft OCR Engine' : 'Scanner PDF');
  const helvetica = pdf.context.register(
    pdf.context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica', Encoding: 'WinAnsiEncoding' }),
  );
  for (const img of images) {
    const embedded = img.format === 'png' ? await pdf.embedPng(img.data) : await pdf.embedJpg(img.data);
    const w = img.width / img.scale;
    const h = img.height / img.scale;
    const page = pdf.addPage([w, h]);
    page.drawImage(embedded, { x: 0, y: 0, width: w, height: h });
    if (img.invisibleText?.length) {
      page.node.setFontDictionary(PDFName.of('FOcr'), helvetica);
      const ops = ['BT 3 Tr'];
      for (const t of img.invisibleText)
        ops.push(`/FOcr ${n2(t.size)} Tf 1 0 0 1 ${n2(t.x)} ${n2(h - t.y)} Tm ${literal(encode(t.text))} Tj`);
      ops.push('ET');
      page.node.addContentStream(pdf.context.register(pdf.context.flateStream(ops.join('\n'))));
    }
  }
  return save(pdf);
}
