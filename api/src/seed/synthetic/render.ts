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
import { PAGE_HEIGHT, PAGE_WIDTH, printable, standardFont, type FontFace, type LaidPage } from './layout';
import type { Rng } from './rng';

const FIXED_DATE = new Date('2024-01-01T00:00:00Z');

/** A PDF literal string in WinAnsi (the generator prints ASCII only). */
function pdfString(text: string): string {
  const ascii = printable(text).replace(/[^\x20-\x7e]/g, '?');
  return `(${ascii.replace(/([\\()])/g, '\\$1')})`;
}
const n2 = (v: number) => v.toFixed(2);
/** The width of a rule without a weight of its own, in points. */
const HAIRLINE = 0.5;

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
    const ops: string[] = ['q', `${HAIRLINE} w`, '0.45 0.45 0.5 RG'];
    let lineWidth = HAIRLINE;
    for (const r of p.rules) {
      if ((r.weight ?? HAIRLINE) !== lineWidth) {
        lineWidth = r.weight ?? HAIRLINE;
        ops.push(`${n2(lineWidth)} w`);
      }
      ops.push(`${n2(r.x1)} ${n2(p.height - r.y1)} m ${n2(r.x2)} ${n2(p.height - r.y2)} l S`);
    }
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
  for (const r of page.rules) {
    // A hairline prints a little heavier on a scan than in a PDF viewer.
    ctx.lineWidth = Math.max(1, (r.weight ?? 0.6) * s);
    ctx.beginPath();
    ctx.moveTo(r.x1 * s, r.y1 * s);
    ctx.lineTo(r.x2 * s, r.y2 * s);
    ctx.stroke();
  }
  ctx.strokeStyle = 'rgb(150,40,40)';
  ctx.lineWidth = Math.max(1, 0.6 * s);
  for (const b of page.boxes) ctx.strokeRect(b.x1 * s, b.y1 * s, (b.x2 - b.x1) * s, (b.y2 - b.y1) * s);
  ctx.fillStyle = 'rgb(25,25,30)';
  ctx.textBaseline = 'alphabetic';
  for (const run of page.runs) {
    const family = CANVAS_FAMILY[page.face] + (run.bold ? 'Bold' : '');
    ctx.font = `${(run.size * s).toFixed(1)}px ${family}`;
    const text = printable(run.text);
    const natural = ctx.measureText(text).width;
    // DejaVu is wider than the PDF standard fonts the layout measured with: squeeze to the laid-out width.
    const laidOut = Math.min(natural, (run.maxWidth ?? page.width - run.x - 20) * s);
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

/**
 * Scans with nothing to read: a blank sheet (paper grain, the scanner lamp's unevenness, an edge shadow,
 * punch holes), a blank back page with the other side's print showing through, a page of pen scribbles, or
 * a page drowned in photocopier noise. OCR finds only junk on them; a reviewer sets them aside.
 */
export type UnreadableKind = 'blank' | 'show-through' | 'scribble' | 'noise';
export const UNREADABLE_KINDS: readonly UnreadableKind[] = ['blank', 'show-through', 'scribble', 'noise'];

type Canvas2d = ReturnType<ReturnType<typeof createCanvas>['getContext']>;

/** Paper: a tone, grain in every pixel, the lamp's slow brightness swing across the page and a shadow at one edge. */
function paper(ctx: Canvas2d, width: number, height: number, rng: Rng): void {
  const tone = Math.round(rng.uniform(222, 246));
  ctx.fillStyle = `rgb(${tone},${tone},${tone - 5})`;
  ctx.fillRect(0, 0, width, height);
  // Grain: a tile of noise laid over the page; a tile, not every pixel, because a page has millions of them.
  const grain = rng.uniform(3, 9);
  const side = 251;
  const tile = createCanvas(side, side);
  const tileCtx = tile.getContext('2d');
  const image = tileCtx.createImageData(side, side);
  for (let i = 0; i < side * side; i++) {
    const v = (rng.next() - 0.5) * 2 * grain;
    image.data[i * 4] = v < 0 ? 0 : 255;
    image.data[i * 4 + 1] = v < 0 ? 0 : 255;
    image.data[i * 4 + 2] = v < 0 ? 0 : 255;
    // White or black at an opacity of |v| levels: the pixel under it moves by about v.
    image.data[i * 4 + 3] = Math.round(Math.abs(v));
  }
  tileCtx.putImageData(image, 0, 0);
  const pattern = ctx.createPattern(tile, 'repeat');
  if (!pattern) throw new Error('paper: no pattern from a canvas tile');
  ctx.fillStyle = pattern;
  ctx.fillRect(0, 0, width, height);
  // The lamp: a slow swing of brightness across the page.
  const lamp = ctx.createLinearGradient(0, 0, width, 0);
  const swing = rng.uniform(0.02, 0.06).toFixed(3);
  lamp.addColorStop(0, 'rgba(0,0,0,0)');
  lamp.addColorStop(rng.uniform(0.3, 0.7), `rgba(0,0,0,${swing})`);
  lamp.addColorStop(1, 'rgba(0,0,0,0)');
  ctx.fillStyle = lamp;
  ctx.fillRect(0, 0, width, height);
  // The scanner lid's shadow along one edge.
  const shadow = rng.int(8, 36);
  const left = rng.chance(0.5);
  const edge = ctx.createLinearGradient(left ? 0 : width, 0, left ? shadow : width - shadow, 0);
  edge.addColorStop(0, 'rgba(0,0,0,0.3)');
  edge.addColorStop(1, 'rgba(0,0,0,0)');
  ctx.fillStyle = edge;
  ctx.fillRect(left ? 0 : width - shadow, 0, shadow, height);
}

function specks(ctx: Canvas2d, width: number, height: number, count: number, rng: Rng): void {
  for (let i = 0; i < count; i++) {
    const g = Math.round(rng.uniform(40, 170));
    ctx.fillStyle = `rgb(${g},${g},${g})`;
    const size = rng.chance(0.9) ? 1 : rng.int(2, 4);
    ctx.fillRect(rng.int(0, width - 1), rng.int(0, height - 1), size, size);
  }
}

function punchHoles(ctx: Canvas2d, height: number, s: number, rng: Rng): void {
  const x = rng.uniform(14, 22) * s;
  const gap = rng.uniform(70, 90) * s;
  ctx.fillStyle = 'rgb(70,70,74)';
  for (const y of [height / 2 - gap / 2, height / 2 + gap / 2]) {
    ctx.beginPath();
    ctx.arc(x, y, 5.5 * s, 0, Math.PI * 2);
    ctx.fill();
  }
}

/** The other side's print seen through the paper: faint mirrored blocks of 'text' that form no letters. */
function showThrough(ctx: Canvas2d, width: number, height: number, s: number, rng: Rng): void {
  ctx.fillStyle = `rgba(60,60,60,${rng.uniform(0.04, 0.08).toFixed(3)})`;
  for (let y = 60 * s; y < height - 60 * s; y += rng.uniform(13, 17) * s) {
    if (rng.chance(0.15)) continue;
    let x = 48 * s + (rng.chance(0.2) ? rng.uniform(0, 200) * s : 0);
    const end = width - 48 * s - rng.uniform(0, 180) * s;
    while (x < end) {
      const word = rng.uniform(12, 60) * s;
      ctx.fillRect(x, y, Math.min(word, end - x), 6.5 * s);
      x += word + rng.uniform(3, 7) * s;
    }
  }
}

/** Pen scribbles: looping strokes, hatching and lines of illegible handwriting. */
function scribbles(ctx: Canvas2d, width: number, height: number, s: number, rng: Rng): void {
  const ink = rng.pick(['rgb(25,30,90)', 'rgb(20,20,24)', 'rgb(60,20,70)']);
  ctx.strokeStyle = ink;
  ctx.lineCap = 'round';
  for (let i = 0, n = rng.int(4, 12); i < n; i++) {
    ctx.lineWidth = rng.uniform(1.2, 3) * s;
    ctx.beginPath();
    let x = rng.uniform(0.1, 0.9) * width;
    let y = rng.uniform(0.1, 0.9) * height;
    ctx.moveTo(x, y);
    for (let j = 0, m = rng.int(3, 9); j < m; j++) {
      const nx = Math.min(width, Math.max(0, x + rng.uniform(-160, 160) * s));
      const ny = Math.min(height, Math.max(0, y + rng.uniform(-120, 120) * s));
      ctx.bezierCurveTo(
        x + rng.uniform(-120, 120) * s,
        y + rng.uniform(-120, 120) * s,
        nx + rng.uniform(-120, 120) * s,
        ny + rng.uniform(-120, 120) * s,
        nx,
        ny,
      );
      x = nx;
      y = ny;
    }
    ctx.stroke();
  }
  // Lines of 'handwriting': a wavering pen that loops along a line and never forms a letter.
  for (let i = 0, n = rng.int(2, 9); i < n; i++) {
    const y0 = rng.uniform(0.12, 0.88) * height;
    const x0 = rng.uniform(0.06, 0.3) * width;
    const x1 = x0 + rng.uniform(0.3, 0.6) * width;
    const amplitude = rng.uniform(4, 11) * s;
    const period = rng.uniform(5, 11) * s;
    ctx.lineWidth = rng.uniform(1, 2.2) * s;
    ctx.beginPath();
    for (let x = x0; x < x1; x += 2) {
      const y = y0 + Math.sin(x / period) * amplitude * (0.6 + 0.4 * Math.sin(x / (period * 3.7))) + (x - x0) * 0.02;
      const loop = Math.cos(x / period) * amplitude * 0.5;
      if (x === x0) ctx.moveTo(x + loop, y);
      else ctx.lineTo(x + loop, y);
    }
    ctx.stroke();
  }
  if (rng.chance(0.5)) {
    // A hatched patch, as where something was struck out.
    const x = rng.uniform(0.1, 0.6) * width;
    const y = rng.uniform(0.1, 0.7) * height;
    const w = rng.uniform(80, 220) * s;
    const h = rng.uniform(30, 90) * s;
    ctx.lineWidth = 1.4 * s;
    for (let k = 0; k < w + h; k += rng.uniform(4, 8) * s) {
      ctx.beginPath();
      ctx.moveTo(x + Math.min(k, w), y + Math.max(0, k - w));
      ctx.lineTo(x + Math.max(0, k - h), y + Math.min(k, h));
      ctx.stroke();
    }
  }
}

/** Photocopier noise: dense speckle, grey blotches and dark streaks down the page. */
function copierNoise(ctx: Canvas2d, width: number, height: number, s: number, rng: Rng): void {
  specks(ctx, width, height, Math.round(width * height * rng.uniform(0.01, 0.04)), rng);
  for (let i = 0, n = rng.int(3, 10); i < n; i++) {
    ctx.fillStyle = `rgba(40,40,40,${rng.uniform(0.08, 0.3).toFixed(3)})`;
    ctx.beginPath();
    ctx.ellipse(
      rng.uniform(0, width),
      rng.uniform(0, height),
      rng.uniform(10, 90) * s,
      rng.uniform(6, 50) * s,
      rng.uniform(0, 3),
      0,
      Math.PI * 2,
    );
    ctx.fill();
  }
  for (let i = 0, n = rng.int(1, 4); i < n; i++) {
    ctx.fillStyle = `rgba(30,30,30,${rng.uniform(0.2, 0.6).toFixed(3)})`;
    ctx.fillRect(rng.uniform(0, width), 0, rng.uniform(1, 4) * s, height);
  }
}

/** A scan with nothing a reader could use (see UnreadableKind). */
export function renderUnreadableScan(
  kind: UnreadableKind,
  opts: Omit<ScanOptions, 'tilt'>,
): { data: Uint8Array; width: number; height: number } {
  const s = opts.scale;
  const width = Math.round(PAGE_WIDTH * s);
  const height = Math.round(PAGE_HEIGHT * s);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const rng = opts.rng;
  paper(ctx, width, height, rng);
  if (rng.chance(0.4)) punchHoles(ctx, height, s, rng);
  if (kind === 'show-through') showThrough(ctx, width, height, s, rng);
  if (kind === 'scribble') scribbles(ctx, width, height, s, rng);
  if (kind === 'noise') copierNoise(ctx, width, height, s, rng);
  specks(ctx, width, height, rng.int(20, 200), rng);
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
