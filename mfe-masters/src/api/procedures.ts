import { apiClient, pageTotal } from '@claims/shared-kernel';
import type { MasterSearchBody, Paged, Procedure, ProcedureSaveBody } from '@claims/shared-kernel';
import type { Page } from './types';

const path = (id: string | number) => `/procedures/${encodeURIComponent(id)}`;
const toPage = (rows: Paged<Procedure>[]): Page<Procedure> => ({ rows, total: pageTotal(rows) });

/** GET /procedures?limit&page_number: an array whose first row carries total_count (spec 2 §2.2). */
export async function fetchProcedurePage(page: number, limit: number): Promise<Page<Procedure>> {
  const { data } = await apiClient.get<Paged<Procedure>[]>('/procedures', { params: { limit, page_number: page } });
  return toPage(data);
}

/** GET /procedures/count: the number in the list's title (spec 2 §2.2). */
export async function fetchProcedureCount(): Promise<number> {
  const { data } = await apiClient.get<number>('/procedures/count');
  return data;
}

/** POST /procedures/search?limit&page_number: per-column filters (procedure_code, name, procedure_group, snomedct_code). */
export async function searchProcedures(filters: Record<string, string>, page: number, limit: number): Promise<Page<Procedure>> {
  const body: MasterSearchBody = { filters };
  const { data } = await apiClient.post<Paged<Procedure>[]>('/procedures/search', body, { params: { limit, page_number: page } });
  return toPage(data);
}

/** GET /procedures/{id}: by id (the route's code) or procedure code. */
export async function fetchProcedure(id: string): Promise<Procedure> {
  const { data } = await apiClient.get<Procedure>(path(id));
  return data;
}

export async function createProcedure(body: ProcedureSaveBody): Promise<void> {
  await apiClient.post('/procedures', body);
}

export async function updateProcedure(id: number, body: ProcedureSaveBody): Promise<void> {
  await apiClient.put(path(id), body);
}

export async function deleteProcedure(id: number): Promise<void> {
  await apiClient.delete(path(id), { data: { id } });
}
