/**
 * What the reader refuses to read, and why. A hostile or broken document (50,000 blank pages, a stream
 * that inflates to gigabytes, a 40,000-pixel photo) is refused before it can hold the reader, with a
 * reason a reviewer can act on, naming the limit.
 */

export interface ReadLimits {
  /** READ_MAX_PAGES_PER_DOCUMENT: pages of one PDF (default 500). */
  maxPagesPerDocument: number;
  /** READ_MAX_PAGES_PER_CLAIM: pages of all of a claim's documents together (default 1000). */
  maxPagesPerClaim: number;
  /** READ_MAX_INFLATED_MB: bytes one PDF's compressed streams may inflate to, together (default 256 MB). */
  maxInflatedBytes: number;
  /** READ_MAX_IMAGE_MEGAPIXELS: pixels of an image file, and of an image inside a PDF that is drawn for OCR (default 50 million). */
  maxImagePixels: number;
  /**
   * READ_PAGE_TIMEOUT_SECONDS: time one page may take to be prepared and OCRed (default 60), so one page cannot eat a
   * claim's whole allowance; a page past it is left out as unreadable, naming this limit, and the rest is read.
   */
  maxPageSeconds?: number;
}

export const DEFAULT_READ_LIMITS: ReadLimits = {
  maxPagesPerDocument: 500,
  maxPagesPerClaim: 1000,
  maxInflatedBytes: 256 * 1024 * 1024,
  maxImagePixels: 50_000_000,
  maxPageSeconds: 60,
};

/** Why a document was not read. `limit`: over one of ReadLimits; `crash` and `timeout`: the reader's thread died or ran out of time. */
export type RefusalCause = 'limit' | 'crash' | 'timeout';

/** A document the reader will not (or could not) read; the claim is SUSPENDED with `message` as its reason. */
export class DocumentRefused extends Error {
  constructor(
    message: string,
    readonly kind: RefusalCause,
  ) {
    super(message);
    this.name = 'DocumentRefused';
  }
}

const count = (n: number) => n.toLocaleString('en-US');
const megabytes = (bytes: number) => `${count(Math.round((bytes / (1024 * 1024)) * 10) / 10)} MB`;
const megapixels = (pixels: number) => `${count(Math.round(pixels / 100_000) / 10)} megapixels`;

/** The reviewer-readable reasons, one per limit. */
export const refusals = {
  pagesPerDocument: (fileName: string, pages: number, limit: number) =>
    new DocumentRefused(`${fileName} has ${count(pages)} pages; at most ${count(limit)} pages per document are read`, 'limit'),
  pagesPerClaim: (fileName: string, pages: number, pagesBefore: number, limit: number) =>
    new DocumentRefused(
      `${fileName} has ${count(pages)} pages, which with the claim's other ${count(pagesBefore)} makes ${count(pages + pagesBefore)}; at most ${count(limit)} pages per claim are read`,
      'limit',
    ),
  inflatedSize: (fileName: string, limit: number) =>
    new DocumentRefused(
      `${fileName} decompresses to more than ${megabytes(limit)}; at most ${megabytes(limit)} of decompressed content per document is read`,
      'limit',
    ),
  imagePixels: (fileName: string, width: number, height: number, limit: number) =>
    new DocumentRefused(
      `${fileName} is ${count(width)} × ${count(height)} pixels (${megapixels(width * height)}); at most ${megapixels(limit)} per image are read`,
      'limit',
    ),
  timeout: (fileName: string, seconds: number) =>
    new DocumentRefused(
      `reading ${fileName} took longer than ${count(seconds)} s, the time allowed to read one claim's documents`,
      'timeout',
    ),
  crash: (fileName: string, detail: string) => new DocumentRefused(`reading ${fileName} stopped the document reader (${detail})`, 'crash'),
};

/** A scanned page past READ_PAGE_TIMEOUT_SECONDS: it is left out (a warning of its document names the limit), the rest is read. */
export class PageTimedOut extends Error {
  constructor(seconds: number) {
    super(`reading the page took longer than ${count(seconds)} s, the time allowed to read one page`);
    this.name = 'PageTimedOut';
  }
}
