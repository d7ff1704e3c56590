import { setRuntimeConfig, todayInZone } from '@claims/shared-kernel';
import { failure, signInAs, type FakeApi, type FakeRoutes } from '@claims/shared-kernel/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  activePanel,
  byLabel,
  choose,
  consoleApi,
  findByLabel,
  findDialog,
  openTab,
  panelButton,
  renderConsole as render,
  renderConsoleRoutes,
  setUpConsoleTests,
  typeDate,
  wire,
} from '../../testing/console';
import { batchRow, claimRow, NO_FILTER_OPTIONS } from '../../testing/fixtures';

setUpConsoleTests();

let api: FakeApi;
const useApi = (routes: FakeRoutes = {}) => {
  api = consoleApi(routes);
  return api;
};
type ConsoleClaimTab = 'uploads' | 'downloadFailed' | 'uploadFailed';
const TABS: ConsoleClaimTab[] = ['uploads', 'downloadFailed', 'uploadFailed'];
/** The filter searches of one claims tab (POST /claim/batch/{tab}/search), or of every tab in the order made. */
const tabSearches = (tab?: ConsoleClaimTab) =>
  api.calls.filter((call) => (tab ? [tab] : TABS).some((t) => call.route === `POST /claim/batch/${t}/search`));
const statistic = (title: string) => within(activePanel()).getByText(title).closest('.ant-statistic') as HTMLElement;

describe('/uploadsDownloads header', () => {
  it("shows the title, the UD avatar and each tab's statistics from GET /downloadedCount", async () => {
    useApi();
    await render();
    expect(await screen.findByText('Uploads and Downloads', { selector: 'h4' })).toBeInTheDocument();
    expect(screen.getByText('UD')).toBeInTheDocument();

    await waitFor(() => expect(statistic('Claims Downloaded')).toHaveTextContent('57'));
    expect(statistic('Date')).toHaveTextContent(todayInZone().format('DD-MM-YYYY'));
    expect(statistic('Claims Failed')).toHaveTextContent('3');

    openTab('Batch Summary');
    await waitFor(() => expect(statistic('Batches Created Today')).toHaveTextContent('4'));
    expect(statistic('Batches Failed')).toHaveTextContent('1');
    expect(statistic('Last Batch Created By')).toHaveTextContent('vitraya.admin');

    openTab('Downloads failed');
    // The failed tabs count every failed claim of the insurer, as their grids do; Claims Failed above is today's.
    await waitFor(() => expect(statistic('Total Downloads Failed')).toHaveTextContent('12'));

    openTab('Uploads/Verification failed');
    await waitFor(() => expect(statistic('Total Uploads Failed')).toHaveTextContent('6'));
    expect(api.callsTo('GET /downloadedCount').length).toBeGreaterThanOrEqual(4);
  });
});

describe('/uploadsDownloads grids', () => {
  it('loads each tab from its endpoint with org, limit, page_number and status, and names the tab when empty', async () => {
    useApi();
    await render();
    expect(await screen.findByText('No Data Found in Uploads/Downloads')).toBeInTheDocument();
    expect(api.callsTo('GET /claims').map((c) => c.url)).toEqual(['/claims?downloaded=true&org=vitraya&limit=25&page_number=1']);

    openTab('Batch Summary');
    expect(await screen.findByText('No Data Found in Batch Summary')).toBeInTheDocument();
    expect(api.callsTo('GET /claim/batch').map((c) => c.url)).toEqual(['/claim/batch?downloaded=true&org=vitraya&limit=25&page_number=1']);

    openTab('Downloads failed');
    expect(await screen.findByText('No Data Found in Downloads failed')).toBeInTheDocument();
    openTab('Uploads/Verification failed');
    expect(await screen.findByText('No Data Found in Uploads/Verification failed')).toBeInTheDocument();
    expect(api.callsTo('GET /claims').map((c) => c.url)).toEqual([
      '/claims?downloaded=true&org=vitraya&limit=25&page_number=1',
      '/claims?downloaded=true&org=vitraya&limit=25&page_number=1&status=DOWNLOAD_FAILED',
      '/claims?downloaded=true&org=vitraya&limit=25&page_number=1&status=UPLOAD_FAILED,VERIFICATION_FAILED',
    ]);
  });

  it('shows the claim columns with dates as DD-MM-YYYY and a selection banner', async () => {
    useApi({ 'GET /claims': () => [claimRow({ fk_batch_id: 7 })] });
    await render();
    const row = (await screen.findByText('INT-0001')).closest('tr') as HTMLElement;
    for (const text of [
      'Cataract',
      'Phaco with IOL',
      'Phacoemulsification',
      'OPH001',
      'Pre Authorization',
      'Approved',
      'DOWNLOADED',
      '04-03-2025',
      '03-03-2025',
      '110473004',
      '7',
    ]) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByTestId('table-title')).toHaveTextContent('Uploads/Downloads (1)');
    fireEvent.click(row.querySelector('input[type="checkbox"]') as HTMLInputElement);
    expect(await screen.findByText('1 row(s) selected')).toBeInTheDocument();
  });

  it('offers the console page sizes and asks for the chosen one', async () => {
    useApi({ 'GET /claims': () => [claimRow({ total_count: 400 })] });
    await render();
    await screen.findByText('INT-0001');
    fireEvent.mouseDown(byLabel(activePanel(), /page/i));
    const sizes = await screen.findAllByText(/^\d+ \/ page$/);
    const offered = [...new Set(sizes.filter((el) => el.closest('.ant-select-item-option')).map((el) => el.textContent))];
    expect(offered).toEqual(['25 / page', '50 / page', '75 / page', '100 / page', '150 / page', '200 / page', '250 / page', '300 / page']);
    fireEvent.click(sizes.find((el) => el.textContent === '50 / page' && el.closest('.ant-select-item-option')) as HTMLElement);
    await waitFor(() => expect(api.calls.at(-1)?.url).toBe('/claims?downloaded=true&org=vitraya&limit=50&page_number=1'));
  });

  it('sends the chosen insurer as org (Niva Bupa is maxbupa) on the claims and batch tabs', async () => {
    useApi();
    await render();
    await screen.findByText('No Data Found in Uploads/Downloads');
    await choose('Insurer', 'Niva Bupa');
    await waitFor(() => expect(api.callsTo('GET /claims').at(-1)?.url).toBe('/claims?downloaded=true&org=maxbupa&limit=25&page_number=1'));
    await waitFor(() => expect(api.callsTo('GET /downloadedCount').at(-1)?.url).toBe('/downloadedCount?org=maxbupa'));
    openTab('Batch Summary');
    await waitFor(() =>
      expect(api.callsTo('GET /claim/batch').at(-1)?.url).toBe('/claim/batch?downloaded=true&org=maxbupa&limit=25&page_number=1'),
    );
    await choose('Insurer', 'Star Health');
    await waitFor(() =>
      expect(api.callsTo('GET /claim/batch').at(-1)?.url).toBe('/claim/batch?downloaded=true&org=starhealth&limit=25&page_number=1'),
    );
  });

  it("shows the claim's error message in the Error Response dialog", async () => {
    useApi({
      'GET /claims': () => [claimRow({ error_code: '500', error_message: 'Insurer portal timed out after 30 s' })],
    });
    await render('/uploadsDownloads');
    fireEvent.click(await findByLabel(document.body, 'Error response of INT-0001'));
    const dialog = await findDialog('Error Response');
    expect(within(dialog).getByText('Insurer portal timed out after 30 s')).toBeInTheDocument();
  });

  it('previews the insurer documents through the api client, with page navigation, zoom and rotate', async () => {
    const created: Blob[] = [];
    Object.assign(URL, { createObjectURL: (blob: Blob) => `blob:doc-${created.push(blob)}`, revokeObjectURL: () => undefined });
    useApi({
      'GET /claims': () => [claimRow()],
      'GET /claims/:claimId/documents/:documentId': ({ params }) =>
        params.documentId === '1' ? new Blob(['png'], { type: 'image/png' }) : failure(404, 'Document not found'),
    });
    await render();
    fireEvent.click(await findByLabel(document.body, 'Preview documents of INT-0001'));
    const dialog = await findDialog('Documents of INT-0001');
    expect(within(dialog).getByText('Document - 1')).toBeInTheDocument();
    expect(within(dialog).getByText('Document - 2')).toBeInTheDocument();
    const image = await within(dialog).findByAltText('Document - 1');
    expect(image).toHaveAttribute('src', 'blob:doc-1');
    fireEvent.click(byLabel(dialog, 'Zoom in'));
    expect(image.style.width).toBe('125%');
    fireEvent.click(byLabel(dialog, 'Rotate right'));
    expect(image.style.transform).toBe('rotate(90deg)');

    fireEvent.click(byLabel(dialog, 'Next page'));
    expect(await within(dialog).findByText('Document not found')).toBeInTheDocument();
    expect(within(dialog).getByTestId('viewer-position')).toHaveTextContent('2 / 2');
    expect(api.calls.filter((c) => c.url.startsWith('/claims/101/documents')).map((c) => c.url)).toEqual([
      '/claims/101/documents/1',
      '/claims/101/documents/2',
    ]);
  });
});

describe('/uploadsDownloads batch summary', () => {
  it('expands a batch to its outcome counts and loads the claims of one outcome through /redirectOther', async () => {
    useApi({
      'GET /claim/batch': () => [batchRow()],
      'POST /redirectOther': ({ body }) =>
        (body as { adjType: string }).adjType === 'rejected'
          ? [claimRow({ intimation_number: 'INT-REJ' })]
          : failure(500, 'Batch outcome lookup failed'),
    });
    await render();
    openTab('Batch Summary');
    const row = (await screen.findByText('March cataract')).closest('tr') as HTMLElement;
    expect(within(row).getByText('05-03-2025')).toBeInTheDocument();
    expect(within(row).getByText('In Processing')).toBeInTheDocument();
    fireEvent.click(byLabel(row, /expand row/i));

    const counts = await findByLabel(document.body, 'Outcomes of March cataract');
    const count = (label: string) => byLabel(counts, `${label} claims of March cataract`);
    expect(count('Accepted')).toHaveTextContent('9');
    expect(count('Rejected')).toHaveTextContent('2');
    expect(count('Query')).toHaveTextContent('3');
    expect(count('In Progress/To be Verified')).toHaveTextContent('5');
    expect(count('Failed')).toHaveTextContent('1');

    fireEvent.click(count('Rejected'));
    const dialog = await findDialog('March cataract: Rejected');
    expect(await within(dialog).findByText('INT-REJ')).toBeInTheDocument();
    expect(api.callsTo('POST /redirectOther').map(wire)).toEqual([
      { method: 'POST', url: '/redirectOther?org=vitraya&limit=25&page_number=1', body: { batchId: 7, adjType: 'rejected' } },
    ]);
    fireEvent.click(within(dialog).getByText('Close', { selector: 'button > span' }));

    fireEvent.click(count('In Progress/To be Verified'));
    expect(await screen.findByText('Batch outcome lookup failed')).toBeInTheDocument();
    expect(api.callsTo('POST /redirectOther').at(-1)?.body).toEqual({ batchId: 7, adjType: 'inProgress' });
  });
});

describe('/uploadsDownloads filters', () => {
  it('keeps Filter disabled with the 90-day message while the range is too long or reversed', async () => {
    useApi();
    await render();
    await screen.findByText('No Data Found in Uploads/Downloads');
    fireEvent.click(within(activePanel()).getByText('Filter'));
    const panel = activePanel();
    typeDate('From', todayInZone().subtract(120, 'day'), panel);
    typeDate('To', todayInZone().subtract(1, 'day'), panel);
    expect(await within(panel).findByText('Date should not exceed 90 days.')).toBeInTheDocument();
    expect(panelButton(panel, 'Filter')).toBeDisabled();

    typeDate('From', todayInZone().subtract(30, 'day'), panel);
    await waitFor(() => expect(within(panel).queryByText('Date should not exceed 90 days.')).not.toBeInTheDocument());
    expect(panelButton(panel, 'Filter')).toBeEnabled();
  });

  it('searches the uploads tab with the filter body, and Reset Filter goes back to the list', async () => {
    useApi();
    await render();
    await screen.findByText('No Data Found in Uploads/Downloads');
    const panel = activePanel();
    fireEvent.click(within(panel).getByText('Filter'));
    const from = todayInZone().subtract(10, 'day');
    const to = todayInZone().subtract(2, 'day');
    typeDate('From', from, panel);
    typeDate('To', to, panel);
    await choose('Case Type', 'Settlement', panel);
    await choose('Error', '404', panel);
    fireEvent.click(panelButton(panel, 'Filter'));
    await waitFor(() => expect(tabSearches('uploads')).toHaveLength(1));
    const [search] = tabSearches('uploads');
    expect(search.url).toBe('/claim/batch/uploads/search?limit=25&page_number=1&org=vitraya');
    expect(search.body).toEqual({
      startDate: from.format('YYYY-MM-DD'),
      endDate: to.format('YYYY-MM-DD'),
      caseType: ['SETTLEMENT'],
      error: ['404'],
    });

    fireEvent.click(panelButton(panel, 'Reset Filter'));
    await waitFor(() => expect(api.callsTo('GET /claims')).toHaveLength(2));
    expect(api.callsTo('GET /claims')[1].url).toBe('/claims?downloaded=true&org=vitraya&limit=25&page_number=1');
  });

  it.each([
    ['Downloads failed', 'downloadFailed'],
    ['Uploads/Verification failed', 'uploadFailed'],
  ] as const)('searches the %s tab at /claim/batch/%s/search', async (tab, name) => {
    const path = `/claim/batch/${name}/search`;
    useApi();
    await render();
    openTab(tab);
    await screen.findByText(`No Data Found in ${tab}`);
    const panel = activePanel();
    fireEvent.click(within(panel).getByText('Filter'));
    await choose('Case Type', 'Pre Authorization', panel);
    fireEvent.click(panelButton(panel, 'Filter'));
    await waitFor(() => expect(tabSearches(name)).toHaveLength(1));
    expect(tabSearches()[0]).toMatchObject({
      url: `${path}?limit=25&page_number=1&org=vitraya`,
      body: { caseType: ['PRE_AUTH'] },
    });
  });

  it('searches batches with org and the batch status filter, naming any batch of the insurer', async () => {
    useApi({
      'GET /claim/batch': () => [batchRow()],
      'GET /claim/batch/filterOptions': {
        ...NO_FILTER_OPTIONS,
        batchName: ['April hernia', 'March cataract'],
        userName: ['vitraya.admin'],
      },
    });
    await render();
    openTab('Batch Summary');
    await screen.findByText('March cataract');
    const panel = activePanel();
    fireEvent.click(within(panel).getByText('Filter'));
    await choose('Batch Status', 'Suspended', panel);
    // A batch of another page is offered too: the names are every batch's, from the server.
    await choose('Batch Name', 'April hernia', panel);
    await choose('Batch Name', 'March cataract', panel);
    fireEvent.click(panelButton(panel, 'Filter'));
    await waitFor(() => expect(api.callsTo('POST /claim/batch/search')).toHaveLength(1));
    expect(wire(api.callsTo('POST /claim/batch/search')[0])).toEqual({
      method: 'POST',
      url: '/claim/batch/search?limit=25&page_number=1&downloaded=true&org=vitraya',
      body: { batchStatus: ['SUSPENDED'], batchName: ['April hernia', 'March cataract'] },
    });
    expect(api.callsTo('GET /claim/batch/filterOptions').map((c) => c.url)).toEqual(['/claim/batch/filterOptions?org=vitraya']);
  });

  it("offers every insurer name and status of the insurer's claims, read once the panel opens, and every error code the claims carry", async () => {
    const names = Array.from({ length: 60 }, (_, i) => `Procedure ${String(i + 1).padStart(2, '0')}`);
    useApi({ 'GET /claim/batch/filterOptions': { ...NO_FILTER_OPTIONS, insurerProcedureName: names, insurerClaimStatus: ['Approved'] } });
    await render();
    await screen.findByText('No Data Found in Uploads/Downloads');
    expect(api.callsTo('GET /claim/batch/filterOptions')).toHaveLength(0);
    const panel = activePanel();
    fireEvent.click(within(panel).getByText('Filter'));
    await waitFor(() => expect(api.callsTo('GET /claim/batch/filterOptions')).toHaveLength(1));

    // The kernel's picker lists 50 of the 60 names and says so (spec 3 §9).
    fireEvent.mouseDown(byLabel(panel, 'Insurer Procedure Name'));
    expect(await screen.findByText('Showing 50 of 60: type to narrow the list')).toBeInTheDocument();
    await choose('Insurer Procedure Name', 'Procedure 01', panel);
    await choose('Insurer Claim Status', 'Approved', panel);

    fireEvent.mouseDown(byLabel(panel, 'Error'));
    const codes = (await screen.findAllByTitle(/^\d{3}$/))
      .filter((el) => el.classList.contains('ant-select-item-option'))
      .map((el) => el.getAttribute('title'));
    expect(codes).toEqual(['400', '404', '413', '415', '422', '500']);
    await choose('Error', '415', panel);

    fireEvent.click(panelButton(panel, 'Filter'));
    await waitFor(() => expect(tabSearches('uploads')).toHaveLength(1));
    expect(tabSearches('uploads')[0].body).toEqual({
      insurerProcedureName: ['Procedure 01'],
      insurerClaimStatus: ['Approved'],
      error: ['415'],
    });
  });
});

describe('operations routes', () => {
  it('sends anyone who is not a super user to the external claims page', async () => {
    useApi();
    setRuntimeConfig({ externalClaimsUrl: '#external-claims' });
    signInAs('vitraya', 'user', 'vitraya.reviewer');
    renderConsoleRoutes();
    await waitFor(() => expect(window.location.hash).toBe('#external-claims'));
    expect(screen.queryByText('Uploads and Downloads')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    await act(async () => {
      window.location.hash = '';
    });
  });

  it('redirects /up to /uploadsDownloads and unknown paths to /pageNotFound', async () => {
    useApi();
    await render('/up');
    expect(await screen.findByText('Uploads and Downloads', { selector: 'h4' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/uploadsDownloads');
  });

  it('sends unknown paths to /pageNotFound', async () => {
    useApi();
    renderConsoleRoutes('/uploadsDownloads/nothing');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/pageNotFound'));
  });
});
