/**
 * PDF pages with pdfjs-dist's legacy build (runs on Node 20 without a worker): the text layer gives words
 * with boxes; a page without one (a scan) is rendered with pdfjs's own Node canvas and OCRed.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ReadPage, Word } from '../types';
import { runsToWords, type TextRun } from './words';

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));

type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type PDFDocumentProxy = import('pdfjs-dist/legacy/build/pdf.mjs').PDFDocumentProxy;
type PDFPageProxy = import('pdfjs-dist/legacy/build/pdf.mjs').PDFPageProxy;
let pdfjsModule: Promise<Pdfjs> | null = null;
export const loadPdfjs = (): Promise<Pdfjs> => (pdfjsModule ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

/** Scans are rendered at this resolution for OCR (a good trade of accuracy and time for tesseract). */
const OCR_DPI = 200;
/** Longest side of a rendered page, in pixels, whatever the page's size in points. */
const MAX_RENDER_SIDE = 4000;
/** A page with an image and fewer letters than this in its text layer is treated as a scan. */
const MIN_TEXT_LAYER_CHARS = 20;

/** pdfjs types its Node canvas factory as Object; this is the part of it used here. */
interface NodeCanvasFactory {
  create(
    width: number,
    height: number,
  ): {
    canvas: { toBuffer(mime: 'image/png'): Uint8Array };
    context: { fillStyle: string; fillRect(x: number, y: number, w: number, h: number): void };
  };
}

export type Recognize = (png: Uint8Array) => Promise<Word[]>;

export class PdfReadError extends Error {}

export interface PdfReadOptions {
  /** At most `parallel` pages are OCRed at a time. */
  parallel: number;
  /** Called with the page count before any page is read; throws to refuse the document. */
  checkPageCount: (pages: number) => void;
  /** Images above this many pixels are not drawn (pdfjs's maxImageSize). */
  maxImagePixels: number;
}

/**
 * Reads every page. Pages that need OCR go through `recognize`; a page whose OCR fails is kept empty and
 * reported in `warnings`.
 */
export async function readPdf(
  data: Uint8Array,
  recognize: Recognize,
  { parallel, checkPageCount, maxImagePixels }: PdfReadOptions,
): Promise<{ pages: ReadPage[]; warnings: string[] }> {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({
    // pdfjs takes ownership of (detaches) the buffer it is given: hand it a copy.
    data: new Uint8Array(data),
    standardFontDataUrl: path.join(pdfjsRoot, 'standard_fonts') + path.sep,
    cMapUrl: path.join(pdfjsRoot, 'cmaps') + path.sep,
    cMapPacked: true,
    isEvalSupported: false,
    disableFontFace: true,
    maxImageSize: maxImagePixels,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  let pdf: PDFDocumentProxy;
  try {
    pdf = await task.promise;
  } catch (error) {
    await task.destroy();
    if ((error as Error)?.name === 'PasswordException') throw new PdfReadError('the PDF is password protected');
    throw new PdfReadError(`not a readable PDF (${messageOf(error)})`);
  }
  const imageOps = new Set([
    pdfjs.OPS.paintImageXObject,
    pdfjs.OPS.paintInlineImageXObject,
    pdfjs.OPS.paintImageXObjectRepeat,
    pdfjs.OPS.paintImageMaskXObject,
  ]);
  const warnings: string[] = [];
  try {
    checkPageCount(pdf.numPages);
    const pages: ReadPage[] = [];
    const scans: { index: number; page: PDFPageProxy }[] = [];
    for (let pageNumber = 1; pageNumber <= pdf.numPages; pageNumber += 1) {
      try {
        const page = await pdf.getPage(pageNumber);
        const viewport = page.getViewport({ scale: 1 });
        const words = runsToWords(await textRuns(pdfjs, page));
        const letters = words.reduce((n, w) => n + w.text.replace(/[^\p{L}\p{N}]/gu, '').length, 0);
        const isScan = letters < MIN_TEXT_LAYER_CHARS && (await page.getOperatorList()).fnArray.some((op) => imageOps.has(op));
        pages.push({
          pageNumber,
          width: viewport.width,
          height: viewport.height,
          source: isScan ? 'ocr' : 'text',
          words: isScan ? [] : words,
        });
        if (isScan) scans.push({ index: pages.length - 1, page });
      } catch (error) {
        // One damaged page does not make the rest of the document unreadable.
        warnings.push(`page ${pageNumber}: ${messageOf(error)}`);
        pages.push({ pageNumber, width: 0, height: 0, source: 'text', words: [] });
      }
    }
    await forEachLimited(scans, parallel, async ({ index, page }) => {
      try {
        const { png, scale } = await render(pdf, page);
        pages[index].words = (await recognize(png)).map((w) => ({
          ...w,
          x: w.x / scale,
          y: w.y / scale,
          width: w.width / scale,
          height: w.height / scale,
        }));
      } catch (error) {
        warnings.push(`page ${pages[index].pageNumber}: OCR failed (${messageOf(error)})`);
      }
    });
    return { pages, warnings };
  } finally {
    await pdf.destroy();
  }
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

async function textRuns(pdfjs: Pdfjs, page: PDFPageProxy): Promise<TextRun[]> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const runs: TextRun[] = [];
  for (const item of content.items) {
    if (!('str' in item) || !item.str.trim()) continue;
    const tx = pdfjs.Util.transform(viewport.transform, item.transform) as number[];
    const family = content.styles[item.fontName]?.fontFamily;
    runs.push({ text: item.str, x: tx[4], baseline: tx[5], width: item.width, size: Math.hypot(tx[2], tx[3]), family });
  }
  return runs;
}

/** The page as a PNG for OCR, and the pixels per point it was drawn at. */
async function render(pdf: PDFDocumentProxy, page: PDFPageProxy): Promise<{ png: Uint8Array; scale: number }> {
  const viewport = page.getViewport({ scale: 1 });
  const scale = Math.min(OCR_DPI / 72, MAX_RENDER_SIDE / Math.max(viewport.width, viewport.height));
  const scaled = page.getViewport({ scale });
  const width = Math.ceil(scaled.width);
  const height = Math.ceil(scaled.height);
  const { canvas, context } = (pdf.canvasFactory as NodeCanvasFactory).create(width, height);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  // The Node canvas stands in for a DOM canvas here.
  await page.render({ canvas: canvas as never, viewport: scaled }).promise;
  return { png: canvas.toBuffer('image/png'), scale };
}

async function forEachLimited<T>(items: T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await run(items[next++]);
  });
  await Promise.all(lanes);
}
