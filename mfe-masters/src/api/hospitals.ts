import { callApi } from '@claims/shared-kernel';
import type { Hospital, HospitalCreateBody, HospitalUpdateBody } from '@claims/shared-kernel';
import type { Page } from './types';

/** GET /hospitals?limit&page_number: hospitals answer an object, not the usual array (spec 2 §7). */
export async function fetchHospitalPage(page: number, limit: number): Promise<Page<Hospital>> {
  const data = await callApi('GET /hospitals', { query: { limit, page_number: page } });
  // Asked for a page, the api answers the paged form; the whole list (getall) carries no total.
  return { rows: data.results, total: 'total_count' in data ? data.total_count : data.results.length };
}

/** POST /hospitals/search?limit&page_number: per-column filters, paged by the server like the list. */
export async function searchHospitals(filters: Record<string, string>, page: number, limit: number): Promise<Page<Hospital>> {
  const data = await callApi('POST /hospitals/search', { query: { limit, page_number: page }, body: { filters } });
  return { rows: data.results, total: data.total_count };
}

export async function fetchHospital(code: string): Promise<Hospital> {
  return (await callApi('GET /hospitals/:code', { params: { code } })).result;
}

export async function createHospital(body: HospitalCreateBody): Promise<void> {
  await callApi('POST /hospitals', { body });
}

/** PUT /hospitals/{code}: one field per call, the server renames or re-codes in place. */
export async function updateHospital(code: string, body: HospitalUpdateBody): Promise<void> {
  await callApi('PUT /hospitals/:code', { params: { code }, body });
}

export async function deleteHospital(code: string, id: number): Promise<void> {
  await callApi('DELETE /hospitals/:code', { params: { code }, body: { id } });
}
