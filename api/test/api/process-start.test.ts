/**
 * Processes starting at once on one PostgreSQL database (issue 21 §1, §2, §3): three `api` processes on an empty
 * database all come up, with the schema migrated once and the seed stored once; a `worker` process opens no port
 * and stops cleanly; a process refuses to start without JWT_SECRET, with an unknown PROCESS_ROLE, or against a
 * schema newer than its code, saying why. Each process is the api's real entry, started as the scripts start it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { CODE_MIGRATIONS, type OpenDatabase, rowsOf } from '../../src/db';
import { DEMO_USERS, ORGANIZATIONS } from '../../src/seed/base';
import { catalog } from '../../src/seed/synthetic/catalog';
import { throwawayDatabase } from '../../testing/postgres';
import { DATABASES } from '../../testing/databases';

const API_DIR = fileURLToPath(new URL('../..', import.meta.url));
const SEED_CLAIMS = 4;
const JWT_SECRET = 'process-start-test-secret-long-enough';
const onPostgres = DATABASES.some(([name]) => name === 'PostgreSQL') ? describe : describe.skip;

interface Started {
  child: ChildProcess;
  port: number;
  /** Every line it wrote, stdout and stderr together. */
  lines: string[];
  exited: Promise<number | null>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

const scratch = mkdtempSync(join(tmpdir(), 'claims-process-start-'));
const started: Started[] = [];

/** The api's entry with the settings of a process on the shared database (documents and inbox shared as a mount would be). */
async function startProcess(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const { NODE_OPTIONS: _jestOnly, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: API_DIR,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(scratch, 'data-')),
      DOCUMENT_STORE_DIR: join(scratch, 'documents'),
      INBOX_DIR: join(scratch, 'inbox'),
      SEED_CLAIMS: String(SEED_CLAIMS),
      QUEUE_CONCURRENCY: '1',
      LOG_LEVEL: 'info',
      JWT_SECRET,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream?.setEncoding('utf8').on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      lines.push(...parts);
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const process_ = { child, port, lines, exited };
  started.push(process_);
  return process_;
}

/** Waits for `probe` to answer; gives up when `of` exits first, with what it wrote last. */
async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, of?: Started, timeoutMs = 240_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (of && of.child.exitCode !== null) {
      throw new Error(`exited with ${of.child.exitCode} before ${what}:\n${of.lines.slice(-20).join('\n')}`);
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

const answersReady = (port: number) => async () => (await fetch(`http://127.0.0.1:${port}/ready`)).ok;
const logged = (processes: Started[], text: string | RegExp) =>
  processes.flatMap((p) => p.lines.filter((line) => (typeof text === 'string' ? line.includes(text) : text.test(line))));
/** What the queue worker logs when it starts (src/jobs/worker.ts). */
const WORKER_STARTED = /verification worker \S+ started/;

async function stop(process_: Started): Promise<number | null> {
  if (process_.child.exitCode === null) process_.child.kill('SIGTERM');
  return process_.exited;
}

/** TCP sockets the process listens on: its open sockets (/proc/<pid>/fd) that the kernel lists as listening. */
function listeningSockets(pid: number): string[] {
  const listening = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6'].filter((file) => existsSync(file))) {
    for (const row of readFileSync(table, 'utf8').trim().split('\n').slice(1)) {
      const fields = row.trim().split(/\s+/);
      if (fields[3] === '0A') listening.add(fields[9]);
    }
  }
  const owned = readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
    try {
      return [/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? ''];
    } catch {
      return [];
    }
  });
  return owned.filter((inode) => listening.has(inode));
}

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

onPostgres('processes starting on one PostgreSQL database', () => {
  let throwaway: { database: OpenDatabase; url: string; drop(): Promise<void> };
  const count = async (table: string) =>
    (await rowsOf<{ n: number }>(throwaway.database.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0].n;

  beforeAll(async () => {
    throwaway = await throwawayDatabase('claims_process_start', { runMigrations: false });
  });

  afterAll(async () => {
    for (const process_ of started) if (process_.child.exitCode === null) process_.child.kill('SIGKILL');
    await throwaway?.drop();
    rmSync(scratch, { recursive: true, force: true });
  });

  test('three api processes started at once on an empty database all come up; schema, seed and demo claims are stored once', async () => {
    const apis = await Promise.all([1, 2, 3].map(() => startProcess({ DATABASE_URL: throwaway.url, PROCESS_ROLE: 'api' })));
    try {
      for (const api of apis) await until(`the api on :${api.port} was ready`, answersReady(api.port), api);
      await until('the demo claims of the plan', async () => {
        const [progress] = await rowsOf<{ index: number | null; target: number }>(
          throwaway.database.db,
          sql`select (cursor->>'index')::int as index, target from seed_progress where name = 'generated-claims'`,
        );
        return progress?.index === progress?.target;
      });

      const migrations = await rowsOf<{ createdAt: string; n: number }>(
        throwaway.database.db,
        sql`select created_at::text as "createdAt", count(*)::int as n from drizzle.__drizzle_migrations group by created_at order by 1`,
      );
      expect(migrations).toEqual(CODE_MIGRATIONS.map((m) => ({ createdAt: String(m.when), n: 1 })));

      expect(logged(apis, 'seeded organisations, demo users, error categories and the master catalog')).toHaveLength(1);
      expect(await count('organizations')).toBe(ORGANIZATIONS.length);
      expect(await count('users')).toBe(DEMO_USERS.length);
      expect(await count('procedures')).toBe(catalog.procedures.length);
      expect(await count('hospitals')).toBe(catalog.hospitals.length);
      expect(await count('rules')).toBe(catalog.rules.length);

      expect(logged(apis, `generating ${SEED_CLAIMS} synthetic claims`)).toHaveLength(1);
      expect(await count('claims')).toBe(SEED_CLAIMS);
      const [{ distinct }] = await rowsOf<{ distinct: number }>(
        throwaway.database.db,
        sql`select count(distinct reference_claim_id)::int as distinct from claims`,
      );
      expect(distinct).toBe(SEED_CLAIMS);

      // PROCESS_ROLE=api serves HTTP and leaves the queue to workers.
      for (const api of apis) {
        expect(listeningSockets(api.child.pid ?? 0)).toHaveLength(1);
        expect(logged([api], 'PROCESS_ROLE=api: HTTP only')).toHaveLength(1);
        expect(logged([api], WORKER_STARTED)).toEqual([]);
      }
    } finally {
      expect(await Promise.all(apis.map(stop))).toEqual([0, 0, 0]);
    }
  }, 300_000);

  test('a worker process opens no port, starts the queue worker and stops cleanly on SIGTERM', async () => {
    const worker = await startProcess({ DATABASE_URL: throwaway.url, PROCESS_ROLE: 'worker' });
    await until('the queue worker started', async () => logged([worker], WORKER_STARTED).length > 0, worker);
    expect(logged([worker], 'PROCESS_ROLE=worker: the verification queue only, no HTTP port')).toHaveLength(1);
    expect(listeningSockets(worker.child.pid ?? 0)).toEqual([]);
    expect(await refused(worker.port)).toBe(true);
    expect(await stop(worker)).toBe(0);
    expect(logged([worker], 'SIGTERM: shutting down')).toHaveLength(1);
  }, 120_000);

  test.each([
    ['DATABASE_URL without JWT_SECRET', { JWT_SECRET: '' }, 'api not started: JWT_SECRET must be set when DATABASE_URL is'],
    [
      'an unknown PROCESS_ROLE',
      { PROCESS_ROLE: 'scheduler' },
      "api not started: PROCESS_ROLE must be one of all, api, worker, got 'scheduler'",
    ],
  ])(
    '%s: the process exits with 1 and says why',
    async (_case, env, message) => {
      const process_ = await startProcess({ DATABASE_URL: throwaway.url, ...env });
      expect(await process_.exited).toBe(1);
      expect(logged([process_], message)).toHaveLength(1);
    },
    60_000,
  );

  test("a database migrated by newer code: the process exits with 1, naming the database's migration and its own", async () => {
    const newest = CODE_MIGRATIONS[CODE_MIGRATIONS.length - 1];
    const future = newest.when + 86_400_000;
    await throwaway.database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from newer code', ${future})`,
    );
    try {
      const process_ = await startProcess({ DATABASE_URL: throwaway.url });
      expect(await process_.exited).toBe(1);
      expect(logged([process_], 'api not started: ')).toEqual([
        "api not started: the database's schema is newer than this code: it has 1 migration(s) this code does not know, the newest " +
          `made ${new Date(future).toISOString()}, while this code's newest migration is ${newest.tag} (made ${new Date(newest.when).toISOString()}). ` +
          'Start this process from code at least as new as the processes that migrated the database.',
      ]);
    } finally {
      await throwaway.database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${future}`);
    }
  }, 60_000);
});
