import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';
import { ApiError, apiClient, pageTotal } from '../api/client';
import { setRuntimeConfig } from '../config/runtime-config';
import { clearSession, sessionStore, signIn } from '../session/session-store';

/** Stands in for the network only: the interceptors under test run as in the browser. */
function respondWith(status: number, data: unknown): { adapter: AxiosAdapter; seen: InternalAxiosRequestConfig[] } {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const response = { data, status, statusText: String(status), headers: {}, config } as AxiosResponse;
    if (status >= 400) throw new AxiosError(`HTTP ${status}`, String(status), config, null, response);
    return response;
  };
  return { adapter, seen };
}

beforeEach(() => {
  setRuntimeConfig({ apiBaseUrl: 'http://api.test/v0.3.0' });
  signIn({ user: 'u', token: 'secret-token', organization: 'vitraya', role: 'user' });
});
afterEach(() => clearSession());

test('every call goes to the configured base URL with the bearer token', async () => {
  const { adapter, seen } = respondWith(200, [{ id: 1, total_count: 41 }]);
  const { data } = await apiClient.get('/claims', { adapter, params: { limit: 25, page_number: 1 } });
  expect(seen[0].baseURL).toBe('http://api.test/v0.3.0');
  expect(seen[0].headers.Authorization).toBe('Bearer secret-token');
  expect(pageTotal(data as { total_count?: number }[])).toBe(41);
});

test('a failed call rejects with the server detail', async () => {
  const { adapter } = respondWith(409, { detail: 'Hospital code HOSP001 already exists' });
  await expect(apiClient.post('/hospitals', {}, { adapter })).rejects.toEqual(
    expect.objectContaining({ name: 'ApiError', message: 'Hospital code HOSP001 already exists', status: 409 }),
  );
  expect(sessionStore.getState().token).toBe('secret-token');
});

test('any 401 logs the user out', async () => {
  const { adapter } = respondWith(401, { detail: 'Token revoked' });
  await expect(apiClient.get('/claims', { adapter })).rejects.toBeInstanceOf(ApiError);
  expect(sessionStore.getState().token).toBeNull();
  expect(localStorage.getItem('claims.session')).toBeNull();
});

test('paged answers in object form give their total too', () => {
  expect(pageTotal({ total_count: 7 })).toBe(7);
  expect(pageTotal([])).toBe(0);
});
