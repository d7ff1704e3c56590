/**
 * The screens reviewers keep open all day read at every width the suite supports (issue 25 §3): the claims
 * list, the claim page with a verification running (its progress steps broke one letter per line at 1280 and
 * 1440 px) and the console, at 1280, 1440 and 1920 px, with no word broken across lines.
 */
import type { Page } from 'playwright-core';
import { apiAs, type E2E, screenshot, signInAs, untilSeededClaims } from './harness';

const WIDTHS = [1280, 1440, 1920] as const;
const ADMIN = 'vitraya.admin';
const TIMEOUT = 300_000;

/**
 * Words of visible text laid out on more than one line: a word is cut where the browser breaks inside it. Words are
 * split where a line may end anyway (spaces, hyphens, slashes, dashes), and text clipped by an ellipsis stays on one line.
 */
function wordsBrokenAcrossLines(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((rootSelector) => {
    const broken: string[] = [];
    for (const root of document.querySelectorAll(rootSelector)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) {
        const node = walker.currentNode as Text;
        const parent = node.parentElement;
        if (!parent || parent.closest('[aria-hidden="true"]') || parent.getClientRects().length === 0) continue;
        for (const match of (node.textContent ?? '').matchAll(/[^\s\-/–—]{2,}/g)) {
          const range = document.createRange();
          range.setStart(node, match.index ?? 0);
          range.setEnd(node, (match.index ?? 0) + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  }, selector);
}

async function atWidth(e2e: E2E, width: number, run: (page: Page) => Promise<void>): Promise<void> {
  const context = await e2e.browser.newContext({ viewport: { width, height: 900 } });
  try {
    const page = await context.newPage();
    await signInAs(page, e2e.shellUrl, ADMIN);
    await run(page);
  } finally {
    await context.close();
  }
}

async function claimsListReads(e2e: E2E): Promise<void> {
  await untilSeededClaims(e2e.apiBaseUrl);
  for (const width of WIDTHS) {
    await atWidth(e2e, width, async (page) => {
      await page.locator('tr.ant-table-row').first().waitFor();
      await screenshot(page, `layout-claims-${width}`);
      expect({ width, broken: await wordsBrokenAcrossLines(page, 'main') }).toEqual({ width, broken: [] });
    });
  }
}

async function claimPageReadsWhileVerifying(e2e: E2E): Promise<void> {
  await untilSeededClaims(e2e.apiBaseUrl);
  const admin = await apiAs(e2e.apiBaseUrl, ADMIN);
  const [row] = await admin.get<{ id: number; status: string }[]>('/claims?limit=25&page_number=1&org=vitraya-demo');
  for (const width of WIDTHS) {
    await atWidth(e2e, width, async (page) => {
      await page.goto(`${e2e.shellUrl}/claims/${row.id}?org=vitraya-demo`);
      const run = page.getByRole('button', { name: 'Run Verification' });
      await run.waitFor();
      await page.waitForFunction(
        () => ![...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Run Verification')?.disabled,
        undefined,
        { timeout: TIMEOUT },
      );
      await run.click();
      // The progress steps show while the claim is queued, read and verified.
      await page.locator('.ant-steps').first().waitFor({ timeout: 30_000 });
      await screenshot(page, `layout-claim-progress-${width}`);
      expect({ width, broken: await wordsBrokenAcrossLines(page, 'main') }).toEqual({ width, broken: [] });
    });
  }
}

async function consoleReads(e2e: E2E): Promise<void> {
  for (const width of WIDTHS) {
    await atWidth(e2e, width, async (page) => {
      await page.goto(`${e2e.shellUrl}/uploadsDownloads`);
      for (const tab of ['Uploads/Downloads', 'Batch Summary']) {
        await page.getByRole('tab', { name: tab }).click();
        await page.getByRole('tabpanel', { name: tab }).getByTestId('table-title').waitFor();
        await screenshot(page, `layout-console-${tab.replace('/', '-')}-${width}`);
        expect({ width, tab, broken: await wordsBrokenAcrossLines(page, 'main') }).toEqual({ width, tab, broken: [] });
      }
    });
  }
}

export function defineLayoutTests(e2e: () => E2E): void {
  describe('screens at 1280, 1440 and 1920 px', () => {
    test('the claims list breaks no word', () => claimsListReads(e2e()), TIMEOUT);
    test('the claim page breaks no word while a verification runs', () => claimPageReadsWhileVerifying(e2e()), TIMEOUT);
    test('the console breaks no word', () => consoleReads(e2e()), TIMEOUT);
  });
}
