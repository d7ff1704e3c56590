import { apiClient } from '@claims/shared-kernel';
import type { InternalAxiosRequestConfig } from 'axios';
import { createHospital, deleteHospital, fetchHospital, fetchHospitalPage, searchHospitals, updateHospital } from './hospitals';

/** The wire as the api sees it: a fake adapter records each request and answers `answer`. */
let requests: InternalAxiosRequestConfig[] = [];
let answer: unknown = null;
beforeEach(() => {
  requests = [];
  apiClient.defaults.adapter = async (config) => {
    requests.push(config);
    return { data: answer, status: 200, statusText: 'OK', headers: {}, config };
  };
});
const sent = () => {
  const [request] = requests;
  return {
    method: request.method,
    url: request.url,
    params: request.params as unknown,
    body: request.data ? (JSON.parse(request.data as string) as unknown) : undefined,
  };
};

it('pages with limit and page_number and reads the object answer', async () => {
  answer = { results: [{ id: 1, hospital_code: 'H1', name: 'One' }], total_count: 31, page_number: 2 };
  await expect(fetchHospitalPage(2, 25)).resolves.toEqual({ rows: [{ id: 1, hospital_code: 'H1', name: 'One' }], total: 31 });
  expect(sent()).toMatchObject({ method: 'get', url: '/hospitals', params: { limit: 25, page_number: 2 } });
});

it('searches with the column filters and the paging in the query', async () => {
  answer = { results: [], total_count: 0, page_number: 1 };
  await expect(searchHospitals({ name: 'apollo' }, 1, 50)).resolves.toEqual({ rows: [], total: 0 });
  expect(sent()).toMatchObject({
    method: 'post',
    url: '/hospitals/search',
    params: { limit: 50, page_number: 1 },
    body: { filters: { name: 'apollo' } },
  });
});

it('unwraps result when loading one hospital and escapes the code', async () => {
  answer = { result: { id: 3, hospital_code: 'A/B', name: 'Slash' } };
  await expect(fetchHospital('A/B')).resolves.toEqual({ id: 3, hospital_code: 'A/B', name: 'Slash' });
  expect(sent().url).toBe('/hospitals/A%2FB');
});

it('creates, updates one field and deletes with the id in the body', async () => {
  await createHospital({ hospital_code: 'H9', hospital_name: 'Nine' });
  expect(sent()).toMatchObject({ method: 'post', url: '/hospitals', body: { hospital_code: 'H9', hospital_name: 'Nine' } });
  requests = [];
  await updateHospital('H9', { field_name: 'hospital_name', value: 'Nine Plus' });
  expect(sent()).toMatchObject({ method: 'put', url: '/hospitals/H9', body: { field_name: 'hospital_name', value: 'Nine Plus' } });
  requests = [];
  await deleteHospital('H9', 9);
  expect(sent()).toMatchObject({ method: 'delete', url: '/hospitals/H9', body: { id: 9 } });
});
