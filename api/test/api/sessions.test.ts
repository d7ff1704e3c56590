/**
 * Sign-in and sessions, on PGlite and PostgreSQL: the version without a token, login by form, wrong passwords,
 * logout and the marketing signup (on a database of their own); and at their edges (the tests change accounts): a
 * token does not outlive the account's rights (deactivation, demotion, a move to another organisation, logout of
 * every session), passwords hashed with a salt per user, failed sign-ins slowed down per account, and answers that
 * no cache keeps.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Claim, ClaimListRow } from '@claims/shared-kernel/contract';
import { AccountStates } from '../../src/auth/accounts';
import { LoginThrottle } from '../../src/auth/login-throttle';
import { hashPassword, verifyPassword } from '../../src/auth/passwords';
import { users } from '../../src/db/schema';
import { PASSWORD } from '../../testing/fixture';
import { DATABASES } from '../../testing/databases';
import { BASE, bearer, collectingLogger, login, schemaDrifts, testApp, type TestDatabase } from '../../testing/http';
import { apiSuite } from '../../testing/suite';

const ACCOUNT_LIMIT = 3;

describe.each(DATABASES)('sessions on %s', (_name, open) => {
  const { app, db, errorLog } = apiSuite(open, {
    // The account's state read on every request (no cache), and a small per-account limit of failed sign-ins.
    settings: { authCacheTtlSeconds: 0, loginAccountLimit: ACCOUNT_LIMIT },
  });

  describe('sign-in and session', () => {
    // A database and an app of their own with the default limits: the app above counts failed sign-ins against a
    // small limit, and on PostgreSQL the count is kept in the database.
    let signInDb: TestDatabase;
    let app: FastifyInstance;
    beforeAll(async () => {
      signInDb = await open();
      app = await testApp(signInDb.database, { logger: collectingLogger(errorLog) });
    });
    afterAll(async () => {
      await app?.close();
      await signInDb?.drop();
    });

    test('version needs no token', async () => {
      const response = await app.inject({ method: 'GET', url: `${BASE}/version` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ name: expect.any(String), version: 'v0.3.0' });
    });

    test('login with the form answers token, organisation, role and user', async () => {
      const response = await app.inject({
        method: 'POST',
        url: `${BASE}/login`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'username=starhealth.reviewer&password=demo-password',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        access_token: expect.any(String),
        token_type: 'bearer',
        organization: 'starhealth',
        role: 'user',
        user: 'starhealth.reviewer',
      });
    });

    test('wrong password and unknown user answer 401 with a detail', async () => {
      for (const username of ['vitraya.admin', 'nobody.here']) {
        const response = await app.inject({ method: 'POST', url: `${BASE}/login`, payload: { username, password: 'wrong' } });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ detail: 'Invalid username or password' });
      }
    });

    test('every other call needs a valid token', async () => {
      expect((await app.inject({ method: 'GET', url: `${BASE}/claims` })).statusCode).toBe(401);
      const forged = await app.inject({ method: 'GET', url: `${BASE}/claims`, headers: bearer('not.a.token') });
      expect(forged.statusCode).toBe(401);
      expect(forged.json()).toEqual({ detail: expect.any(String) });
    });

    test('logout revokes the token', async () => {
      const token = await login(app, 'bajaj.reviewer');
      expect((await app.inject({ method: 'GET', url: `${BASE}/me`, headers: bearer(token) })).json()).toEqual({
        user: 'bajaj.reviewer',
        organization: 'bajaj',
        role: 'user',
      });
      expect((await app.inject({ method: 'POST', url: `${BASE}/logout`, headers: bearer(token) })).statusCode).toBe(200);
      const after = await app.inject({ method: 'GET', url: `${BASE}/me`, headers: bearer(token) });
      expect(after.statusCode).toBe(401);
      expect(after.json().detail).toMatch(/revoked/);
    });

    test('signup thanks a valid visitor and names the invalid field', async () => {
      const form = (body: string) =>
        app.inject({
          method: 'POST',
          url: `${BASE}/marketing/signup`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: body,
        });
      const ok = await form('name=Asha%20Rao&organization=Acme_Health&email=asha%40example.com');
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ message: 'Thank you for signing up. Our team will reach out to you by e-mail.' });
      const badName = await form('name=1asha&organization=Acme&email=asha%40example.com');
      expect(badName.statusCode).toBe(400);
      expect(badName.json().detail).toMatch(/^name: /);
      const badEmail = await form('name=Asha&organization=Acme&email=not-an-email');
      expect(badEmail.statusCode).toBe(400);
      expect(badEmail.json().detail).toBe('email: Enter valid email');
    });
  });

  test('every answer of the calls above passed its schema', () => {
    expect(schemaDrifts(errorLog)).toEqual([]);
  });

  const get = (url: string, token: string) => app.inject({ method: 'GET', url: `${BASE}${url}`, headers: bearer(token) });
  const attempt = (username: string, password: string, remoteAddress = '127.0.0.1') =>
    app.inject({ method: 'POST', url: `${BASE}/login`, payload: { username, password }, remoteAddress });
  const addUser = async (username: string, organization: string, role: 'super_user' | 'user') => {
    await db()
      .insert(users)
      .values({ username, organization, role, passwordHash: await hashPassword(PASSWORD) });
  };

  describe('a token does not outlive the account', () => {
    test('a deactivated account is refused with its token still valid', async () => {
      await addUser('edge.leaver', 'starhealth', 'user');
      const token = await login(app, 'edge.leaver');
      expect((await get('/me', token)).statusCode).toBe(200);
      await db().update(users).set({ active: false }).where(eq(users.username, 'edge.leaver'));
      for (const url of ['/me', '/claims']) {
        const refused = await get(url, token);
        expect({ url, status: refused.statusCode, body: refused.json() }).toEqual({
          url,
          status: 401,
          body: { detail: 'Account is not active' },
        });
      }
      // Active again: the same token works again (nothing else ended it).
      await db().update(users).set({ active: true }).where(eq(users.username, 'edge.leaver'));
      expect((await get('/me', token)).statusCode).toBe(200);
    });

    test('a demoted super user loses the super user calls', async () => {
      await addUser('edge.admin', 'vitraya', 'super_user');
      const token = await login(app, 'edge.admin');
      expect((await get('/downloadedCount', token)).statusCode).toBe(200);
      await db().update(users).set({ role: 'user' }).where(eq(users.username, 'edge.admin'));
      const refused = await get('/downloadedCount', token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toMatch(/not authorized/);
      expect((await get('/me', token)).json()).toEqual({ user: 'edge.admin', organization: 'vitraya', role: 'user' });
    });

    test("a user moved to another organisation reads only the new organisation's data", async () => {
      await addUser('edge.mover', 'starhealth', 'user');
      const token = await login(app, 'edge.mover');
      const refs = async () => (await get('/claims?limit=100', token)).json<ClaimListRow[]>().map((r) => r.referenceClaimId);
      expect(await refs()).toEqual(['SH-ADJ-1', 'SH-ADJ-2', 'SH-ADJ-3', 'SH-ADJ-4']);
      await db().update(users).set({ organization: 'maxbupa' }).where(eq(users.username, 'edge.mover'));
      expect(await refs()).toEqual(['MB-ADJ-1']);
      expect((await get('/me', token)).json()).toEqual({ user: 'edge.mover', organization: 'maxbupa', role: 'user' });
    });

    test('logout ends the presented session; logout with all=true ends every session of the user', async () => {
      await addUser('edge.many', 'vitraya', 'user');
      const first = await login(app, 'edge.many');
      const second = await login(app, 'edge.many');
      const logout = (token: string, query = '') => app.inject({ method: 'POST', url: `${BASE}/logout${query}`, headers: bearer(token) });

      expect((await logout(first)).json()).toEqual({ detail: 'Logged out' });
      expect((await get('/me', first)).statusCode).toBe(401);
      expect((await get('/me', second)).statusCode).toBe(200);

      const third = await login(app, 'edge.many');
      const all = await logout(second, '?all=true');
      expect(all.statusCode).toBe(200);
      expect(all.json()).toEqual({ detail: 'Logged out of every session' });
      for (const token of [second, third]) expect((await get('/me', token)).statusCode).toBe(401);
      expect((await get('/me', third)).json()).toEqual({ detail: 'Session has ended, please sign in again' });

      // A new sign-in works; an ended token cannot end the new sessions.
      const fourth = await login(app, 'edge.many');
      expect((await logout(third, '?all=True')).statusCode).toBe(200);
      expect((await get('/me', fourth)).statusCode).toBe(200);
    });

    test('the account state is cached for its time and forgotten on demand', async () => {
      let now = 1_000_000;
      await addUser('edge.cached', 'vitraya', 'user');
      const states = new AccountStates(db(), 5_000, () => now);
      expect(await states.get('edge.cached')).toMatchObject({ active: true, role: 'user', organization: 'vitraya', tokenVersion: 0 });
      await db().update(users).set({ role: 'super_user' }).where(eq(users.username, 'edge.cached'));
      now += 4_000;
      expect((await states.get('edge.cached'))?.role).toBe('user');
      now += 1_000;
      expect((await states.get('edge.cached'))?.role).toBe('super_user');
      await db().update(users).set({ active: false }).where(eq(users.username, 'edge.cached'));
      expect((await states.get('edge.cached'))?.active).toBe(true);
      states.forget('edge.cached');
      expect((await states.get('edge.cached'))?.active).toBe(false);
      expect(await states.get('nobody.at.all')).toBeNull();
    });
  });

  test('every seeded user has a password hash of its own (its own salt)', async () => {
    const rows = await db().select({ username: users.username, hash: users.passwordHash }).from(users);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(new Set(rows.map((r) => r.hash)).size).toBe(rows.length);
    const salts = rows.map((r) => r.hash.split('$')[4]);
    expect(salts.every(Boolean)).toBe(true);
    expect(new Set(salts).size).toBe(rows.length);
    const seeded = rows.filter((r) => !r.username.startsWith('edge.'));
    for (const row of seeded) expect(await verifyPassword(row.hash, PASSWORD)).toBe(true);
  });

  describe('failed sign-ins per account', () => {
    const COOL_DOWN = /^Too many failed sign-ins for this account, retry in \d+ (seconds|minutes)$/;

    test('after the limit the account waits, from any address and with the right password', async () => {
      for (let i = 0; i < ACCOUNT_LIMIT; i++) {
        expect((await attempt('maxbupa.reviewer', 'wrong', `10.0.0.${i + 1}`)).statusCode).toBe(401);
      }
      for (const [username, address] of [
        ['maxbupa.reviewer', '10.0.0.99'],
        ['MaxBupa.Reviewer', '127.0.0.1'],
      ]) {
        const throttled = await attempt(username, PASSWORD, address);
        expect(throttled.statusCode).toBe(429);
        expect(throttled.json()).toEqual({ detail: expect.stringMatching(COOL_DOWN) });
        expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
      }
      // Other accounts from the same address are not affected.
      expect((await attempt('bajaj.reviewer', PASSWORD, '10.0.0.1')).statusCode).toBe(200);
    });

    test('a successful sign-in clears the count', async () => {
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < ACCOUNT_LIMIT - 1; i++) expect((await attempt('ml.reviewer', 'wrong')).statusCode).toBe(401);
        expect((await attempt('ml.reviewer', PASSWORD)).statusCode).toBe(200);
      }
    });

    test('unknown names are counted alike, so the answer does not tell which names exist', async () => {
      for (let i = 0; i < ACCOUNT_LIMIT; i++) expect((await attempt('nobody.here', 'wrong')).statusCode).toBe(401);
      const throttled = await attempt('nobody.here', 'wrong');
      expect(throttled.statusCode).toBe(429);
      expect(throttled.json().detail).toMatch(COOL_DOWN);
    });

    test('the cool-down ends when the oldest counted failure leaves the window', () => {
      let now = 0;
      const throttle = new LoginThrottle(2, 60_000, () => now);
      throttle.failed('someone');
      now = 10_000;
      throttle.failed('Someone');
      expect(throttle.retryAfterMs('SOMEONE')).toBe(50_000);
      now = 59_999;
      expect(throttle.retryAfterMs('someone')).toBe(1);
      now = 60_000;
      expect(throttle.retryAfterMs('someone')).toBe(0);
      throttle.failed('someone');
      expect(throttle.retryAfterMs('someone')).toBe(10_000);
      throttle.succeeded('someone');
      expect(throttle.retryAfterMs('someone')).toBe(0);
    });
  });

  describe('no cache keeps an answer', () => {
    test('JSON answers and errors are sent with Cache-Control: no-store; the OpenAPI document is not', async () => {
      const token = await login(app, 'vitraya.reviewer');
      const list = await get('/claims', token);
      expect(list.statusCode).toBe(200);
      expect(list.headers['cache-control']).toBe('no-store');
      const refused = await app.inject({ method: 'GET', url: `${BASE}/claims` });
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['cache-control']).toBe('no-store');
      const openapi = await app.inject({ method: 'GET', url: `${BASE}/openapi.json` });
      expect(openapi.statusCode).toBe(200);
      expect(openapi.headers['cache-control']).not.toBe('no-store');
    });

    test('a document download is sent with Cache-Control: no-store', async () => {
      const token = await login(app, 'vitraya.admin');
      const pdf = await PDFDocument.create();
      pdf
        .addPage([400, 300])
        .drawText('Discharge Summary', { x: 40, y: 250, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
      const form = new FormData();
      for (const [key, value] of Object.entries({
        patientName: 'Asha',
        referenceClaimId: 'NO-STORE-1',
        caseType: 'SETTLEMENT',
        procedureName: 'P1',
      })) {
        form.append(key, value);
      }
      form.append('documents', new Blob([await pdf.save()], { type: 'application/pdf' }), 'discharge.pdf');
      const created = await app.inject({ method: 'POST', url: `${BASE}/claims`, headers: bearer(token), payload: form });
      expect(created.statusCode).toBe(200);
      const claim = (await get(`/claims/${created.json<{ id: number }>().id}`, token)).json<Claim>();
      const file = await get(claim.documents[0].original_document_url, token);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toMatch(/^application\/pdf/);
      expect(file.headers['cache-control']).toBe('no-store');
    });
  });
});
