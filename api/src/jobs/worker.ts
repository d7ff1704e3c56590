/**
 * The verification worker: `concurrency` loops that each take the next job (queue.ts), keep its lease
 * alive while it runs, and record success, a retry with exponential back-off, or the final failure.
 * One document reader (one OCR worker pool) serves every loop for the worker's life.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { recordVerification } from '../http/metrics';
import { REQUEST_ID_LOG_FIELD } from '../http/request-log';
import type { DocumentStore } from '../storage/store';
import { claims } from '../db/schema';
import { INTERACTIVE_PRIORITY, queueEvents } from './enqueue';
import { DEFAULT_BATCH_AGING_SECONDS, DEFAULT_RETENTION_DAYS } from './config';
import {
  claimNextJob,
  expireAllLeases,
  extendLease,
  FIRST_TURN,
  failJob,
  hasPendingJobs,
  LeaseLostError,
  nextTurn,
  pruneFinishedJobs,
  releaseJob,
  type ClaimedJob,
} from './queue';
import { cachedMasterData } from './verification-input';
import { JobInterrupted, runVerifyJob, type DocumentReader, type Verifier } from './verify-claim';
import { listenForQueueEvents } from './wake';

/** A pino logger (fastify's app.log) or console both fit. */
export interface QueueLog {
  /** Each job's outcome: quiet unless LOG_LEVEL=debug. */
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  /** A logger whose every line carries these fields (pino's child): a job's lines carry its request's id. */
  child?(bindings: Record<string, unknown>): QueueLog;
}

export interface WorkerOptions {
  db: Db;
  /** Where the claims' documents are read from (and dropped after verification when a claim asks). */
  store: DocumentStore;
  /** Jobs run at once. Default 1 (OCR is CPU-bound). */
  concurrency?: number;
  /** The document reader; default the adjudicator's, with one OCR worker per concurrent job. */
  reader?: DocumentReader;
  /** The adjudicator's verifyClaim by default. */
  verify?: Verifier;
  /** How often an idle loop looks for work. Default 1000 ms. */
  pollMs?: number;
  /** How long a job stays leased without a heartbeat. Default 60 s; renewed every third of it. */
  leaseMs?: number;
  /**
   * Take over every job left 'running' at start, without waiting for its lease to expire. Only when no
   * other process uses the database (embedded PGlite): main.ts passes driver === 'pglite'.
   */
  takeOverRunningJobs?: boolean;
  /** Seconds a job may spend reading its claim's documents (enforced by a reader in threads). Default: no limit. */
  readTimeoutSeconds?: number;
  /**
   * Batch work waiting this long is picked as if it were an upload, one job per this many seconds, so uploads that
   * keep coming cannot hold batches back for ever. Default 90 (QUEUE_BATCH_AGING_SECONDS).
   */
  batchAgingSeconds?: number;
  /** Finished jobs are deleted this many days after they finished (QUEUE_RETENTION_DAYS); the worker prunes at start and hourly. Default 7. */
  retentionDays?: number;
  /**
   * The PostgreSQL server's URL: the worker then wakes within moments of an enqueue or a cancel in any process, through
   * LISTEN (./wake.ts). Without it (embedded PGlite) only this process's own enqueues and cancels wake it before the poll.
   */
  listenUrl?: string;
  /** Attempts before a job fails for good. Default: the job row's max_attempts (3). */
  maxAttempts?: number;
  /** First retry delay; doubled per attempt up to retryMaxMs. Defaults 2 s and 5 min. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  log?: QueueLog;
}

export interface VerificationWorker {
  /** Stops taking jobs, interrupts running ones at their next step (they go back to the queue), closes the reader. */
  stop(): Promise<void>;
  /** Resolves when no job this queue would run is left (queued, backing off or running). */
  drain(): Promise<void>;
}

/** Claim error code for a failed verification (the console's error filter offers 404 and 500). */
export const VERIFICATION_ERROR_CODE = '500';

/** How often a worker deletes the finished jobs past their retention. */
const PRUNE_EVERY_MS = 60 * 60_000;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The log for one job: its lines carry the id of the request that queued it, when one did. */
function jobLog(log: QueueLog, job: ClaimedJob): QueueLog {
  if (!job.requestId) return log;
  if (log.child) return log.child({ [REQUEST_ID_LOG_FIELD]: job.requestId });
  const tag = (message: string) => `${message} [${REQUEST_ID_LOG_FIELD} ${job.requestId}]`;
  return {
    debug: (message) => log.debug(tag(message)),
    info: (message) => log.info(tag(message)),
    warn: (message) => log.warn(tag(message)),
    error: (message) => log.error(tag(message)),
  };
}

export function retryDelay(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

interface Defaults {
  reader: DocumentReader;
  verify: Verifier;
  /** Stops what the default verifier keeps running (its threads). */
  closeVerifier?: () => Promise<void>;
}

/** Builds the worker around given defaults (index.ts passes the real adjudicator's). */
export function createVerificationWorker(options: WorkerOptions, defaults: () => Defaults): VerificationWorker {
  const { db } = options;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 60_000;
  const retryBaseMs = options.retryBaseMs ?? 2000;
  const retryMaxMs = options.retryMaxMs ?? 5 * 60_000;
  const log: QueueLog = options.log ?? { debug: () => {}, info: () => {}, warn: console.warn, error: console.error };
  const fallback = !options.reader || !options.verify ? defaults() : null;
  const reader = options.reader ?? fallback!.reader;
  const verify = options.verify ?? fallback!.verify;
  // The machine and process are in the id (and so in every job's locked_by), so an operator sees who holds a job.
  const workerId = `worker-${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  const masters = cachedMasterData();

  let stopping = false;
  const stopController = new AbortController();
  const running = new Set<Promise<void>>();
  let sleepers: (() => void)[] = [];
  /** Wake-ups so far: a loop that was woken while it looked for a job (and found none) does not go to sleep. */
  let wakeups = 0;
  let settled: (() => void)[] = [];

  /** Each running job's abort, by job id: a cancelled job stops at once. */
  const aborts = new Map<number, AbortController>();
  const onCancelled = (jobId: number) => aborts.get(jobId)?.abort();
  // Whose turn it is next (fair scheduling across organisations and lanes, see queue.ts).
  let turn = FIRST_TURN;
  /**
   * Loops that may be on a large claim (taken, or about to take one): with two loops or more, one always stays
   * free for small claims, so a claim of hundreds of pages never holds back a one-page re-run.
   */
  let largeSlots = 0;
  const largeSlotsMax = concurrency === 1 ? 1 : concurrency - 1;
  // With two loops or more, one user's uploads never take every loop, nor one organisation's jobs while others' wait.
  const ownerShare = concurrency === 1 ? null : concurrency - 1;
  const batchAgingMs = (options.batchAgingSeconds ?? DEFAULT_BATCH_AGING_SECONDS) * 1000;
  /** When (performance.now()) this worker last took batch work; aged batch work is asked for once per batchAgingMs. */
  let lastBatchPickAt = Number.NEGATIVE_INFINITY;

  const wake = () => {
    wakeups += 1;
    const waiting = sleepers;
    sleepers = [];
    for (const resolve of waiting) resolve();
  };
  const sleep = (ms: number, wakeupsBefore: number) =>
    new Promise<void>((resolve) => {
      if (wakeups !== wakeupsBefore) {
        resolve();
        return;
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      sleepers.push(done);
    });
  const notifySettled = () => {
    const waiting = settled;
    settled = [];
    for (const resolve of waiting) resolve();
  };
  queueEvents.on('queued', wake);
  queueEvents.on('cancelled', onCancelled);
  const stopListening = options.listenUrl ? listenForQueueEvents(options.listenUrl, log) : null;

  const retentionDays = options.retentionDays ?? DEFAULT_RETENTION_DAYS;
  const prune = () =>
    pruneFinishedJobs(db, retentionDays).then(
      (n) => n > 0 && log.info(`pruned ${n} job(s) finished more than ${retentionDays} day(s) ago`),
      (error) => log.warn(`pruning finished jobs failed: ${messageOf(error)}`),
    );
  const pruning = prune();
  const pruneTimer = setInterval(prune, PRUNE_EVERY_MS);
  pruneTimer.unref();

  async function runJob(job: ClaimedJob): Promise<void> {
    const lines = jobLog(log, job);
    const started = performance.now();
    const ended = (outcome: string) => recordVerification(outcome, (performance.now() - started) / 1000);
    const jobController = new AbortController();
    aborts.set(job.id, jobController);
    const onStop = () => jobController.abort();
    stopController.signal.addEventListener('abort', onStop);
    let leaseLost = false;
    const heartbeat = setInterval(
      () => {
        extendLease(db, job, leaseMs)
          .then((ours) => {
            if (!ours) {
              leaseLost = true;
              jobController.abort();
            }
          })
          .catch((error) => lines.warn(`job ${job.id}: lease renewal failed: ${messageOf(error)}`));
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );

    try {
      const maxAttempts = options.maxAttempts ?? job.maxAttempts;
      if (job.attempts > maxAttempts) {
        // Taken again after its lease expired more often than it may be tried: its runs keep dying.
        await recordFailure(job, new Error(`verification stopped unexpectedly ${job.attempts - 1} times`), true, lines);
        ended('failed');
        return;
      }
      lines.debug(`job ${job.id}: verifying claim ${job.claimId} (attempt ${job.attempts})`);
      const outcome = await runVerifyJob(
        { db, store: options.store, reader, verify, masters, signal: jobController.signal, readTimeoutSeconds: options.readTimeoutSeconds },
        job,
      );
      ended(outcome);
      lines.debug(`job ${job.id}: claim ${job.claimId} verified: ${outcome}`);
    } catch (error) {
      if (error instanceof LeaseLostError || leaseLost) {
        ended('lease_lost');
        lines.warn(`job ${job.id}: lease lost, another worker has it`);
      } else if (error instanceof JobInterrupted) {
        ended('interrupted');
        await releaseJob(db, job).catch((e) => lines.warn(`job ${job.id}: release failed: ${messageOf(e)}`));
      } else {
        const final = job.attempts >= (options.maxAttempts ?? job.maxAttempts);
        ended(final ? 'failed' : 'retry');
        await recordFailure(job, error, final, lines).catch((e) =>
          lines.error(`job ${job.id}: recording the failure failed: ${messageOf(e)}`),
        );
      }
    } finally {
      aborts.delete(job.id);
      clearInterval(heartbeat);
      stopController.signal.removeEventListener('abort', onStop);
    }
  }

  async function recordFailure(job: ClaimedJob, error: unknown, final: boolean, log: QueueLog): Promise<void> {
    const message = messageOf(error);
    const retryIn = final ? null : retryDelay(job.attempts, retryBaseMs, retryMaxMs);
    await db.transaction(async (tx) => {
      await failJob(tx, job, message, retryIn);
      if (job.claimId == null) return;
      await tx
        .update(claims)
        .set({
          errorCode: VERIFICATION_ERROR_CODE,
          errorMessage: message,
          ...(final ? { status: 'VERIFICATION_FAILED', rerunStatus: null } : {}),
          lastModifiedOn: sql`now()`,
        })
        .where(eq(claims.id, job.claimId));
    });
    if (final) log.error(`job ${job.id}: claim ${job.claimId} failed after ${job.attempts} attempts: ${message}`);
    else log.warn(`job ${job.id}: attempt ${job.attempts} failed, retry in ${retryIn} ms: ${message}`);
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      let job: ClaimedJob | null = null;
      const wakeupsBefore = wakeups;
      // Checked and taken in one synchronous step, so two loops never both take the last large slot.
      const mayTakeLarge = largeSlots < largeSlotsMax;
      if (mayTakeLarge) largeSlots += 1;
      try {
        const batchDue = performance.now() - lastBatchPickAt >= batchAgingMs;
        job = await claimNextJob(db, `${workerId}:${randomUUID()}`, leaseMs, turn, {
          smallOnly: !mayTakeLarge,
          ownerShare,
          ageBatchAfterSeconds: batchDue ? batchAgingMs / 1000 : null,
        });
        if (job) turn = nextTurn(turn, job.org || null, job.lane ?? 'small');
        if (job && job.priority > INTERACTIVE_PRIORITY) lastBatchPickAt = performance.now();
      } catch (error) {
        if (stopping) {
          if (mayTakeLarge) largeSlots -= 1;
          break;
        }
        log.error(`taking a job failed: ${messageOf(error)}`);
      }
      const holdsLargeSlot = mayTakeLarge && job?.lane === 'large';
      if (mayTakeLarge && !holdsLargeSlot) largeSlots -= 1;
      if (!job) {
        await sleep(pollMs, wakeupsBefore);
        continue;
      }
      const run = runJob(job);
      running.add(run);
      await run;
      running.delete(run);
      if (holdsLargeSlot) largeSlots -= 1;
      notifySettled();
    }
  }

  const recovered = options.takeOverRunningJobs
    ? expireAllLeases(db).then(
        (n) => n > 0 && log.warn(`taking over ${n} job(s) left running by a previous run`),
        (error) => log.error(`taking over jobs left running failed: ${messageOf(error)}`),
      )
    : Promise.resolve();
  const loops = Array.from({ length: concurrency }, () => recovered.then(loop));
  log.info(`verification worker ${workerId} started (concurrency ${concurrency})`);

  return {
    async stop() {
      if (stopping) return;
      stopping = true;
      queueEvents.off('queued', wake);
      queueEvents.off('cancelled', onCancelled);
      clearInterval(pruneTimer);
      await stopListening?.();
      stopController.abort();
      wake();
      await Promise.all([...loops, pruning]);
      notifySettled();
      await reader.close?.();
      await fallback?.closeVerifier?.();
      log.info(`verification worker ${workerId} stopped`);
    },
    async drain() {
      wake();
      while (!stopping) {
        if (running.size === 0 && !(await hasPendingJobs(db))) return;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          settled.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
  };
}
