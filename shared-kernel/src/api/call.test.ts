import type { ClaimListRow, ConsoleClaimRow } from '../contract';
import { fakeApi } from '../testing/fake-api';
import { callApi } from './call';

/** true when A and B are the same type (a check of this file's typecheck, not of jest). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

const csv = () =>
  callApi('POST /claims/search', { query: { download: 'True', org: 'vitraya' }, body: {}, config: { responseType: 'blob' } });
const page = () => callApi('POST /claims/search', { query: { limit: 25, page_number: 1 }, body: {} });
const consoleRows = () => callApi('GET /claims', { query: { downloaded: true, org: 'vitraya' } });
const reviewRows = () => callApi('GET /claims', { query: { org: 'vitraya' } });
const eitherRows = (downloaded: boolean) => callApi('GET /claims', { query: { downloaded } });
// The download flag types the answer: a file with it, the page without; a flag the type cannot tell gives either.
export const ANSWERS_BY_FLAG: [
  Same<Awaited<ReturnType<typeof csv>>, Blob>,
  Same<Awaited<ReturnType<typeof page>>, ClaimListRow[]>,
  Same<Awaited<ReturnType<typeof consoleRows>>, ConsoleClaimRow[]>,
  Same<Awaited<ReturnType<typeof reviewRows>>, ClaimListRow[]>,
  Same<Awaited<ReturnType<typeof eitherRows>>, ClaimListRow[] | ConsoleClaimRow[]>,
] = [true, true, true, true, true];

test('POST /claims/search answers the file with download=True and the page without it', async () => {
  const api = fakeApi({
    'POST /claims/search': (call) => (call.query.get('download') === 'True' ? new Blob(['reference\r\n'], { type: 'text/csv' }) : []),
  });
  expect(await (await csv()).text()).toBe('reference\r\n');
  expect(await page()).toEqual([]);
  expect(api.callsTo('POST /claims/search').map((call) => call.url)).toEqual([
    '/claims/search?download=True&org=vitraya',
    '/claims/search?limit=25&page_number=1',
  ]);
});
