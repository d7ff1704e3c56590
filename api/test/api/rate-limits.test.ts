/**
 * Expensive calls are limited per user (on PGlite and PostgreSQL): the claims list as a file, the annotation and
 * batch reports and the audit export answer 429 with a detail after EXPENSIVE_CALLS_PER_MINUTE calls of one user,
 * while that user's pages of the list and every other user (from the same address) are still served.
 */
import type { InjectOptions } from 'fastify';
import { EXPENSIVE_CALLS_PER_MINUTE } from '../../src/http/rate-limits';
import { DATABASES } from '../../testing/databases';
import { BASE, bearer } from '../../testing/http';
import { apiSuite } from '../../testing/suite';

describe.each(DATABASES)('expensive calls limited per user on %s', (_name, open) => {
  const { app, tokens } = apiSuite(open, { users: ['vitraya.admin', 'vitraya.reviewer'] });
  const call = (user: string, request: InjectOptions) =>
    app.inject({ ...request, headers: { ...bearer(tokens[user]), ...request.headers } });

  const download: InjectOptions = { method: 'POST', url: `${BASE}/claims/search?download=True`, payload: {} };
  const page: InjectOptions = { method: 'POST', url: `${BASE}/claims/search?limit=10&page_number=1`, payload: {} };

  test('the claims list as a file: a user past the limit waits, a page of the list and other users do not', async () => {
    for (let i = 0; i < EXPENSIVE_CALLS_PER_MINUTE; i++) expect((await call('vitraya.admin', download)).statusCode).toBe(200);
    const refused = await call('vitraya.admin', download);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: expect.stringMatching(/^Too many attempts, retry in /) });
    expect((await call('vitraya.admin', page)).statusCode).toBe(200);
    expect((await call('vitraya.reviewer', download)).statusCode).toBe(200);
  });

  test.each([
    ['the audit export', { method: 'GET', url: `${BASE}/audit/export?from=2025-01-01&to=2025-01-31` }],
    ['the annotation report', { method: 'GET', url: `${BASE}/annotation/generateReport` }],
  ] as [string, InjectOptions][])('%s is limited per user', async (_name, request) => {
    for (let i = 0; i < EXPENSIVE_CALLS_PER_MINUTE; i++) expect((await call('vitraya.admin', request)).statusCode).toBe(200);
    expect((await call('vitraya.admin', request)).statusCode).toBe(429);
    expect((await call('vitraya.reviewer', request)).statusCode).toBe(200);
  });
});
