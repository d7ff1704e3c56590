/** The api under test: buildApp over PGlite (a clone of the template) or a throwaway PostgreSQL database. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app';
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

export async function testApp(database: OpenDatabase): Promise<FastifyInstance> {
  const config = loadConfig({
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
    SEED: 'false',
    LOGIN_RATE_LIMIT: '1000',
    MAX_UPLOAD_BYTES: String(512 * 1024),
    DATABASE_URL: 'postgres://unused',
  });
  return buildApp(config, { database, logger: false });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function login(app: FastifyInstance, username: string, password = PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/v0.3.0/login', payload: { username, password } });
  if (response.statusCode !== 200) throw new Error(`login of ${username} failed: ${response.body}`);
  return response.json<{ access_token: string }>().access_token;
}

export const json = <T>(response: LightMyRequestResponse): T => response.json<T>();
