import { apiClient, pageTotal } from '@claims/shared-kernel';
import type { KeywordEntity, KeywordModule, KeywordSaveBody, MasterSearchBody, Paged } from '@claims/shared-kernel';
import type { Page } from './types';

/** The keyword masters answer pages as arrays whose first row carries total_count (spec 2 §2.2). */
const toPage = (rows: Paged<KeywordEntity>[]): Page<KeywordEntity> => ({ rows, total: pageTotal(rows) });
const path = (module: KeywordModule, id: string | number) => `/${module}/${encodeURIComponent(id)}`;

export async function fetchKeywordPage(module: KeywordModule, page: number, limit: number): Promise<Page<KeywordEntity>> {
  const { data } = await apiClient.get<Paged<KeywordEntity>[]>(`/${module}`, { params: { limit, page_number: page } });
  return toPage(data);
}

/** POST /{module}/search?limit&page_number: per-column filters (name, alias, ICD_code). */
export async function searchKeywords(
  module: KeywordModule,
  filters: Record<string, string>,
  page: number,
  limit: number,
): Promise<Page<KeywordEntity>> {
  const body: MasterSearchBody = { filters };
  const { data } = await apiClient.post<Paged<KeywordEntity>[]>(`/${module}/search`, body, { params: { limit, page_number: page } });
  return toPage(data);
}

export async function fetchKeyword(module: KeywordModule, id: string): Promise<KeywordEntity> {
  const { data } = await apiClient.get<KeywordEntity>(path(module, id));
  return data;
}

export async function createKeyword(module: KeywordModule, body: KeywordSaveBody): Promise<void> {
  await apiClient.post(`/${module}`, body);
}

export async function updateKeyword(module: KeywordModule, id: number, body: KeywordSaveBody): Promise<void> {
  await apiClient.put(path(module, id), body);
}

export async function deleteKeyword(module: KeywordModule, id: number): Promise<void> {
  await apiClient.delete(path(module, id), { data: { id } });
}
