/**
 * The api suite on a real PostgreSQL server (TEST_DATABASE_URL, default the local one), in a
 * throwaway database. Without a server it is skipped loudly, or fails when REQUIRE_POSTGRES=1.
 */
import { postgresUnavailable } from '../../testing/postgres';
import { postgresDatabase } from '../../testing/http';
import { defineApiSuite } from './suite';

const unavailable = await postgresUnavailable();
if (unavailable) {
  const message = `POSTGRES TESTS SKIPPED: ${unavailable}`;
  if (process.env.REQUIRE_POSTGRES === '1') throw new Error(`REQUIRE_POSTGRES=1 but ${unavailable}`);
  console.warn(message);
}

(unavailable ? describe.skip : describe)('api on PostgreSQL', () => {
  defineApiSuite(postgresDatabase);
});
