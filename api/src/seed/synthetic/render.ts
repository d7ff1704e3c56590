/**
 * Turns laid-out pages into files: text PDFs (pdf-lib, standard fonts), scanned-looking page images
 * (@napi-rs/canvas: grey paper, speckles, a slight tilt) and PDFs whose pages are only such images.
 * Output bytes depend only on the input (fixed PDF dates, seeded noise), so a seed always gives the same files.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { GlobalFonts, createCanvas } from '@napi-rs/canvas';
import { PDFDocument, PDFName, type PDFFont } from 'pdf-lib';
import { printable, standardFont, type FontFace, type LaidPage } from './layout';
import type { Rng } from './rng';

const FIXED_DATE = new Date('2024-01-01T00:00:00Z');

/** A PDF literal string in WinAnsi (the generator prints ASCII only). */
function pdfString(text: string): string {
  const ascii = printable(text).replace(/[^\x20-\x7e]/g, '?');
  return `(${ascii.replace(/([\\()])/g, '\\$1')})`;
}
const n2 = (v: number) => v.toFixed(2);

/**
 * A multi-page PDF with a text layer. The page content is written as raw operators: pdf-lib's drawText
 * costs about half a millisecond a line, too slow for a corpus of hundreds of claims.
 */
export async function renderTextPdf(pages: LaidPage[], title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(title);
  pdf.setProducer('claims-synthetic');
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);
  const fonts = new Map<string, { key: string; font: PDFFont }>();
  for (const p of pages) {
    const page = pdf.addPage([p.width, p.height]);
    const ops: string[] = ['q', '0.5 w', '0.45 0.45 0.5 RG'];
    for (const r of p.rules) ops.push(`${n2(r.x1)} ${n2(p.height - r.y1)} m ${n2(r.x2)} ${n2(p.height - r.y2)} l S`);
    if (p.boxes.length) ops.push('1.2 w', '0.7 0.1 0.1 RG');
    for (const b of p.boxes) ops.push(`${n2(b.x1)} ${n2(p.height - b.y2)} ${n2(b.x2 - b.x1)} ${n2(b.y2 - b.y1)} re S`);
    ops.push('0.1 0.1 0.12 rg', 'BT');
    for (const run of p.runs) {
      const name = standardFont(p.face, run.bold);
      let entry = fonts.get(name);
      if (!entry) {
        entry = { key: `F${fonts.size + 1}`, font: await pdf.embedFont(name) };
        fonts.set(name, entry);
      }
      page.node.setFontDictionary(PDFName.of(entry.key), entry.font.ref);
      ops.push(
        `/${entry.key} ${n2(run.size)} Tf 1 0 0 1 ${n2(run.x)} ${n2(p.height - run.y - run.size * 0.8)} Tm ${pdfString(run.text)} Tj`,
      );
    }
    ops.push('ET', 'Q');
    page.node.addContentStream(pdf.context.register(pdf.context.flateStream(ops.join('\n'))));
  }
  return pdf.save({ useObjectStreams: false, objectsPerTick: Number.POSITIVE_INFINITY });
}

let fontsReady = false;
const CANVAS_FAMILY: Record<FontFace, string> = { sans: 'SynthSans', serif: 'SynthSerif', mono: 'SynthMono' };
const FONT_FILES: Record<string, string> = {
  SynthSans: 'DejaVuSans.ttf',
  SynthSansBold: 'DejaVuSans-Bold.ttf',
  SynthSerif: 'DejaVuSerif.ttf',
  SynthSerifBold: 'DejaVuSerif-Bold.ttf',
  SynthMono: 'DejaVuSansMono.ttf',
  SynthMonoBold: 'DejaVuSansMono-Bold.ttf',
};

/** The DejaVu fonts of the dejavu-fonts-ttf package (or the system's copy). */
function fontDirectory(): string {
  const candidates: string[] = [];
  try {
    const require = createRequire(import.meta.url);
    candidates.push(path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf'));
  } catch {
    // not installed: fall back to the system fonts below
  }
  candidates.push('/usr/share/fonts/truetype/dejavu');
  const dir = candidates.find((d) => existsSync(path.join(d, 'DejaVuSans.ttf')));
  if (!dir) throw new Error('No DejaVu TrueType fonts found: install the dejavu-fonts-ttf package');
  return dir;
}

function ensureFonts(): void {
  if (fontsReady) return;
  const dir = fontDirectory();
  for (const [family, file] of Object.entries(FONT_FILES)) {
    if (!GlobalFonts.registerFromPath(path.join(dir, file), family)) throw new Error(`Could not register font ${file}`);
  }
  fontsReady = true;
}

export interface ScanOptions {
  /** Pixels per PDF point. */
  scale: number;
  format: 'png' | 'jpeg';
  /** Degrees; small (the page is a slightly tilted scan). */
  tilt: number;
  rng: Rng;
}

/** A scanned-looking image of one laid-out page. */
export function renderScan(page: LaidPage, opts: ScanOptions): { data: Uint8Array; width: number; height: number } {
  ensureFonts();
  const width = Math.round(page.width * opts.scale);
  const height = Math.round(page.height * opts.scale);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const paper = Math.round(opts.rng.uniform(226, 240));
  ctx.fillStyle = `rgb(${paper},${paper},${paper - 4})`;
  ctx.fillRect(0, 0, width, height);

  ctx.save();
  ctx.translate(width / 2, height / 2);
  ctx.rotate((opts.tilt * Math.PI) / 180);
  ctx.translate(-width / 2, -height / 2);
  const s = opts.scale;
  ctx.strokeStyle = 'rgb(90,90,95)';
  ctx.lineWidth = Math.max(1, 0.6 * s);
  for (const r of page.rules) {
    ctx.beginPath();
    ctx.moveTo(r.x1 * s, r.y1 * s);
    ctx.lineTo(r.x2 * s, r.y2 * s);
    ctx.stroke();
  }
  ctx.strokeStyle = 'rgb(150,40,40)';
  for (const b of page.boxes) ctx.strokeRect(b.x1 * s, b.y1 * s, (b.x2 - b.x1) * s, (b.y2 - b.y1) * s);
  ctx.fillStyle = 'rgb(25,25,30)';
  ctx.textBaseline = 'alphabetic';
  for (const run of page.runs) {
    const family = CANVAS_FAMILY[page.face] + (run.bold ? 'Bold' : '');
    ctx.font = `${(run.size * s).toFixed(1)}px ${family}`;
    const text = printable(run.text);
    const natural = ctx.measureText(text).width;
    // DejaVu is wider than the PDF standard fonts the layout measured with: squeeze to the laid-out width.
    const laidOut = Math.min(natural, (page.width - run.x - 20) * s);
    ctx.fillText(text, run.x * s, (run.y + run.size * 0.8) * s, laidOut);
  }
  ctx.restore();

  // Scanner dust: sparse dark specks and a faint streak, seeded so the image is reproducible.
  const specks = Math.round((width * height) / 2500);
  for (let i = 0; i < specks; i++) {
    const g = Math.round(opts.rng.uniform(60, 170));
    ctx.fillStyle = `rgb(${g},${g},${g})`;
    ctx.fillRect(opts.rng.int(0, width - 1), opts.rng.int(0, height - 1), 1, 1);
  }
  ctx.fillStyle = 'rgba(120,120,120,0.08)';
  ctx.fillRect(opts.rng.int(0, width - 6), 0, 3, height);

  const data = opts.format === 'png' ? canvas.toBuffer('image/png') : canvas.toBuffer('image/jpeg', 72);
  return { data: new Uint8Array(data), width, height };
}

/** A PDF whose pages are only images (a scan without a text layer). */
export async function renderImagePdf(
  images: { data: Uint8Array; width: number; height: number; format: 'png' | 'jpeg' }[],
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setProducer('claims-synthetic scanner');
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);
  for (const img of images) {
    const embedded = img.format === 'png' ? await pdf.embedPng(img.data) : await pdf.embedJpg(img.data);
    // Back to A4 in points whatever the scan resolution.
    const w = 595.28;
    const h = (img.height / img.width) * w;
    const page = pdf.addPage([w, h]);
    page.drawImage(embedded, { x: 0, y: 0, width: w, height: h });
  }
  return pdf.save({ useObjectStreams: false, objectsPerTick: Number.POSITIVE_INFINITY });
}
