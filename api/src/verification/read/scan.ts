/**
 * One scanned page (an image file, or a PDF page without a text layer rendered to pixels) read: straightened
 * (./geometry/straighten: a photographed sheet flattened, a turned or skewed page made upright, the light
 * evened out, stamps taken out), prepared for OCR (./prepare: lines and specks erased, cropped to its ink), OCRed unless it has no text to read, the
 * decimal points OCR dropped put back (./decimals), and its legibility judged (./readability). The words'
 * boxes are taken back to the page as given, which is what the viewer shows.
 */
import type { PageLegibility, ReadPage, Word } from '../types';
import { restoreDecimalPoints } from './decimals';
import { missedLines } from './missed-lines';
import { cropAround, enlarged } from './pgm';
import { mapBox } from './geometry/raster';
import { straighten } from './geometry/straighten';
import type { OcrResult } from './ocr';
import { type OcrImage, preparePage, type PageImage } from './prepare';
import { assessPage } from './readability';

/**
 * Words below this confidence are mostly smudges and pieces of drawings read as letters. Specks and ruling
 * lines, once the most of such junk, are erased before OCR, so the bar is low: correct words of a table came
 * at 24.
 */
const MIN_CONFIDENCE = 10;
/**
 * A word below that bar is kept when it is shaped like print: three or more letters or digits, joined only by the
 * marks numbers, codes and units use. On 1-bit faxes tesseract gives right values such as '11.4' and 'g/dL' a
 * confidence of 7, while its junk is mostly one or two marks ('»', '.', ']').
 */
const PRINT_SHAPED = /^[\p{L}\p{N}][\p{L}\p{N}.,:/%()-]*$/u;
const printShaped = (text: string) => PRINT_SHAPED.test(text) && (text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 3;
/** Below this many pixels a point (~137 dpi) a page is enlarged for OCR. */
const MIN_OCR_PIXELS_PER_POINT = 1.9;
const isKept = (word: Word) => (word.confidence ?? 0) >= MIN_CONFIDENCE || printShaped(word.text);
/**
 * A mark without a letter or digit taller than this many of the page's word heights is a rule or an edge that
 * OCR read as '|' or '_' (a table's border, the sheet's edge on a photo), no word: laid out as one, it would join
 * every line it spans into one.
 */
const MAX_MARK_HEIGHTS = 2;
const hasLetterOrDigit = (text: string) => /[\p{L}\p{N}]/u.test(text);

export function withoutRules(words: Word[]): Word[] {
  const heights = words
    .filter((word) => hasLetterOrDigit(word.text))
    .map((word) => word.height)
    .sort((a, b) => a - b);
  if (!heights.length) return words;
  const limit = MAX_MARK_HEIGHTS * heights[heights.length >> 1];
  return words.filter((word) => hasLetterOrDigit(word.text) || word.height <= limit);
}

export interface ScanReading {
  /** Boxes in the page image's pixels; each with its box on the page made upright when the page was straightened. */
  words: Word[];
  legibility: PageLegibility;
  /** The straightened page's size in pixels, when the page was straightened (see Word.upright). */
  upright?: ReadPage['upright'];
}

/** A page's words and upright frame taken from pixels to page units (`scale` pixels a unit). */
export function scaledReading(reading: ScanReading, scale: number): Pick<ReadPage, 'words' | 'upright'> {
  const scaled = <T extends { x: number; y: number; width: number; height: number }>(box: T): T => ({
    ...box,
    x: box.x / scale,
    y: box.y / scale,
    width: box.width / scale,
    height: box.height / scale,
  });
  return {
    words: reading.words.map((word) => (word.upright ? { ...scaled(word), upright: scaled(word.upright) } : scaled(word))),
    ...(reading.upright ? { upright: { width: reading.upright.width / scale, height: reading.upright.height / scale } } : {}),
  };
}

/** OCR of one image (PGM bytes here), boxes in that image's pixels. */
export type Ocr = (image: Uint8Array) => Promise<OcrResult>;

/** readScan with the reader's OCR workers. */
export type ReadScan = (page: PageImage) => Promise<ScanReading>;

export async function readScan(given: PageImage, ocr: Ocr): Promise<ScanReading> {
  const { page, toSource } = straighten(given);
  const prepared = preparePage(page);
  if (prepared.blank) return { words: [], legibility: { blank: true, confidence: 0, legible: false } };
  // A low-resolution page (a fax at ~120 dpi) is read twice as large: its letters are too small for tesseract.
  const factor = page.pixelsPerPoint < MIN_OCR_PIXELS_PER_POINT ? 2 : 1;
  const read = async (image: OcrImage) => {
    const result = await ocr(factor === 1 ? image.pgm : enlarged(image, factor));
    const words = result.words.map((word) => ({
      ...word,
      x: word.x / factor + image.left,
      y: word.y / factor + image.top,
      width: word.width / factor,
      height: word.height / factor,
    }));
    return { words, confidence: result.confidence };
  };
  const result = await read(prepared.image);
  const onPage = result.words;
  for (const line of missedLines(prepared.marks, onPage.filter(isKept), page.pixelsPerPoint)) {
    const crop = cropAround(prepared.image, line);
    if (crop) onPage.push(...(await read(crop)).words);
  }
  const { words: repaired, restored } = restoreDecimalPoints(onPage, prepared.marks);
  // A number whose marks are its characters one for one is kept however unsure tesseract was of it (it is
  // unsure because of the point it missed).
  const kept = withoutRules(repaired.filter((word) => isKept(word) || restored.has(word)));
  // Lines and columns are found on the upright page (text.ts), evidence boxes drawn on the page as given.
  const words = toSource
    ? kept.map((word) => ({ ...mapBox(toSource, word), upright: { x: word.x, y: word.y, width: word.width, height: word.height } }))
    : kept;
  const confidence = Math.round(result.confidence);
  return {
    words,
    legibility: { blank: false, confidence, legible: assessPage(words, confidence).legible },
    ...(toSource ? { upright: { width: page.width, height: page.height } } : {}),
  };
}
