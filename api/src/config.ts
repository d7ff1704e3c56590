/** The api's configuration, read from the environment once at start. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_DISPLAY_TIME_ZONE } from '@claims/shared-kernel/constants';
import type { UploadLimits } from '@claims/shared-kernel/contract';
import type { DatabaseSource } from './db';
import { parseTrustProxy, type TrustProxy } from './http/client-address';

/** What a process runs (PROCESS_ROLE): HTTP and the verification queue, HTTP only, or the queue only (no port). */
export const PROCESS_ROLES = ['all', 'api', 'worker'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

export interface AppConfig {
  processRole: ProcessRole;
  port: number;
  host: string;
  /** Where the embedded database and the generated secret live. */
  dataDir: string;
  database: DatabaseSource;
  /** The folder of the claims' documents (DOCUMENT_STORE_DIR, default DATA_DIR/documents) when `storage` is a folder. */
  documentStoreDir: string;
  /**
   * Where the documents and the insurer inbox live (DOCUMENT_STORE): folders on this machine (documentStoreDir,
   * inboxDir), or one S3-compatible bucket that every process on every machine shares.
   */
  storage: StorageConfig;
  jwtSecret: Uint8Array;
  /** Seconds a token stays valid. */
  tokenTtlSeconds: number;
  /** Origins allowed to call the api: CORS_ORIGINS, or by default any page served from this machine. */
  corsOrigins: (string | RegExp)[];
  annotationUsers: string[];
  /** The named analysts who may create, edit and delete procedure questions. */
  questionEditors: string[];
  seed: boolean;
  /** Generated claims the first start seeds (SEED_CLAIMS; 0 for masters only). */
  seedClaims: number;
  queueConcurrency: number;
  /** Milliseconds a rule's dry run ('Try on claims') may judge claims before it stops and answers with those it tried. */
  dryRunBudgetMs: number;
  displayTimeZone: string;
  /** What POST /claims accepts: bytes per file and per claim, files per claim. */
  uploadLimits: UploadLimits;
  /** The insurer inbox's drop folders, one per insurer (INBOX_DIR, default DATA_DIR/inbox; src/inbox). */
  inboxDir: string;
  /** What POST /claim/batch/uploadManifest accepts: files in all (manifest and documents) and their bytes together. */
  manifestUpload: { maxFiles: number; maxTotalBytes: number };
  /** Attempts per minute on /login (per address). */
  loginRateLimit: number;
  /** Failed sign-ins of one username (from any address) within `loginAccountWindowSeconds` before it must wait. */
  loginAccountLimit: number;
  loginAccountWindowSeconds: number;
  /** Seconds an account's state (active, role, organisation, token generation) is reused between requests; 0 reads it every time. */
  authCacheTtlSeconds: number;
  /** Which proxies' X-Forwarded-For to believe for the client's address (TRUST_PROXY; http/client-address.ts). */
  trustProxy: TrustProxy;
  logLevel: string;
  /** `pretty` (one readable line per entry) or `json` (pino's raw lines, for log collectors; the default when NODE_ENV=production). */
  logFormat: 'pretty' | 'json';
  /** The Bearer token GET /metrics asks for (METRICS_TOKEN); null leaves it open, for a scraper on a private network. */
  metricsToken: string | null;
  /** A worker process's port for operators alone (METRICS_PORT): /health, /ready and /metrics; null opens none. */
  metricsPort: number | null;
  /** One line per answered request. */
  logRequests: boolean;
  /** How long a client may take over a request, in ms (docs/operations.md). */
  httpTimeouts: HttpTimeouts;
  /** Who reviews which claims (src/review, docs/review-work.md). */
  review: ReviewPolicy;
}

/** The review work's settings (docs/review-work.md). */
export interface ReviewPolicy {
  /** REVIEW_SAMPLE_ACCEPTED_PERCENT (0-100, default 10): the share of ACCEPTED claims a person checks too. */
  sampleAcceptedPercent: number;
  /** REVIEW_OPEN_CLAIM_LIMIT (default 40): open claims a reviewer may hold before the round robin passes them by. */
  openClaimLimit: number;
}

export type StorageConfig = { kind: 'folder' } | { kind: 's3'; s3: S3Settings };

export interface S3Settings {
  bucket: string;
  /** Put before every key: '' or a path ending in '/' (S3_PREFIX, given with or without the slash). */
  prefix: string;
  /** A self-hosted S3 server's URL (S3_ENDPOINT); AWS's own endpoint for the region without it. */
  endpoint?: string;
  region: string;
  /** http://endpoint/bucket/key rather than http://bucket.endpoint/key, as most self-hosted servers need. */
  forcePathStyle: boolean;
}

export interface HttpTimeouts {
  /** The whole request, headers and body (HTTP_REQUEST_TIMEOUT): a trickled body is cut off after it. */
  requestMs: number;
  /** The request's headers (HTTP_HEADERS_TIMEOUT); at most requestMs. */
  headersMs: number;
  /** A connection with nothing sent either way (HTTP_IDLE_TIMEOUT), also while an answer is being worked out. */
  idleMs: number;
  /** An idle kept-alive connection between requests (HTTP_KEEP_ALIVE_TIMEOUT). */
  keepAliveMs: number;
}

const API_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The suite on its default ports, and a remote's dev server on whatever port a developer gives it. */
const DEFAULT_CORS_ORIGINS = [/^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/];

const list = (value: string | undefined, fallback: string[]): string[] =>
  value === undefined
    ? fallback
    : value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);

const flag = (value: string | undefined, fallback: boolean): boolean =>
  value === undefined || value === '' ? fallback : ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());

/** Bytes in the MB of the upload limits (what the create form states). */
export const MEGABYTE = 1024 * 1024;

/** A size in MB, fractions allowed (0.5 is 512 KiB), as whole bytes. */
function megabytes(name: string, value: string | undefined, fallbackMb: number): number {
  if (value === undefined || value === '') return fallbackMb * MEGABYTE;
  const mb = Number(value);
  if (!Number.isFinite(mb) || mb <= 0) throw new Error(`${name} must be a positive number of MB, got '${value}'`);
  return Math.max(1, Math.floor(mb * MEGABYTE));
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got '${value}'`);
  return n;
}

/** TOKEN_TTL in seconds, or with a unit: 90m, 12h, 7d. */
function duration(name: string, value: string | undefined, fallbackSeconds: number): number {
  if (!value) return fallbackSeconds;
  const match = /^(\d+)\s*([smhd]?)$/.exec(value.trim());
  if (!match) throw new Error(`${name} must be seconds or a number with s, m, h or d, got '${value}'`);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[match[2] as '' | 's' | 'm' | 'h' | 'd'];
  return Number(match[1]) * unit;
}

function positiveDuration(name: string, value: string | undefined, fallbackSeconds: number): number {
  const seconds = duration(name, value, fallbackSeconds);
  if (seconds <= 0) throw new Error(`${name} must be longer than 0, got '${value}'`);
  return seconds;
}

function processRole(value: string | undefined): ProcessRole {
  if (value === undefined || value === '') return 'all';
  const role = PROCESS_ROLES.find((r) => r === value.trim().toLowerCase());
  if (!role) throw new Error(`PROCESS_ROLE must be one of ${PROCESS_ROLES.join(', ')}, got '${value}'`);
  return role;
}

/**
 * JWT_SECRET, or on the embedded database a secret made once and kept in the data folder. Processes sharing a
 * PostgreSQL database must check tokens with one secret, so there it must be given.
 */
function jwtSecret(env: NodeJS.ProcessEnv, dataDir: string): Uint8Array {
  if (env.JWT_SECRET) return new TextEncoder().encode(env.JWT_SECRET);
  if (env.DATABASE_URL) {
    throw new Error(
      'JWT_SECRET must be set when DATABASE_URL is: every process on the shared database must sign and check tokens with ' +
        'the same secret, and a secret made by each machine would make a token work only on the machine that issued it',
    );
  }
  return persistedSecret(dataDir);
}

/** A secret made once and kept in the data folder, so tokens survive a restart. */
function persistedSecret(dataDir: string): Uint8Array {
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = resolve(env.DATA_DIR ?? join(API_ROOT, '.data'));
  const database: DatabaseSource = env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: positiveInt('DATABASE_POOL_SIZE', env.DATABASE_POOL_SIZE, 10) }
    : { kind: 'pglite', dataDir: join(dataDir, 'pglite') };
  return {
    processRole: processRole(env.PROCESS_ROLE),
    port: positiveInt('PORT', env.PORT, 4000),
    host: env.HOST || '127.0.0.1',
    dataDir,
    database,
    documentStoreDir: resolve(env.DOCUMENT_STORE_DIR || join(dataDir, 'documents')),
    storage: storageConfig(env),
    jwtSecret: jwtSecret(env, dataDir),
    tokenTtlSeconds: duration('TOKEN_TTL', env.TOKEN_TTL, 12 * 3600),
    corsOrigins: env.CORS_ORIGINS === undefined ? DEFAULT_CORS_ORIGINS : list(env.CORS_ORIGINS, []),
    annotationUsers: list(env.ANNOTATION_USERS, ['vitraya.reviewer', 'vitraya.admin']),
    questionEditors: list(env.QUESTION_EDITORS, ['vitraya.admin']),
    seed: flag(env.SEED, true),
    seedClaims: env.SEED_CLAIMS === '0' ? 0 : positiveInt('SEED_CLAIMS', env.SEED_CLAIMS, 300),
    queueConcurrency: positiveInt('QUEUE_CONCURRENCY', env.QUEUE_CONCURRENCY, availableParallelism()),
    dryRunBudgetMs: positiveInt('DRY_RUN_BUDGET_MS', env.DRY_RUN_BUDGET_MS, 10_000),
    displayTimeZone: env.DISPLAY_TIME_ZONE || DEFAULT_DISPLAY_TIME_ZONE,
    uploadLimits: {
      maxFileBytes: megabytes('UPLOAD_MAX_FILE_MB', env.UPLOAD_MAX_FILE_MB, 20),
      maxClaimBytes: megabytes('UPLOAD_MAX_CLAIM_MB', env.UPLOAD_MAX_CLAIM_MB, 100),
      maxFiles: positiveInt('UPLOAD_MAX_FILES', env.UPLOAD_MAX_FILES, 30),
    },
    inboxDir: resolve(env.INBOX_DIR || join(dataDir, 'inbox')),
    manifestUpload: {
      maxFiles: positiveInt('INBOX_UPLOAD_MAX_FILES', env.INBOX_UPLOAD_MAX_FILES, 200),
      maxTotalBytes: megabytes('INBOX_UPLOAD_MAX_MB', env.INBOX_UPLOAD_MAX_MB, 500),
    },
    loginRateLimit: positiveInt('LOGIN_RATE_LIMIT', env.LOGIN_RATE_LIMIT, 20),
    loginAccountLimit: positiveInt('LOGIN_ACCOUNT_LIMIT', env.LOGIN_ACCOUNT_LIMIT, 10),
    loginAccountWindowSeconds: positiveDuration('LOGIN_ACCOUNT_WINDOW', env.LOGIN_ACCOUNT_WINDOW, 15 * 60),
    authCacheTtlSeconds: duration('AUTH_CACHE_TTL', env.AUTH_CACHE_TTL, 5),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL || 'info',
    logFormat: logFormat(env),
    metricsToken: env.METRICS_TOKEN || null,
    metricsPort: env.METRICS_PORT ? positiveInt('METRICS_PORT', env.METRICS_PORT, 0) : null,
    logRequests: flag(env.LOG_REQUESTS, false),
    httpTimeouts: httpTimeouts(env),
    review: reviewPolicy(env),
  };
}

export function reviewPolicy(env: NodeJS.ProcessEnv = process.env): ReviewPolicy {
  const raw = env.REVIEW_SAMPLE_ACCEPTED_PERCENT;
  const percent = raw === undefined || raw === '' ? 10 : Number(raw);
  if (!Number.isInteger(percent) || percent < 0 || percent > 100)
    throw new Error(`REVIEW_SAMPLE_ACCEPTED_PERCENT must be a whole number from 0 to 100, got '${raw}'`);
  return { sampleAcceptedPercent: percent, openClaimLimit: positiveInt('REVIEW_OPEN_CLAIM_LIMIT', env.REVIEW_OPEN_CLAIM_LIMIT, 40) };
}

/** LOG_FORMAT, by default json in production (where a collector reads the lines) and pretty elsewhere. */
function logFormat(env: NodeJS.ProcessEnv): AppConfig['logFormat'] {
  const format = (env.LOG_FORMAT || (env.NODE_ENV === 'production' ? 'json' : 'pretty')).trim().toLowerCase();
  if (format !== 'json' && format !== 'pretty') throw new Error(`LOG_FORMAT must be json or pretty, got '${env.LOG_FORMAT}'`);
  return format;
}

function storageConfig(env: NodeJS.ProcessEnv): StorageConfig {
  const kind = (env.DOCUMENT_STORE || 'folder').trim().toLowerCase();
  if (kind === 'folder') return { kind };
  if (kind !== 's3') throw new Error(`DOCUMENT_STORE must be folder or s3, got '${env.DOCUMENT_STORE}'`);
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) throw new Error('S3_BUCKET must name the bucket when DOCUMENT_STORE is s3');
  const prefix = (env.S3_PREFIX ?? '').trim().replace(/^\/+|\/+$/g, '');
  return {
    kind,
    s3: {
      bucket,
      prefix: prefix ? `${prefix}/` : '',
      ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
      // The SDK's own variables next; us-east-1, the region self-hosted servers answer to by default, when none is given.
      region: env.S3_REGION || env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1',
      forcePathStyle: flag(env.S3_FORCE_PATH_STYLE, false),
    },
  };
}

function httpTimeouts(env: NodeJS.ProcessEnv): HttpTimeouts {
  const seconds = (name: string, fallback: number) => positiveDuration(name, env[name], fallback) * 1000;
  const timeouts = {
    requestMs: seconds('HTTP_REQUEST_TIMEOUT', 120),
    headersMs: seconds('HTTP_HEADERS_TIMEOUT', 30),
    idleMs: seconds('HTTP_IDLE_TIMEOUT', 300),
    keepAliveMs: seconds('HTTP_KEEP_ALIVE_TIMEOUT', 72),
  };
  if (timeouts.headersMs > timeouts.requestMs) throw new Error('HTTP_HEADERS_TIMEOUT must not be longer than HTTP_REQUEST_TIMEOUT');
  return timeouts;
}
