/**
 * The api on several processes (issue 21, Proof): two `api` and two `worker` processes started at the same moment on
 * one empty throwaway PostgreSQL database and an S3 server, as `npm run cluster` starts them (scripts/lib/cluster.mjs).
 * Claims created through both apis are verified once each; a worker killed in the middle of a claim leaves it to the
 * other; a sign-out, the sign-in throttle and the documents hold across processes; /ready follows the database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { MIGRATIONS_FOLDER } from '../../src/db';
import { DEMO_PASSWORD, DEMO_USERS } from '../../src/seed/base';
import { catalog } from '../../src/seed/synthetic/catalog';
import { DATABASES } from '../../testing/databases';
import { POSTGRES_URL, throwawayDatabase } from '../../testing/postgres';
// @ts-expect-error: the suite's scripts are plain JavaScript without type declarations.
import { freePort, startCluster } from '../../../scripts/lib/cluster.mjs';

const API_DIR = fileURLToPath(new URL('../..', import.meta.url));
const onPostgres = DATABASES.some(([name]) => name === 'PostgreSQL') ? describe : describe.skip;
const SEED_CLAIMS = 4;
const CLAIMS = 100;
/** The cache of an account's state (tokens revoked included) that a logout elsewhere may take to reach a process. */
const AUTH_CACHE_TTL_SECONDS = 5;
const EXPECTED_MIGRATIONS: number = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')).entries.length;

interface Cluster {
  databaseUrl: string;
  apiOrigins: string[];
  workers: { child: ChildProcess }[];
  stop(): Promise<void>;
}

async function textPdf(pages: number, line: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i += 1) {
    const page = pdf.addPage([595, 842]);
    page.drawText('Discharge Summary', { x: 40, y: 800, size: 16, font });
    for (let row = 0; row < 40; row += 1) page.drawText(`${line} ${i + 1}.${row + 1}`, { x: 40, y: 760 - row * 18, size: 10, font });
  }
  return pdf.save();
}

onPostgres('the api on two api and two worker processes, one PostgreSQL database and an S3 server', () => {
  let cluster: Cluster;
  let database: pg.Pool;
  const tokens = new Map<string, string>();
  const call = (api: number, path: string, init: RequestInit = {}, user = 'vitraya.admin') =>
    fetch(`${cluster.apiOrigins[api]}/v0.3.0${path}`, {
      ...init,
      headers: { ...(tokens.has(user) ? { authorization: `Bearer ${tokens.get(user)}` } : {}), ...init.headers },
    });
  const signIn = (api: number, username: string, password: string) =>
    fetch(`${cluster.apiOrigins[api]}/v0.3.0/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
  const rows = async <T>(query: string, values: unknown[] = []): Promise<T[]> => (await database.query(query, values)).rows as T[];

  let created = 0;
  async function createClaim(api: number, referenceClaimId: string, documents: Uint8Array[]): Promise<number> {
    const form = new FormData();
    for (const [key, value] of Object.entries({
      caseType: 'SETTLEMENT',
      procedureName: catalog.procedures[0].procedure_code,
      patientName: 'Asha',
      referenceClaimId,
    }))
      form.append(key, value);
    documents.forEach((document, i) => {
      form.append('documents', new Blob([document], { type: 'application/pdf' }), `document-${i + 1}.pdf`);
    });
    // Reviewers at several addresses, as behind the balancer (TRUST_PROXY): one address may create 60 claims a minute.
    created += 1;
    const answer = await call(api, '/claims', { method: 'POST', body: form, headers: { 'x-forwarded-for': `10.20.${created % 8}.1` } });
    const body = (await answer.json()) as { id: number };
    expect({ status: answer.status, body }).toEqual({ status: 200, body: expect.objectContaining({ id: expect.any(Number) }) });
    return body.id;
  }

  async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 240_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await sleep(500);
    }
  }

  beforeAll(async () => {
    cluster = await startCluster({
      apis: 2,
      workers: 2,
      quiet: true,
      env: {
        SEED_CLAIMS: String(SEED_CLAIMS),
        QUEUE_CONCURRENCY: '1',
        QUEUE_LEASE_MS: '10000',
        AUTH_CACHE_TTL: String(AUTH_CACHE_TTL_SECONDS),
      },
    });
    database = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 });
    for (const [index, user] of ['vitraya.admin', 'starhealth.admin'].entries()) {
      const answer = await signIn(index, user, DEMO_PASSWORD);
      tokens.set(user, ((await answer.json()) as { access_token: string }).access_token);
    }
  }, 300_000);
  afterAll(async () => {
    await database?.end();
    await cluster?.stop();
  }, 60_000);

  test('every process came up, with the schema migrated once and the seed stored once', async () => {
    const [migrations] = await rows<{ applied: number; distinct: number }>(
      'select count(*)::int as applied, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations',
    );
    expect(migrations).toEqual({ applied: EXPECTED_MIGRATIONS, distinct: EXPECTED_MIGRATIONS });
    const [users] = await rows<{ all: number; names: number }>(
      'select count(*)::int as all, count(distinct username)::int as names from users',
    );
    expect(users).toEqual({ all: DEMO_USERS.length, names: DEMO_USERS.length });
    const seeded = await waitFor('the generated claims', async () => {
      const [progress] = await rows<{ claims: number }>('select count(*)::int as claims from claims');
      return progress.claims >= SEED_CLAIMS ? progress.claims : undefined;
    });
    await sleep(2_000);
    const [again] = await rows<{ claims: number }>('select count(*)::int as claims from claims');
    expect(again.claims).toBe(seeded);
    expect(seeded).toBe(SEED_CLAIMS);
  }, 300_000);

  test(`${CLAIMS} claims created through both apis in turn are verified exactly once each`, async () => {
    const pdf = await textPdf(1, 'Haemoglobin 12.4 g/dL');
    const ids: number[] = [];
    for (let i = 0; i < CLAIMS; i += 1) ids.push(await createClaim(i % 2, `SCALE-${i}`, [pdf]));
    await waitFor('every claim verified', async () => {
      const [left] = await rows<{ open: number }>(
        "select count(*)::int as open from jobs where claim_id = any($1) and status in ('queued', 'running')",
        [ids],
      );
      return left.open === 0 ? true : undefined;
    });
    const jobs = await rows<{ claim_id: number; done: number; attempts: number }>(
      "select claim_id, count(*) filter (where status = 'done')::int as done, sum(attempts)::int as attempts from jobs where claim_id = any($1) group by claim_id",
      [ids],
    );
    expect(jobs).toHaveLength(CLAIMS);
    expect(jobs.filter((job) => job.done !== 1 || job.attempts !== 1)).toEqual([]);
    // Both workers took part.
    const [workers] = await rows<{ count: number }>(
      "select count(distinct split_part(locked_by, ':', 1))::int as count from jobs where claim_id = any($1)",
      [ids],
    );
    expect(workers.count).toBe(2);
  }, 600_000);

  test('a worker killed in the middle of a claim leaves it to the other, which finishes it once', async () => {
    const longDocument = await textPdf(400, 'Serum creatinine 1.1 mg/dL, potassium 4.2 mmol/L, sodium 139 mmol/L');
    const id = await createClaim(0, 'SCALE-KILL', [longDocument, longDocument]);
    const holder = await waitFor('the claim to be taken', async () => {
      const [job] = await rows<{ locked_by: string | null }>("select locked_by from jobs where claim_id = $1 and status = 'running'", [id]);
      return job?.locked_by ?? undefined;
    });
    const pid = Number(/-(\d+)-[0-9a-f]{8}:/.exec(holder)?.[1]);
    const victim = cluster.workers.find(({ child }) => child.pid === pid);
    expect(victim).toBeDefined();
    victim?.child.kill('SIGKILL');
    await waitFor('the other worker to finish it', async () => {
      const [job] = await rows<{ status: string }>('select status from jobs where claim_id = $1 order by id desc limit 1', [id]);
      return job.status === 'done' ? true : undefined;
    });
    const jobs = await rows<{ status: string; attempts: number; locked_by: string }>(
      'select status, attempts, locked_by from jobs where claim_id = $1',
      [id],
    );
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ status: 'done', attempts: 2 });
    expect(jobs[0].locked_by).not.toContain(`-${pid}-`);
  }, 600_000);

  test('a document uploaded through one api downloads by byte range through the other', async () => {
    const pdf = await textPdf(2, 'Range check');
    const id = await createClaim(0, 'SCALE-RANGE', [pdf]);
    const claim = (await (await call(1, `/claims/${id}`)).json()) as { documents: { id: number }[] };
    const part = await call(1, `/claims/${id}/documents/${claim.documents[0].id}`, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${pdf.byteLength}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(pdf.slice(0, 100));
  }, 120_000);

  test('a sign-out through one api is refused by the other within the documented time', async () => {
    const answer = await signIn(0, 'maxbupa.admin', DEMO_PASSWORD);
    const token = ((await answer.json()) as { access_token: string }).access_token;
    const asSignedIn = (api: number) =>
      fetch(`${cluster.apiOrigins[api]}/v0.3.0/claims?limit=1`, { headers: { authorization: `Bearer ${token}` } });
    expect((await asSignedIn(1)).status).toBe(200);
    expect(
      (await fetch(`${cluster.apiOrigins[0]}/v0.3.0/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(200);
    const started = Date.now();
    await waitFor('the other api to refuse the token', async () => ((await asSignedIn(1)).status === 401 ? true : undefined), 30_000);
    expect(Date.now() - started).toBeLessThanOrEqual((AUTH_CACHE_TTL_SECONDS + 2) * 1000);
  }, 60_000);

  test('11 failed sign-ins spread over both apis trip the account throttle on both', async () => {
    for (let i = 0; i < 11; i += 1) await signIn(i % 2, 'bajaj.admin', `wrong-${i}`);
    for (const api of [0, 1]) {
      const answer = await signIn(api, 'bajaj.admin', DEMO_PASSWORD);
      expect(answer.status).toBe(429);
    }
  }, 60_000);
});

onPostgres('/ready of an api process whose database goes away and comes back', () => {
  let relay: Server;
  const sockets = new Set<Socket>();
  let api: ChildProcess;
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  let relayPort: number;
  let apiPort: number;

  /** A TCP relay to the PostgreSQL server: closing it is the database becoming unreachable for the api. */
  function openRelay(): Promise<void> {
    const target = new URL(POSTGRES_URL);
    relay = createServer((client) => {
      const server = connect(Number(target.port || 5432), target.hostname);
      for (const socket of [client, server]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(server).pipe(client);
    });
    return new Promise((resolve) => relay.listen(relayPort, '127.0.0.1', resolve));
  }
  async function closeRelay(): Promise<void> {
    const closed = new Promise((resolve) => relay.close(resolve));
    for (const socket of sockets) socket.destroy();
    await closed;
  }
  const ready = async () => (await fetch(`http://127.0.0.1:${apiPort}/ready`).catch(() => null))?.status;
  async function waitForReady(status: number): Promise<void> {
    for (let i = 0; i < 120 && (await ready()) !== status; i += 1) await sleep(500);
    expect(await ready()).toBe(status);
  }

  beforeAll(async () => {
    database = await throwawayDatabase('ready');
    relayPort = await freePort();
    apiPort = await freePort();
    await openRelay();
    const url = new URL(database.url);
    url.host = `127.0.0.1:${relayPort}`;
    const { NODE_OPTIONS: _jestOnly, ...inherited } = process.env;
    api = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: API_DIR,
      stdio: 'ignore',
      env: {
        ...inherited,
        DATABASE_URL: url.toString(),
        JWT_SECRET: 'ready-test-secret',
        SEED: 'false',
        PROCESS_ROLE: 'api',
        PORT: String(apiPort),
      },
    });
  }, 300_000);
  afterAll(async () => {
    api?.kill('SIGKILL');
    await closeRelay().catch(() => {});
    await database?.drop();
  }, 60_000);

  test('503 with the reason while the database is unreachable, 200 again after', async () => {
    await waitForReady(200);
    await closeRelay();
    await waitForReady(503);
    const answer = await fetch(`http://127.0.0.1:${apiPort}/ready`);
    expect(((await answer.json()) as { detail: string }).detail).toMatch(/^Database/);
    await openRelay();
    await waitForReady(200);
  }, 180_000);
});
