import type { QueueClaim, ReviewQueue } from '@claims/shared-kernel';
import { type FakeApi, fakeApi, renderScreen, signInAs, signOut } from '@claims/shared-kernel/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import ClaimsRoutes from '../index';
import { readListState } from '../claim/listState';

function queueClaim(id: number, overrides: Partial<QueueClaim> = {}): QueueClaim {
  return {
    id,
    referenceClaimId: `CASE-${id}`,
    patientName: `Patient ${id}`,
    org: 'vitraya',
    caseType: 'SETTLEMENT',
    adjudicationResult: 'REJECTED',
    assignedTo: 'vitraya.reviewer',
    // 20:00 UTC is 01:30 of the next day in Asia/Kolkata.
    dueAt: '2024-05-01T20:00:00Z',
    overdue: false,
    paused: false,
    ...overrides,
  };
}

const REVIEWER_QUEUE: ReviewQueue = {
  reviewer: 'vitraya.reviewer',
  counts: { open: 3, dueToday: 1, overdue: 1 },
  claims: [
    queueClaim(7, { overdue: true, dueAt: '2024-04-30T04:00:00Z' }),
    queueClaim(3, { paused: true }),
    queueClaim(9, { org: 'starhealth', caseType: 'PRE_AUTH', adjudicationResult: 'QUERY' }),
  ],
};

/** Where the app went, and the list the claim page was handed. */
function ClaimProbe() {
  const location = useLocation();
  const list = readListState(location.state);
  return (
    <div data-testid="claim">
      {location.pathname + location.search} | {list?.claims.map((c) => c.id).join(',')} | {list?.listUrl}
    </div>
  );
}

const renderQueue = (path = '/myQueue') =>
  renderScreen(
    <Routes>
      <Route path="claims/:claimId" element={<ClaimProbe />} />
      <Route path="*" element={<ClaimsRoutes />} />
    </Routes>,
    path,
  );

let api: FakeApi;

describe('My queue of a reviewer', () => {
  beforeEach(() => {
    signOut();
    signInAs('vitraya', 'user', 'vitraya.reviewer');
    api = fakeApi({ 'GET /review/queue': REVIEWER_QUEUE });
  });

  test('shows the counts and the claims by due time, overdue and paused marked', async () => {
    renderQueue();
    await screen.findByRole('heading', { name: 'My Queue' });
    const rows = await screen.findAllByRole('row');
    // The header, then the claims in the order the server gave (by due time).
    expect(rows.slice(1).map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual(['CASE-7', 'CASE-3', 'CASE-9']);
    expect(within(rows[1]).getByText('Overdue')).toBeInTheDocument();
    expect(within(rows[1]).getByText('30-04-2024 09:30')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Paused')).toBeInTheDocument();
    expect(within(rows[3]).queryByText('Overdue')).toBeNull();
    expect(within(rows[3]).getByText('02-05-2024 01:30')).toBeInTheDocument();
    expect(screen.getByText('Due today').closest('.ant-statistic')).toHaveTextContent('1');
    expect(screen.getByText('Overdue', { selector: '.ant-statistic-title' }).closest('.ant-statistic')).toHaveTextContent('1');
    expect(screen.getByText('Open').closest('.ant-statistic')).toHaveTextContent('3');
    // A reviewer sees their own queue only: no reviewer is named in the call.
    expect(api.callsTo('GET /review/queue')[0].query.has('reviewer')).toBe(false);
  });

  test('opens a claim with the queue’s order, so next and previous follow the queue', async () => {
    renderQueue();
    fireEvent.click(await screen.findByText('CASE-3'));
    expect(await screen.findByTestId('claim')).toHaveTextContent(
      '/claims/3?org=vitraya&showAnnotation=false&caseType=SETTLEMENT | 7,3,9 | /myQueue',
    );
  });
});

describe('My queue of a provider super user', () => {
  const unassigned = queueClaim(21, { assignedTo: null, overdue: true });
  const SUPERVISED: ReviewQueue = {
    reviewer: 'vitraya.admin',
    counts: { open: 0, dueToday: 0, overdue: 0 },
    claims: [],
    reviewers: [
      { username: 'vitraya.reviewer', organization: 'vitraya', open: 3, overdue: 1 },
      { username: 'vitraya.ana', organization: 'vitraya', open: 1, overdue: 0 },
    ],
    unassigned: { counts: { open: 1, dueToday: 0, overdue: 1 }, claims: [unassigned] },
  };

  beforeEach(() => {
    signOut();
    signInAs('vitraya', 'super_user', 'vitraya.admin');
    api = fakeApi({
      'GET /review/queue': (call) =>
        call.query.get('reviewer') === 'vitraya.reviewer' ? { ...SUPERVISED, ...REVIEWER_QUEUE, reviewer: 'vitraya.reviewer' } : SUPERVISED,
      'POST /review/assign': { assigned: [{ claimId: 21, from: null, to: 'vitraya.ana' }] },
    });
  });

  test('sees every reviewer’s load and the unassigned claims, and reassigns the selected ones', async () => {
    renderQueue();
    const reviewers = await screen.findByText('Reviewers');
    const loads = within(reviewers.closest('.ant-card') as HTMLElement).getAllByRole('row');
    expect(
      within(loads[1])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['vitraya.reviewer', 'vitraya', '3', '1']);
    await screen.findByText('Unassigned claims');
    const row = (await screen.findByText('CASE-21')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Unassigned')).toBeInTheDocument();
    expect(within(row).getByText('Overdue')).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Reassign' })).toBeDisabled();
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Reassign to' }));
    fireEvent.click(await screen.findByText('vitraya.ana (vitraya)'));
    fireEvent.click(screen.getByRole('button', { name: 'Reassign' }));
    await waitFor(() => expect(api.callsTo('POST /review/assign')).toHaveLength(1));
    expect(api.callsTo('POST /review/assign')[0].body).toEqual({ claimIds: [21], reviewer: 'vitraya.ana' });
    expect(await screen.findByText('1 claim(s) assigned to vitraya.ana')).toBeInTheDocument();
  });

  test('a reviewer chosen in the table shows their claims', async () => {
    renderQueue();
    fireEvent.click(await screen.findByText('vitraya.reviewer'));
    expect(await screen.findByText('Claims of vitraya.reviewer')).toBeInTheDocument();
    expect(await screen.findByText('CASE-7')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('GET /review/queue').some((call) => call.query.get('reviewer') === 'vitraya.reviewer')).toBe(true),
    );
  });
});
