/** The api under test: buildApp over PGlite (a clone of the template) or a throwaway PostgreSQL database. */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../../src/app';
import { loadConfig, type AppConfig } from '../../src/config';
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

/** Small upload limits, so the tests can pass them; a document folder of its own (made on the first upload) per app. */
export const testConfig = () =>
  loadConfig({
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
    SEED: 'false',
    LOGIN_RATE_LIMIT: '1000',
    UPLOAD_MAX_FILE_MB: '0.5',
    UPLOAD_MAX_CLAIM_MB: '1',
    UPLOAD_MAX_FILES: '4',
    DATABASE_URL: 'postgres://unused',
    DOCUMENT_STORE_DIR: join(tmpdir(), `claims-test-documents-${randomUUID()}`),
  });

/**
 * The app over the database, with testConfig() and any `settings` over it; silent unless `logger` says otherwise
 * (a test may collect the log lines). Its document folder is removed when it closes.
 */
export async function testApp(
  database: OpenDatabase,
  options: Pick<BuildOptions, 'logger' | 'onRoute'> = {},
  settings: Partial<AppConfig> = {},
): Promise<FastifyInstance> {
  const config = { ...testConfig(), ...settings };
  const app = await buildApp(config, { database, logger: false, ...options });
  app.addHook('onClose', () => rm(config.documentStoreDir, { recursive: true, force: true }));
  return app;
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
