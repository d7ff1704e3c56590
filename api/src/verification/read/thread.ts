/**
 * The document reader inside a worker thread (started by ./threaded.ts through ./thread-entry.mjs): one
 * reader, one document at a time, answers posted back by request id. The thread's heap is capped by its
 * starter; a document that takes too long has the whole thread terminated.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { DocumentFile } from '../types';
import { DocumentRefused } from './limits';
import { loadPdfjs } from './pdf';
import { createDocumentReader } from './reader';
import type { ReadRequest, ReadResponse, ThreadData } from './threaded';

const { limits, ocrCacheDir, ocrTimeoutMs, niceness } = workerData as ThreadData;
// On Linux a thread's nice value is its own (and the OCR worker this thread starts inherits it): reading yields the
// cores to the api's request thread.
setPriority(niceness);
const reader = createDocumentReader({ ocrWorkers: 1, limits, ocrCacheDir, ocrTimeoutMs });
const port = parentPort!;

port.on('message', async ({ id, file, claimPagesBefore }: ReadRequest) => {
  let response: ReadResponse;
  try {
    response = { id, document: await reader.read(file as DocumentFile, { claimPagesBefore }) };
  } catch (error) {
    response =
      error instanceof DocumentRefused
        ? { id, refused: { message: error.message, kind: error.kind } }
        : { id, failed: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(response);
});
// pdfjs is loaded before the thread says it is ready, so a read's time allowance is spent on the document only.
await loadPdfjs();
port.postMessage({ ready: true });
