/** The api under test: buildApp over PGlite (a clone of the template) or a throwaway PostgreSQL database. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase, type OpenDatabase } from '../../src/db';
import { throwawayDatabase } from '../postgres';
import { PASSWORD, seedFixture } from './fixture';
import { loadTemplate } from './template';

export interface TestDatabase {
  database: OpenDatabase;
  drop(): Promise<void>;
}

export async function pgliteDatabase(): Promise<TestDatabase> {
  const database = await openDatabase({ kind: 'pglite', loadDataDir: await loadTemplate() }, { runMigrations: false });
  return { database, drop: () => database.close() };
}

/** A new database claims_test_<random> on the server, migrated and loaded with the fixture; dropped after. */
export async function postgresDatabase(): Promise<TestDatabase> {
  const throwaway = await throwawayDatabase('claims_test');
  await seedFixture(throwaway.database.db);
  return throwaway;
}

export const testConfig = () =>
  loadConfig({
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
    SEED: 'false',
    LOGIN_RATE_LIMIT: '1000',
    MAX_UPLOAD_BYTES: String(512 * 1024),
    DATABASE_URL: 'postgres://unused',
  });

/** The app over the database; silent unless `logger` says otherwise (a test may collect the log lines). */
export async function testApp(database: OpenDatabase, options: Pick<BuildOptions, 'logger' | 'onRoute'> = {}): Promise<FastifyInstance> {
  return buildApp(testConfig(), { database, logger: false, ...options });
}

/** A logger that keeps the lines it writes (error level and above), for assertions on what was logged. */
export function collectingLogger(lines: string[]) {
  return { level: 'error', stream: { write: (line: string) => void lines.push(line) } };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function login(app: FastifyInstance, username: string, password = PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/v0.3.0/login', payload: { username, password } });
  if (response.statusCode !== 200) throw new Error(`login of ${username} failed: ${response.body}`);
  return response.json<{ access_token: string }>().access_token;
}

export const json = <T>(response: LightMyRequestResponse): T => response.json<T>();
