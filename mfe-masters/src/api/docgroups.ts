import { ApiError, apiClient, pageTotal } from '@claims/shared-kernel';
import type {
  Docgroup,
  DocgroupSaveBody,
  MasterSearchBody,
  Paged,
  SegregationPreviewBody,
  SegregationPreviewResult,
} from '@claims/shared-kernel';
import type { Page } from './types';

/** Document segregation groups are numbered; the view and edit routes carry the number as their code. */
const path = (id: number | string) => `/docgroups/${encodeURIComponent(id)}`;

/** Lists answer arrays whose first row carries total_count (spec 2 §2.2). */
const toPage = (rows: Paged<Docgroup>[]): Page<Docgroup> => ({ rows, total: pageTotal(rows) });

export async function fetchDocgroupPage(page: number, limit: number): Promise<Page<Docgroup>> {
  const { data } = await apiClient.get<Paged<Docgroup>[]>('/docgroups', { params: { limit, page_number: page } });
  return toPage(data);
}

/** POST /docgroups/search?limit&page_number: per-column filters (document_name, hospital_code). */
export async function searchDocgroups(filters: Record<string, string>, page: number, limit: number): Promise<Page<Docgroup>> {
  const body: MasterSearchBody = { filters };
  const { data } = await apiClient.post<Paged<Docgroup>[]>('/docgroups/search', body, { params: { limit, page_number: page } });
  return toPage(data);
}

/** GET /docgroups/{id}; a code that is no group number is not found without asking. */
export async function fetchDocgroup(code: string): Promise<Docgroup> {
  if (!/^[1-9]\d{0,8}$/.test(code)) throw new ApiError(`Document segregation ${code} not found`, 404, null);
  const { data } = await apiClient.get<Docgroup>(path(code));
  return data;
}

export async function createDocgroup(body: DocgroupSaveBody): Promise<void> {
  await apiClient.post('/docgroups', body);
}

/** PUT /docgroups/{id} replaces the group: a document left out loses its configuration. */
export async function updateDocgroup(id: number, body: DocgroupSaveBody): Promise<void> {
  await apiClient.put(path(id), body);
}

export async function deleteDocgroup(id: number): Promise<void> {
  await apiClient.delete(path(id), { data: { id } });
}

/** POST /docgroups/dryRun: the group as edited, tried on the most recent verified claims of its hospitals (nothing is saved). */
export async function tryDocgroupOnClaims(body: SegregationPreviewBody): Promise<SegregationPreviewResult> {
  const { data } = await apiClient.post<SegregationPreviewResult>('/docgroups/dryRun', body);
  return data;
}
