import type { ClaimDecisions, DecisionReason, DecisionRecord } from '@claims/shared-kernel';
import { SuiteProviders } from '@claims/shared-kernel/standalone';
import { failure, fakeApi, renderScreen, signInAs, signOut, testQueryClient, type FakeApi } from '@claims/shared-kernel/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { CLAIM_ID, claimOf } from '../../testing/claimBuilder';
import { CHANGE_DECISION, DecisionPanel, REASON_REQUIRED } from './DecisionPanel';

const reason = (code: string, description: string, decisions: DecisionReason['decisions'], active = true): DecisionReason => ({
  id: code.length,
  code,
  description,
  decisions,
  active,
});
const REASONS = [
  reason('MEETS-PROTOCOL', 'Meets protocol criteria', ['APPROVE']),
  reason('NOT-COVERED', 'Procedure not covered', ['DENY']),
  reason('RETIRED', 'No longer used', ['DENY'], false),
  reason('LAB-MISSING', 'Lab report missing', ['QUERY']),
];

const record = (id: number, overrides: Partial<DecisionRecord>): DecisionRecord => ({
  id,
  procedureCode: 'OPH001',
  decision: 'APPROVE',
  reasonCode: null,
  reasonDescription: null,
  note: null,
  verdict: 'ACCEPTED',
  differs: false,
  decidedBy: 'vitraya.reviewer',
  // 10:30 UTC is 16:00 in Asia/Kolkata.
  decidedAt: '2026-03-02T10:30:00Z',
  ...overrides,
});
const decisionsOf = (history: DecisionRecord[]): ClaimDecisions => ({
  claimId: CLAIM_ID,
  decision: history[0]?.decision ?? null,
  complete: history.length > 0,
  procedures: [{ procedureCode: 'OPH001', procedureName: 'Cataract surgery', verdict: 'ACCEPTED', current: history[0] ?? null, history }],
});
const denied = record(7, {
  decision: 'DENY',
  reasonCode: 'NOT-COVERED',
  reasonDescription: 'Procedure not covered',
  note: 'Cosmetic lens',
  differs: true,
});

const claim = claimOf({ status: 'ADJUDICATED' });
const renderPanel = () => renderScreen(<DecisionPanel claim={claim} org="vitraya" code="OPH001" />);
const typing = () => userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
const saveButton = () => screen.getByRole('button', { name: 'Save' });

let api: FakeApi;
beforeEach(() => {
  signInAs('vitraya', 'user');
  api = fakeApi({ 'GET /claims/:claimId/decisions': decisionsOf([]), 'GET /decisionReasons': { results: REASONS } });
});
afterEach(() => signOut());

describe('the decision panel', () => {
  it("shows the adjudicator's new verdict once the claim is verified again", async () => {
    const queried = decisionsOf([]);
    queried.procedures[0].verdict = 'QUERY';
    api.answer({ 'GET /claims/:claimId/decisions': queried });
    const client = testQueryClient();
    const verifiedAt = (lastVerifiedOn: string) => <DecisionPanel claim={{ ...claim, lastVerifiedOn }} org="vitraya" code="OPH001" />;
    const { rerender } = renderScreen(verifiedAt('2026-03-01T10:00:00Z'), '/', client);
    // QUERY is shown as FAIL, as everywhere on the claim page.
    expect(await screen.findByText('FAIL')).toBeInTheDocument();

    api.answer({ 'GET /claims/:claimId/decisions': decisionsOf([]) });
    rerender(
      <SuiteProviders queryClient={client}>
        <MemoryRouter>{verifiedAt('2026-03-01T11:00:00Z')}</MemoryRouter>
      </SuiteProviders>,
    );
    expect(await screen.findByText('PASS')).toBeInTheDocument();
  });

  it('offers only the active reasons of the chosen decision, needs one for a denial, and records the decision', async () => {
    const user = typing();
    api.answer({ 'POST /claims/:claimId/decisions': decisionsOf([denied]) });
    renderPanel();
    expect(await screen.findByText('none yet')).toBeInTheDocument();
    expect(screen.getByText('PASS')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Deny' }));
    expect(screen.getByRole('button', { name: 'Deny' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(REASON_REQUIRED)).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Reason' }));
    await screen.findAllByRole('option');
    const offered = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).map((option) => option.title);
    expect(offered).toEqual(['Procedure not covered (NOT-COVERED)']);
    fireEvent.click(screen.getByTitle('Procedure not covered (NOT-COVERED)'));
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Cosmetic lens');
    expect(screen.queryByText(REASON_REQUIRED)).not.toBeInTheDocument();
    await user.click(saveButton());

    await waitFor(() => expect(api.callsTo('POST /claims/:claimId/decisions')).toHaveLength(1));
    expect(api.callsTo('POST /claims/:claimId/decisions')[0]).toMatchObject({
      path: `/claims/${CLAIM_ID}/decisions`,
      body: { decisions: [{ procedureCode: 'OPH001', decision: 'DENY', reasonCode: 'NOT-COVERED', note: 'Cosmetic lens' }] },
    });
    const current = await screen.findByTestId('current-decision');
    expect(within(current).getByText('Denied · Procedure not covered (NOT-COVERED)')).toBeInTheDocument();
    expect(within(current).getByText('Recorded by vitraya.reviewer at 02-03-2026 16:00')).toBeInTheDocument();
    expect(screen.getByText('differs from the verdict')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it("changes a decision with a new record and lists the procedure's decisions newest first", async () => {
    const user = typing();
    const approved = record(9, {
      decision: 'APPROVE',
      reasonCode: 'MEETS-PROTOCOL',
      reasonDescription: 'Meets protocol criteria',
      decidedBy: 'vitraya.admin',
    });
    api.answer({
      'GET /claims/:claimId/decisions': decisionsOf([denied]),
      'POST /claims/:claimId/decisions': decisionsOf([approved, denied]),
    });
    renderPanel();
    await user.click(await screen.findByRole('button', { name: CHANGE_DECISION }));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    // Approving needs no reason.
    expect(saveButton()).toBeEnabled();
    await user.click(saveButton());
    await waitFor(() => expect(api.callsTo('POST /claims/:claimId/decisions')).toHaveLength(1));
    expect(api.callsTo('POST /claims/:claimId/decisions')[0].body).toEqual({
      decisions: [{ procedureCode: 'OPH001', decision: 'APPROVE' }],
    });

    const history = await screen.findByRole('list', { name: 'Decision history of OPH001' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Approved · Meets protocol criteria (MEETS-PROTOCOL) by vitraya.admin at 02-03-2026 16:00',
      'Denied · Procedure not covered (NOT-COVERED) by vitraya.reviewer at 02-03-2026 16:00 — Cosmetic lens',
    ]);
    expect(screen.queryByText('differs from the verdict')).not.toBeInTheDocument();
  });

  it("keeps the form and says the server's reason when a save is refused", async () => {
    const user = typing();
    api.answer({ 'POST /claims/:claimId/decisions': failure(400, 'decisions.0.reasonCode: decision reason NOT-COVERED is inactive') });
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Query' }));
    await user.click(saveButton());
    expect(await screen.findByText('decision reason NOT-COVERED is inactive', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Query' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("shows an insurer's user the decision without the form on a claim not yet adjudicated", async () => {
    signInAs('starhealth', 'user');
    api.answer({ 'GET /claims/:claimId/decisions': decisionsOf([denied]) });
    renderScreen(<DecisionPanel claim={{ ...claim, status: 'OPEN' }} org={undefined} code="OPH001" />);
    expect(await screen.findByText('Denied · Procedure not covered (NOT-COVERED)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: CHANGE_DECISION })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });
});
