import { callApi, pageTotal } from '@claims/shared-kernel';
import type { KeywordEntity, KeywordModule, KeywordSaveBody, Paged } from '@claims/shared-kernel';
import type { Page } from './types';

/** The keyword masters answer pages as arrays whose first row carries total_count (spec 2 §2.2). */
const toPage = (rows: Paged<KeywordEntity>[]): Page<KeywordEntity> => ({ rows, total: pageTotal(rows) });

export async function fetchKeywordPage(module: KeywordModule, page: number, limit: number): Promise<Page<KeywordEntity>> {
  return toPage(await callApi(`GET /${module}`, { query: { limit, page_number: page } }));
}

/** POST /{module}/search?limit&page_number: per-column filters (name, alias, ICD_code). */
export async function searchKeywords(
  module: KeywordModule,
  filters: Record<string, string>,
  page: number,
  limit: number,
): Promise<Page<KeywordEntity>> {
  return toPage(await callApi(`POST /${module}/search`, { query: { limit, page_number: page }, body: { filters } }));
}

export async function fetchKeyword(module: KeywordModule, id: string): Promise<KeywordEntity> {
  return callApi(`GET /${module}/:id`, { params: { id } });
}

export async function createKeyword(module: KeywordModule, body: KeywordSaveBody): Promise<void> {
  await callApi(`POST /${module}`, { body });
}

export async function updateKeyword(module: KeywordModule, id: number, body: KeywordSaveBody): Promise<void> {
  await callApi(`PUT /${module}/:id`, { params: { id: String(id) }, body });
}

export async function deleteKeyword(module: KeywordModule, id: number): Promise<void> {
  await callApi(`DELETE /${module}/:id`, { params: { id: String(id) }, body: { id } });
}
