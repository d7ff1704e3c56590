import { backUrl, neighbourOf, readListState, type ClaimListState } from './listState';

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
