/**
 * Many reviewers at once (issue 14 §6): the api started as in production (its own process, loopback only), the
 * demo seed stored in full, then, while its claims are being verified (scanned ones included), CLIENTS concurrent
 * clients signed in as the demo reviewers list and filter claims (GET /claims pages, POST /claims/search with
 * filters and search text) for a bounded time. How many claims still wait for verification is printed at the
 * load's start and end. Prints requests/s, p50/p95/p99 and errors beside the goals: p95 <= 1 s on embedded PGlite,
 * <= 500 ms on PostgreSQL (a throwaway database on TEST_DATABASE_URL, skipped when no server answers), 0 errors.
 *
 * `tsx scripts/bench-load.ts [--clients 200] [--seconds 30] [--seed-claims 300] [--only pglite|postgres] [--json FILE]`;
 * `BENCH_PROF=<dir>` writes the api's CPU profiles (one per thread) there, to see where a request's time goes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { DEMO_PASSWORD, ORGANIZATIONS } from '../src/seed/base';
import { POSTGRES_URL, postgresUnavailable } from '../test/postgres';
import { argument, percentile } from './bench-common';

const CLIENTS = Number(argument('--clients', '200'));
const SECONDS = Number(argument('--seconds', '30'));
const SEED_CLAIMS = argument('--seed-claims', '300');
const PORT = Number(process.env.BENCH_LOAD_PORT ?? 3790);
const BASE = `http://127.0.0.1:${PORT}/v0.3.0`;
const GOAL_P95_MS = { pglite: 1000, postgres: 500 } as const;
type Driver = keyof typeof GOAL_P95_MS;
const USERS = ['vitraya.admin', 'vitraya.reviewer', 'starhealth.reviewer', 'maxbupa.reviewer', 'bajaj.reviewer', 'ml.reviewer'];

/** What a reviewer does on the list: pages, the filter with its fields, the top bar's search text. */
const CALLS: { method: 'GET' | 'POST'; path: string; body?: object }[] = [
  { method: 'GET', path: '/claims?limit=25&page_number=1' },
  { method: 'GET', path: '/claims?limit=25&page_number=3' },
  { method: 'GET', path: '/claims?limit=25&page_number=1&status=OPEN,ADJUDICATED' },
  { method: 'POST', path: '/claims/search?limit=25&page_number=1', body: { status: ['ADJUDICATED'] } },
  {
    method: 'POST',
    path: '/claims/search?limit=25&page_number=1',
    body: { adjudicationResult: ['ACCEPTED', 'REJECTED'], caseType: ['SETTLEMENT'] },
  },
  { method: 'POST', path: '/claims/search?limit=25&page_number=2', body: { query: 'ra' } },
  { method: 'POST', path: '/claims/search?limit=25&page_number=1', body: { query: 'SH', startDate: '2024-01-01' } },
];

export interface LoadResult {
  driver: Driver;
  clients: number;
  seconds: number;
  claimsListed: number;
  /** Claims awaiting verification when the load started and when it ended: the batch going on meanwhile. */
  awaitingVerification: { atStart: number; atEnd: number };
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  errors: number;
  firstErrors: string[];
  goalP95Ms: number;
  ok: boolean;
}

interface StartedApi {
  process: ChildProcess;
  /** Resolves when the api logs that the demo seed has stored all its claims. */
  seeded: Promise<void>;
}

/** The seed's last log line (seed/generated-claims.ts), the signal that every demo claim is stored. */
const SEEDED_LINE = /seeded \d+ claims, queued for verification/;

function startApi(env: Record<string, string>): StartedApi {
  const api = spawn(
    process.execPath,
    [...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROF] : []), '--import', 'tsx', 'src/main.ts'],
    {
      cwd: join(import.meta.dirname, '..'),
      env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'info', LOG_REQUESTS: 'false', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const seeded = new Promise<void>((resolve, reject) => {
    createInterface({ input: api.stdout! }).on('line', (line) => {
      if (SEEDED_LINE.test(line)) resolve();
    });
    api.once('exit', (code) => reject(new Error(`the api exited (${code}) before the seed was stored`)));
  });
  seeded.catch(() => {});
  return { process: api, seeded };
}

async function stopApi(api: ChildProcess): Promise<void> {
  if (api.exitCode !== null) return;
  const exited = new Promise((resolve) => api.once('exit', resolve));
  api.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000).then(() => api.kill('SIGKILL'))]);
}

async function waitFor<T>(what: string, probe: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    await sleep(3_000);
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function signIn(username: string): Promise<string> {
  const response = await fetch(`${BASE}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login of ${username}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** The provider admin's count of claims matching a search, over every organisation (a page's first row carries its total). */
async function countOf(headers: Record<string, string>, body: object): Promise<number> {
  const counts = await Promise.all(
    ORGANIZATIONS.map(async ({ code }) => {
      const response = await fetch(`${BASE}/claims/search?limit=1&page_number=1&org=${code}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const rows = (await response.json()) as { total_count?: number }[];
      return rows[0]?.total_count ?? 0;
    }),
  );
  return counts.reduce((sum, n) => sum + n, 0);
}

/** Claims whose documents are still to be read or whose verdict is still to come. */
const AWAITING_VERIFICATION = { status: ['TO_BE_OCRED', 'OCRED'] };

async function runLoad(driver: Driver, api: StartedApi): Promise<LoadResult> {
  await waitFor('the api', async () => ((await fetch(`${BASE}/version`)).ok ? true : null), 120_000);
  await Promise.race([
    api.seeded,
    sleep(900_000, undefined, { ref: false }).then(() => Promise.reject(new Error('timed out waiting for the seed'))),
  ]);
  const tokens = await Promise.all(USERS.map(signIn));
  const admin = { authorization: `Bearer ${tokens[0]}` };
  const claimsListed = await countOf(admin, {});
  const awaitingAtStart = await countOf(admin, AWAITING_VERIFICATION);
  console.log(
    `load: ${driver}: ${claimsListed} claims in the review list, ${awaitingAtStart} awaiting verification; ${CLIENTS} clients for ${SECONDS} s`,
  );

  const latencies: number[] = [];
  const firstErrors: string[] = [];
  let errors = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const client = async (index: number) => {
    const headers = { authorization: `Bearer ${tokens[index % tokens.length]}`, 'content-type': 'application/json' };
    for (let n = index; performance.now() < deadline; n++) {
      const call = CALLS[n % CALLS.length];
      const started = performance.now();
      try {
        const response = await fetch(`${BASE}${call.path}`, {
          method: call.method,
          headers,
          body: call.body ? JSON.stringify(call.body) : undefined,
        });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${response.status} ${call.method} ${call.path}`);
      } catch (error) {
        errors += 1;
        if (firstErrors.length < 5) firstErrors.push(error instanceof Error ? error.message : String(error));
      }
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
  const elapsed = (performance.now() - started) / 1000;
  const awaitingAtEnd = await countOf(admin, AWAITING_VERIFICATION);
  latencies.sort((a, b) => a - b);
  const p95Ms = Math.round(percentile(latencies, 95));
  return {
    driver,
    clients: CLIENTS,
    seconds: Math.round(elapsed),
    claimsListed,
    awaitingVerification: { atStart: awaitingAtStart, atEnd: awaitingAtEnd },
    requests: latencies.length,
    requestsPerSecond: Math.round(latencies.length / elapsed),
    p50Ms: Math.round(percentile(latencies, 50)),
    p95Ms,
    p99Ms: Math.round(percentile(latencies, 99)),
    errors,
    firstErrors,
    goalP95Ms: GOAL_P95_MS[driver],
    ok: errors === 0 && p95Ms <= GOAL_P95_MS[driver],
  };
}

/** One driver: a fresh data folder (and database), the api started on it, the load, everything removed after. */
async function bench(driver: Driver): Promise<LoadResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'claims-bench-load-'));
  const databaseName = `claims_bench_load_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const onServer = async (statement: string) => {
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  const env: Record<string, string> = { DATA_DIR: dataDir, SEED_CLAIMS, LOGIN_RATE_LIMIT: '1000' };
  if (driver === 'postgres') {
    await onServer(`create database ${databaseName}`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${databaseName}`;
    env.DATABASE_URL = url.toString();
  }
  const api = startApi(env);
  try {
    return await runLoad(driver, api);
  } finally {
    await stopApi(api.process);
    if (driver === 'postgres') await onServer(`drop database if exists ${databaseName} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const only = argument('--only', '');
const results: LoadResult[] = [];
for (const driver of ['pglite', 'postgres'] as const) {
  if (only && only !== driver) continue;
  if (driver === 'postgres') {
    const unavailable = await postgresUnavailable();
    if (unavailable) {
      console.log(`load on PostgreSQL skipped: ${unavailable}`);
      continue;
    }
  }
  const result = await bench(driver);
  results.push(result);
  console.log(
    `load: ${result.driver.padEnd(8)} ${result.clients} clients ${result.seconds} s over ${result.claimsListed}+ claims: ` +
      `${result.awaitingVerification.atStart} then ${result.awaitingVerification.atEnd} awaiting verification: ` +
      `${result.requestsPerSecond} requests/s, p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms (goal ${result.goalP95Ms} ms), ` +
      `p99 ${result.p99Ms} ms, ${result.errors} errors (goal 0) ${result.ok ? 'ok' : 'OVER GOAL'}` +
      (result.firstErrors.length ? `\n  first errors: ${result.firstErrors.join('; ')}` : ''),
  );
}
const json = argument('--json', '');
if (json) writeFileSync(json, `${JSON.stringify(results, null, 2)}\n`);
