/**
 * A page as a list of things drawn at positions (points from the top left of an A4 sheet), laid out here once
 * and rendered two ways: as a text PDF (pdf.ts) or as an image (raster.ts). Layout measures with the DejaVu
 * fonts the images use; the PDFs print with the standard fonts, which are narrower, so nothing overlaps.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';

export const A4 = { width: 595.28, height: 841.89 };

export type Face = 'sans' | 'serif' | 'mono' | 'condensed';
export type Rgb = readonly [number, number, number];
export const INK: Rgb = [20, 20, 26];

export interface TextRun {
  kind: 'text';
  x: number;
  /** Baseline. */
  y: number;
  text: string;
  size: number;
  face: Face;
  bold: boolean;
  color: Rgb;
  /** Counter-clockwise degrees about (x, y); watermarks only. */
  angle?: number;
  /** 0..1; watermarks only. */
  alpha?: number;
  /** Watermark text is not part of what the document says. */
  role?: 'watermark';
}
export interface LineItem {
  kind: 'line';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  width: number;
  color: Rgb;
}
export interface RectItem {
  kind: 'rect';
  x: number;
  y: number;
  w: number;
  h: number;
  width: number;
  stroke: Rgb | null;
  fill: Rgb | null;
}
export type Item = TextRun | LineItem | RectItem;

export interface Page {
  width: number;
  height: number;
  items: Item[];
  /** Where the document's title sits (stamps go across it). */
  title: { x: number; y: number; w: number; h: number } | null;
}

// ---------------------------------------------------------------- fonts

const FAMILY_FILES: Record<Face, [string, string]> = {
  sans: ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'],
  serif: ['DejaVuSerif.ttf', 'DejaVuSerif-Bold.ttf'],
  mono: ['DejaVuSansMono.ttf', 'DejaVuSansMono-Bold.ttf'],
  condensed: ['DejaVuSansCondensed.ttf', 'DejaVuSansCondensed-Bold.ttf'],
};
let fontsReady = false;

/** The canvas family name of a face (registered from the dejavu-fonts-ttf package the seed uses). */
export function canvasFamily(face: Face, bold: boolean): string {
  ensureFonts();
  return `RealWorld-${face}${bold ? '-bold' : ''}`;
}

function ensureFonts(): void {
  if (fontsReady) return;
  const require = createRequire(import.meta.url);
  const dirs = [path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf'), '/usr/share/fonts/truetype/dejavu'];
  const dir = dirs.find((d) => existsSync(path.join(d, 'DejaVuSans.ttf')));
  if (!dir) throw new Error('No DejaVu fonts: install dejavu-fonts-ttf');
  for (const [face, [regular, bold]] of Object.entries(FAMILY_FILES)) {
    GlobalFonts.registerFromPath(path.join(dir, regular), `RealWorld-${face}`);
    GlobalFonts.registerFromPath(path.join(dir, bold), `RealWorld-${face}-bold`);
  }
  fontsReady = true;
}

const measureCtx = createCanvas(8, 8).getContext('2d');
export function textWidth(text: string, size: number, face: Face, bold = false): number {
  measureCtx.font = `${size}px ${canvasFamily(face, bold)}`;
  return measureCtx.measureText(text).width;
}

// ---------------------------------------------------------------- writing

export interface Style {
  face: Face;
  size: number;
  /** Line height as a multiple of the size. */
  leading: number;
}

/** Collects a page's items; a Flow writes lines down one column of it. */
export class PageWriter {
  readonly page: Page = { ...A4, items: [], title: null };
  constructor(readonly style: Style) {}

  text(x: number, y: number, text: string, opts: Partial<Omit<TextRun, 'kind' | 'x' | 'y' | 'text'>> = {}): TextRun {
    const run: TextRun = {
      kind: 'text',
      x,
      y,
      text,
      size: opts.size ?? this.style.size,
      face: opts.face ?? this.style.face,
      bold: opts.bold ?? false,
      color: opts.color ?? INK,
      ...(opts.angle !== undefined ? { angle: opts.angle } : {}),
      ...(opts.alpha !== undefined ? { alpha: opts.alpha } : {}),
      ...(opts.role ? { role: opts.role } : {}),
    };
    this.page.items.push(run);
    return run;
  }
  line(x1: number, y1: number, x2: number, y2: number, width = 0.6, color: Rgb = [70, 70, 80]): void {
    this.page.items.push({ kind: 'line', x1, y1, x2, y2, width, color });
  }
  rect(x: number, y: number, w: number, h: number, opts: { width?: number; stroke?: Rgb | null; fill?: Rgb | null } = {}): void {
    this.page.items.push({
      kind: 'rect',
      x,
      y,
      w,
      h,
      width: opts.width ?? 0.7,
      stroke: opts.stroke === undefined ? [60, 60, 70] : opts.stroke,
      fill: opts.fill ?? null,
    });
  }
  width(text: string, size = this.style.size, bold = false): number {
    return textWidth(text, size, this.style.face, bold);
  }
  flow(x0: number, x1: number, y: number): Flow {
    return new Flow(this, x0, x1, y);
  }
}

export class Flow {
  constructor(
    readonly w: PageWriter,
    public x0: number,
    public x1: number,
    /** The top of the next line. */
    public y: number,
  ) {}

  get size(): number {
    return this.w.style.size;
  }
  get lineHeight(): number {
    return this.w.style.size * this.w.style.leading;
  }
  /** The baseline of the next line. */
  get baseline(): number {
    return this.y + this.size * 0.95;
  }
  gap(points: number): this {
    this.y += points;
    return this;
  }
  /** One line; text beyond the column is the caller's business. */
  line(text: string, opts: { bold?: boolean; size?: number; indent?: number; color?: Rgb } = {}): TextRun {
    const size = opts.size ?? this.size;
    const run = this.w.text(this.x0 + (opts.indent ?? 0), this.y + size * 0.95, text, { bold: opts.bold, size, color: opts.color });
    this.y += size * this.w.style.leading;
    return run;
  }
  /** Several runs on one line at given x offsets from the column's left. */
  row(cells: readonly (readonly [number, string] | readonly [number, string, boolean])[], opts: { size?: number } = {}): TextRun[] {
    const size = opts.size ?? this.size;
    const runs = cells
      .filter(([, t]) => t !== '')
      .map(([dx, t, bold]) => this.w.text(this.x0 + dx, this.y + size * 0.95, t, { size, bold: bold ?? false }));
    this.y += size * this.w.style.leading;
    return runs;
  }
  /** Words wrapped to the column; answers the runs (one per line). */
  wrap(text: string, opts: { bold?: boolean; indent?: number } = {}): TextRun[] {
    const width = this.x1 - this.x0 - (opts.indent ?? 0);
    return wrapWords(text, (s) => this.w.width(s, this.size, opts.bold), width).map((l) => this.line(l, opts));
  }
  heading(text: string, opts: { underline?: boolean; size?: number } = {}): TextRun {
    const size = opts.size ?? this.size + 1;
    this.gap(this.size * 0.4);
    const run = this.line(text, { bold: true, size });
    if (opts.underline)
      this.w.line(this.x0, this.y - size * 0.25, this.x0 + this.w.width(text, size, true), this.y - size * 0.25, 0.6, INK);
    return run;
  }
  rule(width = 0.6): this {
    this.w.line(this.x0, this.y + 2, this.x1, this.y + 2, width);
    this.y += 6;
    return this;
  }
}

/** Greedy word wrap. */
export function wrapWords(text: string, measure: (s: string) => number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = current ? `${current} ${word}` : word;
    if (current && measure(next) > width) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}

/** What the page says, in drawing order (watermarks left out): the plan's facts are read from it. */
export function pageText(page: Page): string {
  return page.items
    .filter((i): i is TextRun => i.kind === 'text' && i.role !== 'watermark')
    .map((r) => r.text)
    .join('\n');
}
