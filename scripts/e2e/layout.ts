/**
 * The screens reviewers keep open all day read at every width the suite supports (issue 25 §3): the claims
 * list, the claim page with a verification running (its progress steps broke one letter per line at 1280 and
 * 1440 px) and the console, at 1280, 1440 and 1920 px, with no word broken across lines. The claims list of
 * each kind of login shows every column whole, none under another (issue 25 §11: a pinned verdict column
 * covered half of the Annotation column at 1440 px).
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

async function atWidth(e2e: E2E, width: number, run: (page: Page) => Promise<void>, login: string = ADMIN): Promise<void> {
  const context = await e2e.browser.newContext({ viewport: { width, height: 900 } });
  try {
    const page = await context.newPage();
    await signInAs(page, e2e.shellUrl, login);
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

/**
 * The logins whose claims lists differ, and the width from which the whole row shows without scrolling sideways: the
 * provider's (eleven columns and row selection, 1300 px of columns) and an insurer's (seven columns).
 */
const LIST_LOGINS = [
  { login: 'vitraya.admin', fitsFrom: 1920 },
  { login: 'starhealth.reviewer', fitsFrom: 1280 },
] as const;

/** Where the list is scrolled sideways, as a share of how far it can go. */
const SCROLL_STOPS = { start: 0, middle: 0.5, end: 1 } as const;

interface ListAtScroll {
  /** The table body scrolls sideways (its columns are wider than the list). */
  scrolls: boolean;
  /** Cells of a scrolling column that lie (partly) under a pinned column's cell of the same row. */
  covered: { column: string; under: string; row: number }[];
  /** The columns whose title cell lies wholly inside the visible part of the table. */
  whole: string[];
  columns: string[];
}

/**
 * Scrolls the claims list's table to `stop` (a share of its sideways scroll), then compares the boxes of each row's
 * cells: a pinned cell (antd's `ant-table-cell-fix`) must not overlap any other cell of its row.
 */
async function listAtScroll(page: Page, stop: number): Promise<ListAtScroll> {
  return page.evaluate(async (share) => {
    const table = document.querySelector('main .ant-table') as HTMLElement;
    const body = table.querySelector('.ant-table-body') as HTMLElement;
    body.scrollLeft = (body.scrollWidth - body.clientWidth) * share;
    // The header follows the body's scroll event, which comes with the next frame.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const titleCells = [...table.querySelectorAll<HTMLElement>('.ant-table-thead th')].filter(
      (th) => !th.classList.contains('ant-table-cell-scrollbar') && !th.classList.contains('ant-table-selection-column'),
    );
    const titleOf = (cell: HTMLTableCellElement) => {
      const row = cell.closest('table')?.querySelector('thead tr') ?? table.querySelector('.ant-table-thead tr');
      return row?.children[cell.cellIndex]?.textContent?.trim() || '(selection)';
    };
    const rows = [table.querySelector('.ant-table-thead tr'), ...table.querySelectorAll('tbody tr.ant-table-row')].filter(
      (row): row is HTMLTableRowElement => row !== null,
    );
    const covered: ListAtScroll['covered'] = [];
    rows.forEach((row, index) => {
      const cells = [...row.cells].filter((cell) => !cell.classList.contains('ant-table-cell-scrollbar'));
      const pinned = cells.filter((cell) => cell.classList.contains('ant-table-cell-fix'));
      for (const cell of cells.filter((c) => !pinned.includes(c))) {
        const box = cell.getBoundingClientRect();
        for (const pin of pinned) {
          const over = pin.getBoundingClientRect();
          if (Math.min(box.right, over.right) - Math.max(box.left, over.left) > 0.5) {
            covered.push({ column: titleOf(cell), under: titleOf(pin), row: index });
          }
        }
      }
    });
    // The body's own width, without its vertical scroll bar.
    const left = body.getBoundingClientRect().left;
    const right = left + body.clientWidth;
    const whole = titleCells
      .filter((th) => {
        const box = th.getBoundingClientRect();
        return box.left >= left - 0.5 && box.right <= right + 0.5;
      })
      .map((th) => th.textContent?.trim() ?? '');
    return {
      scrolls: body.scrollWidth > body.clientWidth,
      covered,
      whole,
      columns: titleCells.map((th) => th.textContent?.trim() ?? ''),
    };
  }, stop);
}

/** Waits until the login's list has a claim (an insurer lists only the claims verified since the seed). */
async function untilListed(apiBaseUrl: string, login: string): Promise<void> {
  const user = await apiAs(apiBaseUrl, login);
  for (const deadline = Date.now() + TIMEOUT / 2; Date.now() < deadline; ) {
    if ((await user.get<unknown[]>('/claims?limit=1&page_number=1')).length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`${login} lists no claim`);
}

async function claimsListColumnsShowWhole(e2e: E2E): Promise<void> {
  await untilSeededClaims(e2e.apiBaseUrl);
  for (const { login, fitsFrom } of LIST_LOGINS) {
    await untilListed(e2e.apiBaseUrl, login);
    for (const width of WIDTHS) {
      await atWidth(
        e2e,
        width,
        async (page) => {
          await page.locator('tr.ant-table-row').first().waitFor();
          const seen = new Set<string>();
          let columns: string[] = [];
          for (const [stop, share] of Object.entries(SCROLL_STOPS)) {
            const list = await listAtScroll(page, share);
            await screenshot(page, `layout-claims-columns-${login}-${width}-${stop}`);
            expect({ login, width, stop, covered: list.covered }).toEqual({ login, width, stop, covered: [] });
            if (width >= fitsFrom) expect({ login, width, scrolls: list.scrolls }).toEqual({ login, width, scrolls: false });
            for (const title of list.whole) seen.add(title);
            columns = list.columns;
          }
          // Every column can be read whole at the start or the end of the sideways scroll.
          expect({ login, width, hidden: columns.filter((title) => !seen.has(title)) }).toEqual({ login, width, hidden: [] });
          expect(columns).toContain('Verification Result');
        },
        login,
      );
    }
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
    test(
      'the claims list of the provider and of an insurer shows every column whole, none under a pinned one',
      () => claimsListColumnsShowWhole(e2e()),
      2 * TIMEOUT,
    );
    test('the claim page breaks no word while a verification runs', () => claimPageReadsWhileVerifying(e2e()), TIMEOUT);
    test('the console breaks no word', () => consoleReads(e2e()), TIMEOUT);
  });
}
