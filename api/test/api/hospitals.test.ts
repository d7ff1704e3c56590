/** The hospitals master through HTTP: create, edit one field, read, list, delete, and what it refuses. */
import type { Hospital, PagedResults } from '@claims/shared-kernel/contract';
import { DATABASES } from '../../testing/databases';
import { BASE, schemaDrifts } from '../../testing/http';
import { apiSuite } from '../../testing/suite';

describe.each(DATABASES)('hospitals on %s', (_name, open) => {
  const { app, as, errorLog } = apiSuite(open, { users: ['vitraya.admin'] });

  describe('hospitals', () => {
    test('create, duplicate, read, edit one field, list and delete', async () => {
      const headers = as('vitraya.admin');
      const created = await app.inject({
        method: 'POST',
        url: `${BASE}/hospitals`,
        headers,
        payload: { hospital_code: 'HOSP-C', hospital_name: 'Gamma Hospital' },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().result).toMatchObject({ hospital_code: 'HOSP-C', name: 'Gamma Hospital', created_by: 'vitraya.admin' });

      const duplicate = await app.inject({
        method: 'POST',
        url: `${BASE}/hospitals`,
        headers,
        payload: { hospital_code: 'HOSP-C', hospital_name: 'Again' },
      });
      expect(duplicate.statusCode).toBe(400);
      expect(duplicate.json()).toEqual({ detail: 'hospital_code: Hospital code HOSP-C already exists' });

      const renamed = await app.inject({
        method: 'PUT',
        url: `${BASE}/hospitals/HOSP-C`,
        headers,
        payload: { field_name: 'hospital_name', value: 'Gamma Care' },
      });
      expect(renamed.json().result).toMatchObject({ hospital_code: 'HOSP-C', name: 'Gamma Care', last_modified_by: 'vitraya.admin' });
      const recoded = await app.inject({
        method: 'PUT',
        url: `${BASE}/hospitals/HOSP-C`,
        headers,
        payload: { field_name: 'hospital_code', value: 'HOSP-G' },
      });
      expect(recoded.json().result).toMatchObject({ hospital_code: 'HOSP-G', name: 'Gamma Care' });
      const clash = await app.inject({
        method: 'PUT',
        url: `${BASE}/hospitals/HOSP-G`,
        headers,
        payload: { field_name: 'hospital_code', value: 'HOSP-A' },
      });
      expect(clash.statusCode).toBe(400);
      const badField = await app.inject({
        method: 'PUT',
        url: `${BASE}/hospitals/HOSP-G`,
        headers,
        payload: { field_name: 'colour', value: 'x' },
      });
      expect(badField.statusCode).toBe(400);
      expect(badField.json().detail).toMatch(/^field_name: /);

      expect((await app.inject({ method: 'GET', url: `${BASE}/hospitals/HOSP-C`, headers })).statusCode).toBe(404);
      const one = await app.inject({ method: 'GET', url: `${BASE}/hospitals/HOSP-G`, headers });
      expect(one.json<{ result: Hospital }>().result.name).toBe('Gamma Care');

      const page = await app.inject({ method: 'GET', url: `${BASE}/hospitals?limit=2&page_number=2`, headers });
      expect(page.json<PagedResults<Hospital>>()).toMatchObject({ total_count: 3, page_number: 2, results: [{ hospital_code: 'HOSP-G' }] });
      const all = await app.inject({ method: 'GET', url: `${BASE}/hospitals?getall`, headers });
      expect(all.json().results.map((h: Hospital) => h.hospital_code)).toEqual(['HOSP-A', 'HOSP-B', 'HOSP-G']);

      const removed = await app.inject({ method: 'DELETE', url: `${BASE}/hospitals/HOSP-G`, headers });
      expect(removed.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: `${BASE}/hospitals/HOSP-G`, headers })).statusCode).toBe(404);
    });

    test('missing fields answer 400 naming the field', async () => {
      const response = await app.inject({
        method: 'POST',
        url: `${BASE}/hospitals`,
        headers: as('vitraya.admin'),
        payload: { hospital_code: 'H9' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/^hospital_name: /);
    });
  });

  test('every answer of the calls above passed its schema', () => {
    expect(schemaDrifts(errorLog)).toEqual([]);
  });
});
