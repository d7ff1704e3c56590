/**
 * Bearer authentication for every route not marked `config: { public: true }`: a valid, unexpired,
 * unrevoked token, or 401 {detail}.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { revokedTokens } from '../db/schema';
import { unauthorized } from '../http/errors';
import { readToken, type AuthContext } from './tokens';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a token (login, signup, version). */
    public?: boolean;
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

/** Called on the root instance, so the hook covers every route. */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.addHook('onRequest', async (request) => {
    // CORS preflights carry no credentials; @fastify/cors answers them.
    if (request.method === 'OPTIONS' || request.routeOptions.config?.public) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized('Not authenticated');
    const auth = await readToken(token, app.config.jwtSecret);
    if (!auth) throw unauthorized('Invalid or expired token');
    const [revoked] = await app.db.select({ jti: revokedTokens.jti }).from(revokedTokens).where(eq(revokedTokens.jti, auth.jti));
    if (revoked) throw unauthorized('Token has been revoked');
    request.auth = auth;
  });
}
