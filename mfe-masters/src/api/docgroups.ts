import { ApiError, callApi, pageTotal } from '@claims/shared-kernel';
import type { Docgroup, DocgroupSaveBody, Paged, SegregationPreviewBody, SegregationPreviewResult } from '@claims/shared-kernel';
import type { Page } from './types';

/** Lists answer arrays whose first row carries total_count (spec 2 §2.2). */
const toPage = (rows: Paged<Docgroup>[]): Page<Docgroup> => ({ rows, total: pageTotal(rows) });

export async function fetchDocgroupPage(page: number, limit: number): Promise<Page<Docgroup>> {
  return toPage(await callApi('GET /docgroups', { query: { limit, page_number: page } }));
}

/** POST /docgroups/search?limit&page_number: per-column filters (document_name, hospital_code). */
export async function searchDocgroups(filters: Record<string, string>, page: number, limit: number): Promise<Page<Docgroup>> {
  return toPage(await callApi('POST /docgroups/search', { query: { limit, page_number: page }, body: { filters } }));
}

/** GET /docgroups/{id}; a code that is no group number is not found without asking. */
export async function fetchDocgroup(code: string): Promise<Docgroup> {
  if (!/^[1-9]\d{0,8}$/.test(code)) throw new ApiError(`Document segregation ${code} not found`, 404, null);
  return callApi('GET /docgroups/:id', { params: { id: code } });
}

export async function createDocgroup(body: DocgroupSaveBody): Promise<void> {
  await callApi('POST /docgroups', { body });
}

/** PUT /docgroups/{id} replaces the group: a document left out loses its configuration. */
export async function updateDocgroup(id: number, body: DocgroupSaveBody): Promise<void> {
  await callApi('PUT /docgroups/:id', { params: { id }, body });
}

export async function deleteDocgroup(id: number): Promise<void> {
  await callApi('DELETE /docgroups/:id', { params: { id }, body: { id } });
}

/** POST /docgroups/dryRun: the group as edited, tried on the most recent verified claims of its hospitals (nothing is saved). */
export async function tryDocgroupOnClaims(body: SegregationPreviewBody): Promise<SegregationPreviewResult> {
  return callApi('POST /docgroups/dryRun', { body });
}
