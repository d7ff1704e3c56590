import type { FakeApi } from '@claims/shared-kernel/testing';
import { consoleApi, setUpConsoleTests } from '../testing/console';
import { consolePageSize, FALLBACK_PAGE_SIZE, listBatches, listConsoleClaims, searchConsoleClaims } from './console';

setUpConsoleTests();

describe('the console page size (spec 3 §9)', () => {
  it('keeps a page size the grid offers and falls back to 75 for one missing or not offered', () => {
    for (const size of [25, 50, 75, 100, 150, 200, 250, 300]) expect(consolePageSize(size)).toBe(size);
    for (const size of [undefined, null, Number.NaN, 0, -25, 10, 301, 1000, 25.5]) expect(consolePageSize(size)).toBe(FALLBACK_PAGE_SIZE);
    expect(FALLBACK_PAGE_SIZE).toBe(75);
  });

  it('asks the api for 75 rows when the screen state holds no valid page size', async () => {
    const api: FakeApi = consoleApi();
    await listConsoleClaims('uploads', 'vitraya', Number.NaN, 1);
    await searchConsoleClaims('downloadFailed', 'vitraya', {}, 0, 2);
    await listBatches('vitraya', 301, 1);
    await listConsoleClaims('uploadFailed', 'vitraya', 300, 1);
    expect(api.calls.map((c) => c.url)).toEqual([
      '/claims?downloaded=true&org=vitraya&limit=75&page_number=1',
      '/claim/batch/downloadFailed/search?limit=75&page_number=2&org=vitraya',
      '/claim/batch?downloaded=true&org=vitraya&limit=75&page_number=1',
      '/claims?downloaded=true&org=vitraya&limit=300&page_number=1&status=UPLOAD_FAILED,VERIFICATION_FAILED',
    ]);
  });
});
