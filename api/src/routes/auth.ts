/** Sign-in, sign-out, marketing sign-up, version and who-am-I (spec 1 §4, §5, §7). */
import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_VERSION } from '@claims/shared-kernel/constants';
import {
  DetailResponse,
  LoginForm,
  LoginResponse,
  MeResponse,
  SignupForm,
  SignupResponse,
  VersionResponse,
} from '@claims/shared-kernel/contract';
import { decoyHash, verifyPassword } from '../auth/passwords';
import { bearerToken } from '../auth/plugin';
import { issueToken, readToken } from '../auth/tokens';
import { revokedTokens, signups, users } from '../db/schema';
import { unauthorized } from '../http/errors';
import { replies } from '../http/replies';

export const PRODUCT_NAME = 'Claims Verification';
export const SIGNUP_THANKS = 'Thank you for signing up. Our team will reach out to you by e-mail.';
const LOGIN_FAILED = 'Invalid username or password';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/login', {
    config: { public: true, rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' } },
    schema: { body: LoginForm, response: replies({ 200: LoginResponse }) },
    handler: async (request) => {
      const { username, password } = request.body;
      const [user] = await app.db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`);
      if (!user?.active) {
        await verifyPassword(await decoyHash(), password);
        throw unauthorized(LOGIN_FAILED);
      }
      if (!(await verifyPassword(user.passwordHash, password))) throw unauthorized(LOGIN_FAILED);
      const access_token = await issueToken(user, app.config.jwtSecret, app.config.tokenTtlSeconds);
      return { access_token, token_type: 'bearer' as const, organization: user.organization, role: user.role, user: user.username };
    },
  });

  /** Revokes the presented token; with no valid token there is nothing to end (spec 1 §4). */
  app.post('/logout', {
    config: { public: true },
    schema: { response: replies({ 200: DetailResponse }) },
    handler: async (request) => {
      const token = bearerToken(request);
      const auth = token ? await readToken(token, app.config.jwtSecret) : null;
      if (!auth) return { detail: 'Logged out' };
      await app.db
        .insert(revokedTokens)
        .values({ jti: auth.jti, username: auth.username, expiresAt: new Date(auth.exp * 1000) })
        .onConflictDoNothing();
      // Housekeeping: revocations of tokens that have expired anyway are no longer needed.
      await app.db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date()));
      return { detail: 'Logged out' };
    },
  });

  app.post('/marketing/signup', {
    config: { public: true, rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' } },
    schema: { body: SignupForm, response: replies({ 200: SignupResponse }) },
    handler: async (request) => {
      await app.db.insert(signups).values(request.body);
      return { message: SIGNUP_THANKS };
    },
  });

  app.get('/version', {
    config: { public: true },
    schema: { response: replies({ 200: VersionResponse }) },
    handler: async () => ({ name: PRODUCT_NAME, version: API_VERSION }),
  });

  app.get('/me', {
    schema: { response: replies({ 200: MeResponse }) },
    handler: async (request) => {
      const [user] = await app.db.select().from(users).where(eq(users.username, request.auth.username));
      if (!user?.active) throw unauthorized('Unknown user');
      return { user: user.username, organization: user.organization, role: user.role };
    },
  });
};

export default authRoutes;
