/**
 * Opens the database: a real PostgreSQL server when a URL is given, otherwise embedded PGlite
 * persisted to a folder (or held in memory, for tests). Migrations are applied on open.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
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
  /** The embedded client, for dumping a template data dir in tests. */
  pglite?: PGlite;
}

export async function openDatabase(source: DatabaseSource, { runMigrations = true } = {}): Promise<OpenDatabase> {
  if (source.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: source.url, max: source.poolSize ?? 10 });
    // An idle client broken by the server (restart, terminated backend) emits 'error' on the pool;
    // without a listener node would crash the api. The pool drops that client and opens a new one.
    pool.on('error', (error) => console.warn(`database: an idle connection was closed by the server (${error.message})`));
    const db = drizzleNodePg({ client: pool, schema });
    if (runMigrations) await migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return { db, driver: 'postgres', close: () => pool.end() };
  }
  if (source.dataDir) mkdirSync(source.dataDir, { recursive: true });
  // pg_trgm serves the claims search's trigram index, btree_gin lets the list's GIN indexes lead with the
  // organisation; PGlite ships both as extensions loaded here.
  const client = await PGlite.create({ dataDir: source.dataDir, loadDataDir: source.loadDataDir, extensions: { pg_trgm, btree_gin } });
  const db = drizzlePglite({ client, schema });
  if (runMigrations) await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, driver: 'pglite', close: () => client.close(), pglite: client };
}

/**
 * Rows of a raw query. Both drivers answer an object with `rows`; the generic database type does not
 * know that, hence the cast. Cast counts in SQL (count(*)::int): pg returns bigint as text.
 */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
