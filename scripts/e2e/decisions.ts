/**
 * A person's decision per procedure (issue 23 §4) in Chromium: a reviewer opens a verified claim, denies its first
 * procedure with a reason of the Decision Reasons master and a note; the decision shows as recorded (who, the
 * reason as it reads) and the api keeps it; a change records a new decision and the old one stays in the history.
 */
import type { ClaimDecisions } from '@claims/shared-kernel/contract';
import { apiAs, chooseInSelect, type E2E, screenshot, selectListsClosed, signInAs, untilVerifiedClaim } from './harness';

const REVIEWER = 'vitraya.reviewer';
const ORG = 'vitraya';
const DENIAL = 'Procedure not covered (NOT-COVERED)';

export function defineDecisionTests(getE2E: () => E2E): void {
  describe("a person's decision", () => {
    test('a reviewer denies a procedure with a reason, the decision shows, and a change keeps the first in the history', async () => {
      const e2e = getE2E();
      const row = await untilVerifiedClaim(e2e.apiBaseUrl, ORG, (r) => r.adjudicationResult !== 'SUSPENDED');
      const api = await apiAs(e2e.apiBaseUrl, REVIEWER);
      const before = await api.get<ClaimDecisions>(`/claims/${row.id}/decisions?org=${ORG}`);
      const [procedure] = before.procedures;
      const code = procedure.procedureCode;

      const { context, page } = await e2e.newPage();
      try {
        await signInAs(page, e2e.shellUrl, REVIEWER);
        await page.goto(`${e2e.shellUrl}/claims/${row.id}?org=${ORG}`);
        await page.getByRole('heading', { name: row.referenceClaimId }).waitFor();
        const panel = page.getByRole('region', { name: `Decision on ${code}` });
        // A claim decided by an earlier run of the suite is decided again through 'Change decision'.
        if (procedure.current) await panel.getByRole('button', { name: 'Change decision' }).click();

        await panel.getByRole('button', { name: 'Deny' }).click();
        await panel.getByText('A denial needs a reason').waitFor();
        await chooseInSelect(page, panel.getByRole('combobox', { name: 'Reason' }), 'NOT-COVERED', { type: false });
        await selectListsClosed(page);
        await panel.getByRole('textbox', { name: 'Note' }).fill('Cosmetic procedure');
        await panel.getByRole('button', { name: 'Save' }).click();

        const current = panel.getByTestId('current-decision');
        await current.getByText(`Denied · ${DENIAL}`).waitFor();
        await current.getByText(`Recorded by ${REVIEWER} at`).waitFor();
        await screenshot(page, 'claim-decision');
        const recorded = await api.get<ClaimDecisions>(`/claims/${row.id}/decisions?org=${ORG}`);
        const decided = recorded.procedures.find((p) => p.procedureCode === code);
        expect(decided?.current).toMatchObject({
          decision: 'DENY',
          reasonCode: 'NOT-COVERED',
          note: 'Cosmetic procedure',
          decidedBy: REVIEWER,
        });

        await panel.getByRole('button', { name: 'Change decision' }).click();
        await panel.getByRole('button', { name: 'Approve' }).click();
        await panel.getByRole('button', { name: 'Save' }).click();
        await current.getByText('Approved', { exact: true }).waitFor();
        await panel.getByText(/^Decision history \(\d+\)$/).click();
        const history = panel.getByRole('list', { name: `Decision history of ${code}` });
        await expect(history.getByRole('listitem').first().textContent()).resolves.toMatch(/^Approved by vitraya\.reviewer/);
        await expect(history.getByRole('listitem').nth(1).textContent()).resolves.toContain(`Denied · ${DENIAL}`);
      } finally {
        await context.close();
      }
    });
  });
}
