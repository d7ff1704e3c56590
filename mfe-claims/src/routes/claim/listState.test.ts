import { backUrl, claimUrl, neighbourOf, pageBeyond, readListState, type ClaimListState } from './listState';

const list: ClaimListState = {
  claims: [
    { id: 1, url: '/claims/1?org=vitraya' },
    { id: 2, url: '/claims/2?org=vitraya' },
  ],
  listUrl: '/claims?org=vitraya',
};

describe('the list a claim was opened from', () => {
  it('is read from router state only when it has the shape the list gives', () => {
    expect(readListState(list)).toEqual(list);
    expect(readListState(null)).toBeNull();
    expect(readListState({ listUrl: '/claims' })).toBeNull();
    expect(readListState({ listUrl: '/claims', claims: [{ id: '1', url: '/claims/1' }] })).toBeNull();
  });

  it('names the neighbours of a claim, none past the ends or outside the list', () => {
    expect(neighbourOf(list, 1, 1)?.id).toBe(2);
    expect(neighbourOf(list, 2, -1)?.id).toBe(1);
    expect(neighbourOf(list, 2, 1)).toBeNull();
    expect(neighbourOf(list, 1, -1)).toBeNull();
    expect(neighbourOf(list, 9, 1)).toBeNull();
  });

  it('leads Back to the batch, else to the list, else to the claims of the organisation', () => {
    const batch = new URLSearchParams('org=bajaj&batchId=7&adjType=query&batchName=May');
    expect(backUrl(batch, list)).toBe('/claims?org=bajaj&batchId=7&adjType=query&batchName=May');
    expect(backUrl(new URLSearchParams('org=bajaj&showAnnotation=false'), list)).toBe('/claims?org=vitraya');
    expect(backUrl(new URLSearchParams('org=bajaj'), null)).toBe('/claims?org=bajaj');
    expect(backUrl(new URLSearchParams(), null)).toBe('/claims');
  });
});

describe('the pages around the one a claim was opened from', () => {
  const opening = { org: 'vitraya', batch: null, showAnnotation: true };
  const paged = (page: number, total: number): ClaimListState => ({
    ...list,
    pages: { source: { kind: 'list', org: 'vitraya' }, page, pageSize: 2, total, opening },
  });

  it('are read only past the edges of the page, and only where the list goes on', () => {
    expect(pageBeyond(paged(1, 5), 2, 1)).toBe(2);
    expect(pageBeyond(paged(1, 5), 1, 1)).toBeNull();
    expect(pageBeyond(paged(1, 5), 1, -1)).toBeNull();
    expect(pageBeyond(paged(2, 5), 1, -1)).toBe(1);
    expect(pageBeyond(paged(3, 5), 2, 1)).toBeNull();
    expect(pageBeyond(list, 2, 1)).toBeNull();
  });

  it('keep what the list told about them through the router state', () => {
    expect(readListState(paged(1, 5))).toEqual(paged(1, 5));
    expect(readListState({ ...list, pages: { page: 'x' } })).toEqual(list);
  });

  it('open their claims as the list does: with the batch, or with annotation mode and the case type', () => {
    const row = { id: 7, caseType: 'SETTLEMENT' as const, case_type: 'SETTLEMENT' as const };
    expect(claimUrl(row, opening)).toBe('/claims/7?org=vitraya&showAnnotation=true&caseType=SETTLEMENT');
    expect(claimUrl(row, { ...opening, batch: { batchId: 3, adjType: 'query', batchName: 'May' } })).toBe(
      '/claims/7?org=vitraya&batchId=3&adjType=query&batchName=May',
    );
  });
});
