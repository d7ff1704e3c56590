/** Who may call what: the super user calls, and a refused caller answered 403 before its input is looked at. */
import type { InjectOptions } from 'fastify';
import { DATABASES } from '../../testing/databases';
import { BASE, onlyDetail, schemaDrifts } from '../../testing/http';
import { apiSuite } from '../../testing/suite';

describe.each(DATABASES)('access on %s', (_name, open) => {
  const { app, as, errorLog } = apiSuite(open, { users: ['vitraya.admin', 'vitraya.reviewer', 'starhealth.reviewer'] });

  describe('super user calls', () => {
    test('answer 403 with a detail to other roles', async () => {
      const calls = [
        { method: 'POST' as const, url: `${BASE}/hospitals`, payload: { hospital_code: 'X1', hospital_name: 'X' } },
        { method: 'GET' as const, url: `${BASE}/downloadedCount` },
        { method: 'POST' as const, url: `${BASE}/claims/dashboard/count?status=getAll` },
        { method: 'GET' as const, url: `${BASE}/claims?downloaded=true` },
        { method: 'PUT' as const, url: `${BASE}/rules/1`, payload: { fk_procedure: 1, case_type: 'SETTLEMENT' } },
      ];
      for (const call of calls) {
        const response = await app.inject({ ...call, headers: as('vitraya.reviewer') });
        expect(response.statusCode).toBe(403);
        expect(response.json().detail).toMatch(/not authorized/);
      }
    });
  });

  describe('security edges', () => {
    test('a refused caller gets 403 before its input is read, validated or looked up', async () => {
      const calls: InjectOptions[] = [
        { method: 'POST', url: `${BASE}/hospitals`, payload: { hospital_code: 42 } },
        { method: 'POST', url: `${BASE}/hospitals`, payload: '{"hospital_code": ', headers: { 'content-type': 'application/json' } },
        { method: 'POST', url: `${BASE}/hospitals`, payload: 'hello', headers: { 'content-type': 'text/plain' } },
        { method: 'DELETE', url: `${BASE}/hospitals/NO-SUCH-CODE`, payload: {} },
        { method: 'PUT', url: `${BASE}/rules/abc`, payload: { case_type: 'NOPE' } },
        { method: 'DELETE', url: `${BASE}/rules/424242`, payload: {} },
        { method: 'POST', url: `${BASE}/claims/dashboard/count?status=NOPE` },
        { method: 'PUT', url: `${BASE}/claim/batch/assignDate/update`, payload: { batchId: 'x' } },
        { method: 'POST', url: `${BASE}/claim/batch/assignBatches/equally`, payload: { batchId: 424242, analysts: [], date: 'x' } },
        { method: 'PUT', url: `${BASE}/claims/status`, payload: { status: 'NOPE' } },
        { method: 'GET', url: `${BASE}/annotation/424242` },
      ];
      for (const call of calls) {
        const response = await app.inject({ ...call, headers: { ...as('starhealth.reviewer'), ...call.headers } });
        expect({ url: call.url, status: response.statusCode }).toEqual({ url: call.url, status: 403 });
        onlyDetail(response);
      }
      // The allowed caller still gets the validation answer.
      const invalid = await app.inject({
        method: 'POST',
        url: `${BASE}/hospitals`,
        headers: as('vitraya.admin'),
        payload: { hospital_code: 42 },
      });
      expect(invalid.statusCode).toBe(400);
    });
  });

  test('every answer of the calls above passed its schema', () => {
    expect(schemaDrifts(errorLog)).toEqual([]);
  });
});
