/**
 * The two databases every api test file runs on: `describe.each(DATABASES)('... on %s', (_name, open) => ...)`.
 * PostgreSQL is skipped loudly when the server does not answer, and fails the run when REQUIRE_POSTGRES=1.
 */
import { postgresUnavailable } from './postgres';
import { pgliteDatabase, postgresDatabase, type TestDatabase } from './http';

const unavailable = await postgresUnavailable();
if (unavailable) {
  if (process.env.REQUIRE_POSTGRES === '1') throw new Error(`REQUIRE_POSTGRES=1 but ${unavailable}`);
  console.warn(`POSTGRES TESTS SKIPPED: ${unavailable}`);
}

export const DATABASES: [string, () => Promise<TestDatabase>][] = [
  ['PGlite', pgliteDatabase],
  ...(unavailable ? [] : [['PostgreSQL', postgresDatabase] as [string, () => Promise<TestDatabase>]]),
];
