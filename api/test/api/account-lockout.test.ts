/**
 * Failed sign-ins cannot lock a user out (issue 20 §6): failures count per account and address, and per account
 * from the addresses it has not signed in from. A throttled account still signs in from an address it signed in
 * from before (remembered in the database, so across restarts); from anywhere new it waits, the right password
 * included, with the usual 429 and message.
 */
import type { FastifyInstance } from 'fastify';
import { DATABASES } from '../../testing/databases';
import { PASSWORD } from '../../testing/fixture';
import { testApp, type TestDatabase } from '../../testing/http';

const LIMIT = 3;
const COOL_DOWN = /^Too many failed sign-ins for this account, retry in \d+ (seconds|minutes)$/;

describe.each(DATABASES)('account lockout on %s', (_name, open) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  const apps: FastifyInstance[] = [];

  const start = async () => {
    const started = await testApp(testDb.database, {}, { loginAccountLimit: LIMIT });
    apps.push(started);
    return started;
  };

  beforeAll(async () => {
    testDb = await open();
    app = await start();
  });

  afterAll(async () => {
    for (const started of apps) await started.close();
    await testDb?.drop();
  });

  const signIn = (username: string, password: string, remoteAddress: string, on = app) =>
    on.inject({ method: 'POST', url: '/v0.3.0/login', payload: { username, password }, remoteAddress });
  const statusOf = async (username: string, password: string, remoteAddress: string, on = app) =>
    (await signIn(username, password, remoteAddress, on)).statusCode;
  /** LIMIT wrong passwords, each from an address of its own. */
  const failFromEverywhere = async (username: string, prefix: string, on = app) => {
    for (let i = 1; i <= LIMIT; i++) expect(await statusOf(username, 'wrong', `${prefix}.${i}`, on)).toBe(401);
  };
  const expectThrottled = async (username: string, password: string, remoteAddress: string) => {
    const refused = await signIn(username, password, remoteAddress);
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 429,
      body: { detail: expect.stringMatching(COOL_DOWN) },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  };

  test('an account throttled by failures from elsewhere still signs in from its known address, again and again', async () => {
    expect(await statusOf('vitraya.reviewer', PASSWORD, '10.1.0.1')).toBe(200);
    await failFromEverywhere('vitraya.reviewer', '10.9.1');
    for (let i = 0; i < 2; i++) expect(await statusOf('Vitraya.Reviewer', PASSWORD, '10.1.0.1')).toBe(200);
    // Its own typing mistakes at home count there only.
    expect(await statusOf('vitraya.reviewer', 'wrong', '10.1.0.1')).toBe(401);
    expect(await statusOf('vitraya.reviewer', PASSWORD, '10.1.0.1')).toBe(200);
  });

  test('after the failures a new address waits, and the right password from a never-seen address is refused alike', async () => {
    expect(await statusOf('starhealth.reviewer', PASSWORD, '10.1.1.1')).toBe(200);
    await failFromEverywhere('starhealth.reviewer', '10.9.2');
    await expectThrottled('starhealth.reviewer', 'wrong', '10.9.2.50');
    await expectThrottled('starhealth.reviewer', PASSWORD, '10.9.2.77');
    // A success at the known address does not lift the wait elsewhere.
    expect(await statusOf('starhealth.reviewer', PASSWORD, '10.1.1.1')).toBe(200);
    await expectThrottled('starhealth.reviewer', PASSWORD, '10.9.2.78');
  });

  test('failures from one address make the account wait there, known or not; its other addresses and other accounts go on', async () => {
    for (const address of ['10.2.0.1', '10.2.0.2']) expect(await statusOf('maxbupa.reviewer', PASSWORD, address)).toBe(200);
    for (let i = 0; i < LIMIT; i++) expect(await statusOf('maxbupa.reviewer', 'wrong', '10.2.0.1')).toBe(401);
    await expectThrottled('maxbupa.reviewer', PASSWORD, '10.2.0.1');
    expect(await statusOf('maxbupa.reviewer', PASSWORD, '10.2.0.2')).toBe(200);
    expect(await statusOf('bajaj.reviewer', PASSWORD, '10.2.0.1')).toBe(200);
  });

  test('below the limit, a new address signs in and becomes known', async () => {
    for (let i = 0; i < LIMIT - 1; i++) expect(await statusOf('ml.reviewer', 'wrong', `10.9.3.${i}`)).toBe(401);
    expect(await statusOf('ml.reviewer', PASSWORD, '10.3.0.1')).toBe(200);
    expect(await statusOf('ml.reviewer', 'wrong', '10.9.3.9')).toBe(401);
    await expectThrottled('ml.reviewer', PASSWORD, '10.9.3.10');
    expect(await statusOf('ml.reviewer', PASSWORD, '10.3.0.1')).toBe(200);
  });

  test('known addresses are kept in the database: a restarted api still lets them through', async () => {
    expect(await statusOf('vitraya.admin', PASSWORD, '10.4.0.1')).toBe(200);
    const restarted = await start();
    await failFromEverywhere('vitraya.admin', '10.9.4', restarted);
    expect((await signIn('vitraya.admin', PASSWORD, '10.9.4.99', restarted)).statusCode).toBe(429);
    expect(await statusOf('vitraya.admin', PASSWORD, '10.4.0.1', restarted)).toBe(200);
  });
});
