/**
 * PDF pages with pdfjs-dist's legacy build (runs on Node 20 without a worker): the text layer gives words
 * with boxes; a page without one (a scan) is rendered with pdfjs's own Node canvas, at the resolution of the
 * scan it shows, and read as a scan (./scan).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ReadPage } from '../types';
import type { PageImage } from './prepare';
import { isJunkTextLayer } from './readability';
import { type ReadScan, scaledReading } from './scan';
import { mayHideFaintText, withoutWatermarks } from './watermark';
import { runsToWords, type TextRun } from './words';

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));

type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type PDFDocumentProxy = import('pdfjs-dist/legacy/build/pdf.mjs').PDFDocumentProxy;
type PDFPageProxy = import('pdfjs-dist/legacy/build/pdf.mjs').PDFPageProxy;
let pdfjsModule: Promise<Pdfjs> | null = null;

/**
 * The legacy build carries core-js, which on Node 20 replaces Array.prototype.push and JSON.stringify for the
 * whole process with versions that fix corners of the newest specs (an error on an array of frozen length,
 * JSON.rawJSON) and are several times slower: every push of every request, not only pdfjs's, paid for it
 * (push and its length setter were a tenth of reading a text page). The process's own are put back once
 * pdfjs and its worker code (which the fake worker would load later, polyfilling again) are loaded.
 */
const NATIVE = { push: Array.prototype.push, stringify: JSON.stringify };

export const loadPdfjs = (): Promise<Pdfjs> =>
  (pdfjsModule ??= (async () => {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    // Sets globalThis.pdfjsWorker, which the fake worker takes instead of importing it. No type declarations
    // ship for the worker module: imported by a name held in a variable, it is typed as unknown.
    const workerModule = 'pdfjs-dist/legacy/build/pdf.worker.mjs';
    await import(workerModule);
    Array.prototype.push = NATIVE.push;
    JSON.stringify = NATIVE.stringify;
    return pdfjs;
  })());

/**
 * A scanned page is read at the resolution of its scan, so that each pixel of the scan is one pixel for OCR,
 * as an image file is: more adds nothing but time (200 dpi made a 137 dpi scan twice the pixels), and a scan
 * is never sharper than itself. Within these bounds (a 600 dpi scan is read at 300, a 72 dpi one drawn at 100);
 * pages whose image size is not known are rendered at DEFAULT_OCR_DPI.
 */
const OCR_DPI = { min: 100, max: 300 };
const DEFAULT_OCR_DPI = 200;
/** How long to wait for pdfjs to hand over a page's decoded image before drawing the page instead. */
const IMAGE_WAIT_MS = 10_000;
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
    canvas: object;
    context: {
      fillStyle: string;
      fillRect(x: number, y: number, w: number, h: number): void;
      getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
    };
  };
}

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
 * Reads every page. Pages that need OCR go through `scan`; a page whose OCR fails is kept empty and
 * reported in `warnings`.
 */
export async function readPdf(
  data: Uint8Array,
  scan: ReadScan,
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
    const scans: { index: number; page: PDFPageProxy; scale: number; wholePage: string | null }[] = [];
    for (let pageNumber = 1; pageNumber <= pdf.numPages; pageNumber += 1) {
      try {
        const page = await pdf.getPage(pageNumber);
        const viewport = page.getViewport({ scale: 1 });
        const words = runsToWords(await textRuns(pdfjs, page));
        const letters = words.reduce((n, w) => n + w.text.replace(/[^\p{L}\p{N}]/gu, '').length, 0);
        const operators = letters < MIN_TEXT_LAYER_CHARS ? await page.getOperatorList() : null;
        const imageWidth = operators ? widestImage(operators, imageOps) : null;
        // A text layer whose words are not words (fonts mapped to the wrong letters) is read from the drawn page.
        const junk = !operators && isJunkTextLayer(words);
        const isScan = imageWidth !== null || junk;
        pages.push({
          pageNumber,
          width: viewport.width,
          height: viewport.height,
          source: isScan ? 'ocr' : 'text',
          words: isScan ? [] : words,
        });
        if (junk) scans.push({ index: pages.length - 1, page, scale: renderScale(0, viewport), wholePage: null });
        if (operators && imageWidth !== null) {
          const scale = renderScale(imageWidth, viewport);
          // A page that is one image, read at that image's own scale, is read from the image without drawing it.
          const ownScale = Math.abs(scale - imageWidth / viewport.width) < 1e-6;
          const wholePage = ownScale && page.rotate === 0 ? wholePageImage(pdfjs, operators, page.view) : null;
          scans.push({ index: pages.length - 1, page, scale, wholePage });
        }
      } catch (error) {
        // One damaged page does not make the rest of the document unreadable.
        warnings.push(`page ${pageNumber}: ${messageOf(error)}`);
        pages.push({ pageNumber, width: 0, height: 0, source: 'text', words: [] });
      }
    }
    await forEachLimited(scans, parallel, async ({ index, page, scale, wholePage }) => {
      try {
        const image = (wholePage && (await embeddedImage(pdfjs, page, wholePage, scale))) || (await render(pdf, page, scale));
        const reading = await scan(image);
        Object.assign(pages[index], scaledReading(reading, scale), { legibility: reading.legibility });
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
  const strings: string[] = [];
  for (const item of content.items) {
    if (!('str' in item)) continue;
    strings.push(item.str);
    if (!item.str.trim()) continue;
    const tx = pdfjs.Util.transform(viewport.transform, item.transform) as number[];
    const family = content.styles[item.fontName]?.fontFamily;
    // The viewport's y axis points down: an upright run has tx[1] = 0, one turned counter-clockwise a negative tx[1].
    const angle = (Math.atan2(-tx[1], tx[0]) * 180) / Math.PI;
    runs.push({ text: item.str, x: tx[4], baseline: tx[5], width: item.width, size: Math.hypot(tx[2], tx[3]), family, angle });
  }
  if (mayHideFaintText(runs)) {
    const faint = faintStrings(pdfjs, await page.getOperatorList(), strings);
    if (faint) {
      const faintRuns = faint.filter((_, i) => strings[i].trim());
      runs.forEach((run, i) => {
        if (faintRuns[i]) run.faint = true;
      });
    }
  }
  return withoutWatermarks(runs);
}

/** Ink below this (the colour's darkness times its opacity, 0 to 1) shows little against white paper. */
const FAINT_INK = 0.35;

/**
 * Which of the text content's strings are drawn faint, from the fill colour and opacity the page's operators
 * set before each text-showing operator. The strings' letters are the operators' glyphs in the same order,
 * less those pdfjs leaves out (drawn off the page: a watermark's tiles at its edges), so each letter is
 * matched to the next glyph of the same letter. Null when a letter finds none (then nothing is known of the
 * strings' colours).
 */
function faintStrings(pdfjs: Pdfjs, operators: { fnArray: number[]; argsArray: unknown[] }, strings: string[]): boolean[] | null {
  const { OPS } = pdfjs;
  const showing = new Set([OPS.showText, OPS.showSpacedText, OPS.nextLineShowText, OPS.nextLineSetSpacingShowText]);
  // pdfjs normalises ligatures and the like in text content ('ﬁ' to 'fi'): plain ASCII needs no normalising
  const letters = (text: string) => (/^[\x20-\x7e]*$/.test(text) ? text.replace(/ /g, '') : text.normalize('NFKC').replace(/\s+/g, ''));
  const glyphs: string[] = [];
  const faintGlyphs: boolean[] = [];
  let state = { ink: 1, alpha: 1 };
  const stack: (typeof state)[] = [];
  operators.fnArray.forEach((op, i) => {
    const args = operators.argsArray[i] as unknown[] | null;
    if (op === OPS.save || op === OPS.paintFormXObjectBegin) stack.push(state);
    else if (op === OPS.restore || op === OPS.paintFormXObjectEnd) state = stack.pop() ?? state;
    else if (op === OPS.setFillRGBColor) state = { ...state, ink: inkOf(args?.[0]) };
    else if (op === OPS.setGState && Array.isArray(args?.[0])) {
      for (const entry of args[0] as unknown[])
        if (Array.isArray(entry) && entry[0] === 'ca' && typeof entry[1] === 'number') state = { ...state, alpha: entry[1] };
    } else if (showing.has(op)) {
      const faint = state.ink * state.alpha < FAINT_INK;
      for (const glyph of (args?.find(Array.isArray) as unknown[] | undefined) ?? []) {
        const unicode = (glyph as { unicode?: unknown } | null)?.unicode;
        if (typeof unicode !== 'string') continue;
        for (const letter of letters(unicode)) {
          glyphs.push(letter);
          faintGlyphs.push(faint);
        }
      }
    }
  });
  let at = 0;
  const faint: boolean[] = [];
  for (const text of strings) {
    let all = text.trim().length > 0;
    for (const letter of letters(text)) {
      while (at < glyphs.length && glyphs[at] !== letter) at += 1;
      if (at === glyphs.length) return null;
      all &&= faintGlyphs[at];
      at += 1;
    }
    faint.push(all);
  }
  return faint;
}

/** A fill colour's darkness, 0 (white) to 1 (black), from pdfjs's '#rrggbb' (or its three channels). */
function inkOf(colour: unknown): number {
  let channels: number[] | null = null;
  if (typeof colour === 'string' && /^#[0-9a-f]{6}$/i.test(colour))
    channels = [1, 3, 5].map((at) => Number.parseInt(colour.slice(at, at + 2), 16));
  else if (isArrayLike(colour) && colour.length >= 3) channels = [colour[0], colour[1], colour[2]].map(Number);
  if (!channels || channels.some((c) => !Number.isFinite(c))) return 1;
  const [r, g, b] = channels;
  return 1 - (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

const isArrayLike = (value: unknown): value is ArrayLike<unknown> =>
  Array.isArray(value) || value instanceof Uint8Array || value instanceof Uint8ClampedArray;

/**
 * The width in pixels of the widest image the page draws, 0 when its size is not told, or null when the page
 * draws no image. pdfjs gives an XObject image's size as the operator's 2nd and 3rd arguments, an inline
 * image's and an image mask's on the image object.
 */
function widestImage(operators: { fnArray: number[]; argsArray: unknown[] }, imageOps: Set<number>): number | null {
  let widest: number | null = null;
  operators.fnArray.forEach((op, i) => {
    if (!imageOps.has(op)) return;
    const args = operators.argsArray[i] as unknown[] | null;
    const given = typeof args?.[1] === 'number' ? args[1] : (args?.[0] as { width?: unknown } | undefined)?.width;
    widest = Math.max(widest ?? 0, typeof given === 'number' && given > 0 ? given : 0);
  });
  return widest;
}

/**
 * The id of the one image a page consists of: painted over the whole page, upright, with nothing else drawn
 * (the usual scanned page). Null for any other page, which is drawn instead.
 */
function wholePageImage(pdfjs: Pdfjs, operators: { fnArray: number[]; argsArray: unknown[] }, view: number[]): string | null {
  const { OPS } = pdfjs;
  const harmless = new Set([
    OPS.save,
    OPS.restore,
    OPS.transform,
    OPS.dependency,
    OPS.beginMarkedContent,
    OPS.beginMarkedContentProps,
    OPS.endMarkedContent,
  ]);
  const identity = [1, 0, 0, 1, 0, 0];
  const stack: number[][] = [];
  let matrix = identity;
  let image: string | null = null;
  for (const [i, op] of operators.fnArray.entries()) {
    const args = operators.argsArray[i] as unknown[] | null;
    if (op === OPS.save) stack.push(matrix);
    else if (op === OPS.restore) matrix = stack.pop() ?? identity;
    else if (op === OPS.transform) matrix = pdfjs.Util.transform(matrix, args as number[]) as number[];
    else if (op === OPS.paintImageXObject && image === null && typeof args?.[0] === 'string') {
      const [a, b, c, d, e, f] = matrix;
      const [left, bottom, right, top] = view;
      const near = (x: number, y: number) => Math.abs(x - y) <= 0.5;
      if (!(near(a, right - left) && near(d, top - bottom) && near(b, 0) && near(c, 0) && near(e, left) && near(f, bottom))) return null;
      image = args[0];
    } else if (!harmless.has(op)) return null;
  }
  return image;
}

/**
 * The page's one image as pixels, as pdfjs decodes it for the operator list (no drawing), or null when pdfjs
 * does not hand it over in time or in a form read here: the page is then drawn.
 */
async function embeddedImage(pdfjs: Pdfjs, page: PDFPageProxy, id: string, pixelsPerPoint: number): Promise<PageImage | null> {
  let timer: NodeJS.Timeout | undefined;
  const decoded = await Promise.race([
    new Promise<unknown>((resolve) => page.objs.get(id, resolve)),
    new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), IMAGE_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  if (!decoded) return null;
  const image = decoded as PdfImage;
  // Pixels as tall as they are wide on the page, or the boxes would not scale back to points.
  const [, bottom, , top] = page.view;
  if (Math.abs(image.height - (top - bottom) * pixelsPerPoint) > 1 + 0.01 * image.height) return null;
  const rgba = rgbaOf(pdfjs, image);
  return rgba ? { width: image.width, height: image.height, rgba, pixelsPerPoint } : null;
}

/** A decoded image as pdfjs keeps it (`ImageKind`: 1 bit, RGB or RGBA a pixel). */
interface PdfImage {
  width: number;
  height: number;
  kind: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** The image's pixels as RGBA; transparent ones on white paper. Null for a form not read here. */
function rgbaOf(pdfjs: Pdfjs, { width, height, kind, data }: PdfImage): Uint8Array | null {
  if (
    !Number.isInteger(width) ||
    !Number.isInteger(height) ||
    width <= 0 ||
    height <= 0 ||
    !(data instanceof Uint8Array || data instanceof Uint8ClampedArray)
  )
    return null;
  const pixels = width * height;
  const rgba = new Uint8Array(pixels * 4);
  if (kind === pdfjs.ImageKind.RGB_24BPP && data.length >= pixels * 3) {
    for (let i = 0, j = 0; i < pixels; i += 1, j += 3) {
      rgba[4 * i] = data[j];
      rgba[4 * i + 1] = data[j + 1];
      rgba[4 * i + 2] = data[j + 2];
      rgba[4 * i + 3] = 255;
    }
  } else if (kind === pdfjs.ImageKind.RGBA_32BPP && data.length >= pixels * 4) {
    for (let i = 0; i < pixels * 4; i += 4) {
      const alpha = data[i + 3];
      for (let c = 0; c < 3; c += 1) rgba[i + c] = Math.round((data[i + c] * alpha) / 255 + 255 - alpha);
      rgba[i + 3] = 255;
    }
  } else if (kind === pdfjs.ImageKind.GRAYSCALE_1BPP && data.length >= Math.ceil(width / 8) * height) {
    // A set bit is white; each row starts on a byte.
    const rowBytes = Math.ceil(width / 8);
    for (let y = 0; y < height; y += 1)
      for (let x = 0; x < width; x += 1) {
        const level = (data[y * rowBytes + (x >> 3)] >> (7 - (x & 7))) & 1 ? 255 : 0;
        const i = 4 * (y * width + x);
        rgba[i] = level;
        rgba[i + 1] = level;
        rgba[i + 2] = level;
        rgba[i + 3] = 255;
      }
  } else return null;
  return rgba;
}

/** Pixels per point to render a scanned page at: its scan's own resolution when the image spans the page's width. */
function renderScale(imageWidth: number, viewport: { width: number; height: number }): number {
  const dpi = imageWidth > 0 ? Math.min(OCR_DPI.max, Math.max(OCR_DPI.min, (imageWidth / viewport.width) * 72)) : DEFAULT_OCR_DPI;
  return Math.min(dpi / 72, MAX_RENDER_SIDE / Math.max(viewport.width, viewport.height));
}

/** The page drawn at `scale` pixels per point, as pixels for ./scan. */
async function render(pdf: PDFDocumentProxy, page: PDFPageProxy, scale: number): Promise<PageImage> {
  const scaled = page.getViewport({ scale });
  const width = Math.ceil(scaled.width);
  const height = Math.ceil(scaled.height);
  const { canvas, context } = (pdf.canvasFactory as NodeCanvasFactory).create(width, height);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  // The Node canvas stands in for a DOM canvas here.
  await page.render({ canvas: canvas as never, viewport: scaled }).promise;
  return { width, height, rgba: context.getImageData(0, 0, width, height).data, pixelsPerPoint: scale };
}

async function forEachLimited<T>(items: T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await run(items[next++]);
  });
  await Promise.all(lanes);
}
