import { apiClient } from '@claims/shared-kernel';
import type {
  Hospital,
  HospitalCreateBody,
  HospitalResult,
  HospitalUpdateBody,
  MasterSearchBody,
  PagedResults,
} from '@claims/shared-kernel';
import type { Page } from './types';

const path = (code: string) => `/hospitals/${encodeURIComponent(code)}`;

/** GET /hospitals?limit&page_number: hospitals answer an object, not the usual array (spec 2 §7). */
export async function fetchHospitalPage(page: number, limit: number): Promise<Page<Hospital>> {
  const { data } = await apiClient.get<PagedResults<Hospital>>('/hospitals', { params: { limit, page_number: page } });
  return { rows: data.results, total: data.total_count };
}

/** POST /hospitals/search?limit&page_number: per-column filters, paged by the server like the list. */
export async function searchHospitals(filters: Record<string, string>, page: number, limit: number): Promise<Page<Hospital>> {
  const body: MasterSearchBody = { filters };
  const { data } = await apiClient.post<PagedResults<Hospital>>('/hospitals/search', body, { params: { limit, page_number: page } });
  return { rows: data.results, total: data.total_count };
}

export async function fetchHospital(code: string): Promise<Hospital> {
  const { data } = await apiClient.get<HospitalResult>(path(code));
  return data.result;
}

export async function createHospital(body: HospitalCreateBody): Promise<void> {
  await apiClient.post('/hospitals', body);
}

/** PUT /hospitals/{code}: one field per call, the server renames or re-codes in place. */
export async function updateHospital(code: string, body: HospitalUpdateBody): Promise<void> {
  await apiClient.put(path(code), body);
}

export async function deleteHospital(code: string, id: number): Promise<void> {
  await apiClient.delete(path(code), { data: { id } });
}
