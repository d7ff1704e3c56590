import { callApi, pageTotal } from '@claims/shared-kernel';
import type { ClinicalUnit, ClinicalUnitSaveBody, Paged } from '@claims/shared-kernel';
import type { Page } from './types';

// Test units live under the route and resource clinicalUnit (spec 3 §1).
const toPage = (rows: Paged<ClinicalUnit>[]): Page<ClinicalUnit> => ({ rows, total: pageTotal(rows) });

export async function fetchTestUnitPage(page: number, limit: number): Promise<Page<ClinicalUnit>> {
  return toPage(await callApi('GET /clinicalUnit', { query: { limit, page_number: page } }));
}

/** POST /clinicalUnit/search?limit&page_number: per-column filters (name, alias). */
export async function searchTestUnits(filters: Record<string, string>, page: number, limit: number): Promise<Page<ClinicalUnit>> {
  return toPage(await callApi('POST /clinicalUnit/search', { query: { limit, page_number: page }, body: { filters } }));
}

export async function fetchTestUnit(id: string): Promise<ClinicalUnit> {
  return callApi('GET /clinicalUnit/:id', { params: { id } });
}

/** POST /clinicalUnit: {name, alias[{keyword, conversion_unit}]}, the conversion unit a number (spec 3 §7). */
export async function createTestUnit(body: ClinicalUnitSaveBody): Promise<void> {
  await callApi('POST /clinicalUnit', { body });
}

export async function updateTestUnit(id: number, body: ClinicalUnitSaveBody): Promise<void> {
  await callApi('PUT /clinicalUnit/:id', { params: { id: String(id) }, body });
}

/** DELETE /clinicalUnit/{id} with body {id}. */
export async function deleteTestUnit(id: number): Promise<void> {
  await callApi('DELETE /clinicalUnit/:id', { params: { id: String(id) }, body: { id } });
}
