import { apiClient, pageTotal } from '@claims/shared-kernel';
import type { ClaimListRow, ClaimSearchBody, DashboardRow } from '@claims/shared-kernel';

export interface ClaimPage {
  rows: ClaimListRow[];
  total: number;
}

export interface PageRequest {
  org: string;
  limit: number;
  /** 1-based. */
  pageNumber: number;
}

const toPage = (rows: ClaimListRow[]): ClaimPage => ({ rows, total: pageTotal(rows) });

/** GET /claims: the plain list; insurer users ask for ADJUDICATED (the server forces it anyway). */
export async function listClaims({ org, limit, pageNumber }: PageRequest, status?: 'ADJUDICATED'): Promise<ClaimPage> {
  const { data } = await apiClient.get<ClaimListRow[]>('/claims', {
    params: { ...(status ? { status } : {}), limit, page_number: pageNumber, org },
  });
  return toPage(data);
}

/** POST /claims/search: the list narrowed by the filter panel and the top bar's search text. */
export async function searchClaims(body: ClaimSearchBody, { org, limit, pageNumber }: PageRequest): Promise<ClaimPage> {
  const { data } = await apiClient.post<ClaimListRow[]>('/claims/search', body, {
    params: { limit, page_number: pageNumber, org },
  });
  return toPage(data);
}

/** POST /claims/search?download=True: the filtered claims as CSV. */
export async function downloadClaimsCsv(body: ClaimSearchBody, org: string): Promise<Blob> {
  const { data } = await apiClient.post<Blob>('/claims/search', body, {
    params: { download: 'True', org },
    responseType: 'blob',
  });
  return data;
}

export type DashboardKind = 'getAll' | 'adjudicated' | 'accepted' | 'rejected';

/** POST /claims/dashboard/count?status=...&org: one of the dashboard's four tables. */
export async function dashboardCount(kind: DashboardKind, org: string): Promise<DashboardRow[]> {
  const { data } = await apiClient.post<DashboardRow[]>('/claims/dashboard/count', undefined, { params: { status: kind, org } });
  return data;
}
