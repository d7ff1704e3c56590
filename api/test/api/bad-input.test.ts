/** Bad input answers 4xx with a detail naming the field, never 500: malformed queries and bodies, NUL characters, deep trees. */
import type { InjectOptions } from 'fastify';
import { DATABASES } from '../../testing/databases';
import { BASE, onlyDetail, schemaDrifts } from '../../testing/http';
import { apiSuite } from '../../testing/suite';

describe.each(DATABASES)('bad-input on %s', (_name, open) => {
  const { app, as, errorLog } = apiSuite(open, { users: ['vitraya.admin'] });

  describe('bad input', () => {
    test('answers 400 with a detail naming the field, never 500', async () => {
      const headers = as('vitraya.admin');
      const cases: [InjectOptions, number, RegExp][] = [
        [{ method: 'GET', url: `${BASE}/claims?limit=0` }, 400, /limit/],
        [{ method: 'GET', url: `${BASE}/claims?page_number=abc` }, 400, /page_number/],
        [{ method: 'GET', url: `${BASE}/claims?status=NOPE` }, 400, /^status: unknown status 'NOPE'/],
        [{ method: 'GET', url: `${BASE}/claims/abc` }, 400, /claimId/],
        [{ method: 'GET', url: `${BASE}/claims/999999` }, 404, /Claim 999999 not found/],
        [{ method: 'POST', url: `${BASE}/claims/search`, payload: { startDate: '10-03-2025' } }, 400, /^startDate: /],
        [{ method: 'POST', url: `${BASE}/claims/search`, payload: { startDate: '2025-01-01', endDate: '2025-06-01' } }, 400, /90 days/],
        [{ method: 'POST', url: `${BASE}/claims/search`, payload: { status: 'ADJUDICATED' } }, 400, /^status: /],
        [
          { method: 'POST', url: `${BASE}/hospitals`, payload: '{"hospital_code": ', headers: { 'content-type': 'application/json' } },
          400,
          /Malformed JSON/,
        ],
        [{ method: 'POST', url: `${BASE}/hospitals`, payload: 'hello', headers: { 'content-type': 'text/plain' } }, 415, /content type/i],
        [{ method: 'GET', url: `${BASE}/rules/424242` }, 404, /Rule 424242 not found/],
        [{ method: 'GET', url: `${BASE}/nothing/here` }, 404, /Not found/],
      ];
      for (const [request, status, detail] of cases) {
        const response = await app.inject({ ...request, headers: { ...headers, ...request.headers } });
        expect({ url: request.url, status: response.statusCode }).toEqual({ url: request.url, status });
        expect(response.json().detail).toMatch(detail);
      }
    });
  });

  describe('security edges', () => {
    test('NUL characters and absurdly deep trees answer 400 with a detail, never 500', async () => {
      const headers = as('vitraya.admin');
      const deep = (n: number, leaf = '1') => `${'{"a":'.repeat(n)}${leaf}${'}'.repeat(n)}`;
      const json = { 'content-type': 'application/json' };
      const cases: [InjectOptions, RegExp][] = [
        [
          { method: 'POST', url: `${BASE}/hospitals`, payload: { hospital_code: 'NUL\u0000', hospital_name: 'X' } },
          /^hospital_code: .*NUL/,
        ],
        [{ method: 'GET', url: `${BASE}/hospitals/AB%00C` }, /^code: .*NUL/],
        [{ method: 'GET', url: `${BASE}/rules?org=vit%00raya` }, /^querystring org: .*NUL/],
        [{ method: 'POST', url: `${BASE}/claims/search?limit=10&page_number=1`, payload: { searchText: 'a\u0000' } }, /NUL/],
        [
          {
            method: 'POST',
            url: `${BASE}/rules?org=vitraya`,
            headers: json,
            payload: `{"fk_procedure": 1, "case_type": "SETTLEMENT", "procedureRule": ${deep(5000, '{"booleanOperator":"AND","statements":[]}')}}`,
          },
          /^procedureRule\..*nested too deeply/,
        ],
        [
          {
            method: 'POST',
            url: `${BASE}/rules?org=vitraya&id=1`,
            headers: json,
            payload: `{"rules_configuration": ${'['.repeat(5000)}${']'.repeat(5000)}}`,
          },
          /^rules_configuration\..*nested too deeply/,
        ],
      ];
      for (const [request, detail] of cases) {
        const response = await app.inject({ ...request, headers: { ...headers, ...request.headers } });
        expect({ url: request.url, status: response.statusCode }).toEqual({ url: request.url, status: 400 });
        expect(response.json().detail).toMatch(detail);
        onlyDetail(response);
      }
    });
  });

  test('every answer of the calls above passed its schema', () => {
    expect(schemaDrifts(errorLog)).toEqual([]);
  });
});
