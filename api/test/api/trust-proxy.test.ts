/**
 * TRUST_PROXY (issue 21 §3): behind a proxy every request comes from the proxy's address, so the /login limit and
 * the sign-in throttle would count all users together. Trusted, the proxy's X-Forwarded-For names the client, and the
 * client's address is the one limited and remembered; untrusted (the default), the header is ignored, so a client
 * cannot step around a limit by sending one.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { signInAddresses, users } from '../../src/db/schema';
import { parseTrustProxy } from '../../src/http/client-address';
import { DATABASES } from '../../testing/databases';
import { PASSWORD } from '../../testing/fixture';
import { testApp, type TestDatabase } from '../../testing/http';

const LOGIN_RATE_LIMIT = 2;
const PROXY = '10.20.0.1';

describe('TRUST_PROXY', () => {
  test.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['TRUE', true],
    ['0', 0],
    ['2', 2],
    ['10.20.0.1, 10.30.0.0/16,loopback', ['10.20.0.1', '10.30.0.0/16', 'loopback']],
    ['::1,fd00::/8', ['::1', 'fd00::/8']],
  ])('%p is read as %p', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });

  test.each(['yes', '10.20.0.300', '10.20.0.1/8/8', 'proxy.internal', ','])('%p is refused with the setting named', (value) => {
    expect(() => parseTrustProxy(value)).toThrow(/^TRUST_PROXY must be true, false, a number of proxies or a list of their addresses/);
  });
});

describe.each(DATABASES)('the client address behind a proxy on %s', (_name, open) => {
  let testDb: TestDatabase;
  const apps: Record<'untrusted' | 'trusted' | 'listed' | 'oneHop', FastifyInstance> = {} as never;

  beforeAll(async () => {
    testDb = await open();
    const start = (trustProxy: boolean | number | string[]) =>
      testApp(testDb.database, {}, { loginRateLimit: LOGIN_RATE_LIMIT, trustProxy });
    apps.untrusted = await start(false);
    apps.trusted = await start(true);
    apps.listed = await start([PROXY]);
    apps.oneHop = await start(1);
  });

  afterAll(async () => {
    for (const app of Object.values(apps)) await app.close();
    await testDb?.drop();
  });

  let guesses = 0;
  /**
   * Statuses of sign-ins through `app`, each from `remoteAddress` with the X-Forwarded-For given: wrong guesses of a
   * name of their own (so that the account throttle, shared on PostgreSQL, stays out of it), or ml.reviewer's password.
   */
  const statuses = async (app: FastifyInstance, remoteAddress: string, forwardedFor: string[], password = 'wrong') => {
    const answers: number[] = [];
    const username = password === PASSWORD ? 'ml.reviewer' : `nobody.${++guesses}`;
    for (const header of forwardedFor) {
      const response = await app.inject({
        method: 'POST',
        url: '/v0.3.0/login',
        payload: { username, password },
        remoteAddress,
        headers: { 'x-forwarded-for': header },
      });
      answers.push(response.statusCode);
    }
    return answers;
  };

  test('trusted, the /login limit counts each client behind the proxy on its own', async () => {
    expect(await statuses(apps.trusted, PROXY, ['198.51.100.1', '198.51.100.1', '198.51.100.1'])).toEqual([401, 401, 429]);
    expect(await statuses(apps.trusted, PROXY, ['198.51.100.2', '198.51.100.3'])).toEqual([401, 401]);
  });

  test('untrusted, the header is ignored: every client of the proxy shares its address', async () => {
    expect(await statuses(apps.untrusted, '10.21.0.1', ['198.51.100.4', '198.51.100.5', '198.51.100.6'])).toEqual([401, 401, 429]);
  });

  test('a list trusts the header from the proxies in it only', async () => {
    expect(await statuses(apps.listed, PROXY, ['198.51.100.7', '198.51.100.8', '198.51.100.9'])).toEqual([401, 401, 401]);
    // A client calling the api directly cannot pose as others.
    expect(await statuses(apps.listed, '10.22.0.1', ['198.51.100.10', '198.51.100.11', '198.51.100.12'])).toEqual([401, 401, 429]);
  });

  test('a hop count takes the address the last proxy saw, whatever the client wrote before it', async () => {
    const clients = ['1.1.1.1, 198.51.100.15', '1.1.1.1, 198.51.100.16', '1.1.1.1, 198.51.100.17'];
    expect(await statuses(apps.oneHop, '10.23.0.1', clients)).toEqual([401, 401, 401]);
    const oneClient = ['1.1.1.1, 198.51.100.13', '2.2.2.2, 198.51.100.13', '3.3.3.3, 198.51.100.13'];
    expect(await statuses(apps.oneHop, '10.23.0.1', oneClient)).toEqual([401, 401, 429]);
  });

  test("the address a user signs in from is the client's, remembered as known", async () => {
    expect(await statuses(apps.trusted, PROXY, ['198.51.100.14'], PASSWORD)).toEqual([200]);
    const known = await testDb.database.db
      .select({ address: signInAddresses.address })
      .from(signInAddresses)
      .innerJoin(users, eq(users.id, signInAddresses.userId))
      .where(eq(users.username, 'ml.reviewer'));
    expect(known.map((row) => row.address)).toEqual(['198.51.100.14']);
  });

  test("the request's log line names the client's address when the proxy is trusted, the proxy's when not", async () => {
    const addressLogged = async (trustProxy: boolean) => {
      const lines: { msg?: string; clientAddress?: string }[] = [];
      const logger = { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } };
      const app = await testApp(testDb.database, { logger }, { trustProxy, logRequests: true });
      try {
        await app.inject({ method: 'GET', url: '/health', remoteAddress: PROXY, headers: { 'x-forwarded-for': '203.0.113.9' } });
      } finally {
        await app.close();
      }
      return lines.find((line) => line.msg?.startsWith('GET /health 200'));
    };
    expect(await addressLogged(true)).toMatchObject({ clientAddress: '203.0.113.9', msg: expect.stringMatching(/ from 203\.0\.113\.9$/) });
    expect(await addressLogged(false)).toMatchObject({ clientAddress: PROXY });
  });
});
