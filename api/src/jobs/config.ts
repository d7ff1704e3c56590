import { DEFAULT_READ_LIMITS, type ReadLimits } from '../verification/read/limits';

/** How documents are read: in threads with a heap cap, a time allowance per claim, and the limits past which a claim is SUSPENDED. */
export interface ReadingConfig {
  limits: ReadLimits;
  /** READ_TIMEOUT_SECONDS: time one job may spend reading its claim's documents (default 600). */
  timeoutSeconds: number;
  /** READ_THREAD_MEMORY_MB: heap cap of each reading thread (default 1024). */
  threadMemoryMb: number;
}

/**
 * The queue's settings from the environment. QUEUE_CONCURRENCY is also read by the api's config
 * (AppConfig.queueConcurrency); both default to 1.
 */
export interface QueueConfig {
  /** QUEUE_ENABLED (default true): false leaves jobs queued, e.g. for tests of the routes. */
  enabled: boolean;
  /** QUEUE_CONCURRENCY: jobs at once (default 1: OCR is CPU-bound on this 2-core machine). */
  concurrency: number;
  /** QUEUE_POLL_MS: how often an idle worker looks for work (default 1000). */
  pollMs: number;
  /** QUEUE_LEASE_MS: a job's lease, renewed while it runs (default 60000). */
  leaseMs: number;
  /** QUEUE_MAX_ATTEMPTS: attempts before a claim is VERIFICATION_FAILED (default 3). */
  maxAttempts: number;
  /** QUEUE_RETRY_BASE_MS: first retry delay, doubled per attempt (default 2000), capped at QUEUE_RETRY_MAX_MS (300000). */
  retryBaseMs: number;
  retryMaxMs: number;
  /** QUEUE_BATCH_AGING_SECONDS: batch work waiting this long goes as an upload, one job per this many seconds (default 90). */
  batchAgingSeconds: number;
  /** QUEUE_RETENTION_DAYS: finished jobs (done, failed, cancelled, set aside) are deleted after this many days (default 7). */
  retentionDays: number;
  reading: ReadingConfig;
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got '${value}'`);
  return n;
}

function flag(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  const v = value.toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new Error(`${name} must be true or false, got '${value}'`);
}

const MB = 1024 * 1024;

export const DEFAULT_BATCH_AGING_SECONDS = 90;
export const DEFAULT_RETENTION_DAYS = 7;

export function loadReadingConfig(env: NodeJS.ProcessEnv = process.env): ReadingConfig {
  const d = DEFAULT_READ_LIMITS;
  return {
    limits: {
      maxPagesPerDocument: positiveInt('READ_MAX_PAGES_PER_DOCUMENT', env.READ_MAX_PAGES_PER_DOCUMENT, d.maxPagesPerDocument),
      maxPagesPerClaim: positiveInt('READ_MAX_PAGES_PER_CLAIM', env.READ_MAX_PAGES_PER_CLAIM, d.maxPagesPerClaim),
      maxInflatedBytes: positiveInt('READ_MAX_INFLATED_MB', env.READ_MAX_INFLATED_MB, d.maxInflatedBytes / MB) * MB,
      maxImagePixels: positiveInt('READ_MAX_IMAGE_MEGAPIXELS', env.READ_MAX_IMAGE_MEGAPIXELS, d.maxImagePixels / 1e6) * 1e6,
      maxPageSeconds: positiveInt('READ_PAGE_TIMEOUT_SECONDS', env.READ_PAGE_TIMEOUT_SECONDS, d.maxPageSeconds ?? 60),
    },
    timeoutSeconds: positiveInt('READ_TIMEOUT_SECONDS', env.READ_TIMEOUT_SECONDS, 600),
    threadMemoryMb: positiveInt('READ_THREAD_MEMORY_MB', env.READ_THREAD_MEMORY_MB, 1024),
  };
}

export function loadQueueConfig(env: NodeJS.ProcessEnv = process.env): QueueConfig {
  return {
    enabled: flag('QUEUE_ENABLED', env.QUEUE_ENABLED, true),
    concurrency: positiveInt('QUEUE_CONCURRENCY', env.QUEUE_CONCURRENCY, 1),
    pollMs: positiveInt('QUEUE_POLL_MS', env.QUEUE_POLL_MS, 1000),
    leaseMs: positiveInt('QUEUE_LEASE_MS', env.QUEUE_LEASE_MS, 60_000),
    maxAttempts: positiveInt('QUEUE_MAX_ATTEMPTS', env.QUEUE_MAX_ATTEMPTS, 3),
    retryBaseMs: positiveInt('QUEUE_RETRY_BASE_MS', env.QUEUE_RETRY_BASE_MS, 2000),
    retryMaxMs: positiveInt('QUEUE_RETRY_MAX_MS', env.QUEUE_RETRY_MAX_MS, 300_000),
    batchAgingSeconds: positiveInt('QUEUE_BATCH_AGING_SECONDS', env.QUEUE_BATCH_AGING_SECONDS, DEFAULT_BATCH_AGING_SECONDS),
    retentionDays: positiveInt('QUEUE_RETENTION_DAYS', env.QUEUE_RETENTION_DAYS, DEFAULT_RETENTION_DAYS),
    reading: loadReadingConfig(env),
  };
}
