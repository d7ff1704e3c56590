/**
 * Bearer authentication for every route not marked `config: { public: true }`: a valid, unexpired,
 * unrevoked token of the account's current generation, of an account that is still active, or 401
 * {detail}. The request's user context is the account as it is now (role and organisation from the
 * database, through AccountStates' short cache), not as the token remembers it; revocations are read through
 * the same cache (TokenRevocations).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../http/errors';
import { AccountStates, KnownAddresses, TokenRevocations } from './accounts';
import { SignInThrottle } from './login-throttle';
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

/** Called on the root instance (after `db` and `config`), so the hook covers every route. */
export function registerAuth(app: FastifyInstance): void {
  app.decorate('accounts', new AccountStates(app.db, app.config.authCacheTtlSeconds * 1000));
  app.decorate('revocations', new TokenRevocations(app.db, app.config.authCacheTtlSeconds * 1000));
  app.decorate(
    'loginThrottle',
    new SignInThrottle(app.config.loginAccountLimit, app.config.loginAccountWindowSeconds * 1000, new KnownAddresses(app.db)),
  );
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
