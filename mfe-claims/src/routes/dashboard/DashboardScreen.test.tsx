import { renderScreen, signInAs, signOut } from '@claims/shared-kernel/testing';
import { screen, waitFor, fireEvent } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { dashboardCount, type DashboardKind } from '../../api/claims';
import ClaimsRoutes from '../index';

jest.mock('../../api/claims', () => ({ dashboardCount: jest.fn() }));
const mockedCount = jest.mocked(dashboardCount);

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

beforeEach(() => {
  jest.clearAllMocks();
  signOut();
  const answers: Record<DashboardKind, object[]> = {
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
  mockedCount.mockImplementation(async (kind) => answers[kind] as never);
});

it('shows the four count tables of the provider organisation to a super user', async () => {
  signInAs('vitraya', 'super_user');
  renderDashboard();
  expect(await screen.findByText('OPEN')).toBeInTheDocument();
  for (const kind of ['getAll', 'adjudicated', 'accepted', 'rejected']) expect(mockedCount).toHaveBeenCalledWith(kind, 'vitraya');
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
  expect(mockedCount).toHaveBeenCalledWith('getAll', 'maxbupa');
  fireEvent.mouseDown(screen.getByLabelText('Insurer', { selector: 'input' }));
  fireEvent.click(await screen.findByTitle('Bajaj'));
  await waitFor(() => expect(mockedCount).toHaveBeenCalledWith('rejected', 'bajaj'));
});

it('falls back to an empty table and says why when a count fails', async () => {
  signInAs('starhealth', 'super_user');
  mockedCount.mockRejectedValue(new Error('Not authorized'));
  renderDashboard();
  expect(await screen.findByText('Not authorized')).toBeInTheDocument();
  expect(mockedCount).toHaveBeenCalledWith('getAll', 'starhealth');
  expect(screen.getAllByText('No Data Found')).toHaveLength(4);
  expect(screen.queryByLabelText('Insurer', { selector: 'input' })).not.toBeInTheDocument();
});

it('sends users who are not super users to the claims list', async () => {
  signInAs('vitraya', 'user');
  renderDashboard();
  expect(await screen.findByTestId('location')).toHaveTextContent('/claims');
  expect(mockedCount).not.toHaveBeenCalled();
});
