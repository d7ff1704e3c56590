import { callApi, callPath } from '../api/call';
import { setRuntimeConfig } from '../config/runtime-config';
import { fakeApi } from '../testing';

beforeEach(() => setRuntimeConfig({}));

describe('callApi', () => {
  it('fills the path parameters, one encoded segment each, and sends the query and body', async () => {
    const api = fakeApi({ 'PUT /hospitals/:code': { result: { id: 7, hospital_code: 'H/7 a', name: 'Apollo' } } });
    const answer = await callApi('PUT /hospitals/:code', {
      params: { code: 'H/7 a' },
      body: { field_name: 'hospital_name', value: 'Apollo' },
    });
    expect(answer.result.name).toBe('Apollo');
    expect(api.callsTo('PUT /hospitals/:code')).toMatchObject([
      { path: '/hospitals/H%2F7%20a', body: { field_name: 'hospital_name', value: 'Apollo' } },
    ]);
  });

  it('answers a creation with the status the table gives it', async () => {
    fakeApi({ 'POST /hospitals': { result: { id: 9, hospital_code: 'H900', name: 'City Care' } } });
    const seen: number[] = [];
    await callApi('POST /hospitals', {
      body: { hospital_code: 'H900', hospital_name: 'City Care' },
      config: { validateStatus: (status) => seen.push(status) > 0 },
    });
    expect(seen).toEqual([201]);
  });

  it('sends the query as parameters', async () => {
    const api = fakeApi({ 'GET /hospitals': { results: [] } });
    await callApi('GET /hospitals', { query: { getall: '' } });
    expect(api.callsTo('GET /hospitals')[0].url).toBe('/hospitals?getall=');
  });

  it('is typed by the endpoint table', () => {
    // Only the typecheck runs these: a call without its path parameters, a body a GET does not take, a missing body.
    const wrong = [
      // @ts-expect-error the code is missing
      () => callApi('GET /hospitals/:code'),
      // @ts-expect-error GET /version takes no body
      () => callApi('GET /version', { body: {} }),
      // @ts-expect-error POST /hospitals needs its body
      () => callApi('POST /hospitals'),
    ];
    expect(wrong).toHaveLength(3);
  });
});

describe('callPath', () => {
  it('refuses a missing path parameter rather than calling a wrong path', () => {
    expect(callPath('/claims/:claimId/documents/:documentId', { claimId: 3, documentId: 'a b' })).toBe('/claims/3/documents/a%20b');
    expect(() => callPath('/claims/:claimId', {})).toThrow('/claims/:claimId: path parameter claimId is missing');
  });
});
