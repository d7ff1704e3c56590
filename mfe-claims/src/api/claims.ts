import { callApi, pageTotal } from '@claims/shared-kernel';
import type { BatchOutcome, Claim, ClaimListRow, ClaimSearchBody, DashboardRow } from '@claims/shared-kernel';
import { queryOptions } from '@tanstack/react-query';
import { orgQuery } from './org';

export interface ClaimPage {
  rows: ClaimListRow[];
  total: number;
  /** The server counted up to `total` and stopped (more claims match). */
  totalCapped: boolean;
}

export interface PageRequest {
  org: string;
  limit: number;
  /** 1-based. */
  pageNumber: number;
}

/**
 * Every claims list query's key starts with 'claims' (usePagedList adds the page): a write to claims
 * invalidates them all with claimKeys.all.
 */
export const claimKeys = {
  all: ['claims'] as const,
  /** GET /claims of an organisation, ADJUDICATED only for insurer users. */
  list: (org: string, status?: 'ADJUDICATED') => ['claims', 'list', org, status ?? 'any'] as const,
  /** POST /claims/search of an organisation with this body. */
  search: (org: string, body: ClaimSearchBody) => ['claims', 'search', org, body] as const,
  /** POST /redirect of an organisation: the claims of one batch with one outcome. */
  batch: (org: string, batchId: number, adjType: string) => ['claims', 'batch', org, batchId, adjType] as const,
  /** GET /claims/{claimId}: one claim (under 'claims', so a write to claims refreshes it too). */
  detail: (claimId: number) => ['claims', 'detail', claimId] as const,
};

/** GET /claims/{claimId}?org: one claim as the claim page reads it. */
export function fetchClaim(claimId: number, org?: string): Promise<Claim> {
  return callApi('GET /claims/:claimId', { params: { claimId }, query: orgQuery(org) });
}

export const claimQuery = (claimId: number, org?: string) =>
  queryOptions({ queryKey: claimKeys.detail(claimId), queryFn: () => fetchClaim(claimId, org) });

/**
 * PUT /claims/{claimId}?org: Run Verification. The spec's form (x-www-form-urlencoded): status OCRED with the
 * rerun and adjudicate flags. Answers the claim as re-queued (rerunStatus INPROGRESS); 409 while one runs.
 */
export function rerunVerification(claimId: number, org?: string): Promise<Claim> {
  return callApi('PUT /claims/:claimId', {
    params: { claimId },
    query: orgQuery(org),
    body: { status: 'OCRED', rerunFlag: 'true', adjudicate: 'true' },
    // axios writes an object body as a form when told the content type.
    config: { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
  });
}

/** POST /claims/{claimId}/verification/cancel?org: a super user stops a verification queued or running; answers why. */
export async function cancelVerification(claimId: number, org?: string): Promise<string> {
  return (await callApi('POST /claims/:claimId/verification/cancel', { params: { claimId }, query: orgQuery(org) })).Message;
}

const toPage = (rows: ClaimListRow[]): ClaimPage => ({ rows, total: pageTotal(rows), totalCapped: rows[0]?.total_count_capped === true });

/** A batch's claims with one outcome, as the batch console links to them (?batchId&adjType&batchName). */
export interface BatchSelection {
  batchId: number;
  adjType: BatchOutcome;
}

/** POST /redirect?org&limit&page_number {batchId, adjType}: the claims of one batch with one outcome, as list rows. */
export async function listBatchClaims(batch: BatchSelection, { org, limit, pageNumber }: PageRequest): Promise<ClaimPage> {
  return toPage(await callApi('POST /redirect', { query: { limit, page_number: pageNumber, org }, body: batch }));
}

/** GET /claims: the plain list; insurer users ask for ADJUDICATED (the server forces it anyway). */
export async function listClaims({ org, limit, pageNumber }: PageRequest, status?: 'ADJUDICATED'): Promise<ClaimPage> {
  return toPage(await callApi('GET /claims', { query: { status, limit, page_number: pageNumber, org } }));
}

/** POST /claims/search: the list narrowed by the filter panel and the top bar's search text. */
export async function searchClaims(body: ClaimSearchBody, { org, limit, pageNumber }: PageRequest): Promise<ClaimPage> {
  return toPage(await callApi('POST /claims/search', { query: { limit, page_number: pageNumber, org }, body }));
}

/**
 * What a claims list shows, without the page: the plain list (ADJUDICATED only for insurer users), a search,
 * or one batch's claims with one outcome. Plain data, so the claim page can carry it and read the pages around.
 */
export type ClaimListSource =
  | { kind: 'list'; org: string; status?: 'ADJUDICATED' }
  | { kind: 'search'; org: string; body: ClaimSearchBody }
  | { kind: 'batch'; org: string; batch: BatchSelection };

/** The list's query key without the page (usePagedList adds the page, so pages are cached under it). */
export function listSourceKey(source: ClaimListSource) {
  switch (source.kind) {
    case 'batch':
      return claimKeys.batch(source.org, source.batch.batchId, source.batch.adjType);
    case 'search':
      return claimKeys.search(source.org, source.body);
    case 'list':
      return claimKeys.list(source.org, source.status);
  }
}

/** One page of a list (1-based), from the call that serves it. */
export function fetchListPage(source: ClaimListSource, pageNumber: number, limit: number): Promise<ClaimPage> {
  const request = { org: source.org, limit, pageNumber };
  switch (source.kind) {
    case 'batch':
      return listBatchClaims(source.batch, request);
    case 'search':
      return searchClaims(source.body, request);
    case 'list':
      return listClaims(request, source.status);
  }
}

/** The same page as usePagedList reads it: the same key, so the list and the claim page share what was read. */
export const listPageQuery = (source: ClaimListSource, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...listSourceKey(source), { page, pageSize }],
    queryFn: () => fetchListPage(source, page, pageSize),
  });

/** POST /claims/search?download=True: the filtered claims as CSV. */
export async function downloadClaimsCsv(body: ClaimSearchBody, org: string): Promise<Blob> {
  return callApi('POST /claims/search', { query: { download: 'True', org }, body, config: { responseType: 'blob' } });
}

export type DashboardKind = 'getAll' | 'adjudicated' | 'accepted' | 'rejected';

/** Every dashboard count's key starts with 'dashboard': ['dashboard', kind, org]. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  count: (kind: DashboardKind, org: string) => ['dashboard', kind, org] as const,
};

/** POST /claims/dashboard/count?status=...&org: one of the dashboard's four tables. */
export function dashboardCount(kind: DashboardKind, org: string): Promise<DashboardRow[]> {
  return callApi('POST /claims/dashboard/count', { query: { status: kind, org } });
}

export const dashboardCountQuery = (kind: DashboardKind, org: string) =>
  queryOptions({ queryKey: dashboardKeys.count(kind, org), queryFn: () => dashboardCount(kind, org) });
