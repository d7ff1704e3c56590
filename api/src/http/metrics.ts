/**
 * GET /metrics (issue 21 §6): the Prometheus text format, outside the versioned prefix, guarded by METRICS_TOKEN
 * (a Bearer token) when it is set. What it shows:
 * - HTTP requests and their latency by method, route pattern (never the raw URL, so ids and queries do not make a
 *   series each) and status;
 * - the verification queue's depth by organisation, lane and status, and its oldest queued job's age, read from the
 *   database when scraped, so every process shows the one shared queue;
 * - verifications by outcome and their duration, and pages read by how (text layer or OCR), counted by the worker
 *   of this process (a process with PROCESS_ROLE=api counts none);
 * - the process's own figures (prom-client's defaults: event-loop delay, heap, CPU, handles).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { type Db, rowsOf } from '../db';
import type { ReadPage } from '../verification/types';
import { unauthorized } from './errors';

/** What this process counts, whichever app (tests build several in one process) served or verified it. */
const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry });

const httpRequests = new Counter({
  name: 'claims_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [processRegistry],
});

const httpDuration = new Histogram({
  name: 'claims_http_request_duration_seconds',
  help: 'Time from a request to its answer, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [processRegistry],
});

const verifications = new Counter({
  name: 'claims_verifications_total',
  help: "Verification jobs this process's worker ended, by outcome (the verdict, or how the attempt ended)",
  labelNames: ['outcome'] as const,
  registers: [processRegistry],
});

const verificationDuration = new Histogram({
  name: 'claims_verification_duration_seconds',
  help: 'Time one verification job took in the worker (reading its documents included), by outcome',
  labelNames: ['outcome'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
  registers: [processRegistry],
});

const pagesRead = new Counter({
  name: 'claims_pages_read_total',
  help: "Document pages this process's worker read, by source: 'text' (a PDF's text layer) or 'ocr'",
  labelNames: ['source'] as const,
  registers: [processRegistry],
});

/**
 * How a verification job ended: the verdict stored (an adjudication result, or OCRED when only reading was asked),
 * or for an attempt without one: 'retry' (tried again later), 'failed' (for good), 'interrupted' (the worker
 * stopped or the job was cancelled), 'lease_lost' (another worker took it over), 'claim_deleted'.
 */
export type VerificationOutcome = string;

export function recordVerification(outcome: VerificationOutcome, seconds: number): void {
  verifications.inc({ outcome });
  verificationDuration.observe({ outcome }, seconds);
}

export function countPagesRead(pages: readonly Pick<ReadPage, 'source'>[]): void {
  for (const page of pages) pagesRead.inc({ source: page.source });
}

/** The queue's figures for one app's database, read when scraped (refresh, then the registry's metrics). */
function queueMetrics(db: Db): { registry: Registry; refresh(): Promise<void> } {
  const registry = new Registry();
  const depth = new Gauge({
    name: 'claims_queue_jobs',
    help: "Verification jobs waiting ('queued', backing off included) or being verified ('running'), by organisation and lane",
    labelNames: ['org', 'lane', 'status'] as const,
    registers: [registry],
  });
  const oldest = new Gauge({
    name: 'claims_queue_oldest_job_age_seconds',
    help: 'Age of the oldest queued verification job, by organisation and lane',
    labelNames: ['org', 'lane'] as const,
    registers: [registry],
  });
  return {
    registry,
    async refresh(): Promise<void> {
      // One grouped read over the waiting and running jobs only (finished ones are most of the table).
      const rows = await rowsOf<{ org: string; large: boolean; status: string; jobs: number; ageSeconds: number }>(
        db,
        sql`select org, large, status, count(*)::int as jobs,
                   extract(epoch from now() - min(created_at))::float8 as "ageSeconds"
            from jobs where kind = 'verify-claim' and status in ('queued', 'running')
            group by org, large, status`,
      );
      depth.reset();
      oldest.reset();
      for (const row of rows) {
        const lane = row.large ? 'large' : 'small';
        depth.set({ org: row.org, lane, status: row.status }, Number(row.jobs));
        if (row.status === 'queued') oldest.set({ org: row.org, lane }, Math.max(0, Number(row.ageSeconds)));
      }
    },
  };
}

/** Equal tokens, compared in constant time (over their digests, which have one length). */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export const METRICS_TOKEN_REQUIRED = 'A valid metrics token is required: Authorization: Bearer <METRICS_TOKEN>';

/** Counts every answered request, and serves GET /metrics; registered on the root instance, before the OpenAPI plugin. */
export function registerMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    // Requests no route matched (404s, probes) share one series rather than one per URL.
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
  });

  const queue = queueMetrics(app.db);
  const token = app.config.metricsToken;
  app.get('/metrics', { config: { public: true } }, async (request, reply) => {
    if (token) {
      const [scheme, given] = (request.headers.authorization ?? '').split(' ');
      if (scheme?.toLowerCase() !== 'bearer' || !given || !sameToken(given, token)) throw unauthorized(METRICS_TOKEN_REQUIRED);
    }
    // An unreachable database leaves out the queue's figures (the scrape still shows the process's) and is logged.
    const queueFigures = await queue.refresh().then(
      () => queue.registry.metrics(),
      (error: unknown) => {
        request.log.warn({ err: error }, 'metrics: the queue could not be read');
        return '';
      },
    );
    reply.header('Cache-Control', 'no-store').type(processRegistry.contentType);
    return `${await processRegistry.metrics()}\n${queueFigures}`;
  });
}
