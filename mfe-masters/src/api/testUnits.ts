import { apiClient, pageTotal } from '@claims/shared-kernel';
import type { ClinicalUnit, ClinicalUnitSaveBody, MasterSearchBody, Paged } from '@claims/shared-kernel';
import type { Page } from './types';

/** Test units live under the route and resource clinicalUnit (spec 3 §1). */
const BASE = '/clinicalUnit';
const path = (id: string | number) => `${BASE}/${encodeURIComponent(id)}`;
const toPage = (rows: Paged<ClinicalUnit>[]): Page<ClinicalUnit> => ({ rows, total: pageTotal(rows) });

export async function fetchTestUnitPage(page: number, limit: number): Promise<Page<ClinicalUnit>> {
  const { data } = await apiClient.get<Paged<ClinicalUnit>[]>(BASE, { params: { limit, page_number: page } });
  return toPage(data);
}

/** POST /clinicalUnit/search?limit&page_number: per-column filters (name, alias). */
export async function searchTestUnits(filters: Record<string, string>, page: number, limit: number): Promise<Page<ClinicalUnit>> {
  const body: MasterSearchBody = { filters };
  const { data } = await apiClient.post<Paged<ClinicalUnit>[]>(`${BASE}/search`, body, { params: { limit, page_number: page } });
  return toPage(data);
}

export async function fetchTestUnit(id: string): Promise<ClinicalUnit> {
  const { data } = await apiClient.get<ClinicalUnit>(path(id));
  return data;
}

/** POST /clinicalUnit: {name, alias[{keyword, conversion_unit}]}, the conversion unit a number (spec 3 §7). */
export async function createTestUnit(body: ClinicalUnitSaveBody): Promise<void> {
  await apiClient.post(BASE, body);
}

export async function updateTestUnit(id: number, body: ClinicalUnitSaveBody): Promise<void> {
  await apiClient.put(path(id), body);
}

/** DELETE /clinicalUnit/{id} with body {id}. */
export async function deleteTestUnit(id: number): Promise<void> {
  await apiClient.delete(path(id), { data: { id } });
}
