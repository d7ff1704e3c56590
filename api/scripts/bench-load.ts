/**
 * Many reviewers at once (issue 14 §6, issue 20 §7): the api started as in production (its own process, loopback
 * only), the demo seed stored in full, then CLIENTS concurrent clients signed in as the demo reviewers list and filter
 * claims (GET /claims pages, POST /claims/search with filters and search text) for a bounded time, three times:
 *
 * - cold: the api restarted on the seeded database, the load begun the moment `/ready` answers 200; also prints how
 *   long the restart took to be ready and when the clients' first answers came;
 * - warm: the same process right after, while its claims are being verified (scanned ones included; how many still
 *   wait is printed at the load's start and end);
 * - hostile: the same again while one client attacks as issue 20 describes, all at once: an .xlsx manifest bomb and a
 *   million-row .xlsx posted over and over to POST /claim/batch/uploadManifest (§2), sockets trickling bodies that
 *   never end (§4), and large JSON bodies, a 1.9 MB search text and a 150,000-key body on /login (§5). What the attacks
 *   were answered is printed beside the reviewers' figures.
 *
 * Each run prints requests/s, p50/p95/p99, errors and timeouts (a request unanswered after 30 s) beside the goals:
 * p95 <= 1 s on embedded PGlite, <= 500 ms on PostgreSQL (a throwaway database on TEST_DATABASE_URL, skipped when no
 * server answers), 0 errors.
 *
 * Beside them: the bench's own CPU (its clients must not be the limit) and the connections the kernel refused for a
 * full accept queue during the run (a refused client retries after 1, 3, 7, 15 and 31 s: the 30 s timeouts of issue 20
 * until the api listened with a larger backlog).
 *
 * `tsx scripts/bench-load.ts [--clients 200] [--seconds 30] [--seed-claims 300] [--only pglite|postgres]
 * [--runs cold,warm,hostile] [--json FILE]`;
 * `--short` (40 clients, 10 s, 40 claims) to try it. `BENCH_PROF=<dir>` writes the api's CPU profiles (one per thread)
 * there, to see where a request's time goes; `BENCH_API_LOG=<file>` keeps the api's log with a line per request
 * (`<file>.seed`, `<file>.restart`); `--data-dir DIR` keeps the embedded database there and, when DIR is already
 * seeded, starts from it instead of seeding again (quicker to repeat; the claims' verification has moved on).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { appendFileSync, createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { DEMO_PASSWORD, ORGANIZATIONS } from '../src/seed/base';
import { POSTGRES_URL, postgresUnavailable } from '../testing/postgres';
import { SHEET_HEAD, SHEET_TAIL, sheetRow, streamedPart, workbookParts, zipOf } from '../testing/zip-parts';
import { argument, percentile } from './bench-common';

const SHORT = process.argv.includes('--short');
const CLIENTS = Number(argument('--clients', SHORT ? '40' : '200'));
const SECONDS = Number(argument('--seconds', SHORT ? '10' : '30'));
const SEED_CLAIMS = argument('--seed-claims', SHORT ? '40' : '300');
/** Which of the three runs to make (the restart is made whatever the choice, so warm and hostile follow a cold start). */
const RUNS = new Set(argument('--runs', 'cold,warm,hostile').split(','));
const PORT = Number(process.env.BENCH_LOAD_PORT ?? 3790);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const BASE = `${ORIGIN}/v0.3.0`;
const GOAL_P95_MS = { pglite: 1000, postgres: 500 } as const;
type Driver = keyof typeof GOAL_P95_MS;
const USERS = ['vitraya.admin', 'vitraya.reviewer', 'starhealth.reviewer', 'maxbupa.reviewer', 'bajaj.reviewer', 'ml.reviewer'];
/** The attacker: an organisation's super user (manifest uploads), also sending the large search texts. */
const ATTACKER = 'starhealth.admin';
/** A reviewer's request unanswered after this long counts as timed out (the client gives up, as in issue 20 §7). */
const REQUEST_TIMEOUT_MS = 30_000;
/** Sockets trickling a body that never ends, kept open (reopened when the api closes one). */
const TRICKLING_SOCKETS = SHORT ? 100 : 400;
const MB = 1024 * 1024;
/** The same secret across the restart, so that the reviewers' tokens outlive it as they do in a browser. */
const JWT_SECRET = `bench-load-${randomUUID()}`;

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

/** How the hostile client's requests were answered: counts by status code (or 'error', 'closed'), per attack. */
type AttackTally = Record<string, Record<string, number>>;

interface LoadFigures {
  clients: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  /** When the clients' first requests were answered, from the load's start: the earliest and the latest. */
  firstAnswerMs: { earliest: number; latest: number };
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  errors: number;
  /** Of the errors, requests unanswered after REQUEST_TIMEOUT_MS. */
  timeouts: number;
  /** The timed-out requests' ids (their X-Request-Id, in the api's log with BENCH_API_LOG) and when they were sent. */
  timedOut: { requestId: string; sentAtMs: number; call: string }[];
  firstErrors: string[];
  /** The bench's own CPU over the run, in % of one core: the clients must not be what limits the figures. */
  clientCpuPercent: number;
  /**
   * The kernel's counters of dropped handshakes and resent SYNs over the run (the whole machine's, from
   * /proc/net/netstat; null where they cannot be read): each drop costs its client a 1, 3, 7, 15 or 31 s wait.
   */
  kernel: TcpCounts | null;
  goalP95Ms: number;
  ok: boolean;
}

export interface LoadResult {
  driver: Driver;
  claimsListed: number;
  /** From the restart (process spawned) to `/ready` answering 200. */
  readyAfterRestartMs: number;
  cold?: LoadFigures;
  warm?: LoadFigures & { awaitingVerification: { atStart: number; atEnd: number } };
  hostile?: LoadFigures & { attacks: AttackTally };
}

interface StartedApi {
  process: ChildProcess;
  /** Resolves when the api logs that the demo seed has stored all its claims. */
  seeded: Promise<void>;
}

/** The seed's last log line (seed/generated-claims.ts), the signal that every demo claim is stored. */
const SEEDED_LINE = /seeded \d+ claims, queued for verification/;

function startApi(env: Record<string, string>, profile: string): StartedApi {
  const profiling = process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir', join(process.env.BENCH_PROF, profile)] : [];
  const api = spawn(process.execPath, [...profiling, '--import', 'tsx', 'src/main.ts'], {
    cwd: join(import.meta.dirname, '..'),
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      LOG_REQUESTS: process.env.BENCH_API_LOG ? 'true' : 'false',
      // Times to the millisecond, to set beside the bench's send times.
      ...(process.env.BENCH_API_LOG ? { LOG_FORMAT: 'json' } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const seeded = new Promise<void>((resolve, reject) => {
    createInterface({ input: api.stdout! }).on('line', (line) => {
      if (SEEDED_LINE.test(line)) resolve();
    });
    api.once('exit', (code) => reject(new Error(`the api exited (${code}) before the seed was stored`)));
  });
  seeded.catch(() => {});
  if (process.env.BENCH_API_LOG) {
    const log = createWriteStream(`${process.env.BENCH_API_LOG}.${profile}`);
    api.stdout!.pipe(log);
  }
  return { process: api, seeded };
}

async function stopApi(api: ChildProcess): Promise<void> {
  if (api.exitCode !== null) return;
  const exited = new Promise((resolve) => api.once('exit', resolve));
  api.kill('SIGTERM');
  // A profiled api writes its profiles on exit: give it time to finish its verification job.
  await Promise.race([exited, sleep(process.env.BENCH_PROF ? 120_000 : 15_000).then(() => api.kill('SIGKILL'))]);
}

async function waitFor<T>(what: string, probe: () => Promise<T | null>, timeoutMs: number, everyMs = 3_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    await sleep(everyMs);
  }
  throw new Error(`timed out waiting for ${what}`);
}

const ready = async () => ((await fetch(`${ORIGIN}/ready`)).ok ? true : null);

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

/**
 * The kernel's TCP counters that show a client kept waiting before the api could see it (Linux, the whole machine):
 * handshakes dropped for a full accept queue (ListenOverflows, counted in ListenDrops with the other drops), for a
 * full SYN queue (TCPReqQFullDrop), and the SYNs clients sent again after a drop (TCPSynRetrans).
 */
const TCP_COUNTERS = ['ListenOverflows', 'ListenDrops', 'TCPReqQFullDrop', 'TCPSynRetrans'] as const;
type TcpCounts = Record<(typeof TCP_COUNTERS)[number], number>;

function tcpCounts(): TcpCounts | null {
  try {
    const [names, values] = readFileSync('/proc/net/netstat', 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('TcpExt:'))
      .map((line) => line.split(' '));
    const counts = Object.fromEntries(TCP_COUNTERS.map((name) => [name, Number(values[names.indexOf(name)])]));
    return TCP_COUNTERS.every((name) => names.indexOf(name) > 0) ? (counts as TcpCounts) : null;
  } catch {
    return null;
  }
}

/**
 * With BENCH_API_LOG, a line a second in `<file>.sockets` of the api's TCP sockets as the kernel holds them (`ss`): the
 * accept queue (connections the api has not accepted yet), the api's connections by state and how many hold bytes it
 * has not read, and the clients' connections still holding bytes the api has not taken. A request that waits there is
 * waiting for the api's thread, not for its handler.
 */
function watchSockets(run: string): () => void {
  const file = process.env.BENCH_API_LOG ? `${process.env.BENCH_API_LOG}.sockets` : '';
  if (!file) return () => {};
  const started = performance.now();
  const snapshot = () => {
    try {
      const lines = execFileSync('ss', ['-tnH', 'state', 'all', `( sport = :${PORT} or dport = :${PORT} )`], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map((line) => line.trim().split(/\s+/));
      const listening = lines.find(([state]) => state === 'LISTEN');
      const served = lines.filter(([state, , , local]) => state !== 'LISTEN' && local.endsWith(`:${PORT}`));
      const clients = lines.filter(([, , , , peer]) => peer?.endsWith(`:${PORT}`));
      const states: Record<string, number> = {};
      for (const [state] of served) states[state] = (states[state] ?? 0) + 1;
      const unread = served.filter(([, recvQ]) => Number(recvQ) > 0);
      const unsent = clients.filter(([, , sendQ]) => Number(sendQ) > 0);
      const at = ((performance.now() - started) / 1000).toFixed(1);
      appendFileSync(
        file,
        `${run} ${at} s: accept queue ${listening?.[1] ?? '?'}, api sockets ${JSON.stringify(states)}, ${unread.length} holding ` +
          `${unread.reduce((sum, [, recvQ]) => sum + Number(recvQ), 0)} unread bytes; clients' sockets holding unsent bytes ${unsent.length}\n`,
      );
    } catch (error) {
      appendFileSync(file, `${run}: ss failed: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  };
  const timer = setInterval(snapshot, 1_000);
  snapshot();
  return () => clearInterval(timer);
}

/** CLIENTS reviewers for SECONDS, each sending the next call as soon as the last was answered. */
async function reviewers(driver: Driver, run: string, tokens: string[]): Promise<LoadFigures> {
  const latencies: number[] = [];
  const timedOut: LoadFigures['timedOut'] = [];
  const firstAnswers: number[] = [];
  const firstErrors: string[] = [];
  let errors = 0;
  let timeouts = 0;
  const kernelBefore = tcpCounts();
  const stopWatching = watchSockets(run);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const client = async (index: number) => {
    const headers = { authorization: `Bearer ${tokens[index % tokens.length]}`, 'content-type': 'application/json' };
    for (let n = index; performance.now() < deadline; n++) {
      const call = CALLS[n % CALLS.length];
      const requestId = `bench-${driver}-${run}-${index}-${n}`;
      const sent = performance.now();
      try {
        const response = await fetch(`${BASE}${call.path}`, {
          method: call.method,
          headers: { ...headers, 'x-request-id': requestId },
          body: call.body ? JSON.stringify(call.body) : undefined,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${response.status} ${call.method} ${call.path}`);
      } catch (error) {
        errors += 1;
        if (error instanceof Error && error.name === 'TimeoutError') {
          timeouts += 1;
          timedOut.push({ requestId, sentAtMs: Math.round(sent - started), call: `${call.method} ${call.path}` });
        }
        if (firstErrors.length < 5) {
          const reason = error instanceof Error ? error.message : String(error);
          firstErrors.push(`${call.method} ${call.path} sent at ${Math.round((sent - started) / 1000)} s: ${reason}`);
        }
      }
      const answered = performance.now();
      latencies.push(answered - sent);
      if (n === index) firstAnswers.push(answered - started);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
  stopWatching();
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const kernelAfter = tcpCounts();
  latencies.sort((a, b) => a - b);
  const p95Ms = Math.round(percentile(latencies, 95));
  return {
    clients: CLIENTS,
    seconds: Math.round(elapsed),
    requests: latencies.length,
    requestsPerSecond: Math.round(latencies.length / elapsed),
    firstAnswerMs: { earliest: Math.round(Math.min(...firstAnswers)), latest: Math.round(Math.max(...firstAnswers)) },
    p50Ms: Math.round(percentile(latencies, 50)),
    p95Ms,
    p99Ms: Math.round(percentile(latencies, 99)),
    errors,
    timeouts,
    timedOut,
    firstErrors,
    clientCpuPercent: Math.round((cpu.user + cpu.system) / 1e4 / elapsed),
    kernel:
      kernelBefore && kernelAfter
        ? (Object.fromEntries(TCP_COUNTERS.map((name) => [name, kernelAfter[name] - kernelBefore[name]])) as TcpCounts)
        : null,
    goalP95Ms: GOAL_P95_MS[driver],
    ok: errors === 0 && p95Ms <= GOAL_P95_MS[driver],
  };
}

/** The hostile client's payloads, made once for both drivers (the bomb costs a few seconds to pack). */
interface HostilePayloads {
  manifests: { name: string; data: Buffer }[];
  longSearch: string;
  manyKeys: string;
}

async function hostilePayloads(): Promise<HostilePayloads> {
  const header = sheetRow(1, ['intimation_number', 'caseType', 'insurer_documents']);
  const spaces = function* () {
    const piece = ' '.repeat(MB);
    for (let n = 0; n < 1024; n++) yield piece;
  };
  const rows = function* () {
    for (let start = 2; start < 1_000_002; start += 10_000) {
      yield Array.from({ length: 10_000 }, (_, i) => sheetRow(start + i, ['x'])).join('');
    }
  };
  const bomb = await streamedPart('xl/worksheets/sheet1.xml', SHEET_HEAD + header, spaces, SHEET_TAIL);
  const millionRows = await streamedPart('xl/worksheets/sheet1.xml', SHEET_HEAD + header, rows, SHEET_TAIL);
  const keys = Object.fromEntries(Array.from({ length: 150_000 }, (_, i) => [`k${i}`, i]));
  return {
    manifests: [
      { name: 'bomb.xlsx', data: zipOf([...workbookParts(), bomb]) },
      { name: 'million-rows.xlsx', data: zipOf([...workbookParts(), millionRows]) },
    ],
    longSearch: JSON.stringify({ query: 'a'.repeat(1.9 * 1000 * 1000) }),
    manyKeys: JSON.stringify({ username: 'nobody.at.all', password: 'wrong', ...keys }),
  };
}

/** What a failed fetch says: its cause's code (ECONNRESET, UND_ERR_SOCKET) or its name (TimeoutError). */
const errorCause = (error: unknown): string => {
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  return cause?.code ?? (error instanceof Error ? error.name : String(error));
};

/** Issue 20 §2, §4 and §5 at once, until `stop`; answers how each attack was answered. */
function startHostileClient(token: string, payloads: HostilePayloads): { stop(): Promise<AttackTally> } {
  const tally: AttackTally = {};
  const count = (attack: string, outcome: string | number) => {
    tally[attack] ??= {};
    tally[attack][outcome] = (tally[attack][outcome] ?? 0) + 1;
  };
  let running = true;
  const send = async (attack: string, url: string, init: RequestInit) => {
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      await response.arrayBuffer();
      count(attack, response.status);
    } catch (error) {
      count(attack, `error (${errorCause(error)})`);
      await sleep(100);
    }
  };
  const loop = async (attack: string, request: (n: number) => [string, RequestInit]) => {
    for (let n = 0; running; n++) await send(attack, ...request(n));
  };
  const auth = { authorization: `Bearer ${token}` };
  const loops = [
    loop('manifest bombs (§2)', (n) => {
      const manifest = payloads.manifests[n % payloads.manifests.length];
      const form = new FormData();
      form.append('manifest', new Blob([manifest.data]), manifest.name);
      return [`${BASE}/claim/batch/uploadManifest`, { method: 'POST', headers: auth, body: form }];
    }),
    ...[0, 1].map(() =>
      loop('1.9 MB search text (§5)', () => [
        `${BASE}/claims/search?limit=25&page_number=1`,
        { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: payloads.longSearch },
      ]),
    ),
    loop('150,000 keys on /login (§5)', () => [
      `${BASE}/login`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: payloads.manyKeys },
    ]),
  ];

  // §4: bodies that never end, half to /login (public), half answered early (401 without a token); a byte a second.
  const sockets = new Set<Socket>();
  const trickle = (index: number) => {
    if (!running) return;
    const path = index % 2 ? '/v0.3.0/login' : '/v0.3.0/claims/search';
    const socket = connect(PORT, '127.0.0.1');
    sockets.add(socket);
    const timer = setInterval(() => socket.write('a'), 1_000);
    socket.on('error', () => {});
    socket.on('data', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      sockets.delete(socket);
      if (!running) return;
      count('trickled bodies (§4)', 'closed');
      setTimeout(() => trickle(index), 100);
    });
    socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n{"a":"`);
  };
  for (let i = 0; i < TRICKLING_SOCKETS; i++) trickle(i);

  return {
    async stop() {
      running = false;
      tally['trickled bodies (§4)'] ??= {};
      tally['trickled bodies (§4)']['open at the end'] = sockets.size;
      for (const socket of sockets) socket.destroy();
      await Promise.all(loops);
      return tally;
    },
  };
}

/** One driver: a fresh data folder (and database), the api seeded, restarted, loaded cold, warm and under attack. */
async function bench(driver: Driver, payloads: HostilePayloads): Promise<LoadResult> {
  const keptDir = driver === 'pglite' ? argument('--data-dir', '') : '';
  const reused = keptDir !== '' && existsSync(keptDir) && readdirSync(keptDir).length > 0;
  const dataDir = keptDir || mkdtempSync(join(tmpdir(), 'claims-bench-load-'));
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
  const env: Record<string, string> = { DATA_DIR: dataDir, SEED_CLAIMS, LOGIN_RATE_LIMIT: '1000', JWT_SECRET };
  if (driver === 'postgres') {
    await onServer(`create database ${databaseName}`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${databaseName}`;
    env.DATABASE_URL = url.toString();
  }
  let api = startApi(env, 'seed');
  try {
    await waitFor('the api', ready, 180_000);
    await Promise.race([
      reused ? Promise.resolve() : api.seeded,
      sleep(900_000, undefined, { ref: false }).then(() => Promise.reject(new Error('timed out waiting for the seed'))),
    ]);
    const tokens = await Promise.all(USERS.map(signIn));
    const attackerToken = await signIn(ATTACKER);

    await stopApi(api.process);
    const restarted = performance.now();
    api = startApi(env, 'restart');
    await waitFor('/ready after the restart', ready, 180_000, 50);
    const readyAfterRestartMs = Math.round(performance.now() - restarted);
    console.log(`load: ${driver}: restarted, ready after ${readyAfterRestartMs} ms`);
    const result: LoadResult = { driver, claimsListed: 0, readyAfterRestartMs };
    if (RUNS.has('cold')) {
      console.log(`load: ${driver}: cold: ${CLIENTS} clients for ${SECONDS} s`);
      result.cold = await reviewers(driver, 'cold', tokens);
    }

    const admin = { authorization: `Bearer ${tokens[0]}` };
    result.claimsListed = await countOf(admin, {});
    if (RUNS.has('warm')) {
      const atStart = await countOf(admin, AWAITING_VERIFICATION);
      console.log(
        `load: ${driver}: ${result.claimsListed} claims in the review list, ${atStart} awaiting verification; warm: ${CLIENTS} clients for ${SECONDS} s`,
      );
      const warm = await reviewers(driver, 'warm', tokens);
      const atEnd = await countOf(admin, AWAITING_VERIFICATION);
      result.warm = { ...warm, awaitingVerification: { atStart, atEnd } };
    }

    if (RUNS.has('hostile')) {
      console.log(`load: ${driver}: hostile: ${CLIENTS} clients for ${SECONDS} s while one client attacks (issue 20 §2, §4, §5)`);
      const attacker = startHostileClient(attackerToken, payloads);
      const hostile = await reviewers(driver, 'hostile', tokens);
      result.hostile = { ...hostile, attacks: await attacker.stop() };
    }
    return result;
  } finally {
    await stopApi(api.process);
    if (driver === 'postgres') await onServer(`drop database if exists ${databaseName} with (force)`);
    if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const figures = (run: string, f: LoadFigures) =>
  `  ${run.padEnd(8)} ${f.clients} clients ${f.seconds} s: ${f.requestsPerSecond} requests/s, first answers ${f.firstAnswerMs.earliest}-${f.firstAnswerMs.latest} ms, ` +
  `p50 ${f.p50Ms} ms, p95 ${f.p95Ms} ms (goal ${f.goalP95Ms} ms), p99 ${f.p99Ms} ms, ${f.errors} errors of which ${f.timeouts} timed out (goal 0) ` +
  `[bench CPU ${f.clientCpuPercent}% of a core, kernel: ${f.kernel ? `${f.kernel.ListenDrops} handshakes dropped (${f.kernel.ListenOverflows} for a full accept queue), ${f.kernel.TCPReqQFullDrop} for a full SYN queue, ${f.kernel.TCPSynRetrans} SYNs resent` : 'unknown'}] ` +
  `${f.ok ? 'ok' : 'OVER GOAL'}${f.firstErrors.length ? `\n    first errors: ${f.firstErrors.join('; ')}` : ''}` +
  `${f.timedOut.length ? `\n    timed out (X-Request-Id, sent at): ${f.timedOut.map((t) => `${t.requestId} ${t.sentAtMs} ms`).join(', ')}` : ''}`;

const attacksText = (tally: AttackTally) =>
  Object.entries(tally)
    .map(
      ([attack, outcomes]) =>
        `    ${attack}: ${Object.entries(outcomes)
          .map(([outcome, n]) => `${outcome} x${n}`)
          .join(', ')}`,
    )
    .join('\n');

const only = argument('--only', '');
const drivers = (['pglite', 'postgres'] as const).filter((driver) => !only || only === driver);
const results: LoadResult[] = [];
const payloads = RUNS.has('hostile') ? await hostilePayloads() : { manifests: [], longSearch: '', manyKeys: '' };
for (const driver of drivers) {
  if (driver === 'postgres') {
    const unavailable = await postgresUnavailable();
    if (unavailable) {
      console.log(`load on PostgreSQL skipped: ${unavailable}`);
      continue;
    }
  }
  const result = await bench(driver, payloads);
  results.push(result);
  console.log(
    [
      `load: ${result.driver} over ${result.claimsListed}+ claims, ready ${result.readyAfterRestartMs} ms after a restart:`,
      ...(result.cold ? [figures('cold', result.cold)] : []),
      ...(result.warm
        ? [
            `${figures('warm', result.warm)}\n    ${result.warm.awaitingVerification.atStart} then ${result.warm.awaitingVerification.atEnd} claims awaiting verification`,
          ]
        : []),
      ...(result.hostile ? [`${figures('hostile', result.hostile)}\n${attacksText(result.hostile.attacks)}`] : []),
    ].join('\n'),
  );
}
const json = argument('--json', '');
if (json) writeFileSync(json, `${JSON.stringify(results, null, 2)}\n`);
