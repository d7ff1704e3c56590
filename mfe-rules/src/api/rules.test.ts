import { fakeApi } from '@claims/shared-kernel/testing';
import { fetchRulePage, searchRules } from './rules';

/** The wire as the api sees it: the kernel's fake network records each request that the real client sends. */
const wire = ({ method, url, body }: { method: string; url: string; body: unknown }) => ({ method, url, body });

it('lists with org, limit and page_number and takes the total from the first row', async () => {
  const row = {
    id: 1,
    case_type: 'SETTLEMENT' as const,
    procedures: { procedure_code: 'id001', name: 'Appendectomy' },
    diagnosisList: [],
    document: [],
  };
  const api = fakeApi({
    'GET /rules': [
      { ...row, total_count: 42, page_number: 3 },
      { ...row, id: 2 },
    ],
  });
  await expect(fetchRulePage('maxbupa', 3, 25)).resolves.toMatchObject({ total: 42 });
  expect(api.calls.map(wire)).toEqual([{ method: 'GET', url: '/rules?org=maxbupa&limit=25&page_number=3', body: undefined }]);
});

it('posts the filter body to /rules/search with the paging in the query', async () => {
  const api = fakeApi({ 'POST /rules/search': [] });
  await expect(searchRules('vitraya', { diagnosis: ['Fever'] }, 1, 50)).resolves.toEqual({ rows: [], total: 0 });
  expect(api.calls.map(wire)).toEqual([
    { method: 'POST', url: '/rules/search?org=vitraya&limit=50&page_number=1', body: { diagnosis: ['Fever'] } },
  ]);
});
