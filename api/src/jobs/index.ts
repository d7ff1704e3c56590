/**
 * The durable verification queue: enqueueVerification puts a claim on it (routes, seed), and
 * startVerificationWorker runs it in the background (main.ts), with the real adjudicator by default.
 */
import { createDocumentReader, verifyClaim } from '../verification';
import { createVerificationWorker, type VerificationWorker, type WorkerOptions } from './worker';

export { BATCH_PRIORITY, enqueueVerification, INTERACTIVE_PRIORITY, VERIFY_JOB, type EnqueueOptions } from './enqueue';
export { loadQueueConfig, type QueueConfig } from './config';
export { HELD_BATCH_STATUSES } from './queue';
export { UNREADABLE_DOCUMENTS_ERROR_CODE, type DocumentReader, type Verifier } from './verify-claim';
export { VERIFICATION_ERROR_CODE, type QueueLog, type VerificationWorker, type WorkerOptions } from './worker';

/** Starts the worker; one OCR worker per concurrent job, kept for the worker's life and closed by stop(). */
export function startVerificationWorker(options: WorkerOptions): VerificationWorker {
  return createVerificationWorker(options, () => ({
    reader: createDocumentReader({ ocrWorkers: Math.max(1, options.concurrency ?? 1) }),
    verify: verifyClaim,
  }));
}
