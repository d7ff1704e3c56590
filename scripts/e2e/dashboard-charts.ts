/**
 * The dashboard's charts (issue 23 §5) in Chromium: a super user opens the dashboard and sees the four charts of the
 * last 90 days drawn, each with its legend, above the count tables; the drawing's code is fetched from the shell (the
 * page's one copy of the kernel's UI) when the dashboard is opened, not with the claims list before it.
 */
import type { DashboardCharts } from '@claims/shared-kernel/contract';
import { apiAs, type E2E, screenshot, signInAs, untilSeededClaims } from './harness';

const ADMIN = 'vitraya.admin';
const G2_MARK = 'G2_CHART_KEY';
const CHARTS = ['Verdicts per Day', 'Open Reviews by Age', 'Reviews Decided per Day', 'Decisions against Verdicts'];

export function defineDashboardChartTests(getE2E: () => E2E): void {
  describe('dashboard charts', () => {
    test("a super user sees the period's charts drawn, their code loaded with the dashboard from the shell", async () => {
      const e2e = getE2E();
      await untilSeededClaims(e2e.apiBaseUrl);
      const charts = await (await apiAs(e2e.apiBaseUrl, ADMIN)).get<DashboardCharts>('/claims/dashboard/charts?org=vitraya');
      const shellOrigin = new URL(e2e.shellUrl).origin;
      /** The scripts among `urls` that hold the charting library (G2 names its chart key, which minifying keeps). */
      const chartingLibrary = async (urls: Iterable<string>) => {
        const found: string[] = [];
        for (const url of urls) if ((await (await fetch(url)).text()).includes(G2_MARK)) found.push(url);
        return found;
      };

      const { context, page } = await e2e.newPage();
      try {
        const scripts: string[] = [];
        page.on('request', (request) => {
          if (request.resourceType() === 'script') scripts.push(request.url());
        });
        await signInAs(page, e2e.shellUrl, ADMIN);
        await page.getByText('Claims to Review').first().waitFor();
        const beforeDashboard = new Set(scripts);

        await page.getByRole('menuitem', { name: 'Dashboard' }).click();
        await page.waitForURL('**/dashboard');
        // The seed verifies claims: the verdicts chart has something to draw.
        expect(charts.verdictsByDay.some((day) => Object.values(day.verdicts).some((n) => n > 0))).toBe(true);
        const verdicts = page.getByRole('figure', { name: 'Verdicts per Day' });
        await verdicts.locator('canvas').first().waitFor();
        expect(
          await verdicts
            .locator('canvas')
            .first()
            .evaluate((canvas: HTMLCanvasElement) => canvas.width),
        ).toBeGreaterThan(0);
        expect(await page.getByRole('list', { name: 'Verdicts per Day: legend' }).getByRole('listitem').allTextContents()).toEqual([
          expect.stringMatching(/^Accepted: \d+$/),
          expect.stringMatching(/^Rejected: \d+$/),
          expect.stringMatching(/^Query: \d+$/),
          expect.stringMatching(/^Suspended: \d+$/),
        ]);
        for (const title of CHARTS) {
          const figure = page.getByRole('figure', { name: title });
          const card = page.locator('.ant-card').filter({ hasText: title }).first();
          // A chart with nothing in the period says so instead of drawing empty axes.
          if ((await figure.count()) === 0) await card.getByText('No Data Found').waitFor();
          else await figure.locator('canvas').first().waitFor();
        }
        // Above the tables.
        const chartsTop = (await verdicts.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
        const tableTop = (await page.getByText('All Cases by Status').boundingBox())?.y ?? 0;
        expect(chartsTop).toBeLessThan(tableTop);
        await screenshot(page, 'dashboard-charts');

        // The claims list never fetched the charting library; the dashboard fetched it once, from the shell.
        expect(await chartingLibrary(beforeDashboard)).toEqual([]);
        const loaded = await chartingLibrary(scripts.filter((url) => !beforeDashboard.has(url)));
        expect(loaded).toHaveLength(1);
        expect(new URL(loaded[0]).origin).toBe(shellOrigin);
      } finally {
        await context.close();
      }
    });
  });
}
