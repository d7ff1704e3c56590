import { claimSearchStore, clearClaimSearch, setClaimSearch, todayInZone } from '@claims/shared-kernel';
import type { BatchRow, ClaimListRow, Hospital, Procedure } from '@claims/shared-kernel';
import {
  expectConsoleError,
  type FakeApi,
  type FakeRoutes,
  failure,
  fakeApi,
  renderScreen,
  signInAs,
  signOut,
  testQueryClient,
} from '@claims/shared-kernel/testing';
import type { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { batchKeys } from '../../api/batches';
import { dashboardKeys } from '../../api/claims';
import ClaimsRoutes from '../index';

function claim(id: number, overrides: Partial<ClaimListRow> = {}): ClaimListRow {
  return {
    id,
    obj_id: `obj-${id}`,
    referenceClaimId: `CASE-${id}`,
    caseType: 'PRE_AUTH',
    case_type: 'PRE_AUTH',
    patientName: `Patient ${id}`,
    procedureCodes: ['P001', 'P002'],
    hospitalCode: 'H01',
    status: 'ADJUDICATED',
    annotated: false,
    annotation_id: null,
    adjudicationResult: 'ACCEPTED',
    adjudicationReason: null,
    proceduresFound: 2,
    diagnosisFound: 1,
    evidenceFound: 3,
    documentsFound: 4,
    lastModifiedOn: '2024-05-01T10:00:00Z',
    ...overrides,
  };
}

/** A page of the list as the api answers it: every row carries the total. */
const page = (rows: ClaimListRow[], total = rows.length): ClaimListRow[] => rows.map((row) => ({ ...row, total_count: total }));
const tenClaims = () =>
  page(
    Array.from({ length: 10 }, (_, i) => claim(i + 1)),
    60,
  );

const HOSPITAL: Hospital = { id: 1, hospital_code: 'H01', name: 'City Hospital' };
const PROCEDURE: Procedure = {
  id: 1,
  procedure_code: 'P001',
  name: 'Hysterectomy',
  snomedct_code: '236886002',
  procedure_group: null,
  alias: [],
};

function batch(id: number, batchName: string): BatchRow {
  return {
    id,
    batchName,
    total_claims_count: 5,
    createdBy: 'vitraya.admin',
    createdAt: '2024-05-01T10:00:00Z',
    priority: 1,
    status_info: { status: 'CREATED' },
    allocation_status: null,
    processing: { accepted: 0, rejected: 0, query: 0, toBeVerified: 5, inProgress: 0, verificationFailed: 0 },
  };
}

function LocationProbe() {
  const location = useLocation();
  return (
    <>
      <div data-testid="location">{location.pathname + location.search}</div>
      <div data-testid="location-state">{JSON.stringify(location.state ?? null)}</div>
    </>
  );
}

/** The claims routes as the shell mounts them, plus the neighbours the list navigates to. */
function renderClaims(route = '/claims', queryClient?: QueryClient) {
  return renderScreen(
    <Routes>
      <Route path="claims/:claimId" element={<LocationProbe />} />
      <Route path="uploadsDownloads" element={<LocationProbe />} />
      <Route path="*" element={<ClaimsRoutes />} />
    </Routes>,
    route,
    queryClient,
  );
}

let api: FakeApi;
/** The answers every test starts with; a test replaces some with api.answer (or answerWith before rendering). */
const ANSWERS: FakeRoutes = {
  'GET /claims': () => tenClaims(),
  // The list's searches answer claims; ?download=True (the Excel download) is answered by each test that downloads.
  'POST /claims/search': () => tenClaims(),
  'GET /annotation/getUsers': [],
  'GET /hospitals': { results: [HOSPITAL] },
  'GET /procedures': [PROCEDURE],
  'GET /claim/batch': (call) => (call.query.get('org') === 'vitraya' ? [batch(3, 'May batch')] : []),
  'POST /claim/batch/leaving': [],
};

/** GET /claims calls by their query: { limit: '25', page_number: '1', org: 'vitraya' } (and status when asked). */
const listCalls = () => api.callsTo('GET /claims').map((call) => Object.fromEntries(call.query));
/** The list's POST /claims/search calls (not the downloads): the body and the query. */
const searchCalls = () =>
  api
    .callsTo('POST /claims/search')
    .filter((call) => !call.query.has('download'))
    .map((call) => ({ body: call.body, query: Object.fromEntries(call.query) }));
const downloadCalls = () => api.callsTo('POST /claims/search').filter((call) => call.query.has('download'));
const listed = (org: string, extra: Record<string, string> = {}) => ({ ...extra, limit: '25', page_number: '1', org });

// Role queries walk the accessibility tree of the whole antd table and cost seconds each in jsdom:
// these helpers find the same elements by their visible text or aria-label instead.
const headers = () => Array.from(document.querySelectorAll('thead th')).map((th) => th.textContent);
const button = (name: string) => screen.getByText(name, { selector: 'button span' }).closest('button')!;
const queryButton = (name: string) => screen.queryByText(name, { selector: 'button span' });
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const queryField = (label: string) => screen.queryByLabelText(label, { selector: 'input' });
const openFilter = () => fireEvent.click(screen.getByText('Filter', { selector: '.ant-collapse-title' }));
const filterButton = () => button('Filter');
const runVerification = () => button('Run Verification');
const rowCheckboxes = () =>
  Array.from(document.querySelectorAll<HTMLInputElement>('.ant-table-tbody tr.ant-table-row input[type="checkbox"]'));
const findDialog = async (title: string) => (await screen.findByText(title)).closest<HTMLElement>('.ant-modal')!;

async function choose(selectLabel: string, optionText: string) {
  fireEvent.mouseDown(field(selectLabel));
  const option = await waitFor(() => {
    const shown = document.querySelector<HTMLElement>(`.ant-select-item-option[title="${optionText}"]`);
    if (!shown) throw new Error(`option ${optionText} is not offered`);
    return shown;
  });
  // A choice can start requests (another insurer's claims and batches): their answers land inside act.
  await act(async () => {
    fireEvent.click(option);
  });
}

function selectRows(count: number) {
  for (const box of rowCheckboxes().slice(0, count)) fireEvent.click(box);
}

beforeEach(() => {
  signOut();
  api = fakeApi(ANSWERS);
});

describe('columns per organisation', () => {
  it('shows the provider the found-entity columns, the total in the title and the insurer selector', async () => {
    signInAs('vitraya', 'user');
    renderClaims();
    expect(await screen.findByText('CASE-1')).toBeInTheDocument();
    expect(headers()).toEqual(
      expect.arrayContaining([
        'Case No.',
        'Case Type',
        'Patient Name',
        'Procedure Code',
        'Hospital Code',
        'Annotation',
        'Procedures Found',
        'Diagnosis Found',
        'Evidence Found',
        'Documents Found',
        'Verification Result',
        'Decision',
        'Date',
      ]),
    );
    expect(screen.getByTestId('table-title')).toHaveTextContent('Claims to Review (60)');
    expect(screen.getByText('CR')).toBeInTheDocument();
    expect(field('Insurer')).toBeInTheDocument();
    expect(listCalls()).toContainEqual(listed('vitraya'));
    expect(screen.getAllByText('Not Done')).toHaveLength(10);
    expect(screen.getAllByText('P001, P002')).toHaveLength(10);
  });

  it('shows insurer users the base columns only, asks for ADJUDICATED claims of their organisation and offers dates and results', async () => {
    signInAs('starhealth', 'user');
    renderClaims('/claims?org=vitraya');
    expect(await screen.findByText('CASE-1')).toBeInTheDocument();
    expect(headers().filter(Boolean)).toEqual([
      'Case No.',
      'Case Type',
      'Patient Name',
      'Procedure Code',
      'Hospital Code',
      'Verification Result',
      'Decision',
      'Assigned to',
      'Due',
      'Date',
    ]);
    expect(listCalls()).toContainEqual(listed('starhealth', { status: 'ADJUDICATED' }));
    expect(queryField('Insurer')).not.toBeInTheDocument();
    // Without the provider's side navigation, the reviewer's queue is reached from the list.
    expect(screen.getByRole('button', { name: 'My Queue' })).toBeInTheDocument();
    expect(api.callsTo('GET /annotation/getUsers')).toHaveLength(0);
    expect(api.callsTo('GET /hospitals')).toHaveLength(0);
    expect(api.callsTo('GET /procedures')).toHaveLength(0);
    expect(api.callsTo('GET /claim/batch')).toHaveLength(0);
    // Batches and the Excel download are the provider's (and for batches the demo organisation's).
    expect(rowCheckboxes()).toHaveLength(0);
    expect(queryButton('Run Verification')).not.toBeInTheDocument();
    openFilter();
    expect(await screen.findByLabelText('From', { selector: 'input' })).toBeInTheDocument();
    expect(queryField('Status')).not.toBeInTheDocument();
    expect(queryField('Hospital Code')).not.toBeInTheDocument();

    fireEvent.click(filterButton());
    const today = todayInZone().format('YYYY-MM-DD');
    await waitFor(() =>
      expect(searchCalls().at(-1)).toEqual({
        body: { startDate: today, endDate: today, status: ['ADJUDICATED'] },
        query: listed('starhealth'),
      }),
    );
    expect(screen.queryByLabelText('Download Excel')).not.toBeInTheDocument();

    // Their claims are all adjudicated: the result is what they tell apart (suspended ones are the provider's).
    expect(screen.queryByRole('checkbox', { name: 'Suspended' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Rejected' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Query' }));
    fireEvent.click(filterButton());
    await waitFor(() =>
      expect(searchCalls().at(-1)).toEqual({
        body: { startDate: today, endDate: today, status: ['ADJUDICATED'], adjudicationResult: ['REJECTED', 'QUERY'] },
        query: listed('starhealth'),
      }),
    );
  });

  it('shows the demo organisation the base columns, all its claims and batch creation', async () => {
    signInAs('vitraya-demo', 'user');
    renderClaims();
    expect(await screen.findByText('CASE-1')).toBeInTheDocument();
    expect(listCalls()).toContainEqual(listed('vitraya-demo'));
    expect(headers()).not.toContain('Annotation');
    expect(rowCheckboxes()).toHaveLength(10);
    expect(queryButton('Run Verification')).toBeInTheDocument();
    // Creating a claim is for super users: a reviewer was offered the button and then sent back without a word.
    expect(queryButton('Create Claim')).not.toBeInTheDocument();
  });

  it('shows Create Claim to super users of the provider and the claim-creating insurers, not to reviewers or ML', async () => {
    for (const [org, role] of [
      ['ML', 'super_user'],
      ['bajaj', 'user'],
      ['vitraya', 'user'],
    ] as const) {
      signInAs(org, role);
      const { unmount } = renderClaims();
      await screen.findByText('CASE-1');
      expect(queryButton('Create Claim')).not.toBeInTheDocument();
      unmount();
    }
    signInAs('bajaj', 'super_user');
    renderClaims();
    fireEvent.click(await screen.findByText('Create Claim', { selector: 'button span' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/claims/create'));
  });
});

describe('cells', () => {
  it('cuts a long reason to one line of the verdict column and shows it whole on hover', async () => {
    signInAs('vitraya', 'user');
    const reason = 'Required Document not found: Discharge Summary, Final Bill, Investigation Report, Consultation Notes';
    api.answer({ 'GET /claims': page([claim(1, { adjudicationResult: 'QUERY', adjudicationReason: reason })]) });
    renderClaims();
    const verdict = await screen.findByText(`Clinical Verification Fail- ${reason}`);
    // No column is pinned (a pinned verdict covered the columns scrolling under it, issue 25 §11): the columns fit
    // the list, the cell's width is the table's (table-layout fixed) and the text is held to one line of it.
    expect(document.querySelectorAll('.ant-table-cell-fix')).toHaveLength(0);
    expect(document.querySelector('.ant-table-body table')).toHaveStyle({ tableLayout: 'fixed' });
    expect(verdict.closest('span[style]')).toHaveStyle({
      display: 'block',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
    });
    fireEvent.mouseEnter(verdict);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(`Clinical Verification Fail- ${reason}`);
  });

  it('words the four verification results, the case types and the date', async () => {
    signInAs('vitraya', 'user');
    api.answer({
      'GET /claims': page([
        claim(1, { adjudicationResult: 'ACCEPTED' }),
        claim(2, { adjudicationResult: 'REJECTED', adjudicationReason: 'ignored for rejections' }),
        claim(3, { adjudicationResult: 'QUERY', adjudicationReason: 'Discharge summary missing' }),
        claim(4, { adjudicationResult: 'QUERY', adjudicationReason: null }),
        claim(5, { adjudicationResult: 'SUSPENDED', caseType: 'SETTLEMENT', case_type: 'SETTLEMENT' }),
        // Older rows carry only case_type.
        claim(6, {
          caseType: undefined as unknown as ClaimListRow['caseType'],
          case_type: 'SETTLEMENT',
          lastModifiedOn: '2024-05-01T20:00:00Z',
        }),
      ]),
    });
    renderClaims();
    const rowText = async (caseNo: string) => (await screen.findByText(caseNo)).closest('tr')!.textContent;
    expect(await rowText('CASE-1')).toContain('Clinical Verification Pass');
    expect(await rowText('CASE-2')).toContain('Clinical Verification Fail');
    expect(await rowText('CASE-2')).not.toContain('ignored');
    expect(await rowText('CASE-3')).toContain('Clinical Verification Fail- Discharge summary missing');
    expect(await rowText('CASE-4')).toContain('Required Document not found');
    expect(await rowText('CASE-5')).toContain('Clinical Verification Fail- Case record not found');
    expect(await rowText('CASE-1')).toContain('Pre Authorization');
    expect(await rowText('CASE-5')).toContain('Settlement');
    expect(await rowText('CASE-6')).toContain('Settlement');
    expect(await rowText('CASE-1')).toContain('2024-05-01');
    // 20:00 UTC is the next day in the display zone (Asia/Kolkata).
    expect(await rowText('CASE-6')).toContain('2024-05-02');
  });

  it('says No Data Found for an empty list', async () => {
    signInAs('vitraya', 'user');
    api.answer({ 'GET /claims': [] });
    renderClaims();
    expect(await screen.findByText('Claims to Review (0)')).toBeInTheDocument();
    expect(screen.getByText('No Data Found')).toBeInTheDocument();
  });
});

describe('paging and navigation', () => {
  it("says '10,000+' where the server stopped counting", async () => {
    signInAs('vitraya', 'user');
    api.answer({
      'GET /claims': () =>
        page(
          Array.from({ length: 10 }, (_, i) => claim(i + 1)),
          10_000,
        ).map((row, i) => (i ? row : { ...row, total_count_capped: true })),
    });
    renderClaims();
    await screen.findByText('CASE-1');
    expect(screen.getByTestId('table-title')).toHaveTextContent('Claims to Review (10,000+)');
    expect(screen.getByText('1-25 of 10,000+')).toBeInTheDocument();
  });

  it('asks the server for 1-based pages of the chosen size', async () => {
    signInAs('vitraya', 'user');
    renderClaims();
    await screen.findByText('CASE-1');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ limit: '25', page_number: '2', org: 'vitraya' }));

    const sizeChanger = document.querySelector('.ant-pagination-options [role="combobox"]')!;
    fireEvent.mouseDown(sizeChanger);
    expect(await screen.findByTitle('10 / page')).toBeInTheDocument();
    expect(screen.getByTitle('100 / page')).toBeInTheDocument();
    fireEvent.click(await screen.findByTitle('50 / page'));
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ limit: '50', page_number: expect.any(String), org: 'vitraya' }));
  });

  it('lets the provider pick the insurer through ?org= and opens a row with org, showAnnotation and caseType', async () => {
    signInAs('vitraya', 'user', 'vitraya.reviewer');
    api.answer({ 'GET /annotation/getUsers': ['vitraya.reviewer'] });
    renderClaims('/claims?org=maxbupa');
    await screen.findByText('CASE-1');
    expect(listCalls()).toContainEqual(listed('maxbupa'));
    expect(await screen.findByText('Annotation Report', { selector: 'button span' })).toBeInTheDocument();

    await choose('Insurer', 'Bajaj');
    await waitFor(() => expect(listCalls().at(-1)).toEqual(listed('bajaj')));
    await waitFor(() => expect(api.callsTo('GET /claim/batch').at(-1)?.url).toBe('/claim/batch?limit=100&page_number=1&org=bajaj'));
    fireEvent.click(await screen.findByText('Patient 3'));
    expect(screen.getByTestId('location')).toHaveTextContent('/claims/3?org=bajaj&showAnnotation=true&caseType=PRE_AUTH');
  });

  it('keeps annotation mode off for users not among the analysts', async () => {
    signInAs('vitraya', 'user', 'vitraya.admin');
    api.answer({ 'GET /annotation/getUsers': ['vitraya.reviewer'] });
    renderClaims();
    fireEvent.click(await screen.findByText('Patient 2'));
    expect(screen.getByTestId('location')).toHaveTextContent('/claims/2?org=vitraya&showAnnotation=false&caseType=PRE_AUTH');
    expect(queryButton('Annotation Report')).not.toBeInTheDocument();
  });
});

describe('opening claims for the claim page', () => {
  const handedState = () => JSON.parse(screen.getByTestId('location-state').textContent!);

  it("hands the claim page the page's claims in order and the list to return to", async () => {
    signInAs('vitraya', 'user');
    renderClaims('/claims?org=bajaj');
    fireEvent.click(await screen.findByText('Patient 2'));
    const state = handedState();
    expect(state.listUrl).toBe('/claims?org=bajaj');
    expect(state.claims.map((c: { id: number }) => c.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(state.claims[2]).toEqual({ id: 3, url: '/claims/3?org=bajaj&showAnnotation=false&caseType=PRE_AUTH' });
  });

  it("lists a batch's claims of one outcome through /redirect, titled with the batch, and opens them with the batch", async () => {
    signInAs('vitraya', 'user');
    api.answer({ 'POST /redirect': page([claim(5), claim(6)], 2) });
    renderClaims('/claims?org=vitraya&batchId=7&adjType=rejected&batchName=March%20cataract');
    expect(await screen.findByText('CASE-5')).toBeInTheDocument();
    expect(screen.getByTestId('table-title')).toHaveTextContent('Claims to Review: March cataract (2)');
    expect(api.callsTo('POST /redirect').map((call) => ({ url: call.url, body: call.body }))).toEqual([
      { url: '/redirect?limit=25&page_number=1&org=vitraya', body: { batchId: 7, adjType: 'rejected' } },
    ]);
    expect(listCalls()).toHaveLength(0);
    expect(screen.queryByText('Filter', { selector: '.ant-collapse-title' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByText('Patient 6'));
    expect(screen.getByTestId('location')).toHaveTextContent('/claims/6?org=vitraya&batchId=7&adjType=rejected&batchName=March+cataract');
    expect(handedState().listUrl).toBe('/claims?org=vitraya&batchId=7&adjType=rejected&batchName=March+cataract');
  });

  it('goes from a batch back to all claims', async () => {
    signInAs('vitraya', 'user');
    api.answer({ 'POST /redirect': page([claim(5)], 1) });
    renderClaims('/claims?org=vitraya&batchId=7&adjType=accepted&batchName=March');
    await screen.findByText('CASE-5');
    fireEvent.click(button('All Claims'));
    expect(await screen.findByText('CASE-1')).toBeInTheDocument();
    expect(screen.getByTestId('table-title')).toHaveTextContent('Claims to Review (60)');
    expect(listCalls()).toEqual([listed('vitraya')]);
  });
});

describe('selection and batches', () => {
  it('counts selected rows and enables Run Verification at 5', async () => {
    signInAs('vitraya', 'user');
    renderClaims();
    await screen.findByText('CASE-1');
    expect(runVerification()).toBeDisabled();
    await userEvent.hover(runVerification().parentElement!);
    expect(await screen.findByText('Select Minimum 5 claims to create batch for run verifications')).toBeInTheDocument();

    selectRows(4);
    expect(screen.getByText('4 row(s) selected')).toBeInTheDocument();
    expect(runVerification()).toBeDisabled();
    fireEvent.click(rowCheckboxes()[4]);
    expect(screen.getByText('5 row(s) selected')).toBeInTheDocument();
    expect(runVerification()).toBeEnabled();
    // Ticking a box selects; it does not open the claim.
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('creates a batch of the selection once named, clears the search and moves to Uploads and Downloads', async () => {
    signInAs('vitraya', 'user');
    setClaimSearch('Patient');
    api.answer({ 'POST /claim/batch/create': { id: 9, batchName: 'May run', Message: 'created' } });
    // What the batch changes elsewhere: another screen's cached batches and dashboard counts.
    const queryClient = testQueryClient();
    queryClient.setQueryData(batchKeys.options('bajaj'), []);
    queryClient.setQueryData(dashboardKeys.count('getAll', 'starhealth'), []);
    renderClaims('/claims?org=starhealth', queryClient);
    await screen.findAllByText('CASE-1');
    selectRows(5);
    fireEvent.click(runVerification());

    const dialog = await findDialog('Enter the batch name');
    const create = within(dialog).getByText('Create Batch', { selector: 'button span' }).closest('button')!;
    expect(create).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Batch name'), { target: { value: '   ' } });
    expect(create).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Batch name'), { target: { value: 'May run' } });
    expect(create).toBeEnabled();
    fireEvent.click(create);

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/uploadsDownloads'));
    expect(api.callsTo('POST /claim/batch/create').map((call) => call.body)).toEqual([
      { claims: [1, 2, 3, 4, 5], batchName: 'May run', downloadedClaimFlag: 'false', organization: 'starhealth' },
    ]);
    expect(claimSearchStore.getState().query).toBe('');
    expect(queryClient.getQueryState(batchKeys.options('bajaj'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(dashboardKeys.count('getAll', 'starhealth'))?.isInvalidated).toBe(true);
  });

  it('names the batches the claims would leave and moves them only once the user confirms', async () => {
    signInAs('vitraya', 'user');
    api.answer({
      'POST /claim/batch/leaving': [
        { id: 4, batchName: 'April assigned', status: 'ASSIGNED', allocation_status: 'ASSIGNED', leaving: 2, total_claims_count: 5 },
        { id: 6, batchName: 'March done', status: 'FULLY_PROCESSED', allocation_status: null, leaving: 1, total_claims_count: 1 },
      ],
      'POST /claim/batch/create': { id: 9, batchName: 'Moved run', Message: 'created' },
    });
    renderClaims();
    await screen.findByText('CASE-1');
    selectRows(5);
    fireEvent.click(runVerification());

    const dialog = await findDialog('Enter the batch name');
    expect(await within(dialog).findByText('Some of the selected claims are already in a batch')).toBeInTheDocument();
    expect(
      within(within(dialog).getByRole('list', { name: 'Batches the claims leave' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      "'April assigned' (Assigned): 2 of its 5 claims; its analysts' allocation shrinks to the claims it keeps",
      "'March done' (Fully processed): 1 of its 1 claims; it is left with no claims and is discarded",
    ]);
    expect(api.callsTo('POST /claim/batch/leaving').map((call) => call.body)).toEqual([
      { claims: [1, 2, 3, 4, 5], organization: 'vitraya' },
    ]);
    const create = within(dialog).getByText('Create Batch', { selector: 'button span' }).closest('button')!;
    fireEvent.change(within(dialog).getByLabelText('Batch name'), { target: { value: 'Moved run' } });
    expect(create).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Move these claims out of their batches' }));
    expect(create).toBeEnabled();
    fireEvent.click(create);

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/uploadsDownloads'));
    expect(api.callsTo('POST /claim/batch/create').map((call) => call.body)).toEqual([
      { claims: [1, 2, 3, 4, 5], batchName: 'Moved run', downloadedClaimFlag: 'false', organization: 'vitraya', moveFromBatches: true },
    ]);
  });

  it('shows the error and stops the spinner when the batch cannot be created', async () => {
    signInAs('vitraya', 'user');
    api.answer({ 'POST /claim/batch/create': failure(409, 'Batch name already exists') });
    renderClaims();
    await screen.findByText('CASE-1');
    selectRows(5);
    fireEvent.click(runVerification());
    const dialog = await findDialog('Enter the batch name');
    fireEvent.change(within(dialog).getByLabelText('Batch name'), { target: { value: 'Dup' } });
    fireEvent.click(within(dialog).getByText('Create Batch', { selector: 'button span' }).closest('button')!);
    expect(await screen.findByText('Batch name already exists')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByText('Create Batch', { selector: 'button span' }).closest('button')!).not.toHaveClass('ant-btn-loading'),
    );
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('closes the prompt on Cancel without creating anything', async () => {
    signInAs('vitraya', 'user');
    renderClaims();
    await screen.findByText('CASE-1');
    selectRows(5);
    fireEvent.click(runVerification());
    const dialog = await findDialog('Enter the batch name');
    fireEvent.click(within(dialog).getByText('Cancel', { selector: 'button span' }));
    await waitFor(() => expect(screen.queryByText('Enter the batch name')).not.toBeInTheDocument());
    expect(api.callsTo('POST /claim/batch/create')).toHaveLength(0);
  });
});

describe('filter panel', () => {
  async function typeDate(label: 'From' | 'To', value: string) {
    const input = field(label);
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  }

  it('refuses a range longer than 90 days', async () => {
    signInAs('vitraya', 'user');
    renderClaims();
    await screen.findByText('CASE-1');
    openFilter();
    expect(await screen.findByText('Max 90 days')).toBeInTheDocument();
    expect(filterButton()).toBeEnabled();
    await typeDate('From', todayInZone().subtract(91, 'day').format('DD-MM-YYYY'));
    expect(await screen.findByText('Date should not exceed 90 days.')).toBeInTheDocument();
    expect(filterButton()).toBeDisabled();
    await typeDate('From', todayInZone().subtract(90, 'day').format('DD-MM-YYYY'));
    await waitFor(() => expect(screen.queryByText('Date should not exceed 90 days.')).not.toBeInTheDocument());
    expect(filterButton()).toBeEnabled();
  });

  it('offers Adjudication Result only while Adjudicated is chosen, and drops it with Adjudicated', async () => {
    signInAs('vitraya', 'user');
    renderClaims();
    await screen.findByText('CASE-1');
    openFilter();
    await screen.findByLabelText('Status', { selector: 'input' });
    expect(screen.queryByLabelText('Accepted')).not.toBeInTheDocument();

    await choose('Status', 'OPEN');
    expect(screen.queryByLabelText('Accepted')).not.toBeInTheDocument();
    await choose('Status', 'ADJUDICATED');
    for (const label of ['Accepted', 'Rejected', 'Query', 'Suspended']) expect(screen.getByLabelText(label)).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Accepted'));
    await choose('Status', 'ADJUDICATED');
    expect(screen.queryByLabelText('Accepted')).not.toBeInTheDocument();

    fireEvent.click(filterButton());
    await waitFor(() => expect(searchCalls()).not.toHaveLength(0));
    expect(searchCalls().at(-1)!.body).toEqual(expect.objectContaining({ status: ['OPEN'] }));
    expect(searchCalls().at(-1)!.body).not.toHaveProperty('adjudicationResult');
  });

  it('sends every chosen field in the search body and offers the Excel download', async () => {
    signInAs('vitraya', 'user');
    renderClaims();
    await screen.findByText('CASE-1');
    expect(screen.queryByLabelText('Download Excel')).not.toBeInTheDocument();
    openFilter();
    await choose('Status', 'ADJUDICATED');
    fireEvent.click(screen.getByLabelText('Rejected'));
    await choose('Hospital Code', 'H01 - City Hospital');
    await choose('Procedures', 'P001 - Hysterectomy');
    await choose('Batches', 'May batch');
    await choose('Case Type', 'Settlement');
    // User names are typed; a comma ends one.
    fireEvent.change(field('User Name'), { target: { value: 'vitraya.reviewer,' } });
    expect(await screen.findByTitle('vitraya.reviewer')).toBeInTheDocument();

    fireEvent.click(filterButton());
    const today = todayInZone().format('YYYY-MM-DD');
    await waitFor(() =>
      expect(searchCalls().at(-1)).toEqual({
        body: {
          startDate: today,
          endDate: today,
          status: ['ADJUDICATED'],
          hospital_code: ['H01'],
          userName: ['vitraya.reviewer'],
          procedureCode: ['P001'],
          batch: [3],
          caseType: ['SETTLEMENT'],
          adjudicationResult: ['REJECTED'],
        },
        query: listed('vitraya'),
      }),
    );
    expect(screen.getByLabelText('Download Excel')).toBeInTheDocument();
  });

  it("tags claims with documents requested and finds only those with 'Documents requested'", async () => {
    signInAs('vitraya', 'user');
    api.answer({
      'GET /claims': page([claim(1, { documentsRequested: true, answersRequested: true }), claim(2, { documentsRequested: false })]),
    });
    renderClaims();
    const tags = async (caseNo: string) =>
      Array.from((await screen.findByText(caseNo)).closest('tr')!.querySelectorAll('.ant-tag')).map((tag) => tag.textContent);
    expect(await tags('CASE-1')).toEqual(['Answers requested', 'Documents requested']);
    expect(await tags('CASE-2')).toEqual([]);
    openFilter();
    fireEvent.click(screen.getByLabelText('Documents requested'));
    fireEvent.click(filterButton());
    const today = todayInZone().format('YYYY-MM-DD');
    await waitFor(() =>
      expect(searchCalls().at(-1)).toEqual({
        body: { startDate: today, endDate: today, documentsRequested: true },
        query: listed('vitraya'),
      }),
    );
  });

  it("tags claims whose questions wait for answers and finds only those with 'Answers requested'", async () => {
    signInAs('vitraya', 'user');
    api.answer({ 'GET /claims': page([claim(1, { answersRequested: true }), claim(2, { answersRequested: false })]) });
    renderClaims();
    const tagged = async (caseNo: string) => (await screen.findByText(caseNo)).closest('tr')!.querySelector('.ant-tag')?.textContent;
    expect(await tagged('CASE-1')).toBe('Answers requested');
    expect(await tagged('CASE-2')).toBeUndefined();
    openFilter();
    fireEvent.click(screen.getByLabelText('Answers requested'));
    fireEvent.click(filterButton());
    const today = todayInZone().format('YYYY-MM-DD');
    await waitFor(() =>
      expect(searchCalls().at(-1)).toEqual({
        body: { startDate: today, endDate: today, answersRequested: true },
        query: listed('vitraya'),
      }),
    );
  });

  it("shows each claim's decision beside the verdict and finds the claims whose decision differs from it", async () => {
    signInAs('vitraya', 'user');
    api.answer({ 'GET /claims': page([claim(1, { decision: 'DENY' }), claim(2, { decision: 'MIXED' }), claim(3, { decision: null })]) });
    renderClaims();
    const decisionOf = async (caseNo: string) => {
      const row = (await screen.findByText(caseNo)).closest('tr')!;
      const column = screen.getAllByRole('columnheader').findIndex((header) => header.textContent === 'Decision');
      return row.querySelectorAll('td')[column]?.textContent;
    };
    expect(await decisionOf('CASE-1')).toBe('Denied');
    expect(await decisionOf('CASE-2')).toBe('Mixed');
    expect(await decisionOf('CASE-3')).toBe('');
    openFilter();
    fireEvent.click(screen.getByLabelText('Decision differs from verdict'));
    fireEvent.click(filterButton());
    const today = todayInZone().format('YYYY-MM-DD');
    await waitFor(() =>
      expect(searchCalls().at(-1)).toEqual({ body: { startDate: today, endDate: today, decisionDiffers: true }, query: listed('vitraya') }),
    );
  });

  it('shows who holds each claim and when it is due, tags the overdue ones and finds them', async () => {
    signInAs('vitraya', 'user');
    api.answer({
      'GET /claims': page([
        // 20:00 UTC is 01:30 of the next day in Asia/Kolkata.
        claim(1, { assignedTo: 'vitraya.reviewer', dueAt: '2024-05-01T20:00:00Z', overdue: true }),
        claim(2, { assignedTo: 'vitraya.ana', dueAt: '2024-05-03T04:00:00Z', overdue: false }),
        claim(3, { assignedTo: null, dueAt: null, overdue: false }),
      ]),
    });
    renderClaims();
    const cellOf = async (caseNo: string, title: string) => {
      const row = (await screen.findByText(caseNo)).closest('tr')!;
      const column = screen.getAllByRole('columnheader').findIndex((header) => header.textContent === title);
      return row.querySelectorAll('td')[column]?.textContent;
    };
    expect(await cellOf('CASE-1', 'Assigned to')).toBe('vitraya.reviewer');
    expect(await cellOf('CASE-1', 'Due')).toBe('2024-05-02 01:30Overdue');
    expect(await cellOf('CASE-2', 'Due')).toBe('2024-05-03 09:30');
    expect(await cellOf('CASE-3', 'Assigned to')).toBe('');
    expect(await cellOf('CASE-3', 'Due')).toBe('');
    openFilter();
    fireEvent.click(screen.getByLabelText('Overdue'));
    fireEvent.click(filterButton());
    const today = todayInZone().format('YYYY-MM-DD');
    await waitFor(() =>
      expect(searchCalls().at(-1)).toEqual({ body: { startDate: today, endDate: today, overdue: true }, query: listed('vitraya') }),
    );
  });

  it('asks again from page 1 when Filter is pressed with the filter already applied', async () => {
    signInAs('vitraya', 'user');
    renderClaims();
    await screen.findByText('CASE-1');
    openFilter();
    fireEvent.click(filterButton());
    await waitFor(() => expect(searchCalls()).toHaveLength(1));
    await screen.findByLabelText('Download Excel');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(searchCalls().at(-1)?.query).toEqual({ limit: '25', page_number: '2', org: 'vitraya' }));

    fireEvent.click(filterButton());
    await waitFor(() => expect(searchCalls()).toHaveLength(3));
    expect(searchCalls().at(-1)!.query).toEqual(listed('vitraya'));
    fireEvent.click(filterButton());
    await waitFor(() => expect(searchCalls()).toHaveLength(4));
    expect(searchCalls().at(-1)!.query).toEqual(listed('vitraya'));
  });

  it('Reset Filter clears the selections, the dates to today and the search query, and lists again', async () => {
    signInAs('vitraya', 'user');
    setClaimSearch('Patient');
    renderClaims();
    await waitFor(() => expect(searchCalls()).toContainEqual({ body: { query: 'Patient' }, query: listed('vitraya') }));
    openFilter();
    await choose('Status', 'ADJUDICATED');
    await typeDate('From', todayInZone().subtract(10, 'day').format('DD-MM-YYYY'));
    fireEvent.click(filterButton());
    await screen.findByLabelText('Download Excel');
    expect(document.querySelector('.ant-select-selection-item[title="ADJUDICATED"]')).not.toBeNull();
    expect(listCalls()).toHaveLength(0);

    fireEvent.click(button('Reset Filter'));
    await waitFor(() => expect(listCalls()).toEqual([listed('vitraya')]));
    expect(claimSearchStore.getState().query).toBe('');
    expect(screen.queryByLabelText('Download Excel')).not.toBeInTheDocument();
    expect(document.querySelector('.ant-select-selection-item[title="ADJUDICATED"]')).toBeNull();
    expect(field('From')).toHaveValue(todayInZone().format('DD-MM-YYYY'));
    expect(field('To')).toHaveValue(todayInZone().format('DD-MM-YYYY'));
  });
});

describe('search text from the top bar', () => {
  it('searches with the query and highlights it in the rows', async () => {
    signInAs('vitraya', 'user');
    api.answer({ 'POST /claims/search': page([claim(1, { patientName: 'Ramesh Kumar' }), claim(2, { patientName: 'Sita Ram' })]) });
    setClaimSearch('ram');
    renderClaims();
    await waitFor(() => expect(searchCalls()).toContainEqual({ body: { query: 'ram' }, query: listed('vitraya') }));
    expect(listCalls()).toHaveLength(0);
    const marks = await screen.findAllByText(/ram/i, { selector: 'mark' });
    expect(marks.map((m) => m.textContent)).toEqual(['Ram', 'Ram']);
  });

  it('waits for 3 characters and follows the store as the user types', async () => {
    signInAs('vitraya', 'user');
    setClaimSearch('ra');
    renderClaims();
    await screen.findByText('CASE-1');
    expect(searchCalls()).toHaveLength(0);
    act(() => setClaimSearch('CASE-1'));
    await waitFor(() => expect(searchCalls()).toContainEqual({ body: { query: 'CASE-1' }, query: listed('vitraya') }));
    act(() => clearClaimSearch());
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });
});

describe('downloads', () => {
  let savedAs: string[];
  beforeEach(() => {
    savedAs = [];
    URL.createObjectURL = jest.fn(() => 'blob:claims');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      savedAs.push(this.download);
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('saves the filtered claims as claims_data_{DD-MM-YYYY}.csv, and says so when it cannot', async () => {
    signInAs('vitraya', 'user');
    const downloads = [new Blob(['a,b'], { type: 'text/csv' }), failure(500, 'boom')];
    api.answer({ 'POST /claims/search': (call) => (call.query.has('download') ? downloads.shift()! : tenClaims()) });
    renderClaims();
    await screen.findByText('CASE-1');
    openFilter();
    fireEvent.click(filterButton());
    fireEvent.click(await screen.findByLabelText('Download Excel'));
    await waitFor(() => expect(savedAs).toEqual([`claims_data_${todayInZone().format('DD-MM-YYYY')}.csv`]));
    const today = todayInZone().format('YYYY-MM-DD');
    expect(downloadCalls().map((call) => [call.body, call.url])).toEqual([
      [{ startDate: today, endDate: today }, '/claims/search?download=True&org=vitraya'],
    ]);

    // A file call's error body is a Blob: the client cannot read its detail, only the status.
    expectConsoleError('ApiError: Request failed with status 500');
    await waitFor(() => expect(screen.getByLabelText('Download Excel')).not.toHaveClass('ant-btn-loading'));
    fireEvent.click(screen.getByLabelText('Download Excel'));
    expect(await screen.findByText('Failed to download')).toBeInTheDocument();
    expect(savedAs).toHaveLength(1);
    expect(downloadCalls()).toHaveLength(2);
  });

  it('saves the annotation report as Annotate_data_{date}.xlsx, and says so when it cannot', async () => {
    signInAs('vitraya', 'user', 'vitraya.reviewer');
    const reports = [new Blob(['xlsx']), failure(500, 'boom')];
    api.answer({ 'GET /annotation/getUsers': ['vitraya.reviewer'], 'GET /annotation/generateReport': () => reports.shift()! });
    // A file call's error body is a Blob: the client cannot read its detail, only the status.
    expectConsoleError('ApiError: Request failed with status 500');
    renderClaims();
    fireEvent.click(await screen.findByText('Annotation Report', { selector: 'button span' }));
    await waitFor(() => expect(savedAs).toEqual([`Annotate_data_${todayInZone().format('DD-MM-YYYY')}.xlsx`]));
    await waitFor(() => expect(button('Annotation Report')).not.toHaveClass('ant-btn-loading'));
    fireEvent.click(button('Annotation Report'));
    expect(await screen.findByText('Failed to download')).toBeInTheDocument();
    expect(api.callsTo('GET /annotation/generateReport')).toHaveLength(2);
  });
});
