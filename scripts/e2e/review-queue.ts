/**
 * Review work (issue 23 §1-§3) in Chromium: a reviewer opens My Queue, opens its first claim and moves to the next
 * with the claim page's Shift+N; the provider's super user reassigns an overdue claim nobody holds from the super
 * user's view of My Queue, and the api then has it in the reviewer's queue.
 *
 * The suite starts with REVIEW_OPEN_CLAIM_LIMIT=3 (harness.ts), so the provider's one demo reviewer holds three open
 * reviews and the seed's further provider claims that need a person wait unassigned. The seed's claims arrived over the
 * past days (api/src/seed/arrivals.ts): every other one is overdue when its review starts.
 */
import type { QueueClaim, ReviewQueue } from '@claims/shared-kernel/contract';
import type { Page } from 'playwright-core';
import { apiAs, type ApiUser, type E2E, screenshot, selectListsClosed, signInAs, untilSeededClaims } from './harness';

const REVIEWER = 'vitraya.reviewer';
const ADMIN = 'vitraya.admin';

/** Polls the api until `found` answers something (the seed's claims are verified while the suite runs). */
async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 180_000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    const found = await read();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`no ${what} within ${timeoutMs / 1000} s`);
}

const queueOf = (api: ApiUser, reviewer?: string) =>
  api.get<ReviewQueue>(`/review/queue${reviewer ? `?${new URLSearchParams({ reviewer })}` : ''}`);

/** The queue's row of a claim, by its Claim ID cell. */
const rowOf = (page: Page, claim: QueueClaim) =>
  page.locator('.ant-table-tbody tr.ant-table-row').filter({ has: page.getByRole('cell', { name: claim.referenceClaimId, exact: true }) });

export function defineReviewQueueTests(getE2E: () => E2E): void {
  describe('review work', () => {
    test('a reviewer opens My Queue, opens the first claim and moves to the next with Shift+N', async () => {
      const e2e = getE2E();
      await untilSeededClaims(e2e.apiBaseUrl);
      const api = await apiAs(e2e.apiBaseUrl, REVIEWER);
      // Full (REVIEW_OPEN_CLAIM_LIMIT, 3), the queue no longer changes while the seed's claims are verified.
      const queue = await until('a full queue of the reviewer', async () => {
        const answer = await queueOf(api);
        return answer.claims.length >= 3 ? answer : undefined;
      });
      const [first, second] = queue.claims;

      const { context, page } = await e2e.newPage();
      try {
        await signInAs(page, e2e.shellUrl, REVIEWER);
        await page.getByRole('menuitem', { name: 'My Queue' }).click();
        await page.waitForURL((url) => url.pathname === '/myQueue');
        await page.getByRole('heading', { name: 'My Queue' }).waitFor();
        await page.getByText('Due today').waitFor();
        const rows = page.locator('.ant-table-tbody tr.ant-table-row');
        await rows.first().waitFor();
        // By due time, as the api orders them.
        await expect(rows.first().getByRole('cell').first().textContent()).resolves.toBe(first.referenceClaimId);
        await screenshot(page, 'my-queue');

        await rowOf(page, first).click();
        await page.waitForURL((url) => url.pathname === `/claims/${first.id}`);
        await page.getByRole('heading', { name: first.referenceClaimId }).waitFor();
        // The claim page's Review section names who holds it.
        await page.getByRole('region', { name: 'Review' }).getByText(REVIEWER, { exact: true }).waitFor();
        await page.keyboard.press('Shift+N');
        await page.waitForURL((url) => url.pathname === `/claims/${second.id}`);
        await page.getByRole('heading', { name: second.referenceClaimId }).waitFor();
      } finally {
        await context.close();
      }
    });

    test('the super user reassigns an overdue claim from My Queue, and the reviewer’s queue has it', async () => {
      const e2e = getE2E();
      await untilSeededClaims(e2e.apiBaseUrl);
      const admin = await apiAs(e2e.apiBaseUrl, ADMIN);
      // An overdue claim the provider reviews (its reviewer is of vitraya).
      const claim = await until('overdue unassigned claim of the provider', async () =>
        ((await queueOf(admin)).unassigned?.claims ?? []).find((c) => c.org === 'vitraya' && c.overdue),
      );

      const { context, page } = await e2e.newPage();
      try {
        await signInAs(page, e2e.shellUrl, ADMIN);
        await page.goto(`${e2e.shellUrl}/myQueue`);
        await page.getByRole('heading', { name: 'My Queue' }).waitFor();
        await page.getByText('Reviewers', { exact: true }).waitFor();
        await page.getByText('Unassigned claims', { exact: true }).waitFor();
        const row = rowOf(page, claim);
        await row.waitFor();
        await row.getByText('Overdue').waitFor();
        await row.getByRole('checkbox').check();

        await selectListsClosed(page);
        const select = page.getByRole('combobox', { name: 'Reassign to' });
        await select.click();
        await page
          .locator('.ant-select-dropdown .ant-select-item-option')
          .filter({ hasText: `${REVIEWER} (vitraya)` })
          .first()
          .click();
        await selectListsClosed(page);
        await page.getByRole('button', { name: 'Reassign' }).click();
        await page.getByText(`1 claim(s) assigned to ${REVIEWER}`).waitFor();
        await screenshot(page, 'my-queue-reassigned');

        const held = await queueOf(admin, REVIEWER);
        expect(held.claims.map((c) => c.id)).toContain(claim.id);
      } finally {
        await context.close();
      }
    });
  });
}
