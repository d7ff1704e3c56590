/**
 * A small pool of tesseract workers, started lazily (a claim of text PDFs never starts one) and shared by
 * every document a reader reads. The English model ships in node_modules: nothing is fetched at run time.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Tesseract from 'tesseract.js';
import type { Word } from '../types';

const require = createRequire(import.meta.url);

export interface OcrResult {
  /** Every word tesseract recognised with its confidence, boxes in the image's pixels. */
  words: Word[];
  /** tesseract's mean word confidence (0-100). */
  confidence: number;
}

type TesseractWorker = Tesseract.Worker;

/** Default limit for one page: a dense page takes ~7 s; a stuck worker must not hold a claim forever. */
export const DEFAULT_OCR_TIMEOUT_MS = 120_000;

class OcrTimeout extends Error {}

/** tesseract's caches are made under this prefix with the owning process's id, so a later start can tell a dead process's apart. */
const CACHE_PREFIX = 'claims-ocr-';

const processAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** A new cache folder for tesseract, owned by this process. */
export const makeOcrCacheDir = (): string => mkdtempSync(path.join(tmpdir(), `${CACHE_PREFIX}${process.pid}-`));

/**
 * Removes the OCR caches processes left behind when they were killed (a crash skips close()); those of
 * processes still running are theirs. Returns how many were removed.
 */
export function removeStaleOcrCaches(folder = tmpdir()): number {
  let removed = 0;
  for (const entry of readdirSync(folder)) {
    if (!entry.startsWith(CACHE_PREFIX)) continue;
    const pid = Number(entry.slice(CACHE_PREFIX.length).split('-')[0]);
    if (Number.isInteger(pid) && pid > 0 && processAlive(pid)) continue;
    rmSync(path.join(folder, entry), { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

export class OcrPool {
  private readonly idle: TesseractWorker[] = [];
  private readonly waiting: { resolve: (worker: TesseractWorker) => void; reject: (error: unknown) => void }[] = [];
  private started = 0;
  private cacheDir: string | null = null;
  private closed = false;

  /** `cacheDir`: tesseract's cache folder, when its owner removes it (a reading thread's); otherwise one is made and close() removes it. */
  constructor(
    private readonly size: number,
    private readonly timeoutMs = DEFAULT_OCR_TIMEOUT_MS,
    private readonly givenCacheDir?: string,
  ) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`ocrWorkers must be a positive integer, got ${size}`);
  }

  /** Recognises one image (PNG, JPEG or PGM bytes); boxes are in the image's pixels. */
  async recognize(image: Uint8Array): Promise<OcrResult> {
    const worker = await this.acquire();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new OcrTimeout(`OCR took longer than ${this.timeoutMs / 1000} s`)), this.timeoutMs);
    });
    try {
      const result = await Promise.race([worker.recognize(Buffer.from(image), {}, { blocks: true, text: false }), timeout]);
      this.release(worker);
      return { words: wordsOf(result.data), confidence: result.data.confidence ?? 0 };
    } catch (error) {
      if (error instanceof OcrTimeout) this.discard(worker);
      else this.release(worker);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiting.splice(0)) waiter.reject(new Error('the document reader is closed'));
    const workers = this.idle.splice(0);
    await Promise.all(workers.map((w) => w.terminate()));
    if (this.cacheDir && !this.givenCacheDir) rmSync(this.cacheDir, { recursive: true, force: true });
    this.cacheDir = null;
  }

  private async acquire(): Promise<TesseractWorker> {
    if (this.closed) throw new Error('the document reader is closed');
    const free = this.idle.pop();
    if (free) return free;
    if (this.started < this.size) return this.startWorker();
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  private release(worker: TesseractWorker): void {
    const next = this.waiting.shift();
    if (next) next.resolve(worker);
    else if (this.closed) void worker.terminate();
    else this.idle.push(worker);
  }

  /** Drops a stuck worker; whoever waits gets a fresh one. */
  private discard(worker: TesseractWorker): void {
    this.started -= 1;
    void worker.terminate();
    const next = this.waiting.shift();
    if (next) this.startWorker().then(next.resolve, next.reject);
  }

  private async startWorker(): Promise<TesseractWorker> {
    this.started += 1;
    try {
      const { default: tesseract } = await import('tesseract.js');
      this.cacheDir ??= this.givenCacheDir ?? makeOcrCacheDir();
      const langPath = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
      return await tesseract.createWorker('eng', tesseract.OEM.LSTM_ONLY, {
        langPath,
        gzip: true,
        cachePath: this.cacheDir,
        // Without a handler a failed job also throws inside the worker's message listener (an uncaught
        // exception); with it the job's promise alone rejects.
        errorHandler: () => undefined,
      });
    } catch (error) {
      this.started -= 1;
      throw error;
    }
  }
}

function wordsOf(page: Tesseract.Page): Word[] {
  const words: Word[] = [];
  for (const block of page.blocks ?? [])
    for (const paragraph of block.paragraphs)
      for (const line of paragraph.lines)
        for (const word of line.words) {
          const text = word.text.trim();
          if (!text) continue;
          const { x0, y0, x1, y1 } = word.bbox;
          words.push({ text, x: x0, y: y0, width: x1 - x0, height: y1 - y0, confidence: Math.round(word.confidence) });
        }
  return words;
}
