/**
 * Builders for the tests and the benchmark: documents laid out from plain text lines (a monospace grid, so
 * tables and gaps come out where the spaces are), real PDFs (pdf-lib), rendered images (@napi-rs/canvas),
 * and small master data.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type {
  ClinicalAttributeMaster,
  DocumentFile,
  KeywordMaster,
  MasterData,
  ReadDocument,
  RuleDefinition,
  Word,
} from '../../src/verification/types';

/** The monospace grid of docFromText: one character is CHAR_WIDTH wide, a line LINE_HEIGHT tall. */
const CHAR_WIDTH = 6;
const LINE_HEIGHT = 14;
const MARGIN = 40;
const WORD_HEIGHT = 10;
const PAGE = { width: 595, height: 842 };

/** Words of one text line: each run of non-spaces is a word at its character column. */
function wordsOfLine(line: string, lineIndex: number): Word[] {
  const words: Word[] = [];
  for (const m of line.matchAll(/\S+/g)) {
    words.push({
      text: m[0],
      x: MARGIN + (m.index ?? 0) * CHAR_WIDTH,
      y: MARGIN + lineIndex * LINE_HEIGHT,
      width: m[0].length * CHAR_WIDTH,
      height: WORD_HEIGHT,
    });
  }
  return words;
}

/** A read document whose pages are the given text (one string per page, lines split at '\n'). */
export function docFromText(fileName: string, pages: string[], documentId = 1, source: 'text' | 'ocr' = 'text'): ReadDocument {
  return {
    documentId,
    fileName,
    url: `/claims/1/documents/${documentId}`,
    pages: pages.map((text, i) => ({
      pageNumber: i + 1,
      width: PAGE.width,
      height: PAGE.height,
      source,
      words: text.split('\n').flatMap((line, lineIndex) => wordsOfLine(line, lineIndex)),
    })),
  };
}

export interface PdfLine {
  text: string;
  x: number;
  /** Baseline, PDF points from the BOTTOM of the page (PDF's own convention). */
  baseline: number;
  size: number;
}

/** A text PDF (Helvetica) with the given lines on each page. */
export async function makeTextPdf(pages: PdfLine[][]): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage([PAGE.width, PAGE.height]);
    for (const line of lines) page.drawText(line.text, { x: line.x, y: line.baseline, size: line.size, font });
  }
  return pdf.save();
}

/** Width of a text in Helvetica at a size (what pdf-lib drew). */
export async function helveticaWidth(text: string, size: number): Promise<number> {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
  return font.widthOfTextAtSize(text, size);
}

/** A scanned PDF: one page showing the PNG, no text layer. */
export async function makeScannedPdf(png: Uint8Array, widthPoints = PAGE.width, heightPoints = PAGE.height): Promise<Uint8Array> {
  const { PDFDocument } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  const image = await pdf.embedPng(png);
  pdf.addPage([widthPoints, heightPoints]).drawImage(image, { x: 0, y: 0, width: widthPoints, height: heightPoints });
  return pdf.save();
}

const FONT_DIRECTORIES = ['/usr/share/fonts', '/usr/local/share/fonts', '/Library/Fonts', '/System/Library/Fonts', 'C:\\Windows\\Fonts'];
const PREFERRED_FONTS = ['DejaVuSans.ttf', 'LiberationSans-Regular.ttf', 'Arial.ttf', 'arial.ttf', 'FreeSans.ttf'];

/** A sans-serif TrueType font installed on this machine, or null. */
export function findSystemFont(): string | null {
  const found: string[] = [];
  const walk = (dir: string, depth: number) => {
    if (depth > 4 || !existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full, depth + 1);
      else if (/\.ttf$/i.test(entry.name)) found.push(full);
    }
  };
  for (const d of FONT_DIRECTORIES) walk(d, 0);
  for (const name of PREFERRED_FONTS) {
    const hit = found.find((f) => path.basename(f) === name);
    if (hit) return hit;
  }
  return found.find((f) => /sans/i.test(f) && !/mono|bold|oblique|italic/i.test(f)) ?? found[0] ?? null;
}

export interface ImageLine {
  text: string;
  x: number;
  /** Top of the text, pixels from the top. */
  y: number;
  size: number;
}

/** A white PNG with black text (the font is registered once under the family 'ClaimsTest'). */
export async function renderTextImage(lines: ImageLine[], width = 1240, height = 1754): Promise<Uint8Array> {
  const { createCanvas, GlobalFonts } = await import('@napi-rs/canvas');
  const font = findSystemFont();
  if (!font) throw new Error('no TrueType font found on this machine to render test images');
  if (!GlobalFonts.has('ClaimsTest')) GlobalFonts.registerFromPath(font, 'ClaimsTest');
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#000000';
  context.textBaseline = 'top';
  for (const line of lines) {
    context.font = `${line.size}px ClaimsTest`;
    context.fillText(line.text, line.x, line.y);
  }
  return canvas.encode('png');
}

export const file = (
  fileName: string,
  data: Uint8Array,
  contentType: DocumentFile['contentType'] = 'application/pdf',
  documentId = 1,
): DocumentFile => ({
  documentId,
  fileName,
  contentType,
  url: `/claims/1/documents/${documentId}`,
  data,
});

let nextId = 1000;
export const keyword = (name: string, alias: string[] = [], extra: Partial<KeywordMaster> = {}): KeywordMaster => ({
  id: nextId++,
  name,
  alias,
  ...extra,
});

export const attribute = (name: string, extra: Partial<ClinicalAttributeMaster> = {}): ClinicalAttributeMaster => ({
  id: nextId++,
  name,
  alias: [],
  value_type: 'Number',
  tabular: false,
  distributed_attribute_value: false,
  units: [],
  number_range: null,
  text_possible_values: [],
  overrides: [],
  patternOverridesForValues: [],
  ...extra,
});

export const emptyMasters = (extra: Partial<MasterData> = {}): MasterData => ({
  procedures: [],
  diagnoses: [],
  evidence: [],
  drugs: [],
  tissues: [],
  documents: [],
  preExistingDiseases: [],
  clinicalAttributes: [],
  docgroups: {},
  ...extra,
});

export const ruleOf = (trees: Partial<RuleDefinition> = {}): RuleDefinition => ({
  id: 1,
  version: 1,
  procedureRule: null,
  diagnosisRule: null,
  documentRule: null,
  clinicalTermsRule: null,
  documentExclusionList: [],
  clinicalInclusionDocuments: [],
  clinicalExclusionDocuments: [],
  ...trees,
});
