/**
 * Lays out a document's content blocks on A4 pages (positions in PDF points, origin top-left), the same
 * layout for the text PDF and for the scanned image, so both carry the same words in the same places.
 *
 * A planted phrase is glued with no-break spaces (glue()), so wrapping never splits it over two lines.
 */
import { StandardFontEmbedder, StandardFonts } from 'pdf-lib';

export type FontFace = 'sans' | 'serif' | 'mono';

export type Block =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'fields'; items: [string, string][]; columns: 1 | 2 }
  | { kind: 'text'; text: string }
  | { kind: 'table'; headers: string[]; rows: string[][]; widths: number[]; grid?: GridStyle }
  | { kind: 'gap'; size: number }
  | { kind: 'sign'; text: string }
  | { kind: 'stamp'; text: string };

/** Ruling lines around every cell of a table, as gridded lab and radiology tables are printed. */
export interface GridStyle {
  /** Line width in points. */
  weight: number;
}

export interface LayoutStyle {
  face: FontFace;
  titleAlign: 'left' | 'center';
  headerAlign: 'left' | 'center';
  labelSeparator: string;
  bodySize: number;
}

/** One part of a tall letterhead, top to bottom. */
export type LetterheadBlock =
  | { kind: 'line'; text: string; size: number; bold: boolean }
  /** Two lists side by side, the left one flush left and the right one flush right (the consultants' names). */
  | { kind: 'columns'; left: string[]; right: string[]; size: number }
  /** A framed emblem with the hospital's initials. */
  | { kind: 'logo'; text: string }
  | { kind: 'rule'; weight: number }
  | { kind: 'gap'; size: number };

/** Printed stationery whose letterhead takes the top quarter or third of every page, above the title. */
export interface Letterhead {
  blocks: LetterheadBlock[];
  align: 'left' | 'center';
  /** Where the title's line starts, as a share of the page height; blank paper fills the gap below the blocks. */
  titleTop: number;
}

export interface PageFrame {
  /** Hospital name first, then address lines (the plain header, when there is no letterhead). */
  header: string[];
  letterhead?: Letterhead;
  /** Shown on pages after the first, in place of the title. */
  continuedTitle: string;
  footer: (page: number, pages: number) => string;
}

export interface TextRun {
  text: string;
  x: number;
  /** Top of the line box. */
  y: number;
  size: number;
  bold: boolean;
  /** The width the layout gave the text (a table cell's); a scan squeezes a wider rendering into it. */
  maxWidth?: number;
}

export interface Rule {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /** Line width in points; a hairline when absent. */
  weight?: number;
}

export interface LaidPage {
  width: number;
  height: number;
  face: FontFace;
  runs: TextRun[];
  rules: Rule[];
  boxes: Rule[];
}

export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
const MARGIN = 48;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const FOOTER_Y = PAGE_HEIGHT - 36;
/** Where the first line of a page starts. */
const PAGE_TOP = MARGIN - 12;
const LOGO_SIDE = 40;
const BODY_BOTTOM = FOOTER_Y - 14;

const NBSP = '\u00a0';
/** Keeps a phrase on one line. */
export const glue = (phrase: string): string => phrase.replace(/ /g, NBSP);
/** The text as printed (no-break spaces become spaces). */
export const printable = (text: string): string => text.replace(/\u00a0/g, ' ');

const FONT_NAMES: Record<FontFace, [StandardFonts, StandardFonts]> = {
  sans: [StandardFonts.Helvetica, StandardFonts.HelveticaBold],
  serif: [StandardFonts.TimesRoman, StandardFonts.TimesRomanBold],
  mono: [StandardFonts.Courier, StandardFonts.CourierBold],
};
const charWidths = new Map<StandardFonts, Map<string, number>>();
const embedders = new Map<StandardFonts, StandardFontEmbedder>();
export function standardFont(face: FontFace, bold: boolean): StandardFonts {
  return FONT_NAMES[face][bold ? 1 : 0];
}
/** Text width from cached per-character widths (pdf-lib's own measuring is slow for whole lines). */
function measure(face: FontFace, bold: boolean, text: string, size: number): number {
  const name = standardFont(face, bold);
  let widths = charWidths.get(name);
  if (!widths) {
    widths = new Map();
    charWidths.set(name, widths);
  }
  let total = 0;
  for (const ch of printable(text)) {
    let w = widths.get(ch);
    if (w === undefined) {
      // StandardFonts values are the standard font names pdf-lib's embedder takes.
      let e = embedders.get(name);
      if (!e) {
        e = StandardFontEmbedder.for(name as unknown as Parameters<typeof StandardFontEmbedder.for>[0]);
        embedders.set(name, e);
      }
      w = e.widthOfTextAtSize(ch, 1000);
      widths.set(ch, w);
    }
    total += w;
  }
  return (total * size) / 1000;
}

/** Splits text into lines no wider than `width` (a single over-long word stays whole). */
function wrap(face: FontFace, bold: boolean, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ').filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && measure(face, bold, candidate, size) > width) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    lines.push(line);
  }
  return lines;
}

class PageWriter {
  readonly pages: LaidPage[] = [];
  private page!: LaidPage;
  private y = 0;

  constructor(
    private readonly style: LayoutStyle,
    private readonly frame: PageFrame,
    private readonly title: string,
  ) {
    this.newPage();
  }

  private newPage(): void {
    this.page = { width: PAGE_WIDTH, height: PAGE_HEIGHT, face: this.style.face, runs: [], rules: [], boxes: [] };
    this.pages.push(this.page);
    this.y = PAGE_TOP;
    if (this.frame.letterhead) this.letterhead(this.frame.letterhead);
    else {
      const [name, ...address] = this.frame.header;
      this.line(name, 14, true, this.style.headerAlign);
      for (const a of address) this.line(a, 8.5, false, this.style.headerAlign);
      this.y += 3;
      this.page.rules.push({ x1: MARGIN, y1: this.y, x2: PAGE_WIDTH - MARGIN, y2: this.y });
      this.y += 10;
    }
    const first = this.pages.length === 1;
    this.line(first ? this.title : this.frame.continuedTitle, first ? 13 : 9.5, true, this.style.titleAlign);
    this.y += first ? 8 : 4;
  }

  private letterhead(l: Letterhead): void {
    for (const b of l.blocks) {
      switch (b.kind) {
        case 'line':
          this.line(b.text, b.size, b.bold, l.align);
          break;
        case 'columns': {
          const right = PAGE_WIDTH - MARGIN;
          for (let i = 0; i < Math.max(b.left.length, b.right.length); i++) {
            if (b.left[i]) this.page.runs.push({ text: b.left[i], x: MARGIN, y: this.y, size: b.size, bold: false });
            if (b.right[i]) {
              const w = measure(this.style.face, false, b.right[i], b.size);
              this.page.runs.push({ text: b.right[i], x: right - w, y: this.y, size: b.size, bold: false });
            }
            this.y += b.size * 1.35;
          }
          break;
        }
        case 'logo': {
          const x = l.align === 'center' ? (PAGE_WIDTH - LOGO_SIDE) / 2 : MARGIN;
          this.page.boxes.push({ x1: x, y1: this.y, x2: x + LOGO_SIDE, y2: this.y + LOGO_SIDE });
          const w = measure(this.style.face, true, b.text, 12);
          this.page.runs.push({ text: b.text, x: x + (LOGO_SIDE - w) / 2, y: this.y + LOGO_SIDE / 2 - 7, size: 12, bold: true });
          this.y += LOGO_SIDE + 6;
          break;
        }
        case 'rule':
          this.y += 2;
          this.page.rules.push({ x1: MARGIN, y1: this.y, x2: PAGE_WIDTH - MARGIN, y2: this.y, weight: b.weight });
          this.y += 3;
          break;
        case 'gap':
          this.y += b.size;
          break;
      }
    }
    this.y = Math.max(this.y, l.titleTop * PAGE_HEIGHT);
  }

  /** The ruling lines of one table row: its top and bottom, and a line at each column's edge. */
  private cellLines(xs: number[], top: number, bottom: number, grid: GridStyle): void {
    const right = PAGE_WIDTH - MARGIN;
    for (const y of [top, bottom]) this.page.rules.push({ x1: MARGIN, y1: y, x2: right, y2: y, weight: grid.weight });
    for (const x of [...xs, right]) this.page.rules.push({ x1: x, y1: top, x2: x, y2: bottom, weight: grid.weight });
  }

  ensure(height: number): void {
    if (this.y + height > BODY_BOTTOM) this.newPage();
  }

  line(text: string, size: number, bold: boolean, align: 'left' | 'center' = 'left', x = MARGIN): void {
    const w = measure(this.style.face, bold, text, size);
    const left = align === 'center' ? (PAGE_WIDTH - w) / 2 : x;
    this.page.runs.push({ text, x: left, y: this.y, size, bold });
    this.y += size * 1.35;
  }

  /** Writes wrapped text at x within width; returns the height used. `cell`: the text must stay inside the width. */
  wrapped(text: string, size: number, bold: boolean, x: number, width: number, y = this.y, cell = false): number {
    const lines = wrap(this.style.face, bold, text, size, width);
    lines.forEach((l, i) => {
      this.page.runs.push({ text: l, x, y: y + i * size * 1.35, size, bold, ...(cell ? { maxWidth: width } : {}) });
    });
    return lines.length * size * 1.35;
  }

  block(b: Block): void {
    const size = this.style.bodySize;
    const face = this.style.face;
    switch (b.kind) {
      case 'title':
        this.ensure(30);
        this.line(b.text, 12, true, this.style.titleAlign);
        this.y += 4;
        break;
      case 'heading':
        this.ensure(size * 4);
        this.y += 3;
        this.line(b.text, size + 0.5, true);
        break;
      case 'text': {
        const lines = wrap(face, false, b.text, size, CONTENT_WIDTH);
        for (const l of lines) {
          this.ensure(size * 1.4);
          this.line(l, size, false);
        }
        break;
      }
      case 'fields': {
        const colWidth = CONTENT_WIDTH / b.columns;
        for (let i = 0; i < b.items.length; i += b.columns) {
          const row = b.items.slice(i, i + b.columns);
          const texts = row.map(([label, value]) => `${label}${this.style.labelSeparator}${value}`);
          const heights = texts.map((t) => wrap(face, false, t, size, colWidth - 8).length * size * 1.35);
          this.ensure(Math.max(...heights));
          const top = this.y;
          texts.forEach((t, c) => {
            this.wrapped(t, size, false, MARGIN + c * colWidth, colWidth - 8, top);
          });
          this.y = top + Math.max(...heights);
        }
        break;
      }
      case 'table': {
        const total = b.widths.reduce((s, w) => s + w, 0);
        const xs: number[] = [];
        let acc = MARGIN;
        for (const w of b.widths) {
          xs.push(acc);
          acc += (w / total) * CONTENT_WIDTH;
        }
        const colWidth = (c: number) => (b.widths[c] / total) * CONTENT_WIDTH - 6;
        // A plain table has rules only around the header and at the end; a gridded one rules every cell,
        // as many hospitals print them (the lines crowd the text, which is what makes such scans hard to read).
        const grid = b.grid;
        const rule = () => {
          if (!grid) this.page.rules.push({ x1: MARGIN, y1: this.y, x2: PAGE_WIDTH - MARGIN, y2: this.y });
        };
        const row = (cells: string[], bold: boolean) => {
          const heights = cells.map((cell, c) => wrap(face, bold, cell, size, colWidth(c)).length * size * 1.35);
          const h = Math.max(...heights) + 5;
          this.ensure(h + 2);
          const top = this.y + 3;
          cells.forEach((cell, c) => {
            // A ruled cell keeps its text off the lines.
            this.wrapped(cell, size, bold, xs[c] + 3, colWidth(c), top, grid !== undefined);
          });
          if (grid) this.cellLines(xs, this.y, this.y + h, grid);
          this.y += h;
        };
        this.ensure(size * 4);
        rule();
        row(b.headers, true);
        rule();
        for (const r of b.rows) row(r, false);
        this.y += 2;
        rule();
        this.y += 6;
        break;
      }
      case 'gap':
        this.y += b.size;
        break;
      case 'sign':
        this.ensure(size * 5);
        this.y += size * 2;
        this.line(b.text, size, true, 'left', PAGE_WIDTH - MARGIN - measure(face, true, b.text, size));
        break;
      case 'stamp': {
        const w = measure(face, true, b.text, 12) + 16;
        const x = PAGE_WIDTH - MARGIN - w;
        const y = MARGIN + 40;
        this.page.boxes.push({ x1: x, y1: y, x2: x + w, y2: y + 22 });
        this.page.runs.push({ text: b.text, x: x + 8, y: y + 5, size: 12, bold: true });
        break;
      }
    }
  }
}

/** The height a letterhead block takes (PageWriter.letterhead moves down by as much). */
function letterheadBlockHeight(b: LetterheadBlock): number {
  switch (b.kind) {
    case 'line':
      return b.size * 1.35;
    case 'columns':
      return Math.max(b.left.length, b.right.length) * b.size * 1.35;
    case 'logo':
      return LOGO_SIDE + 6;
    case 'rule':
      return 5;
    case 'gap':
      return b.size;
  }
}

/** Where a letterhead's blocks end, in points from the top of the page; the title starts there or lower. */
export function letterheadBottom(blocks: LetterheadBlock[]): number {
  return blocks.reduce((y, b) => y + letterheadBlockHeight(b), PAGE_TOP);
}

/** Lays the blocks out page by page, with the hospital header, the title and a footer on each page. */
export function layoutDocument(blocks: Block[], style: LayoutStyle, frame: PageFrame, title: string): LaidPage[] {
  const writer = new PageWriter(style, frame, title);
  for (const b of blocks) writer.block(b);
  const pages = writer.pages;
  pages.forEach((p, i) => {
    p.rules.push({ x1: MARGIN, y1: FOOTER_Y - 4, x2: PAGE_WIDTH - MARGIN, y2: FOOTER_Y - 4 });
    p.runs.push({ text: frame.footer(i + 1, pages.length), x: MARGIN, y: FOOTER_Y, size: 7.5, bold: false });
  });
  return pages;
}

/** The page's words in reading order, as the ground truth of what it says. */
export function pageText(page: LaidPage): string {
  return [...page.runs]
    .sort((a, b) => a.y - b.y || a.x - b.x)
    .map((r) => printable(r.text))
    .join('\n');
}
