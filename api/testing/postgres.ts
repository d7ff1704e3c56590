/** The real PostgreSQL server of the api's tests: whether it answers, and throwaway databases on it. */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type OpenDatabase } from '../src/db';

export const POSTGRES_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** Why the server cannot be used, or null when it answers. */
export async function postgresUnavailable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return `${POSTGRES_URL} does not answer (${error instanceof Error ? error.message : String(error)})`;
  } finally {
    await client.end().catch(() => {});
  }
}

async function onServer(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A new database `<prefix>_<random>`, migrated unless `runMigrations` is false; `url` reaches it (for processes the
 * test starts), `drop()` closes it and removes it from the server.
 */
export async function throwawayDatabase(
  prefix: string,
  { runMigrations = true } = {},
): Promise<{ database: OpenDatabase; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await onServer(`create database ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 }, { runMigrations });
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      await onServer(`drop database if exists ${name} with (force)`);
    },
  };
}
