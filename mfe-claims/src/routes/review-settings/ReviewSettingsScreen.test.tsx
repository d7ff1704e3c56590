import type { ReviewSettings } from '@claims/shared-kernel';
import { type FakeApi, failure, fakeApi, renderScreen, signInAs, signOut } from '@claims/shared-kernel/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import ClaimsRoutes from '../index';
import { spanText } from './ReviewSettingsScreen';

const SETTINGS: ReviewSettings = {
  dueTimes: [
    { org: null, caseType: 'PRE_AUTH', dueHours: 4 },
    { org: null, caseType: 'SETTLEMENT', dueHours: 120 },
    { org: 'starhealth', caseType: 'SETTLEMENT', dueHours: 48 },
  ],
  sampleAcceptedPercent: 10,
  openClaimLimit: 40,
  lastModifiedBy: 'vitraya.admin',
  // 20:00 UTC is 01:30 of the next day in Asia/Kolkata.
  lastModifiedAt: '2024-05-01T20:00:00Z',
};

let api: FakeApi;

beforeEach(() => {
  signOut();
  signInAs('vitraya', 'super_user', 'vitraya.admin');
  api = fakeApi({
    'GET /review/settings': SETTINGS,
    'PUT /review/settings': (call) => ({ ...SETTINGS, ...(call.body as Pick<ReviewSettings, 'dueTimes'>) }),
  });
});

test('how long a due time gives, in days and hours', () => {
  expect(spanText(4)).toBe('4 hours');
  expect(spanText(120)).toBe('5 days');
  expect(spanText(30)).toBe('1 day 6 hours');
  expect(spanText(1)).toBe('1 hour');
});

test('shows the due times and the policy, and saves an edited, an added and a removed row', async () => {
  renderScreen(<ClaimsRoutes />, '/reviewSettings');
  await screen.findByRole('heading', { name: 'Review Settings' });
  const preAuth = await screen.findByRole('spinbutton', { name: 'Due hours of Default (every other insurer) Pre Authorization' });
  expect(preAuth).toHaveValue('4');
  expect(screen.getByText('5 days')).toBeInTheDocument();
  expect(screen.getByText(/ACCEPTED claims reviewed by a person: 10%/)).toBeInTheDocument();
  expect(screen.getByText(/Last changed by vitraya.admin on 02-05-2024 01:30/)).toBeInTheDocument();
  // The default rows cannot be removed; the insurer's can.
  expect(screen.getAllByRole('button', { name: 'Remove' })).toHaveLength(1);

  fireEvent.change(preAuth, { target: { value: '6' } });
  fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
  fireEvent.click(screen.getByRole('button', { name: 'Add insurer due time' }));
  const added = screen.getByRole('spinbutton', { name: 'Due hours of Star Health Pre Authorization' });
  fireEvent.change(added, { target: { value: '2' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(api.callsTo('PUT /review/settings')).toHaveLength(1));
  expect(api.callsTo('PUT /review/settings')[0].body).toEqual({
    dueTimes: [
      { org: null, caseType: 'PRE_AUTH', dueHours: 6 },
      { org: null, caseType: 'SETTLEMENT', dueHours: 120 },
      { org: 'starhealth', caseType: 'PRE_AUTH', dueHours: 2 },
    ],
  });
  expect(await screen.findByText('Due times saved')).toBeInTheDocument();
});

test('a refusal is shown and nothing changes', async () => {
  api.answer({ 'PUT /review/settings': failure(400, 'dueTimes: starhealth SETTLEMENT is given twice') });
  renderScreen(<ClaimsRoutes />, '/reviewSettings');
  const table = (await screen.findByRole('spinbutton', { name: 'Due hours of Star Health Settlement' })).closest('table') as HTMLElement;
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('starhealth SETTLEMENT is given twice', { exact: false })).toBeInTheDocument();
  expect(within(table).getAllByRole('spinbutton')).toHaveLength(3);
});
