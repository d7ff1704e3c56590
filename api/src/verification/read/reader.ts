/**
 * readDocument: every word of a PDF (text layer, or OCR for scanned pages) or an image (OCR), with boxes.
 * A file that cannot be read comes back with `error` set and no pages; it is never thrown.
 */
import type { DocumentFile, ReadDocument, ReadPage } from '../types';
import { detectKind, imageSize } from './detect';
import { inflatesBeyond } from './inflate';
import { DEFAULT_READ_LIMITS, DocumentRefused, PageTimedOut, refusals, type ReadLimits } from './limits';
import { DEFAULT_OCR_TIMEOUT_MS, OcrPool } from './ocr';
import { PdfReadError, readPdf } from './pdf';
import { readScan, type ReadScan, scaledReading } from './scan';

/** tesseract rejects with plain strings, pdfjs with Error subclasses. */
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export interface DocumentReaderOptions {
  /** How many tesseract workers may run at once (each is ~100 MB and one CPU core). Default 1. */
  ocrWorkers?: number;
  /** Longest an image or scanned page may take to OCR before it is reported as failed. Default 120 s. */
  ocrTimeoutMs?: number;
  /** What is refused (DocumentRefused) rather than read. Default DEFAULT_READ_LIMITS. */
  limits?: ReadLimits;
  /** tesseract's cache folder, when the caller owns (and removes) it; by default one per reader, removed by close(). */
  ocrCacheDir?: string;
}

export interface ReadOptions {
  /** Pages the claim's documents read before this one have: the claim's page limit counts them. Default 0. */
  claimPagesBefore?: number;
}

export interface DocumentReader {
  /** The document's words; throws DocumentRefused when the document is over a limit (see ./limits). */
  read(file: DocumentFile, options?: ReadOptions): Promise<ReadDocument>;
  /** Stops the OCR workers; the reader cannot be used afterwards. */
  close(): Promise<void>;
}

export function createDocumentReader(options: DocumentReaderOptions = {}): DocumentReader {
  const workers = options.ocrWorkers ?? 1;
  const limits = options.limits ?? DEFAULT_READ_LIMITS;
  const pageSeconds = limits.maxPageSeconds ?? DEFAULT_READ_LIMITS.maxPageSeconds!;
  // OCR past the page's allowance has its tesseract worker stopped, so the next page does not wait for it.
  const pool = new OcrPool(workers, Math.min(options.ocrTimeoutMs ?? DEFAULT_OCR_TIMEOUT_MS, pageSeconds * 1000), options.ocrCacheDir);
  const scan: ReadScan = (page) => withinPageTime(() => readScan(page, (image) => pool.recognize(image)), pageSeconds);

  async function read(file: DocumentFile, { claimPagesBefore = 0 }: ReadOptions = {}): Promise<ReadDocument> {
    const base = { documentId: file.documentId, fileName: file.fileName, url: file.url };
    const failed = (error: string): ReadDocument => ({ ...base, pages: [], error });
    if (!file.data || file.data.length === 0) return failed('the file is empty');
    const kind = detectKind(file.data);
    if (!kind) return failed(`not a PDF, PNG or JPEG file (declared as ${file.contentType})`);
    if (kind === 'pdf') {
      if (inflatesBeyond(file.data, limits.maxInflatedBytes)) throw refusals.inflatedSize(file.fileName, limits.maxInflatedBytes);
      const checkPageCount = (pages: number) => {
        if (pages > limits.maxPagesPerDocument) throw refusals.pagesPerDocument(file.fileName, pages, limits.maxPagesPerDocument);
        if (claimPagesBefore + pages > limits.maxPagesPerClaim)
          throw refusals.pagesPerClaim(file.fileName, pages, claimPagesBefore, limits.maxPagesPerClaim);
      };
      try {
        const { pages, warnings } = await readPdf(file.data, scan, {
          parallel: workers,
          checkPageCount,
          maxImagePixels: limits.maxImagePixels,
        });
        if (pages.length === 0) return failed('the PDF has no pages');
        return { ...base, pages, ...(warnings.length ? { warnings } : {}) };
      } catch (error) {
        if (error instanceof DocumentRefused) throw error;
        return failed(error instanceof PdfReadError ? error.message : `the PDF could not be read (${messageOf(error)})`);
      }
    }
    const size = imageSize(file.data, kind);
    if (!size) return failed(`not a readable ${kind.toUpperCase()} image (damaged header)`);
    if (size.width * size.height > limits.maxImagePixels)
      throw refusals.imagePixels(file.fileName, size.width, size.height, limits.maxImagePixels);
    if (claimPagesBefore + 1 > limits.maxPagesPerClaim)
      throw refusals.pagesPerClaim(file.fileName, 1, claimPagesBefore, limits.maxPagesPerClaim);
    try {
      return { ...base, pages: [await readImage(file.data, scan)] };
    } catch (error) {
      return failed(`the image could not be read (${messageOf(error)})`);
    }
  }

  return { read, close: () => pool.close() };
}

/**
 * One page's reading, or PageTimedOut once it takes longer than `seconds` (READ_PAGE_TIMEOUT_SECONDS): the page is
 * then left out with that reason among its document's warnings, and the document's other pages are read.
 */
function withinPageTime<T>(read: () => Promise<T>, seconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PageTimedOut(seconds)), seconds * 1000);
  });
  return Promise.race([read(), timeout]).finally(() => clearTimeout(timer));
}

/** Phone photos run to 4000 × 3000 pixels and more; tesseract reads no better beyond this, only slower. */
const MAX_OCR_SIDE = 3500;
/** An image is taken as a page of A4 width (595 points) to size what is looked for on it (./prepare). */
const A4_WIDTH_POINTS = 595;

/**
 * An image file's one page: decoded upright (canvas applies the EXIF orientation a phone writes), a very large
 * one scaled down for OCR, its word boxes scaled back to the image's own pixels.
 */
async function readImage(data: Uint8Array, scan: ReadScan): Promise<ReadPage> {
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const image = await loadImage(Buffer.from(data));
  const scale = Math.min(1, MAX_OCR_SIDE / Math.max(image.width, image.height));
  const canvas = createCanvas(Math.round(image.width * scale), Math.round(image.height * scale));
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  const reading = await scan({
    width: canvas.width,
    height: canvas.height,
    rgba: context.getImageData(0, 0, canvas.width, canvas.height).data,
    pixelsPerPoint: canvas.width / A4_WIDTH_POINTS,
  });
  return {
    pageNumber: 1,
    width: image.width,
    height: image.height,
    source: 'ocr',
    unit: 'px',
    ...scaledReading(reading, scale),
    legibility: reading.legibility,
  };
}

/**
 * Reads one document with a reader of its own (an OCR worker is started only if the file needs one, and
 * stopped before returning). To read many files, share one createDocumentReader() instead.
 */
export async function readDocument(file: DocumentFile, limits?: ReadLimits): Promise<ReadDocument> {
  const reader = createDocumentReader({ ocrWorkers: 1, limits });
  try {
    return await reader.read(file);
  } finally {
    await reader.close();
  }
}
