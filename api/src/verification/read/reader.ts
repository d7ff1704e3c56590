/**
 * readDocument: every word of a PDF (text layer, or OCR for scanned pages) or an image (OCR), with boxes.
 * A file that cannot be read comes back with `error` set and no pages; it is never thrown.
 */
import type { DocumentFile, ReadDocument, Word } from '../types';
import { detectKind, imageSize, type ImageSize } from './detect';
import { OcrPool } from './ocr';
import { PdfReadError, readPdf } from './pdf';

/** tesseract rejects with plain strings, pdfjs with Error subclasses. */
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export interface DocumentReaderOptions {
  /** How many tesseract workers may run at once (each is ~100 MB and one CPU core). Default 1. */
  ocrWorkers?: number;
  /** Longest an image or scanned page may take to OCR before it is reported as failed. Default 120 s. */
  ocrTimeoutMs?: number;
}

export interface DocumentReader {
  read(file: DocumentFile): Promise<ReadDocument>;
  /** Stops the OCR workers; the reader cannot be used afterwards. */
  close(): Promise<void>;
}

export function createDocumentReader(options: DocumentReaderOptions = {}): DocumentReader {
  const workers = options.ocrWorkers ?? 1;
  const pool = new OcrPool(workers, options.ocrTimeoutMs);
  const recognize = async (image: Uint8Array) => (await pool.recognize(image)).words;

  async function read(file: DocumentFile): Promise<ReadDocument> {
    const base = { documentId: file.documentId, fileName: file.fileName, url: file.url };
    const failed = (error: string): ReadDocument => ({ ...base, pages: [], error });
    if (!file.data || file.data.length === 0) return failed('the file is empty');
    const kind = detectKind(file.data);
    if (!kind) return failed(`not a PDF, PNG or JPEG file (declared as ${file.contentType})`);
    if (kind === 'pdf') {
      try {
        const { pages, warnings } = await readPdf(file.data, recognize, workers);
        if (pages.length === 0) return failed('the PDF has no pages');
        return { ...base, pages, ...(warnings.length ? { warnings } : {}) };
      } catch (error) {
        return failed(error instanceof PdfReadError ? error.message : `the PDF could not be read (${messageOf(error)})`);
      }
    }
    const size = imageSize(file.data, kind);
    if (!size) return failed(`not a readable ${kind.toUpperCase()} image (damaged header)`);
    try {
      const words = await recognizeImage(file.data, size, recognize);
      return { ...base, pages: [{ pageNumber: 1, width: size.width, height: size.height, source: 'ocr', unit: 'px', words }] };
    } catch (error) {
      return failed(`the image could not be read (${messageOf(error)})`);
    }
  }

  return { read, close: () => pool.close() };
}

/** Phone photos run to 4000 × 3000 pixels and more; tesseract reads no better beyond this, only slower. */
const MAX_OCR_SIDE = 3500;

/** OCR of an image; a very large one is scaled down first, its word boxes scaled back to its own pixels. */
async function recognizeImage(data: Uint8Array, size: ImageSize, recognize: (image: Uint8Array) => Promise<Word[]>): Promise<Word[]> {
  const scale = MAX_OCR_SIDE / Math.max(size.width, size.height);
  if (scale >= 1) return recognize(data);
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const image = await loadImage(Buffer.from(data));
  const canvas = createCanvas(Math.round(size.width * scale), Math.round(size.height * scale));
  canvas.getContext('2d').drawImage(image, 0, 0, canvas.width, canvas.height);
  const words = await recognize(await canvas.encode('png'));
  return words.map((w) => ({ ...w, x: w.x / scale, y: w.y / scale, width: w.width / scale, height: w.height / scale }));
}

/**
 * Reads one document with a reader of its own (an OCR worker is started only if the file needs one, and
 * stopped before returning). To read many files, share one createDocumentReader() instead.
 */
export async function readDocument(file: DocumentFile): Promise<ReadDocument> {
  const reader = createDocumentReader({ ocrWorkers: 1 });
  try {
    return await reader.read(file);
  } finally {
    await reader.close();
  }
}
