import '../../testing/probeClaimPagePieces';
import type { Claim, ClaimReview, ReviewQueue } from '@claims/shared-kernel';
import { type FakeApi, fakeApi, renderScreen, signInAs, signOut } from '@claims/shared-kernel/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import ClaimsRoutes from '../index';
import { CLAIM_ID, claimOf } from '../../testing/claimBuilder';
import { turnaroundText } from './ReviewPanel';

const review = (overrides: Partial<ClaimReview> = {}): ClaimReview => ({
  reviewingOrg: 'vitraya',
  assignedTo: 'vitraya.reviewer',
  // 20:00 UTC is 01:30 the next day in Kolkata.
  dueAt: '2026-03-14T20:00:00Z',
  overdue: false,
  paused: false,
  closedAt: null,
  turnaroundSeconds: null,
  ...overrides,
});

const SUPERVISED: ReviewQueue = {
  reviewer: 'vitraya.admin',
  counts: { open: 0, dueToday: 0, overdue: 0 },
  claims: [],
  reviewers: [
    { username: 'vitraya.reviewer', organization: 'vitraya', open: 3, overdue: 1 },
    { username: 'vitraya.ana', organization: 'vitraya', open: 1, overdue: 0 },
    { username: 'starhealth.reviewer', organization: 'starhealth', open: 2, overdue: 0 },
  ],
};

let api: FakeApi;
const renderClaim = async (claim: Claim) => {
  api = fakeApi({
    'GET /claims/:claimId': claim,
    'GET /claims/:claimId/decisions': { claimId: claim.id, decision: null, complete: false, procedures: [] },
    'GET /review/queue': SUPERVISED,
    'POST /review/assign': { assigned: [{ claimId: CLAIM_ID, from: 'vitraya.reviewer', to: 'vitraya.ana' }] },
  });
  renderScreen(<ClaimsRoutes />, `/claims/${CLAIM_ID}`);
  await screen.findByText('CASE-2026-0042');
};
const panel = () => screen.getByRole('region', { name: 'Review' });
const row = (label: string) => within(panel()).getByText(label).closest('tr') as HTMLElement;

beforeEach(() => {
  signOut();
  signInAs('vitraya', 'user', 'vitraya.reviewer');
});

describe('the claim’s review', () => {
  test('shows who holds it and its due time in Kolkata', async () => {
    await renderClaim(claimOf({ review: review() }));
    expect(row('Assigned to')).toHaveTextContent('vitraya.reviewer');
    expect(row('Due')).toHaveTextContent('15-03-2026 01:30');
    expect(within(panel()).queryByText('Overdue')).not.toBeInTheDocument();
    expect(within(panel()).queryByText('Paused')).not.toBeInTheDocument();
    // A reviewer reassigns nothing.
    expect(within(panel()).queryByRole('combobox', { name: 'Reassign to' })).not.toBeInTheDocument();
  });

  test('marks an overdue review', async () => {
    await renderClaim(claimOf({ review: review({ overdue: true }) }));
    expect(within(row('Due')).getByText('Overdue')).toBeInTheDocument();
  });

  test('marks a review whose clock is paused', async () => {
    await renderClaim(claimOf({ review: review({ paused: true }) }));
    expect(within(row('Due')).getByText('Paused')).toBeInTheDocument();
  });

  test('a closed review shows when it closed and its turnaround', async () => {
    await renderClaim(claimOf({ review: review({ closedAt: '2026-03-14T08:00:00Z', turnaroundSeconds: 2 * 86_400 + 3 * 3600 }) }));
    expect(row('Closed')).toHaveTextContent('14-03-2026 13:30');
    expect(row('Turnaround')).toHaveTextContent('2 days 3 hours');
  });

  test('nothing shows before the review starts when nobody holds the claim', async () => {
    await renderClaim(claimOf({ review: review({ assignedTo: null, dueAt: null }) }));
    expect(screen.queryByRole('region', { name: 'Review' })).not.toBeInTheDocument();
  });
});

describe('a provider super user', () => {
  beforeEach(() => {
    signOut();
    signInAs('vitraya', 'super_user', 'vitraya.admin');
  });

  test('reassigns an open review to another reviewer of the reviewing organisation', async () => {
    await renderClaim(claimOf({ review: review({ overdue: true }) }));
    fireEvent.mouseDown(within(panel()).getByRole('combobox', { name: 'Reassign to' }));
    // Only the reviewing organisation's reviewers, the holder left out.
    const offered = await screen.findAllByRole('option');
    await waitFor(() => expect(offered.map((option) => option.textContent)).toEqual(['vitraya.ana']));
    fireEvent.click(await screen.findByText('vitraya.ana (1 open, 0 overdue)'));
    fireEvent.click(within(panel()).getByRole('button', { name: 'Reassign' }));
    await waitFor(() => expect(api.callsTo('POST /review/assign')).toHaveLength(1));
    expect(api.callsTo('POST /review/assign')[0].body).toEqual({ claimIds: [CLAIM_ID], reviewer: 'vitraya.ana' });
    expect(await screen.findByText('Claim assigned to vitraya.ana')).toBeInTheDocument();
  });

  test('cannot reassign a closed review', async () => {
    await renderClaim(claimOf({ review: review({ closedAt: '2026-03-14T08:00:00Z', turnaroundSeconds: 600 }) }));
    expect(row('Turnaround')).toHaveTextContent('10 minutes');
    expect(within(panel()).queryByRole('combobox', { name: 'Reassign to' })).not.toBeInTheDocument();
  });
});

test('turnarounds read in days and hours, or hours and minutes under a day', () => {
  expect(turnaroundText(90_061)).toBe('1 day 1 hour');
  expect(turnaroundText(3660)).toBe('1 hour 1 minute');
  expect(turnaroundText(59)).toBe('under a minute');
});
