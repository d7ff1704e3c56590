import axios, { type AxiosError, type AxiosInstance } from 'axios';
import { getRuntimeConfig } from '../config/runtime-config';
import { clearSession, sessionStore } from '../session/session-store';
import { readableDetail } from './readable-detail';

/**
 * The error every failed call rejects with: its message is the server's `detail` as a person reads it
 * (sentences, the field by its name), or a plain description; `detail` keeps the server's words.
 */
export class ApiError extends Error {
  constructor(
    readonly detail: string,
    readonly status: number | null,
    readonly body: unknown,
  ) {
    super(readableDetail(detail));
    this.name = 'ApiError';
  }
}

function detailOf(error: AxiosError): string {
  const body = error.response?.data as { detail?: unknown } | string | undefined;
  if (body && typeof body === 'object' && 'detail' in body) {
    const { detail } = body;
    if (typeof detail === 'string') return detail;
    if (Array.isArray(detail)) return detail.map((d) => (typeof d === 'string' ? d : JSON.stringify(d))).join('; ');
  }
  if (typeof body === 'string' && body.trim()) return body;
  if (error.response) return `Request failed with status ${error.response.status}`;
  return error.message || 'Network error';
}

/** The one API client of the page: base URL from runtime config, bearer token, 401 logs out. */
export const apiClient: AxiosInstance = axios.create();

apiClient.interceptors.request.use((request) => {
  request.baseURL ??= getRuntimeConfig().apiBaseUrl;
  const { token } = sessionStore.getState();
  if (token) request.headers.set('Authorization', `Bearer ${token}`);
  return request;
});

apiClient.interceptors.response.use(
  (response) => response,
  (error: unknown) => {
    if (!axios.isAxiosError(error)) return Promise.reject(error);
    if (error.response?.status === 401 && sessionStore.getState().token) clearSession();
    return Promise.reject(new ApiError(detailOf(error), error.response?.status ?? null, error.response?.data));
  },
);

/** Reads a paged list answer: total from the first item (or the object form hospitals use). */
export function pageTotal(rows: ReadonlyArray<{ total_count?: number }> | { total_count: number }): number {
  if (Array.isArray(rows)) return rows[0]?.total_count ?? 0;
  return (rows as { total_count: number }).total_count;
}

/** Saves a blob answer (CSV, xlsx) under a file name. */
export function saveBlob(data: Blob, fileName: string): void {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
