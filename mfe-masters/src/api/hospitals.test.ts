import { fakeApi } from '@claims/shared-kernel/testing';
import { createHospital, deleteHospital, fetchHospital, fetchHospitalPage, searchHospitals, updateHospital } from './hospitals';

/** The wire as the api sees it: the kernel's fake network records each request that the real client sends. */
const wire = ({ method, url, body }: { method: string; url: string; body: unknown }) => ({ method, url, body });

it('pages with limit and page_number and reads the object answer', async () => {
  const api = fakeApi({ 'GET /hospitals': { results: [{ id: 1, hospital_code: 'H1', name: 'One' }], total_count: 31, page_number: 2 } });
  await expect(fetchHospitalPage(2, 25)).resolves.toEqual({ rows: [{ id: 1, hospital_code: 'H1', name: 'One' }], total: 31 });
  expect(api.calls.map(wire)).toEqual([{ method: 'GET', url: '/hospitals?limit=25&page_number=2', body: undefined }]);
});

it('searches with the column filters and the paging in the query', async () => {
  const api = fakeApi({ 'POST /hospitals/search': { results: [], total_count: 0, page_number: 1 } });
  await expect(searchHospitals({ name: 'apollo' }, 1, 50)).resolves.toEqual({ rows: [], total: 0 });
  expect(api.calls.map(wire)).toEqual([
    { method: 'POST', url: '/hospitals/search?limit=50&page_number=1', body: { filters: { name: 'apollo' } } },
  ]);
});

it('unwraps result when loading one hospital and escapes the code', async () => {
  const api = fakeApi({ 'GET /hospitals/:code': { result: { id: 3, hospital_code: 'A/B', name: 'Slash' } } });
  await expect(fetchHospital('A/B')).resolves.toEqual({ id: 3, hospital_code: 'A/B', name: 'Slash' });
  expect(api.calls.map((call) => call.url)).toEqual(['/hospitals/A%2FB']);
});

it('creates, updates one field and deletes with the id in the body', async () => {
  const nine = { id: 9, hospital_code: 'H9', name: 'Nine' };
  const api = fakeApi({
    'POST /hospitals': { result: nine },
    'PUT /hospitals/:code': { result: { ...nine, name: 'Nine Plus' } },
    'DELETE /hospitals/:code': { detail: 'Deleted Successfully' },
  });
  await createHospital({ hospital_code: 'H9', hospital_name: 'Nine' });
  await updateHospital('H9', { field_name: 'hospital_name', value: 'Nine Plus' });
  await deleteHospital('H9', 9);
  expect(api.calls.map(wire)).toEqual([
    { method: 'POST', url: '/hospitals', body: { hospital_code: 'H9', hospital_name: 'Nine' } },
    { method: 'PUT', url: '/hospitals/H9', body: { field_name: 'hospital_name', value: 'Nine Plus' } },
    { method: 'DELETE', url: '/hospitals/H9', body: { id: 9 } },
  ]);
});
