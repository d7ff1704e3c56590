import type { DashboardRow } from '@claims/shared-kernel';
import { type FakeApi, failure, fakeApi, renderScreen, signInAs, signOut } from '@claims/shared-kernel/testing';
import { screen, waitFor, fireEvent } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { DashboardKind } from '../../api/claims';
import ClaimsRoutes from '../index';

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

function renderDashboard(route = '/dashboard') {
  return renderScreen(
    <Routes>
      <Route path="claims" element={<LocationProbe />} />
      <Route path="*" element={<ClaimsRoutes />} />
    </Routes>,
    route,
  );
}

const tableOf = (title: string) => screen.getByText(title).closest<HTMLElement>('.ant-card')!;

let api: FakeApi;
/** The counts asked for, as [status, org] of each POST /claims/dashboard/count. */
const countsAsked = () => api.callsTo('POST /claims/dashboard/count').map((call) => [call.query.get('status'), call.query.get('org')]);

beforeEach(() => {
  signOut();
  const answers: Record<DashboardKind, DashboardRow[]> = {
    getAll: [
      { status: 'ADJUDICATED', count: 40 },
      { status: 'OPEN', count: 3 },
    ],
    adjudicated: [
      { adjudicationResult: 'ACCEPTED', count: 25 },
      { adjudicationResult: 'QUERY', count: 15 },
    ],
    accepted: [{ procedureCode: 'id011', count: 9 }],
    rejected: [],
  };
  api = fakeApi({ 'POST /claims/dashboard/count': (call) => answers[call.query.get('status') as DashboardKind] });
});

it('shows the four count tables of the provider organisation to a super user', async () => {
  signInAs('vitraya', 'super_user');
  renderDashboard();
  expect(await screen.findByText('OPEN')).toBeInTheDocument();
  for (const kind of ['getAll', 'adjudicated', 'accepted', 'rejected']) expect(countsAsked()).toContainEqual([kind, 'vitraya']);
  expect(tableOf('All Cases by Status')).toHaveTextContent('ADJUDICATED40');
  expect(tableOf('Adjudicated Cases by Result')).toHaveTextContent('Accepted25');
  expect(tableOf('Adjudicated Cases by Result')).toHaveTextContent('Query15');
  expect(tableOf('Top 10 Pass Procedure Codes')).toHaveTextContent('id0119');
  expect(tableOf('Top 10 Fail Procedure Codes')).toHaveTextContent('No Data Found');
});

it('lets the provider look at an insurer through ?org=', async () => {
  signInAs('vitraya', 'super_user');
  renderDashboard('/dashboard?org=maxbupa');
  await screen.findByText('OPEN');
  expect(countsAsked()).toContainEqual(['getAll', 'maxbupa']);
  fireEvent.mouseDown(screen.getByLabelText('Insurer', { selector: 'input' }));
  fireEvent.click(await screen.findByTitle('Bajaj'));
  await waitFor(() => expect(countsAsked()).toContainEqual(['rejected', 'bajaj']));
});

it('falls back to an empty table and says why when a count fails', async () => {
  signInAs('starhealth', 'super_user');
  api.answer({ 'POST /claims/dashboard/count': failure(403, 'Not authorized') });
  renderDashboard();
  expect(await screen.findByText('Not authorized')).toBeInTheDocument();
  expect(countsAsked()).toContainEqual(['getAll', 'starhealth']);
  expect(screen.getAllByText('No Data Found')).toHaveLength(4);
  expect(screen.queryByLabelText('Insurer', { selector: 'input' })).not.toBeInTheDocument();
});

it('sends users who are not super users to the claims list', async () => {
  signInAs('vitraya', 'user');
  renderDashboard();
  expect(await screen.findByTestId('location')).toHaveTextContent('/claims');
  expect(api.calls).toHaveLength(0);
});
