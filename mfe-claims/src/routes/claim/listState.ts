/**
 * What the claims list hands the claim page in the router's state when a row is opened: the claims of the
 * page it was on (in its order, each with the address that opens it) and the list's own address, so the
 * claim page can step to the next or previous claim and go back to the same list.
 */
export interface ClaimListEntry {
  id: number;
  /** '/claims/{id}?org=...': the address the list opens this claim with. */
  url: string;
}

export interface ClaimListState {
  claims: ClaimListEntry[];
  /** '/claims?...': the list as it was. */
  listUrl: string;
}

const isEntry = (value: unknown): value is ClaimListEntry =>
  !!value && typeof (value as ClaimListEntry).id === 'number' && typeof (value as ClaimListEntry).url === 'string';

/** The list state when the claim was opened from a list (router state survives a reload, so it is checked). */
export function readListState(state: unknown): ClaimListState | null {
  const candidate = state as Partial<ClaimListState> | null;
  if (!candidate || typeof candidate.listUrl !== 'string' || !Array.isArray(candidate.claims) || !candidate.claims.every(isEntry))
    return null;
  return { claims: candidate.claims, listUrl: candidate.listUrl };
}

/** The claim next to `claimId` in the list (step +1 or -1), or null at either end or outside the list. */
export function neighbourOf(list: ClaimListState, claimId: number, step: 1 | -1): ClaimListEntry | null {
  const index = list.claims.findIndex((c) => c.id === claimId);
  if (index < 0) return null;
  return list.claims[index + step] ?? null;
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
