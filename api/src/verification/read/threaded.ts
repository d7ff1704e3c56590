/**
 * Documents read in worker threads, off the api's main thread: pdfjs and OCR never hold the event loop,
 * so the api answers while a batch is read. Each thread has a heap cap (maxOldGenerationSizeMb) and each
 * read a deadline; a thread that runs out of memory, dies or passes the deadline is terminated and
 * replaced, and the read ends in DocumentRefused ('crash' or 'timeout') naming the document.
 */
import { rmSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { DocumentFile, ReadDocument } from '../types';
import { DocumentRefused, refusals, type ReadLimits, type RefusalCause } from './limits';
import { makeOcrCacheDir } from './ocr';
import type { DocumentReader, ReadOptions } from './reader';

/** What a thread is started with. */
export interface ThreadData {
  limits: ReadLimits;
  /** The thread's nice value, above the request thread's 0. */
  niceness: number;
  ocrCacheDir: string;
  ocrTimeoutMs?: number;
}
export interface ReadRequest {
  id: number;
  file: DocumentFile;
  claimPagesBefore: number;
}
export type ReadResponse =
  | { id: number; document: ReadDocument }
  | { id: number; refused: { message: string; kind: RefusalCause } }
  | { id: number; failed: string };

export interface ThreadedReaderOptions {
  /** Threads reading at once (each with one OCR worker of its own). */
  threads: number;
  limits: ReadLimits;
  /** Heap cap of each thread, in MB. */
  memoryMb: number;
  ocrTimeoutMs?: number;
}

export interface ThreadedReadOptions extends ReadOptions {
  /** When the read must be over (epoch ms) and the allowance in seconds the refusal names. */
  deadline?: { at: number; seconds: number };
  /** Aborting terminates the thread; the read rejects with the signal's reason. */
  signal?: AbortSignal;
}

const ENTRY = new URL('./thread-entry.mjs', import.meta.url);
/** Reading threads run below the api's request thread (nice 0), so a batch being read never slows its answers. */
export const BACKGROUND_NICENESS = 10;
const MODULE = new URL(`./thread${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url).href;

const crashDetail = (error: Error & { code?: string }, memoryMb: number) =>
  error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? `it needed more than ${memoryMb} MB of memory` : error.message;

interface Slot {
  worker: Worker | null;
  /** Settles when the thread has loaded its reader (or died trying). */
  ready: Promise<void>;
  cacheDir: string | null;
}

export function createThreadedReader(options: ThreadedReaderOptions): DocumentReader & {
  read(file: DocumentFile, options?: ThreadedReadOptions): Promise<ReadDocument>;
} {
  const free: Slot[] = Array.from({ length: Math.max(1, options.threads) }, () => ({
    worker: null,
    ready: Promise.resolve(),
    cacheDir: null,
  }));
  const waiting: ((slot: Slot) => void)[] = [];
  let nextId = 1;
  let closed = false;

  const start = (slot: Slot): Worker => {
    slot.cacheDir = makeOcrCacheDir();
    const data: ThreadData = {
      limits: options.limits,
      ocrCacheDir: slot.cacheDir,
      ocrTimeoutMs: options.ocrTimeoutMs,
      niceness: BACKGROUND_NICENESS,
    };
    slot.worker = new Worker(ENTRY, {
      workerData: { ...data, module: MODULE },
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
    });
    const worker = slot.worker;
    slot.ready = new Promise<void>((resolve, reject) => {
      const onReady = (message: { ready?: boolean }) => {
        if (!message.ready) return;
        worker.off('message', onReady);
        resolve();
      };
      worker.on('message', onReady);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the reading thread exited with code ${code} while starting`)));
    });
    // A start that fails is reported by the read waiting for it.
    slot.ready.catch(() => {});
    // A thread that dies while idle is only replaced; one that dies reading is reported by that read.
    worker.on('error', () => {});
    worker.on('exit', () => {
      if (slot.worker === worker) discard(slot);
    });
    // An idle thread must not keep the process alive.
    worker.unref();
    return worker;
  };
  const discard = (slot: Slot) => {
    void slot.worker?.terminate();
    if (slot.cacheDir) rmSync(slot.cacheDir, { recursive: true, force: true });
    slot.worker = null;
    slot.cacheDir = null;
  };
  const acquire = (): Promise<Slot> => {
    if (closed) return Promise.reject(new Error('the document reader is closed'));
    const slot = free.pop();
    return slot ? Promise.resolve(slot) : new Promise((resolve) => waiting.push(resolve));
  };
  const release = (slot: Slot) => {
    if (closed) discard(slot);
    const next = waiting.shift();
    if (next) next(slot);
    else free.push(slot);
  };

  async function read(file: DocumentFile, { claimPagesBefore = 0, deadline, signal }: ThreadedReadOptions = {}): Promise<ReadDocument> {
    // The allowance left when the read is asked for; a thread's start does not count against it.
    const allowanceMs = deadline ? Math.max(0, deadline.at - Date.now()) : 0;
    const slot = await acquire();
    const worker = slot.worker ?? start(slot);
    worker.ref();
    const id = nextId++;
    try {
      try {
        await slot.ready;
      } catch (error) {
        discard(slot);
        throw refusals.crash(file.fileName, crashDetail(error as Error & { code?: string }, options.memoryMb));
      }
      return await new Promise<ReadDocument>((resolve, reject) => {
        const settle = (outcome: { document: ReadDocument } | { error: unknown }) => {
          clearTimeout(timer);
          worker.off('message', onMessage);
          worker.off('error', onError);
          worker.off('exit', onExit);
          signal?.removeEventListener('abort', onAbort);
          if ('document' in outcome) resolve(outcome.document);
          else reject(outcome.error);
        };
        // The thread is in an unknown state: it goes, and the next read starts a new one.
        const fail = (error: unknown) => {
          discard(slot);
          settle({ error });
        };
        const onMessage = (response: ReadResponse) => {
          if (response.id !== id) return;
          if ('document' in response) settle({ document: response.document });
          else if ('refused' in response) settle({ error: new DocumentRefused(response.refused.message, response.refused.kind) });
          else settle({ error: new Error(response.failed) });
        };
        const onError = (error: Error & { code?: string }) => fail(refusals.crash(file.fileName, crashDetail(error, options.memoryMb)));
        const onExit = (code: number) => fail(refusals.crash(file.fileName, `the reading thread exited with code ${code}`));
        const onAbort = () => fail(signal?.reason);
        const timer = deadline ? setTimeout(() => fail(refusals.timeout(file.fileName, deadline.seconds)), allowanceMs) : undefined;
        worker.on('message', onMessage);
        worker.on('error', onError);
        worker.on('exit', onExit);
        if (signal?.aborted) return onAbort();
        signal?.addEventListener('abort', onAbort, { once: true });
        const request: ReadRequest = { id, file, claimPagesBefore };
        worker.postMessage(request);
      });
    } finally {
      slot.worker?.unref();
      release(slot);
    }
  }

  return {
    read,
    async close() {
      closed = true;
      for (const slot of free.splice(0)) discard(slot);
    },
  };
}
