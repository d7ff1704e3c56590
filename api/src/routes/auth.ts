/** Sign-in, sign-out, marketing sign-up, version and who-am-I (spec 1 §4, §5, §7). */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_VERSION } from '@claims/shared-kernel/constants';
import { waitText } from '../auth/login-throttle';
import { decoyHash, verifyPassword } from '../auth/passwords';
import { bearerToken } from '../auth/plugin';
import { issueToken, readToken } from '../auth/tokens';
import { revokedTokens, signups, users } from '../db/schema';
import { HttpError, unauthorized } from '../http/errors';
import { endpoint } from '../http/endpoint';

export const PRODUCT_NAME = 'Claims Verification';
export const SIGNUP_THANKS = 'Thank you for signing up. Our team will reach out to you by e-mail.';
const LOGIN_FAILED = 'Invalid username or password';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/login', {
    config: { public: true, rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' } },
    schema: endpoint('POST /login'),
    handler: async (request, reply) => {
      const { username, password } = request.body;
      // Per account and address, and per account from the addresses it has not signed in from (auth/login-throttle.ts).
      const started = await app.loginThrottle.start(username, request.ip);
      if ('waitMs' in started) {
        reply.header('Retry-After', String(Math.ceil(started.waitMs / 1000)));
        throw new HttpError(429, `Too many failed sign-ins for this account, retry in ${waitText(started.waitMs)}`);
      }
      const [user] = await app.db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`);
      if (!user?.active) {
        await verifyPassword(await decoyHash(), password);
        throw unauthorized(LOGIN_FAILED);
      }
      if (!(await verifyPassword(user.passwordHash, password))) throw unauthorized(LOGIN_FAILED);
      await app.loginThrottle.succeeded(started.attempt, user.id);
      const access_token = await issueToken(user, app.config.jwtSecret, app.config.tokenTtlSeconds);
      return { access_token, token_type: 'bearer' as const, organization: user.organization, role: user.role, user: user.username };
    },
  });

  /**
   * Revokes the presented token; with `?all=true` also ends every other session of the user (bumps the
   * user's token generation, so every token issued before is refused). With no valid token there is
   * nothing to end (spec 1 §4).
   */
  app.post('/logout', {
    config: { public: true },
    schema: endpoint('POST /logout'),
    handler: async (request) => {
      const token = bearerToken(request);
      const auth = token ? await readToken(token, app.config.jwtSecret) : null;
      if (!auth) return { detail: 'Logged out' };
      const [revoked] = await app.db
        .insert(revokedTokens)
        .values({ jti: auth.jti, username: auth.username, expiresAt: new Date(auth.exp * 1000) })
        .onConflictDoNothing()
        .returning({ jti: revokedTokens.jti });
      app.revocations.remember(auth.jti);
      // Housekeeping: revocations of tokens that have expired anyway are no longer needed.
      await app.db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date()));
      if (!request.query.all) return { detail: 'Logged out' };
      // Only a live token (not revoked before, of the current generation) ends the others.
      if (revoked) {
        await app.db
          .update(users)
          .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
          .where(and(eq(users.username, auth.username), eq(users.tokenVersion, auth.ver)));
        app.accounts.forget(auth.username);
      }
      return { detail: 'Logged out of every session' };
    },
  });

  app.post('/marketing/signup', {
    config: { public: true, rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' } },
    schema: endpoint('POST /marketing/signup'),
    handler: async (request) => {
      await app.db.insert(signups).values(request.body);
      return { message: SIGNUP_THANKS };
    },
  });

  app.get('/version', {
    config: { public: true },
    schema: endpoint('GET /version'),
    handler: async () => ({ name: PRODUCT_NAME, version: API_VERSION }),
  });

  app.get('/me', {
    schema: endpoint('GET /me'),
    // The account as it is now: the auth hook read it (and refused an inactive one).
    handler: async (request) => ({ user: request.auth.username, organization: request.auth.organization, role: request.auth.role }),
  });
};

export default authRoutes;
