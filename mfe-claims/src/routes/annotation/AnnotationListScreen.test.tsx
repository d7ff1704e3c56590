import type { Annotation } from '@claims/shared-kernel';
import { todayInZone } from '@claims/shared-kernel';
import { expectConsoleError, type FakeApi, failure, fakeApi, renderScreen, signInAs, signOut } from '@claims/shared-kernel/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import ClaimsRoutes from '../index';

function annotation(id: number, overrides: Partial<Annotation> = {}): Annotation {
  return {
    id,
    claim_id: 100 + id,
    reference_claim_id: `CASE-${id}`,
    procedure_code: 'P10',
    procedure_name: 'Total Abdominal Hysterectomy',
    expected_result: 'docQuery',
    verification_result: 'REJECTED',
    case_type: 'PRE_AUTH',
    // 20:00 UTC is the next day in Asia/Kolkata.
    annotated_on: '2024-05-01T20:00:00Z',
    username: 'vitraya.reviewer',
    organization: 'starhealth',
    ...overrides,
  };
}

const page = (rows: Annotation[], total: number) => rows.map((row, i) => (i === 0 ? { ...row, total_count: total, page_number: 1 } : row));

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

const renderList = () =>
  renderScreen(
    <Routes>
      <Route path="claims/:claimId" element={<LocationProbe />} />
      <Route path="claims" element={<LocationProbe />} />
      <Route path="*" element={<ClaimsRoutes />} />
    </Routes>,
    '/annotation',
  );

let api: FakeApi;
let savedAs: string[];

beforeEach(() => {
  signOut();
  signInAs('vitraya', 'user', 'vitraya.reviewer');
  savedAs = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    savedAs.push(this.download);
  });
  URL.createObjectURL = jest.fn(() => 'blob:report');
  URL.revokeObjectURL = jest.fn();
  api = fakeApi({
    'GET /annotation/getUsers': ['vitraya.reviewer'],
    'GET /annotation': (call) =>
      call.query.get('page_number') === '2'
        ? page([annotation(26, { expected_result: 'accept', verification_result: 'ACCEPTED', case_type: 'SETTLEMENT' })], 26)
        : page(
            Array.from({ length: 25 }, (_, i) => annotation(i + 1)),
            26,
          ),
  });
});

afterEach(() => jest.restoreAllMocks());

const headers = () => Array.from(document.querySelectorAll('thead th')).map((th) => th.textContent);
const cells = (reference: string) =>
  Array.from(screen.getByText(reference).closest('tr')!.querySelectorAll('td')).map((td) => td.textContent);

it('lists the annotations with the columns of spec 1 §2, dates in the display zone, page by page', async () => {
  renderList();
  expect(await screen.findByText('CASE-1')).toBeInTheDocument();
  expect(headers()).toEqual([
    'Case ID',
    'Claim ID',
    'Procedure name',
    'Case Type',
    'Verification Result',
    'Expected Result',
    'Analyst',
    'Date',
  ]);
  expect(screen.getByTestId('table-title')).toHaveTextContent('Annotation (26)');
  expect(cells('CASE-1')).toEqual([
    'CASE-1',
    '101',
    'Total Abdominal Hysterectomy',
    'Pre Authorization',
    'Rejected',
    'Doc Query',
    'vitraya.reviewer',
    '02-05-2024',
  ]);
  expect(Object.fromEntries(api.callsTo('GET /annotation')[0].query)).toEqual({ limit: '25', page_number: '1' });

  fireEvent.click(screen.getByTitle('2'));
  expect(await screen.findByText('CASE-26')).toBeInTheDocument();
  expect(cells('CASE-26').slice(3, 6)).toEqual(['Settlement', 'Accepted', 'Accept']);
  expect(Object.fromEntries(api.callsTo('GET /annotation').at(-1)!.query)).toEqual({ limit: '25', page_number: '2' });
});

it('opens the annotated claim in its organisation on a row click', async () => {
  renderList();
  fireEvent.click(await screen.findByText('CASE-3'));
  expect(screen.getByTestId('location')).toHaveTextContent('/claims/103?org=starhealth&showAnnotation=true&caseType=PRE_AUTH');
});

it('saves the Annotation Report as Annotate_data_{date}.xlsx, and says so when it cannot', async () => {
  const reports = [new Blob(['xlsx'], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), failure(500, 'boom')];
  api.answer({ 'GET /annotation/generateReport': () => reports.shift()! });
  // A file call's error body is a Blob: the client cannot read its detail, only the status.
  expectConsoleError('ApiError: Request failed with status 500');
  renderList();
  await screen.findByText('CASE-1');
  const report = () => screen.getByText('Annotation Report', { selector: 'button span' }).closest('button')!;
  fireEvent.click(report());
  await waitFor(() => expect(savedAs).toEqual([`Annotate_data_${todayInZone().format('DD-MM-YYYY')}.xlsx`]));
  await waitFor(() => expect(report()).not.toHaveClass('ant-btn-loading'));
  fireEvent.click(report());
  expect(await screen.findByText('Failed to download')).toBeInTheDocument();
  expect(api.callsTo('GET /annotation/generateReport')).toHaveLength(2);
});

it('says why the list is empty when it cannot be read', async () => {
  api.answer({ 'GET /annotation': failure(500, 'The annotations could not be read') });
  renderList();
  expect(await screen.findByText('The annotations could not be read')).toBeInTheDocument();
  expect(screen.getByText('No Data Found')).toBeInTheDocument();
});

it('sends anyone outside the provider’s organisation to the claims list without asking the server', async () => {
  signInAs('starhealth', 'user', 'starhealth.reviewer');
  renderList();
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/claims'));
  expect(api.callsTo('GET /annotation')).toHaveLength(0);
});
