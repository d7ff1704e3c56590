/**
 * Opens the database: a real PostgreSQL server when a URL is given, otherwise embedded PGlite
 * persisted to a folder (or held in memory, for tests). Migrations are applied on open, on PostgreSQL under an
 * advisory lock, so that any number of processes starting at once migrate the schema once.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type ExtractTablesWithRelations, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { oneQueryPerTurn } from './loop-turns';
import * as schema from './schema';

export { schema };
export type Schema = typeof schema;
/** The one database type the routes, seed and job queue use, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A database or a transaction on it: helpers that only query accept either. */
export type DbOrTx = Db | Tx;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseSource =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** dataDir undefined keeps the database in memory; loadDataDir starts from a dumped copy. */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export interface OpenDatabase {
  db: Db;
  driver: 'postgres' | 'pglite';
  close(): Promise<void>;
  /**
   * Runs `work` while this process holds the database-wide lock `name`, waiting while another process holds it: on
   * PostgreSQL a session-level advisory lock on a connection of its own (outside the pool), held until `work`
   * settles. An embedded database is opened by one process only, so there `work` just runs. Closing the database
   * gives up a wait (the call then rejects).
   */
  exclusively<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** The embedded client, for dumping a template data dir in tests. */
  pglite?: PGlite;
}

/** Every advisory lock of the api is named, and its key made from the name, so that its keys stay apart from others'. */
const lockName = (name: string) => `claims-api:${name}`;
export const advisoryLockKey = (name: string): SQL => sql`hashtextextended(${lockName(name)}, 0)`;

/** Thrown when the database holds migrations this code does not know: it must not run against that schema. */
export class SchemaNewerThanCode extends Error {}

interface JournalEntry {
  when: number;
  tag: string;
}

/** The migrations this code brings (drizzle's journal), oldest first; `when` is what the migrations table records. */
export const CODE_MIGRATIONS: JournalEntry[] = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')).entries;

/**
 * Refuses a database migrated by newer code: drizzle's migrator would apply nothing and the process would run
 * against tables it does not know. Names the database's newest unknown migration and this code's newest.
 */
async function refuseNewerSchema(db: Db): Promise<void> {
  const [{ present }] = await rowsOf<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!present) return;
  const applied = await rowsOf<{ createdAt: string | number }>(db, sql`select created_at as "createdAt" from drizzle.__drizzle_migrations`);
  const known = new Set(CODE_MIGRATIONS.map((m) => m.when));
  const unknown = applied.map((m) => Number(m.createdAt)).filter((when) => !known.has(when));
  if (unknown.length === 0) return;
  const newest = CODE_MIGRATIONS[CODE_MIGRATIONS.length - 1];
  const at = (when: number) => new Date(when).toISOString();
  throw new SchemaNewerThanCode(
    `the database's schema is newer than this code: it has ${unknown.length} migration(s) this code does not know, the newest ` +
      `made ${at(Math.max(...unknown))}, while this code's newest migration is ${newest.tag} (made ${at(newest.when)}). ` +
      'Start this process from code at least as new as the processes that migrated the database.',
  );
}

/** Session-level advisory locks, each on a connection of its own; `release()` ends the sessions still open. */
function advisoryLocks(url: string) {
  const sessions = new Set<pg.Client>();
  return {
    async exclusively<T>(name: string, work: () => Promise<T>): Promise<T> {
      const session = new pg.Client({ connectionString: url });
      session.on('error', (error) => console.warn(`database: the connection holding the lock '${name}' failed (${error.message})`));
      sessions.add(session);
      try {
        await session.connect();
        await session.query('select pg_advisory_lock(hashtextextended($1, 0))', [lockName(name)]);
        return await work();
      } finally {
        sessions.delete(session);
        // Ending the session lets go of its lock, also when the lock was never granted.
        await session.end().catch(() => {});
      }
    },
    async release(): Promise<void> {
      await Promise.all([...sessions].map((session) => session.end().catch(() => {})));
    },
  };
}

export async function openDatabase(source: DatabaseSource, { runMigrations = true } = {}): Promise<OpenDatabase> {
  if (source.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: source.url, max: source.poolSize ?? 10 });
    // An idle client broken by the server (restart, terminated backend) emits 'error' on the pool;
    // without a listener node would crash the api. The pool drops that client and opens a new one.
    pool.on('error', (error) => console.warn(`database: an idle connection was closed by the server (${error.message})`));
    const db = drizzleNodePg({ client: pool, schema });
    const locks = advisoryLocks(source.url);
    const close = async () => {
      await locks.release();
      await pool.end();
    };
    if (runMigrations) {
      // The first process to get the lock migrates; the others then find nothing left to apply.
      await locks
        .exclusively('migrations', async () => {
          await refuseNewerSchema(db);
          await migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
        })
        .catch(async (error: unknown) => {
          await close();
          throw error;
        });
    }
    return { db, driver: 'postgres', close, exclusively: locks.exclusively };
  }
  if (source.dataDir) mkdirSync(source.dataDir, { recursive: true });
  // pg_trgm serves the claims search's trigram index, btree_gin lets the list's GIN indexes lead with the
  // organisation; PGlite ships both as extensions loaded here.
  const client = oneQueryPerTurn(
    await PGlite.create({ dataDir: source.dataDir, loadDataDir: source.loadDataDir, extensions: { pg_trgm, btree_gin } }),
  );
  const db = drizzlePglite({ client, schema });
  if (runMigrations) {
    try {
      await refuseNewerSchema(db);
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    } catch (error) {
      await client.close();
      throw error;
    }
  }
  return { db, driver: 'pglite', close: () => client.close(), exclusively: (_name, work) => work(), pglite: client };
}

/**
 * Rows of a raw query. Both drivers answer an object with `rows`; the generic database type does not
 * know that, hence the cast. Cast counts in SQL (count(*)::int): pg returns bigint as text.
 */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
