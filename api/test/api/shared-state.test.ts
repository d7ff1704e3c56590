/**
 * Many api processes on one PostgreSQL database behave as one (issue 21 §3): two apps on one throwaway database
 * share the sign-in throttle and the /login limit, and each hears at once of a logout, a deactivation or a demotion
 * made through the other (or in the database), with a cache time far too long to explain it.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { AUTH_CHANGES_CHANNEL } from '../../src/auth/changes';
import { rowsOf } from '../../src/db';
import { users } from '../../src/db/schema';
import { postgresUnavailable } from '../../testing/postgres';
import { PASSWORD } from '../../testing/fixture';
import { BASE, bearer, postgresDatabase, testApp, type TestDatabase } from '../../testing/http';

const unavailable = await postgresUnavailable();
if (unavailable) {
  if (process.env.REQUIRE_POSTGRES === '1') throw new Error(`REQUIRE_POSTGRES=1 but ${unavailable}`);
  console.warn(`POSTGRES TESTS SKIPPED: ${unavailable}`);
}

const ACCOUNT_LIMIT = 10;
const LOGIN_RATE_LIMIT = 16;
const COOL_DOWN = /^Too many failed sign-ins for this account, retry in \d+ (seconds|minutes)$/;

/** The answer of `request`, asked again (briefly apart) until `done` accepts it or the tries run out. */
async function eventually(app: FastifyInstance, request: InjectOptions, done: (response: LightMyRequestResponse) => boolean) {
  for (let tries = 0; ; tries++) {
    const response = await app.inject(request);
    if (done(response) || tries === 100) return response;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

(unavailable ? describe.skip : describe)('two api processes on one PostgreSQL database', () => {
  let testDb: TestDatabase;
  let one: FastifyInstance;
  let other: FastifyInstance;

  beforeAll(async () => {
    testDb = await postgresDatabase();
    // An hour of account cache: only the notifications can make a change count at once.
    const settings = { authCacheTtlSeconds: 3600, loginAccountLimit: ACCOUNT_LIMIT, loginRateLimit: LOGIN_RATE_LIMIT };
    one = await testApp(testDb.database, {}, settings);
    other = await testApp(testDb.database, {}, settings);
    await Promise.all([one.ready(), other.ready()]);
  });

  afterAll(async () => {
    await one?.close();
    await other?.close();
    await testDb?.drop();
  });

  const signIn = (app: FastifyInstance, username: string, password: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: `${BASE}/login`, payload: { username, password }, remoteAddress });
  const me = (token: string): InjectOptions => ({ method: 'GET', url: `${BASE}/me`, headers: bearer(token) });
  let addresses = 0;
  /** A token of `username`, signed in from an address of its own (the /login limit counts per address). */
  const login = async (app: FastifyInstance, username: string) => {
    const response = await signIn(app, username, PASSWORD, `10.8.0.${++addresses}`);
    expect(response.statusCode).toBe(200);
    return response.json<{ access_token: string }>().access_token;
  };
  const isRefused = (response: LightMyRequestResponse) => response.statusCode === 401;

  test('11 failed sign-ins spread over both apps throttle the account on both', async () => {
    expect((await signIn(one, 'starhealth.reviewer', PASSWORD, '10.5.0.1')).statusCode).toBe(200);
    for (let i = 1; i <= ACCOUNT_LIMIT; i++) {
      const app = i % 2 === 0 ? one : other;
      expect((await signIn(app, 'starhealth.reviewer', 'wrong', `10.5.1.${i}`)).statusCode).toBe(401);
    }
    for (const [app, password, address] of [
      [one, 'wrong', '10.5.1.11'],
      [other, PASSWORD, '10.5.1.12'],
      [one, PASSWORD, '10.5.1.13'],
    ] as const) {
      const refused = await signIn(app, 'starhealth.reviewer', password, address);
      expect({ status: refused.statusCode, body: refused.json() }).toEqual({
        status: 429,
        body: { detail: expect.stringMatching(COOL_DOWN) },
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The address it signed in from before still lets it in, through either app.
    expect((await signIn(other, 'starhealth.reviewer', PASSWORD, '10.5.0.1')).statusCode).toBe(200);
  });

  test('failures from one address make the account wait at that address on both apps', async () => {
    for (let i = 0; i < ACCOUNT_LIMIT / 2; i++) {
      expect((await signIn(one, 'bajaj.reviewer', 'wrong', '10.6.0.1')).statusCode).toBe(401);
      expect((await signIn(other, 'bajaj.reviewer', 'wrong', '10.6.0.2')).statusCode).toBe(401);
    }
    expect((await signIn(other, 'bajaj.reviewer', PASSWORD, '10.6.0.3')).statusCode).toBe(429);
    // Parallel attempts on both apps cannot pass the limit between them.
    const parallel = await Promise.all(
      Array.from({ length: ACCOUNT_LIMIT + 4 }, (_, i) => signIn(i % 2 ? one : other, 'ml.reviewer', 'wrong', '10.6.1.1')),
    );
    expect(parallel.map((r) => r.statusCode).sort()).toEqual([...Array(ACCOUNT_LIMIT).fill(401), 429, 429, 429, 429]);
  });

  test('the per-address /login limit counts the attempts on both apps together', async () => {
    for (let i = 0; i < LOGIN_RATE_LIMIT; i++) {
      const app = i % 2 === 0 ? one : other;
      expect((await signIn(app, 'vitraya.reviewer', PASSWORD, '10.7.0.1')).statusCode).toBe(200);
    }
    for (const app of [one, other]) {
      const refused = await signIn(app, 'vitraya.reviewer', PASSWORD, '10.7.0.1');
      expect({ status: refused.statusCode, body: refused.json() }).toEqual({
        status: 429,
        body: { detail: expect.stringMatching(/^Too many attempts, retry in /) },
      });
    }
    expect((await signIn(other, 'vitraya.reviewer', PASSWORD, '10.7.0.2')).statusCode).toBe(200);
  });

  test('a logout through one app is refused by the other at once', async () => {
    const token = await login(one, 'vitraya.admin');
    expect((await other.inject(me(token))).statusCode).toBe(200);
    expect((await one.inject({ method: 'POST', url: `${BASE}/logout`, headers: bearer(token) })).statusCode).toBe(200);
    const refused = await eventually(other, me(token), isRefused);
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 401, body: { detail: 'Token has been revoked' } });
  });

  test('a logout of every session through one app ends the sessions the other has cached', async () => {
    const [first, second] = [await login(one, 'maxbupa.reviewer'), await login(other, 'maxbupa.reviewer')];
    expect((await other.inject(me(second))).statusCode).toBe(200);
    const ended = await one.inject({ method: 'POST', url: `${BASE}/logout?all=true`, headers: bearer(first) });
    expect(ended.json()).toEqual({ detail: 'Logged out of every session' });
    const refused = await eventually(other, me(second), isRefused);
    expect(refused.json()).toEqual({ detail: 'Session has ended, please sign in again' });
  });

  test('a process whose listening connection was cut listens again, and hears the changes after', async () => {
    const listening = sql`select count(*)::int as n from pg_stat_activity
                          where datname = current_database() and query = ${`listen ${AUTH_CHANGES_CHANNEL}`}`;
    const count = async () => (await rowsOf<{ n: number }>(testDb.database.db, listening))[0].n;
    /** Both apps listening (a connection cut by anyone else comes back within a second or so). */
    const bothListening = async () => {
      for (let tries = 0; (await count()) < 2 && tries < 200; tries++) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(await count()).toBe(2);
    };
    await bothListening();
    await testDb.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
                                         where datname = current_database() and query = ${`listen ${AUTH_CHANGES_CHANNEL}`}`);
    await bothListening();
    const token = await login(one, 'demo.reviewer');
    expect((await other.inject(me(token))).statusCode).toBe(200);
    expect((await one.inject({ method: 'POST', url: `${BASE}/logout`, headers: bearer(token) })).statusCode).toBe(200);
    expect((await eventually(other, me(token), isRefused)).json()).toEqual({ detail: 'Token has been revoked' });
  });

  test('a deactivation and a demotion made in the database are honoured by both apps at once', async () => {
    const token = await login(one, 'vitraya.reviewer');
    const admin = await login(other, 'vitraya.admin');
    for (const app of [one, other]) {
      expect((await app.inject(me(token))).statusCode).toBe(200);
      expect((await app.inject(me(admin))).json()).toMatchObject({ role: 'super_user' });
    }
    await testDb.database.db.update(users).set({ active: false }).where(eq(users.username, 'vitraya.reviewer'));
    await testDb.database.db.update(users).set({ role: 'user' }).where(eq(users.username, 'vitraya.admin'));
    for (const app of [one, other]) {
      const refused = await eventually(app, me(token), isRefused);
      expect(refused.json()).toEqual({ detail: 'Account is not active' });
      const demoted = await eventually(app, me(admin), (response) => response.json().role === 'user');
      expect(demoted.json()).toMatchObject({ role: 'user' });
    }
  });
});
