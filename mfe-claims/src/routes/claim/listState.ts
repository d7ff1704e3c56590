import type { ClaimListRow } from '@claims/shared-kernel';
import type { ClaimListSource } from '../../api/claims';

/**
 * What the claims list hands the claim page in the router's state when a row is opened: the claims of the
 * page it was on (in its order, each with the address that opens it), the list's own address, and how to
 * read the pages around it, so the claim page can step to the next or previous claim across pages and go
 * back to the same list.
 */
export interface ClaimListEntry {
  id: number;
  /** '/claims/{id}?org=...': the address the list opens this claim with. */
  url: string;
}

/** The parameters a list opens its claims with: the batch's (Back returns to it), or annotation mode and the row's case type. */
export interface ClaimOpening {
  org: string;
  batch: { batchId: number; adjType: string; batchName: string } | null;
  showAnnotation: boolean;
}

/** The page the claims came from, and how to read its neighbours. */
export interface ListPages {
  source: ClaimListSource;
  page: number;
  pageSize: number;
  total: number;
  opening: ClaimOpening;
}

export interface ClaimListState {
  claims: ClaimListEntry[];
  /** '/claims?...': the list as it was. */
  listUrl: string;
  /** Absent: the claims above are the whole list. */
  pages?: ListPages;
}

/** The address a list opens one of its claims with. */
export function claimUrl(row: Pick<ClaimListRow, 'id' | 'caseType' | 'case_type'>, { org, batch, showAnnotation }: ClaimOpening): string {
  const params = batch
    ? new URLSearchParams({ org, batchId: String(batch.batchId), adjType: batch.adjType, batchName: batch.batchName })
    : new URLSearchParams({ org, showAnnotation: String(showAnnotation), caseType: row.caseType ?? row.case_type });
  return `/claims/${row.id}?${params}`;
}

const isEntry = (value: unknown): value is ClaimListEntry =>
  !!value && typeof (value as ClaimListEntry).id === 'number' && typeof (value as ClaimListEntry).url === 'string';

const isPages = (value: unknown): value is ListPages => {
  const pages = value as Partial<ListPages> | null;
  return (
    !!pages &&
    typeof pages.source?.kind === 'string' &&
    typeof pages.source.org === 'string' &&
    [pages.page, pages.pageSize, pages.total].every((n) => Number.isInteger(n)) &&
    typeof pages.opening?.org === 'string'
  );
};

/** The list state when the claim was opened from a list (router state survives a reload, so it is checked). */
export function readListState(state: unknown): ClaimListState | null {
  const candidate = state as Partial<ClaimListState> | null;
  if (!candidate || typeof candidate.listUrl !== 'string' || !Array.isArray(candidate.claims) || !candidate.claims.every(isEntry))
    return null;
  return { claims: candidate.claims, listUrl: candidate.listUrl, ...(isPages(candidate.pages) ? { pages: candidate.pages } : {}) };
}

/** The claim next to `claimId` in the list (step +1 or -1), or null at either end or outside the list. */
export function neighbourOf(list: ClaimListState, claimId: number, step: 1 | -1): ClaimListEntry | null {
  const index = list.claims.findIndex((c) => c.id === claimId);
  if (index < 0) return null;
  return list.claims[index + step] ?? null;
}

/** The page past the edge of this one that `claimId` stands at (step +1 or -1), or null when there is none. */
export function pageBeyond(list: ClaimListState, claimId: number, step: 1 | -1): number | null {
  const { pages } = list;
  const index = list.claims.findIndex((c) => c.id === claimId);
  if (!pages || index < 0 || neighbourOf(list, claimId, step)) return null;
  const page = pages.page + step;
  if (page < 1 || (page - 1) * pages.pageSize >= pages.total) return null;
  return page;
}

/** The list state for another page of the same list. */
export function onPage(list: ClaimListState, page: number, rows: ClaimListRow[], total: number): ClaimListState {
  const pages = list.pages!;
  return {
    ...list,
    claims: rows.map((row) => ({ id: row.id, url: claimUrl(row, pages.opening) })),
    pages: { ...pages, page, total },
  };
}

/** The batch a claim was opened from (the batch console's links carry batchId, adjType and batchName). */
export const BATCH_PARAMS = ['batchId', 'adjType', 'batchName'] as const;

/**
 * Where Back leads: the batch's claims list when the claim was opened from a batch, else the list it was
 * opened from, else the claims list of the claim's organisation.
 */
export function backUrl(search: URLSearchParams, list: ClaimListState | null): string {
  const org = search.get('org');
  if (search.get('batchId') && search.get('adjType')) {
    const params = new URLSearchParams();
    if (org) params.set('org', org);
    for (const name of BATCH_PARAMS) params.set(name, search.get(name) ?? '');
    return `/claims?${params}`;
  }
  if (list) return list.listUrl;
  return org ? `/claims?${new URLSearchParams({ org })}` : '/claims';
}
