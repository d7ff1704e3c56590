/**
 * What operators and start scripts ask (issue 20 §7, issue 21 §6), outside the versioned prefix and without a token:
 * `GET /health` answers 200 while the process is alive; `GET /ready` answers 200 once the database is reachable,
 * its migrations are applied and the warm-up has run, else 503 {detail} naming what is missing.
 *
 * The warm-up makes the first requests after a restart cost what later ones do: it loads argon2 (and the decoy
 * hash of unknown names), the token key, and sends each organisation's first list pages, a search and the
 * pickers' lookups through the whole stack (token check, account cache, query, serialization) once, which brings
 * the list's rows and indexes into the database's cache and compiles the code paths they take.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API_BASE_PATH } from '@claims/shared-kernel/constants';
import { decoyHash, verifyPassword } from '../auth/passwords';
import { issueToken } from '../auth/tokens';
import { CODE_MIGRATIONS, rowsOf } from '../db';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether `warmUp` has run: /ready answers 503 until it has. */
    warmedUp: boolean;
  }
}

/** How long /ready waits for the database before saying it is unreachable. */
const DATABASE_TIMEOUT_MS = 2_000;
export const NOT_WARMED_UP = 'Warming up';

/** The migrations this code brings, which the database's migration table must all hold. */
const EXPECTED_MIGRATIONS = CODE_MIGRATIONS.length;

/** Registered on the root instance before the OpenAPI plugin: operational calls, not part of the documented api. */
export function registerHealth(app: FastifyInstance): void {
  app.decorate('warmedUp', false);
  app.get('/health', { config: { public: true } }, async () => ({ status: 'ok' }));
  app.get('/ready', { config: { public: true } }, async (_request, reply) => {
    const missing = app.warmedUp ? await databaseProblem(app) : NOT_WARMED_UP;
    reply.header('Cache-Control', 'no-store');
    if (missing) return reply.code(503).send({ detail: missing });
    return { status: 'ready' };
  });
}

/** Why the database cannot serve (unreachable, migrations missing), or null when it can. */
async function databaseProblem(app: FastifyInstance): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`Database did not answer within ${DATABASE_TIMEOUT_MS / 1000} s`), DATABASE_TIMEOUT_MS);
  });
  const check = rowsOf<{ applied: number }>(app.db, sql`select count(*)::int as applied from drizzle.__drizzle_migrations`).then(
    ([row]) =>
      row.applied >= EXPECTED_MIGRATIONS ? null : `Database migrations pending (${row.applied} of ${EXPECTED_MIGRATIONS} applied)`,
    (error: unknown) => `Database unreachable: ${error instanceof Error ? error.message : String(error)}`,
  );
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** One user of each organisation: who the warm-up's requests are sent as. */
interface WarmUpUser {
  username: string;
  organization: string;
  role: 'super_user' | 'user';
  tokenVersion: number;
}

/** What a reviewer's first screens ask, by path under the versioned prefix. */
const FIRST_REQUESTS: { method: 'GET' | 'POST'; url: string; payload?: object }[] = [
  { method: 'GET', url: '/claims?limit=25&page_number=1' },
  { method: 'POST', url: '/claims/search?limit=25&page_number=1', payload: { query: 'a' } },
  { method: 'POST', url: '/claims/search?limit=25&page_number=1', payload: { status: ['ADJUDICATED'] } },
  { method: 'GET', url: '/claim/batch?limit=100&page_number=1' },
  { method: 'GET', url: '/hospitals?getall=' },
  { method: 'GET', url: '/procedures?getall=' },
];

/**
 * Runs what the first requests need, then lets /ready answer 200. It only moves cost earlier and never decides
 * whether the api may serve: a request that fails is logged, and so is a warm-up that fails as a whole.
 */
export async function warmUp(app: FastifyInstance): Promise<void> {
  const started = performance.now();
  try {
    await verifyPassword(await decoyHash(), 'warm-up');
    const users = await rowsOf<WarmUpUser>(
      app.db,
      sql`select distinct on (organization) username, organization, role, token_version as "tokenVersion"
          from users where active order by organization, role, username`,
    );
    for (const user of users) {
      const token = await issueToken(user, app.config.jwtSecret, 60);
      for (const request of FIRST_REQUESTS) {
        const response = await app.inject({
          method: request.method,
          url: `${API_BASE_PATH}${request.url}`,
          payload: request.payload,
          headers: { authorization: `Bearer ${token}` },
        });
        if (response.statusCode >= 500) app.log.warn(`warm-up: ${request.method} ${request.url} answered ${response.statusCode}`);
      }
    }
    app.log.info(`warmed up in ${Math.round(performance.now() - started)} ms (${users.length} organisations)`);
  } catch (error) {
    app.log.warn({ err: error }, 'the warm-up failed; the first requests will be slower');
  } finally {
    app.warmedUp = true;
  }
}
