/**
 * Bearer authentication for every route not marked `config: { public: true }`: a valid, unexpired,
 * unrevoked token of the account's current generation, of an account that is still active, or 401
 * {detail}. The request's user context is the account as it is now (role and organisation from the
 * database, through AccountStates' short cache), not as the token remembers it; revocations are read through
 * the same cache (TokenRevocations). On PostgreSQL the caches hear of changes at once (auth/changes.ts), and the
 * sign-in throttle counts in a table every process shares (auth/shared-failures.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OpenDatabase } from '../db';
import { unauthorized } from '../http/errors';
import { AccountStates, KnownAddresses, TokenRevocations } from './accounts';
import { AuthChangeListener, connectionOfPool } from './changes';
import { InMemoryFailures, SignInThrottle } from './login-throttle';
import { SharedFailures } from './shared-failures';
import { readToken, type AuthContext } from './tokens';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a token (login, signup, version). */
    public?: boolean;
    /**
     * The route's permission check (requireSuperUser, requireProvider, ...), run right after the token is
     * read, before the body is parsed or anything is validated: a refused caller learns nothing from a 400/404.
     */
    access?: (auth: AuthContext) => void;
  }
  interface FastifyInstance {
    /** The accounts' current state, briefly cached (AUTH_CACHE_TTL). */
    accounts: AccountStates;
    /** Logged-out tokens, briefly cached (AUTH_CACHE_TTL). */
    revocations: TokenRevocations;
    /** Failed sign-ins per account and per account and address (LOGIN_ACCOUNT_LIMIT, LOGIN_ACCOUNT_WINDOW). */
    loginThrottle: SignInThrottle;
  }
  interface FastifyRequest {
    /** Set for every non-public route before its handler runs. */
    auth: AuthContext;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

export const SESSION_ENDED = 'Session has ended, please sign in again';

/** How often each process drops the shared failed sign-ins that have left the window. */
const PRUNE_FAILURES_EVERY_MS = 60_000;

/**
 * Called on the root instance (after `db` and `config`), so the hook covers every route. `database` is the one
 * `app.db` is on: its driver decides whether the state is this process's or shared.
 */
export function registerAuth(app: FastifyInstance, database: Pick<OpenDatabase, 'driver'>): void {
  const { authCacheTtlSeconds, loginAccountLimit, loginAccountWindowSeconds } = app.config;
  const accounts = new AccountStates(app.db, authCacheTtlSeconds * 1000);
  const revocations = new TokenRevocations(app.db, authCacheTtlSeconds * 1000);
  app.decorate('accounts', accounts);
  app.decorate('revocations', revocations);
  const windowMs = loginAccountWindowSeconds * 1000;
  const failures =
    database.driver === 'postgres'
      ? new SharedFailures(app.db, loginAccountLimit, windowMs)
      : new InMemoryFailures(loginAccountLimit, windowMs);
  app.decorate('loginThrottle', new SignInThrottle(failures, new KnownAddresses(app.db)));
  if (failures instanceof SharedFailures) {
    const listener = new AuthChangeListener(
      connectionOfPool(app.db),
      {
        accountChanged: (username) => accounts.forget(username),
        tokenRevoked: (jti) => revocations.remember(jti),
        forgetAll: () => {
          accounts.forgetAll();
          revocations.forgetChecks();
        },
      },
      app.log,
    );
    const prune = setInterval(() => {
      failures.prune().catch((error: unknown) => app.log.warn({ err: error }, 'pruning the shared failed sign-ins failed'));
    }, PRUNE_FAILURES_EVERY_MS);
    prune.unref();
    // Listening before the first request is served, so that a change made from then on is heard.
    app.addHook('onReady', () => listener.start());
    app.addHook('onClose', async () => {
      clearInterval(prune);
      await listener.close();
    });
  }
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.addHook('onRequest', async (request) => {
    // CORS preflights carry no credentials; @fastify/cors answers them.
    if (request.method === 'OPTIONS' || request.routeOptions.config?.public) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized('Not authenticated');
    const claims = await readToken(token, app.config.jwtSecret);
    if (!claims) throw unauthorized('Invalid or expired token');
    const account = await app.accounts.get(claims.username);
    if (!account?.active) throw unauthorized('Account is not active');
    if (claims.ver !== account.tokenVersion) throw unauthorized(SESSION_ENDED);
    if (await app.revocations.isRevoked(claims.jti)) throw unauthorized('Token has been revoked');
    const auth: AuthContext = { ...claims, username: account.username, organization: account.organization, role: account.role };
    request.auth = auth;
    request.routeOptions.config?.access?.(auth);
  });
}
