import { todayInZone } from '@claims/shared-kernel';
import type { DashboardCharts, DashboardRow, QualityReport } from '@claims/shared-kernel';
import { drawnPlots, type FakeApi, failure, fakeApi, renderScreen, signInAs, signOut } from '@claims/shared-kernel/testing';
import { cleanup, screen, waitFor, fireEvent, within } from '@testing-library/react';
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
      <Route path="claims/:claimId" element={<LocationProbe />} />
      <Route path="*" element={<ClaimsRoutes />} />
    </Routes>,
    route,
  );
}

const tableOf = (title: string) => screen.getByText(title).closest<HTMLElement>('.ant-card')!;

/** A day YYYY-MM-DD of the display zone, `daysBack` days before today. */
const wireDay = (daysBack: number) => todayInZone().subtract(daysBack, 'day').format('YYYY-MM-DD');
const noVerdicts = { ACCEPTED: 0, REJECTED: 0, QUERY: 0, SUSPENDED: 0 };
const CHARTS: DashboardCharts = {
  organization: 'vitraya',
  from: wireDay(89),
  to: wireDay(0),
  // 20:00 UTC is 01:30 the next day in Kolkata.
  at: '2026-03-10T20:00:00.000Z',
  verdictsByDay: [
    { day: wireDay(1), verdicts: { ...noVerdicts, ACCEPTED: 2, QUERY: 2 } },
    { day: wireDay(0), verdicts: { ...noVerdicts, ACCEPTED: 1, REJECTED: 1 } },
  ],
  openByAge: [
    { age: 'under4h', count: 3, overdue: 0 },
    { age: '4to24h', count: 0, overdue: 0 },
    { age: '1to3d', count: 2, overdue: 1 },
    { age: '3to7d', count: 0, overdue: 0 },
    { age: 'over7d', count: 2, overdue: 2 },
  ],
  turnaroundByDay: [
    { day: wireDay(1), onTime: 3, late: 1 },
    { day: wireDay(0), onTime: 0, late: 2 },
  ],
  decisionsByVerdict: [
    { decision: 'APPROVE', verdicts: { ...noVerdicts, ACCEPTED: 4, REJECTED: 1 } },
    { decision: 'DENY', verdicts: { ...noVerdicts, REJECTED: 2 } },
    { decision: 'QUERY', verdicts: { ...noVerdicts, QUERY: 1, SUSPENDED: 1 } },
  ],
};

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
  api = fakeApi({
    'POST /claims/dashboard/count': (call) => answers[call.query.get('status') as DashboardKind],
    'GET /claims/dashboard/charts': CHARTS,
  });
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

describe('verification quality', () => {
  const none = { ACCEPTED: 0, REJECTED: 0, QUERY: 0, SUSPENDED: 0 };
  const REPORT: QualityReport = {
    organization: 'vitraya',
    from: wireDay(89),
    to: wireDay(0),
    annotatedClaims: 5,
    notVerified: 1,
    compared: 4,
    agreed: 3,
    agreement: 0.75,
    matrix: [
      { expectedResult: 'accept', countsAs: 'ACCEPTED', verdicts: { ...none, ACCEPTED: 1 }, total: 1 },
      { expectedResult: 'reject', countsAs: 'REJECTED', verdicts: none, total: 0 },
      { expectedResult: 'infoQuery', countsAs: 'QUERY', verdicts: { ...none, QUERY: 1 }, total: 1 },
      { expectedResult: 'docQuery', countsAs: 'QUERY', verdicts: { ...none, ACCEPTED: 1 }, total: 1 },
      { expectedResult: 'wrongProcedure', countsAs: 'REJECTED', verdicts: { ...none, REJECTED: 1 }, total: 1 },
    ],
    entities: [
      { entity: 'procedure', claims: 3, annotated: 3, found: 2, matched: 2, precision: 1, recall: 2 / 3 },
      { entity: 'diagnosis', claims: 1, annotated: 2, found: 1, matched: 1, precision: 1, recall: 0.5 },
      { entity: 'evidence', claims: 0, annotated: 0, found: 0, matched: 0, precision: null, recall: null },
      { entity: 'document', claims: 2, annotated: 3, found: 3, matched: 2, precision: 2 / 3, recall: 2 / 3 },
      { entity: 'clinical_attribute', claims: 1, annotated: 1, found: 1, matched: 1, precision: 1, recall: 1 },
    ],
    procedures: [
      {
        procedureCode: 'P1',
        procedureName: 'Cataract Surgery',
        claims: 3,
        agreed: 2,
        agreement: 2 / 3,
        annotated: 9,
        found: 7,
        matched: 6,
        precision: 6 / 7,
        recall: 6 / 9,
      },
    ],
    disagreements: [
      {
        claimId: 41,
        referenceClaimId: 'QA-DOCQUERY',
        organization: 'vitraya',
        procedureCode: 'P1',
        procedureName: 'Cataract Surgery',
        expectedResult: 'docQuery',
        countsAs: 'QUERY',
        verificationResult: 'ACCEPTED',
        // 20:00 UTC is 01:30 the next day in Kolkata: the list shows the display zone's day.
        annotatedOn: '2026-03-10T20:00:00.000Z',
        annotatedBy: 'vitraya.reviewer',
        missed: [{ entity: 'document', name: 'Histopathology Report' }],
        unexpected: [{ entity: 'document', name: 'Final Bill' }],
      },
    ],
    decisions: { claims: 8, differing: 2, share: 0.25 },
  };
  const EMPTY: QualityReport = {
    ...REPORT,
    annotatedClaims: 0,
    notVerified: 0,
    compared: 0,
    agreed: 0,
    agreement: null,
    matrix: REPORT.matrix.map((row) => ({ ...row, verdicts: none, total: 0 })),
    entities: REPORT.entities.map((row) => ({ ...row, claims: 0, annotated: 0, found: 0, matched: 0, precision: null, recall: null })),
    procedures: [],
    disagreements: [],
    decisions: { claims: 0, differing: 0, share: null },
  };

  /** The periods and organisations asked for, as [org, from, to] of each GET /claims/dashboard/quality. */
  const reportsAsked = () =>
    api.callsTo('GET /claims/dashboard/quality').map((call) => [call.query.get('org'), call.query.get('from'), call.query.get('to')]);
  const card = (title: string | RegExp) => screen.getByText(title).closest<HTMLElement>('.ant-card')!;
  const rowOf = (table: HTMLElement, first: string) => within(table).getByText(first, { selector: 'td' }).closest('tr')!;
  const field = (label: 'From' | 'To') => screen.getByLabelText(label, { selector: 'input' });
  function typeDate(label: 'From' | 'To', value: string) {
    const input = field(label);
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  }

  it('opens on its tab with the last 90 days: agreement, the matrix, entities, procedures and the claims that disagreed', async () => {
    signInAs('vitraya', 'super_user');
    api.answer({ 'GET /claims/dashboard/quality': REPORT });
    renderDashboard();
    await screen.findByText('OPEN');
    expect(api.callsTo('GET /claims/dashboard/quality')).toHaveLength(0);

    fireEvent.click(screen.getByRole('tab', { name: 'Verification Quality' }));
    expect(await screen.findByText('QA-DOCQUERY')).toBeInTheDocument();
    expect(reportsAsked()).toEqual([['vitraya', wireDay(89), wireDay(0)]]);
    expect(field('From')).toHaveValue(todayInZone().subtract(89, 'day').format('DD-MM-YYYY'));
    expect(field('To')).toHaveValue(todayInZone().format('DD-MM-YYYY'));
    expect(screen.getByRole('group', { name: 'Agreement' })).toHaveTextContent('Agreement75%');
    expect(screen.getByRole('group', { name: 'Agreement' })).toHaveTextContent('Annotated, Not Yet Verified1');
    const decided = screen.getByRole('group', { name: 'Decisions against verdicts' });
    expect(decided).toHaveTextContent('Claims Decided by People8');
    expect(decided).toHaveTextContent('Decisions That Differ from the Verdict2');
    expect(decided).toHaveTextContent('Share That Differs25%');

    const matrix = card('Verdicts against Annotations');
    expect(rowOf(matrix, 'Wrong Procedure')).toHaveTextContent('Wrong ProcedureRejected01001');
    expect(rowOf(matrix, 'Doc Query')).toHaveTextContent('Doc QueryQuery10001');
    expect(matrix).toHaveTextContent('Info Query → Query; Doc Query → Query; Wrong Procedure → Rejected');

    const entities = card('Found Entities by Type');
    expect(rowOf(entities, 'Diagnosis')).toHaveTextContent('Diagnosis1211100%50%');
    expect(rowOf(entities, 'Document')).toHaveTextContent('66.7%66.7%');
    expect(rowOf(entities, 'Evidence')).toHaveTextContent('Evidence0000——');
    expect(rowOf(card('By Procedure Code'), 'P1')).toHaveTextContent('P1Cataract Surgery366.7%97685.7%66.7%');

    const disagreed = card('Claims Where the Verdict Disagreed (1)');
    const row = rowOf(disagreed, 'P1 Cataract Surgery');
    expect(row).toHaveTextContent('Doc Query (Query)');
    expect(row).toHaveTextContent('Document: Histopathology Report');
    expect(row).toHaveTextContent('Document: Final Bill');
    expect(row).toHaveTextContent('11-03-2026 by vitraya.reviewer');
    const link = within(row).getByRole('link', { name: 'QA-DOCQUERY' });
    expect(link).toHaveAttribute('href', '/claims/41?org=vitraya');
    fireEvent.click(link);
    expect(await screen.findByTestId('location')).toHaveTextContent('/claims/41?org=vitraya');
  });

  it("says 'No Data Found' when no claim of the period is annotated, and asks again for the period chosen", async () => {
    signInAs('vitraya', 'super_user');
    api.answer({ 'GET /claims/dashboard/quality': EMPTY });
    renderDashboard('/dashboard?tab=quality');
    expect(await screen.findByText('No Data Found')).toBeInTheDocument();
    expect(api.callsTo('POST /claims/dashboard/count')).toHaveLength(0);

    typeDate('From', todayInZone().subtract(200, 'day').format('DD-MM-YYYY'));
    await waitFor(() => expect(reportsAsked()).toContainEqual(['vitraya', wireDay(200), wireDay(0)]));
    expect(screen.getByText('No Data Found')).toBeInTheDocument();
  });

  it('refuses a period that ends before it starts or is longer than a year without asking', async () => {
    signInAs('vitraya', 'super_user');
    api.answer({ 'GET /claims/dashboard/quality': EMPTY });
    renderDashboard(`/dashboard?tab=quality&from=${wireDay(5)}&to=${wireDay(10)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('The period must end on or after its first day.');
    typeDate('From', todayInZone().subtract(400, 'day').format('DD-MM-YYYY'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The period covers 391 days; choose at most 366.');
    expect(reportsAsked()).toEqual([]);
    typeDate('From', todayInZone().subtract(375, 'day').format('DD-MM-YYYY'));
    await waitFor(() => expect(reportsAsked()).toEqual([['vitraya', wireDay(375), wireDay(10)]]));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers no future day', async () => {
    signInAs('vitraya', 'super_user');
    api.answer({ 'GET /claims/dashboard/quality': EMPTY });
    renderDashboard('/dashboard?tab=quality');
    await screen.findByText('No Data Found');
    fireEvent.click(field('To'));
    const tomorrow = todayInZone().add(1, 'day').format('YYYY-MM-DD');
    const cell = (await screen.findAllByTitle(tomorrow)).find((c) => c.classList.contains('ant-picker-cell'))!;
    expect(cell).toHaveClass('ant-picker-cell-disabled');
    expect(screen.getAllByTitle(todayInZone().format('YYYY-MM-DD')).some((c) => c.classList.contains('ant-picker-cell-disabled'))).toBe(
      false,
    );
  });

  it('follows the insurer the provider picks', async () => {
    signInAs('vitraya', 'super_user');
    api.answer({ 'GET /claims/dashboard/quality': (call) => ({ ...REPORT, organization: call.query.get('org')! }) });
    renderDashboard('/dashboard?tab=quality&org=maxbupa');
    expect(await screen.findByText(/claims of Niva Bupa annotated/)).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByLabelText('Insurer', { selector: 'input' }));
    fireEvent.click(await screen.findByTitle('Bajaj'));
    expect(await screen.findByText(/claims of Bajaj annotated/)).toBeInTheDocument();
    expect(reportsAsked().map(([org]) => org)).toEqual(['maxbupa', 'bajaj']);
  });

  it("shows an insurer's super user its own report, and the server's refusal when there is one", async () => {
    signInAs('starhealth', 'super_user');
    api.answer({ 'GET /claims/dashboard/quality': failure(400, 'to: the period covers 400 days; choose at most 366') });
    renderDashboard('/dashboard?tab=quality');
    expect(await screen.findByText('The period covers 400 days; choose at most 366')).toBeInTheDocument();
    expect(reportsAsked()).toEqual([['starhealth', wireDay(89), wireDay(0)]]);
    expect(screen.queryByLabelText('Insurer', { selector: 'input' })).not.toBeInTheDocument();
  });
});

describe('charts', () => {
  /** The periods and organisations asked for, as [org, from, to] of each GET /claims/dashboard/charts. */
  const chartsAsked = () =>
    api.callsTo('GET /claims/dashboard/charts').map((call) => [call.query.get('org'), call.query.get('from'), call.query.get('to')]);
  const section = () => screen.getByRole('region', { name: 'Charts of the Period' });
  const legendOf = (chart: string) =>
    within(screen.getByRole('list', { name: `${chart}: legend` }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
  function typeDate(label: 'From' | 'To', value: string) {
    const input = screen.getByLabelText(label, { selector: 'input' });
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  }

  it('draws the verdicts per day and the open reviews by age of the last 90 days above the count tables', async () => {
    signInAs('vitraya', 'super_user');
    renderDashboard();
    const verdicts = await screen.findByRole('figure', { name: 'Verdicts per Day' });
    expect(chartsAsked()).toEqual([['vitraya', wireDay(89), wireDay(0)]]);
    expect(legendOf('Verdicts per Day')).toEqual(['Accepted: 3', 'Rejected: 1', 'Query: 2', 'Suspended: 0']);
    expect(legendOf('Open Reviews by Age')).toEqual(['Within due time: 4', 'Overdue: 3']);
    expect(legendOf('Reviews Decided per Day')).toEqual(['On time: 3', 'Late: 3']);
    expect(legendOf('Decisions against Verdicts')).toEqual(['Accepted: 4', 'Rejected: 3', 'Query: 1', 'Suspended: 1']);
    expect(section()).toHaveTextContent('at 11-03-2026 01:30');
    // Above the tables, which keep the exact numbers.
    expect(verdicts.compareDocumentPosition(screen.getByText('All Cases by Status')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await waitFor(() => expect(drawnPlots()).toHaveLength(4));
    const [perDay, byAge, decided, decisions] = drawnPlots().map(
      (plot) => plot.config as { data: unknown[]; scale: { color: { domain: string[] } } },
    );
    expect(perDay.data).toEqual(
      expect.arrayContaining([
        { x: wireDay(1), series: 'Accepted', value: 2 },
        { x: wireDay(1), series: 'Suspended', value: 0 },
        { x: wireDay(0), series: 'Rejected', value: 1 },
      ]),
    );
    expect(perDay.data).toHaveLength(8);
    expect(perDay.scale.color.domain).toEqual(['Accepted', 'Rejected', 'Query', 'Suspended']);
    expect(byAge.data.slice(0, 6)).toEqual([
      { x: 'Under 4 hours', series: 'Within due time', value: 3 },
      { x: 'Under 4 hours', series: 'Overdue', value: 0 },
      { x: '4–24 hours', series: 'Within due time', value: 0 },
      { x: '4–24 hours', series: 'Overdue', value: 0 },
      { x: '1–3 days', series: 'Within due time', value: 1 },
      { x: '1–3 days', series: 'Overdue', value: 1 },
    ]);
    expect(decided.data).toEqual([
      { x: wireDay(1), series: 'On time', value: 3 },
      { x: wireDay(1), series: 'Late', value: 1 },
      { x: wireDay(0), series: 'On time', value: 0 },
      { x: wireDay(0), series: 'Late', value: 2 },
    ]);
    expect(decisions.data.slice(0, 5)).toEqual([
      { x: 'Approve', series: 'Accepted', value: 4 },
      { x: 'Approve', series: 'Rejected', value: 1 },
      { x: 'Approve', series: 'Query', value: 0 },
      { x: 'Approve', series: 'Suspended', value: 0 },
      { x: 'Deny', series: 'Accepted', value: 0 },
    ]);
    expect(decisions.scale.color.domain).toEqual(['Accepted', 'Rejected', 'Query', 'Suspended']);
  });

  it("says 'No Data Found' for a chart with nothing in the period, and for both when neither has anything", async () => {
    signInAs('vitraya', 'super_user');
    const quietDays = CHARTS.verdictsByDay.map((day) => ({ ...day, verdicts: noVerdicts }));
    api.answer({ 'GET /claims/dashboard/charts': { ...CHARTS, verdictsByDay: quietDays } });
    renderDashboard();
    await screen.findByRole('figure', { name: 'Open Reviews by Age' });
    expect(screen.queryByRole('figure', { name: 'Verdicts per Day' })).not.toBeInTheDocument();
    expect(within(section()).getByText('No Data Found')).toBeInTheDocument();

    cleanup();
    api.answer({
      'GET /claims/dashboard/charts': {
        ...CHARTS,
        verdictsByDay: quietDays,
        openByAge: CHARTS.openByAge.map((row) => ({ ...row, count: 0, overdue: 0 })),
        turnaroundByDay: CHARTS.turnaroundByDay.map((day) => ({ ...day, onTime: 0, late: 0 })),
        decisionsByVerdict: CHARTS.decisionsByVerdict.map((row) => ({ ...row, verdicts: noVerdicts })),
      },
    });
    renderDashboard();
    expect(
      await within(await screen.findByRole('region', { name: 'Charts of the Period' })).findByText('No Data Found'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
  });

  it("shows the server's refusal with Retry, and the tables still", async () => {
    signInAs('vitraya', 'super_user');
    api.answer({ 'GET /claims/dashboard/charts': failure(400, 'to: the period covers 400 days; choose at most 366') });
    renderDashboard();
    expect(await within(section()).findByText('The period covers 400 days; choose at most 366')).toBeInTheDocument();
    expect(within(section()).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(await screen.findByText('OPEN')).toBeInTheDocument();
  });

  it('asks again for the period and insurer chosen, and keeps the period for the quality tab', async () => {
    signInAs('vitraya', 'super_user');
    api.answer({ 'GET /claims/dashboard/quality': failure(400, 'No report in this test') });
    renderDashboard('/dashboard?org=maxbupa');
    await screen.findByRole('figure', { name: 'Verdicts per Day' });
    typeDate('From', todayInZone().subtract(6, 'day').format('DD-MM-YYYY'));
    await waitFor(() => expect(chartsAsked()).toContainEqual(['maxbupa', wireDay(6), wireDay(0)]));
    fireEvent.mouseDown(screen.getByLabelText('Insurer', { selector: 'input' }));
    fireEvent.click(await screen.findByTitle('Bajaj'));
    await waitFor(() => expect(chartsAsked()).toContainEqual(['bajaj', wireDay(6), wireDay(0)]));

    fireEvent.click(screen.getByRole('tab', { name: 'Verification Quality' }));
    await waitFor(() => expect(api.callsTo('GET /claims/dashboard/quality').map((call) => call.query.get('from'))).toEqual([wireDay(6)]));
  });

  it('refuses a period that ends before it starts without asking', async () => {
    signInAs('vitraya', 'super_user');
    renderDashboard(`/dashboard?from=${wireDay(5)}&to=${wireDay(10)}`);
    expect(await within(section()).findByRole('alert')).toHaveTextContent('The period must end on or after its first day.');
    await screen.findByText('OPEN');
    expect(chartsAsked()).toEqual([]);
  });
});
