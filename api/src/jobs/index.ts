/**
 * The durable verification queue: enqueueVerification puts a claim on it (routes, seed), and
 * startVerificationWorker runs it in the background (main.ts), with the real adjudicator by default.
 */
import { removeStaleOcrCaches } from '../verification/read/ocr';
import { createThreadedReader } from '../verification/read/threaded';
import { loadQueueConfig, loadReadingConfig, type ReadingConfig } from './config';
import { createVerifierPool } from './verify-pool';
import { createVerificationWorker, type VerificationWorker, type WorkerOptions } from './worker';

export { BATCH_PRIORITY, enqueueVerification, INTERACTIVE_PRIORITY, VERIFY_JOB, type EnqueueOptions } from './enqueue';
export { loadQueueConfig, loadReadingConfig, type QueueConfig, type ReadingConfig } from './config';
export { cancelVerification, type CancelOutcome } from './cancel';
export { HELD_BATCH_STATUSES } from './queue';
export { UNREADABLE_DOCUMENTS_ERROR_CODE, type DocumentReader, type Verifier } from './verify-claim';
export { VERIFICATION_ERROR_CODE, type QueueLog, type VerificationWorker, type WorkerOptions } from './worker';

/**
 * Starts the worker. Documents are read in one thread per concurrent job (each with one OCR worker), with
 * the limits, heap cap and time allowance of `reading` (default: from the environment, see loadReadingConfig, as is
 * batchAgingSeconds),
 * and claims are judged in a pool of as many threads (./verify-pool.ts), with the same heap cap and allowance:
 * nothing of a job but its database work runs on the api's event loop. The threads live as long as the worker.
 * OCR caches a killed process left behind are removed first.
 */
export function startVerificationWorker(options: WorkerOptions & { reading?: ReadingConfig }): VerificationWorker {
  const reading = options.reading ?? loadReadingConfig();
  const threads = Math.max(1, options.concurrency ?? 1);
  removeStaleOcrCaches();
  const batchAgingSeconds = options.batchAgingSeconds ?? loadQueueConfig().batchAgingSeconds;
  return createVerificationWorker({ readTimeoutSeconds: reading.timeoutSeconds, ...options, batchAgingSeconds }, () => {
    const verifier = createVerifierPool({ threads, memoryMb: reading.threadMemoryMb, timeoutSeconds: reading.timeoutSeconds });
    return {
      reader: createThreadedReader({ threads, limits: reading.limits, memoryMb: reading.threadMemoryMb }),
      verify: verifier.verify,
      closeVerifier: verifier.close,
    };
  });
}
