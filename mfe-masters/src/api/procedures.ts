import { callApi, pageTotal } from '@claims/shared-kernel';
import type { Paged, Procedure, ProcedureSaveBody } from '@claims/shared-kernel';
import type { Page } from './types';

const toPage = (rows: Paged<Procedure>[]): Page<Procedure> => ({ rows, total: pageTotal(rows) });

/** GET /procedures?limit&page_number: an array whose first row carries total_count (spec 2 §2.2). */
export async function fetchProcedurePage(page: number, limit: number): Promise<Page<Procedure>> {
  return toPage(await callApi('GET /procedures', { query: { limit, page_number: page } }));
}

/** GET /procedures/count: the number in the list's title (spec 2 §2.2). */
export async function fetchProcedureCount(): Promise<number> {
  return callApi('GET /procedures/count');
}

/** POST /procedures/search?limit&page_number: per-column filters (procedure_code, name, procedure_group, snomedct_code). */
export async function searchProcedures(filters: Record<string, string>, page: number, limit: number): Promise<Page<Procedure>> {
  const rows = await callApi('POST /procedures/search', { query: { limit, page_number: page }, body: { filters } });
  // Only a search by procedureCodes answers codes and names; a filter answers the paged list.
  return toPage(rows as Paged<Procedure>[]);
}

/** GET /procedures/{id}: by id (the route's code) or procedure code. */
export async function fetchProcedure(id: string): Promise<Procedure> {
  return callApi('GET /procedures/:id', { params: { id } });
}

export async function createProcedure(body: ProcedureSaveBody): Promise<void> {
  await callApi('POST /procedures', { body });
}

export async function updateProcedure(id: number, body: ProcedureSaveBody): Promise<void> {
  await callApi('PUT /procedures/:id', { params: { id: String(id) }, body });
}

export async function deleteProcedure(id: number): Promise<void> {
  await callApi('DELETE /procedures/:id', { params: { id: String(id) }, body: { id } });
}
