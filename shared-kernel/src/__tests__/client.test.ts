import { HttpResponse } from 'msw';
import { ApiError, apiClient, pageTotal } from '../api/client';
import { setRuntimeConfig } from '../config/runtime-config';
import { clearSession, sessionStore, signIn } from '../session/session-store';
import { failure, fakeApi } from '../testing/fake-api';

// The network alone is faked (Mock Service Worker): the client's interceptors run as in the browser.
beforeEach(() => {
  setRuntimeConfig({ apiBaseUrl: 'http://api.test/v0.3.0' });
  signIn({ user: 'u', token: 'secret-token', organization: 'vitraya', role: 'user' });
});
afterEach(() => {
  clearSession();
  setRuntimeConfig({});
});

test('every call goes to the configured base URL with the bearer token', async () => {
  // The fake answers below the configured base only: a call elsewhere would be unhandled.
  const api = fakeApi({ 'GET /diagnoses': [{ id: 1, name: 'Cataract', alias: [], total_count: 41 }] });
  const { data } = await apiClient.get('/diagnoses', { params: { limit: 25, page_number: 1 } });
  const [call] = api.callsTo('GET /diagnoses');
  expect(call.url).toBe('/diagnoses?limit=25&page_number=1');
  expect(call.headers.get('authorization')).toBe('Bearer secret-token');
  expect(pageTotal(data as { total_count?: number }[])).toBe(41);
});

test('a failed call rejects with the server detail', async () => {
  const api = fakeApi({ 'POST /hospitals': failure(409, 'Hospital code HOSP001 already exists') });
  await expect(apiClient.post('/hospitals', { hospital_code: 'HOSP001' })).rejects.toEqual(
    expect.objectContaining({ name: 'ApiError', message: 'Hospital code HOSP001 already exists', status: 409 }),
  );
  expect(api.callsTo('POST /hospitals')[0].body).toEqual({ hospital_code: 'HOSP001' });
  expect(sessionStore.getState().token).toBe('secret-token');
});

test('any 401 logs the user out', async () => {
  fakeApi({ 'GET /claims': failure(401, 'Token revoked') });
  await expect(apiClient.get('/claims')).rejects.toBeInstanceOf(ApiError);
  expect(sessionStore.getState().token).toBeNull();
  expect(localStorage.getItem('claims.session')).toBeNull();
});

test('no answer at all rejects with an ApiError without a status', async () => {
  fakeApi({ 'GET /claims': HttpResponse.error() });
  await expect(apiClient.get('/claims')).rejects.toEqual(expect.objectContaining({ name: 'ApiError', status: null }));
  expect(sessionStore.getState().token).toBe('secret-token');
});

test('paged answers in object form give their total too', () => {
  expect(pageTotal({ total_count: 7 })).toBe(7);
  expect(pageTotal([])).toBe(0);
});
