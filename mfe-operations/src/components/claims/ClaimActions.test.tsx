import { failure, type FakeRoutes } from '@claims/shared-kernel/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  activePanel,
  button,
  choose,
  confirmDialog,
  findDialog,
  menuItem,
  openConsole,
  openMenu,
  selectRow,
  setUpConsoleTests,
  wire,
} from '../../testing/console';
import { claimRow, PROCEDURES, refreshResult } from '../../testing/fixtures';

setUpConsoleTests();

/** The test's answers over the procedures Add Procedure Name offers. */
const withProcedures = (routes: FakeRoutes): FakeRoutes => ({ 'GET /procedures': PROCEDURES, ...routes });

const unnamed = claimRow({ id: 102, intimation_number: 'INT-0002', vitraya_procedure_name: [], vitraya_procedure_code: [] });
const named = claimRow();

describe('claim actions on a selection', () => {
  it('asks for a selection before any action that needs one, and sends nothing', async () => {
    const api = await openConsole(withProcedures({ 'GET /claims': () => [named] }), 'INT-0001');
    fireEvent.click(button(activePanel(), 'Create Batch'));
    expect(await screen.findByText('Please Select at least one claim / batch')).toBeInTheDocument();
    openMenu('Claim Actions');
    fireEvent.click(await menuItem('Drop'));
    openMenu('Claim Actions');
    fireEvent.click(await menuItem('Add Procedure Name'));
    await waitFor(() => expect(screen.getAllByText('Please Select at least one claim / batch').length).toBeGreaterThanOrEqual(1));
    expect(screen.queryByText('Create Batch', { selector: '.ant-modal-title' })).not.toBeInTheDocument();
    expect(screen.queryByText('Add Procedure Name', { selector: '.ant-modal-title' })).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('adds procedure names to claims without any and reloads the grid', async () => {
    const api = await openConsole(
      withProcedures({ 'GET /claims': () => [unnamed], 'PUT /claims/addProcName': { Message: 'Successfully Done' } }),
      'INT-0002',
    );
    selectRow('INT-0002');
    openMenu('Claim Actions');
    fireEvent.click(await menuItem('Add Procedure Name'));
    const dialog = await findDialog('Add Procedure Name');
    expect(button(dialog, 'Add')).toBeDisabled();
    await choose('Procedure Name', 'GEN002 - Hernia repair', dialog);
    await choose('Procedure Name', 'OPH001 - Phacoemulsification', dialog);
    fireEvent.click(button(dialog, 'Add'));
    expect(await screen.findByText('Successfully Done')).toBeInTheDocument();
    expect(api.callsTo('PUT /claims/addProcName').map(wire)).toEqual([
      {
        method: 'PUT',
        url: '/claims/addProcName?downloaded=true&org=vitraya',
        body: { claimIdList: [102], procCodeList: ['GEN002', 'OPH001'] },
      },
    ]);
    await waitFor(() => expect(api.callsTo('GET /claims')).toHaveLength(2));
    // The selection is done with.
    expect(screen.queryByText('1 row(s) selected')).not.toBeInTheDocument();
  });

  it('asks before overriding procedure names a claim already has, and sends override only after Yes', async () => {
    const api = await openConsole(
      withProcedures({ 'GET /claims': () => [named, unnamed], 'PUT /claims/addProcName': { Message: 'Successfully Done' } }),
      'INT-0001',
    );
    selectRow('INT-0001');
    selectRow('INT-0002');
    openMenu('Claim Actions');
    fireEvent.click(await menuItem('Add Procedure Name'));
    const dialog = await findDialog('Add Procedure Name');
    await choose('Procedure Name', 'GEN002 - Hernia repair', dialog);
    fireEvent.click(button(dialog, 'Add'));
    await confirmDialog('The selected claim already has procedure name/code, do you want to override it?', 'Cancel');
    await waitFor(() =>
      expect(screen.queryByText('The selected claim already has procedure name/code, do you want to override it?')).not.toBeInTheDocument(),
    );
    expect(api.callsTo('PUT /claims/addProcName')).toHaveLength(0);

    fireEvent.click(button(dialog, 'Add'));
    await confirmDialog('The selected claim already has procedure name/code, do you want to override it?');
    expect(await screen.findByText('Successfully Done')).toBeInTheDocument();
    expect(api.callsTo('PUT /claims/addProcName')[0].body).toEqual({ claimIdList: [101, 102], procCodeList: ['GEN002'], override: true });
  });

  it('puts the override question when the server knows of procedure names the page did not', async () => {
    const api = await openConsole(
      withProcedures({
        'GET /claims': () => [unnamed],
        'PUT /claims/addProcName': ({ body }) =>
          (body as { override?: boolean }).override
            ? { Message: 'Successfully Done' }
            : failure(409, 'The selected claim already has procedure name/code, do you want to override it?'),
      }),
      'INT-0002',
    );
    selectRow('INT-0002');
    openMenu('Claim Actions');
    fireEvent.click(await menuItem('Add Procedure Name'));
    const dialog = await findDialog('Add Procedure Name');
    await choose('Procedure Name', 'OPH001 - Phacoemulsification', dialog);
    fireEvent.click(button(dialog, 'Add'));
    await confirmDialog('The selected claim already has procedure name/code, do you want to override it?');
    expect(await screen.findByText('Successfully Done')).toBeInTheDocument();
    expect(api.callsTo('PUT /claims/addProcName').map((c) => c.body)).toEqual([
      { claimIdList: [102], procCodeList: ['OPH001'] },
      { claimIdList: [102], procCodeList: ['OPH001'], override: true },
    ]);
  });

  it('changes the status of the selected claims', async () => {
    const api = await openConsole(
      withProcedures({ 'GET /claims': () => [named, unnamed], 'PUT /claims/status': { Message: 'Successfully Done' } }),
      'INT-0001',
    );
    selectRow('INT-0001');
    selectRow('INT-0002');
    openMenu('Claim Actions');
    fireEvent.click(await menuItem('Change Status'));
    const dialog = await findDialog('Change Status');
    expect(button(dialog, 'Change Status')).toBeDisabled();
    await choose('Status', 'Uploaded', dialog);
    fireEvent.click(button(dialog, 'Change Status'));
    expect(await screen.findByText('Successfully Done')).toBeInTheDocument();
    expect(api.callsTo('PUT /claims/status').map(wire)).toEqual([
      { method: 'PUT', url: '/claims/status?downloaded=true&org=vitraya', body: { claimIdList: [101, 102], status: 'UPLOADED' } },
    ]);
  });

  it('drops the selected claims after a confirmation, and says why when the server refuses', async () => {
    const api = await openConsole(
      withProcedures({ 'GET /claims': () => [named], 'DELETE /claims/drop': failure(404, 'Claims not found: 101') }),
      'INT-0001',
    );
    selectRow('INT-0001');
    openMenu('Claim Actions');
    fireEvent.click(await menuItem('Drop'));
    await confirmDialog('Are you sure you want to drop the selected claims?');
    expect(await screen.findByText('Claims not found: 101')).toBeInTheDocument();

    api.answer({ 'DELETE /claims/drop': { Message: 'Successfully Done' } });
    openMenu('Claim Actions');
    fireEvent.click(await menuItem('Drop'));
    await confirmDialog('Are you sure you want to drop the selected claims?');
    expect(await screen.findByText('Successfully Done')).toBeInTheDocument();
    expect(api.callsTo('DELETE /claims/drop').map(wire)).toEqual([
      { method: 'DELETE', url: '/claims/drop?downloaded=true&org=vitraya', body: { claimIdList: [101] } },
      { method: 'DELETE', url: '/claims/drop?downloaded=true&org=vitraya', body: { claimIdList: [101] } },
    ]);
    // The claims and the statistics are read again.
    await waitFor(() => expect(api.callsTo('GET /claims').length).toBeGreaterThanOrEqual(2));
  });
});

describe('Refresh and Retry', () => {
  it('refreshes the downloads with the success message and what the inbox held, and reloads the grid', async () => {
    const api = await openConsole(
      withProcedures({
        'GET /claim/batch/refreshDownloads': refreshResult({
          alreadyImported: 2,
          unreadableManifests: [{ manifest: 'starhealth/2026-03-15.csv', reason: 'the header row lacks intimation_number' }],
        }),
      }),
      'No Data Found in Uploads/Downloads',
    );
    fireEvent.click(button(activePanel(), 'Refresh'));
    expect(await screen.findByText('Page got refreshed successfully')).toBeInTheDocument();
    expect(screen.getByText('3 claims downloaded, 1 failed, 2 claims already imported.')).toBeInTheDocument();
    expect(screen.getByText('starhealth/2026-03-15.csv could not be read: the header row lacks intimation_number')).toBeInTheDocument();
    expect(api.callsTo('GET /claim/batch/refreshDownloads').map((c) => c.url)).toEqual(['/claim/batch/refreshDownloads?org=vitraya']);
    await waitFor(() => expect(api.callsTo('GET /claims')).toHaveLength(2));
  });

  it('retries the selected failed downloads (TO_BE_REDOWNLOADED) on the Downloads failed tab', async () => {
    const api = await openConsole(
      withProcedures({
        'GET /claims': ({ query }) =>
          query.get('status') === 'DOWNLOAD_FAILED' ? [claimRow({ vitraya_claim_status: 'DOWNLOAD_FAILED', error_code: '404' })] : [],
        'PUT /claims/status': { Message: 'Successfully Done' },
      }),
      'INT-0001',
      'Downloads failed',
    );
    const panel = activePanel();
    expect(within(panel).queryByText('Create Batch', { selector: 'button span' })).not.toBeInTheDocument();
    fireEvent.click(button(panel, 'Retry'));
    expect(await screen.findByText('Please Select at least one claim / batch')).toBeInTheDocument();
    selectRow('INT-0001');
    fireEvent.click(button(panel, 'Retry'));
    expect(await screen.findByText('Successfully Done')).toBeInTheDocument();
    expect(api.callsTo('PUT /claims/status').map(wire)).toEqual([
      { method: 'PUT', url: '/claims/status?downloaded=true&org=vitraya', body: { claimIdList: [101], status: 'TO_BE_REDOWNLOADED' } },
    ]);
  });
});

describe('Upload, Verify and Upload & Verify on the Uploads/Verification failed tab', () => {
  const failedIn = (id: number, batch: number | null) =>
    claimRow({ id, intimation_number: `INT-${id}`, vitraya_claim_status: 'VERIFICATION_FAILED', error_code: '500', fk_batch_id: batch });

  const openFailedTab = (...rows: ReturnType<typeof claimRow>[]) =>
    openConsole(
      withProcedures({ 'GET /claims': ({ query }) => (query.get('status') ? rows : []) }),
      rows[0].intimation_number,
      'Uploads/Verification failed',
    );

  it('uploads, and uploads and verifies, exactly the selected claims in one call, and sends nothing while a claim is in no batch', async () => {
    const api = await openFailedTab(failedIn(201, 7), failedIn(202, 8), failedIn(203, 7), failedIn(204, null));
    api.answer({ 'PUT /claim/batch/reupload': { Message: 'Uploaded and verified successfully', notUploaded: [] } });
    selectRow('INT-204');
    selectRow('INT-201');
    fireEvent.click(button(activePanel(), 'Upload & Verify'));
    expect(await screen.findByText('INT-204 is in no batch yet: create a batch of it to upload or verify it.')).toBeInTheDocument();
    expect(api.callsTo('PUT /claim/batch/reupload')).toHaveLength(0);

    selectRow('INT-204');
    selectRow('INT-202');
    selectRow('INT-203');
    fireEvent.click(button(activePanel(), 'Upload & Verify'));
    await confirmDialog('Are you sure you want to upload and verify the selected claims?');
    expect(await screen.findByText('Uploaded and verified successfully')).toBeInTheDocument();
    // One call for the whole selection, across its batches: the server applies it to all the claims or to none.
    expect(api.callsTo('PUT /claim/batch/reupload').map(wire)).toEqual([
      { method: 'PUT', url: '/claim/batch/reupload?org=vitraya', body: { claimIdList: [201, 202, 203], verify: true } },
    ]);
    await waitFor(() => expect(api.callsTo('GET /claims').length).toBeGreaterThan(2));

    api.answer({
      'PUT /claim/batch/reupload': {
        Message: 'Successfully Done',
        notUploaded: [{ id: 201, intimation_number: 'INT-201', error_message: "Document 'bill.pdf' is missing from the document store" }],
      },
    });
    selectRow('INT-201');
    fireEvent.click(button(activePanel(), 'Upload'));
    await confirmDialog('Are you sure you want to upload the selected claims?');
    expect(await screen.findByText('Successfully Done')).toBeInTheDocument();
    expect(
      screen.getByText("Not uploaded, documents still missing: INT-201 (Document 'bill.pdf' is missing from the document store)"),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT /claim/batch/reupload')[1].body).toEqual({ claimIdList: [201], verify: false });
  });

  it('says why the server refused the selection, and changes nothing on screen', async () => {
    const api = await openFailedTab(failedIn(201, 7), failedIn(202, 7));
    api.answer({ 'PUT /claim/batch/reupload': failure(409, 'These claims are being verified: INT-202') });
    selectRow('INT-201');
    selectRow('INT-202');
    fireEvent.click(button(activePanel(), 'Upload & Verify'));
    await confirmDialog('Are you sure you want to upload and verify the selected claims?');
    expect(await screen.findByText('These claims are being verified: INT-202')).toBeInTheDocument();
    expect(screen.getByText('2 row(s) selected')).toBeInTheDocument();
    expect(screen.queryByText('Uploaded and verified successfully')).not.toBeInTheDocument();
  });

  it('verifies the selected claims, and with override every claim of their batches again', async () => {
    const api = await openFailedTab(failedIn(201, 7), failedIn(202, 8));
    api.answer({ 'PUT /claim/batch/reupload': { Message: 'Successfully Done', notUploaded: [] } });
    selectRow('INT-201');
    selectRow('INT-202');
    fireEvent.click(button(activePanel(), 'Verify'));
    const question = 'Are you sure you want to verify the selected claims?';
    await screen.findByText(question);
    expect(screen.getByLabelText('Also re-verify claims already verified')).not.toBeChecked();
    await confirmDialog(question);
    expect(await screen.findByText('Successfully Done')).toBeInTheDocument();
    expect(api.callsTo('PUT /claim/batch/reupload').map(wire)).toEqual([
      { method: 'PUT', url: '/claim/batch/reupload?org=vitraya', body: { claimIdList: [201, 202], upload: false, verify: true } },
    ]);

    await waitFor(() => expect(screen.queryByText('2 row(s) selected')).not.toBeInTheDocument());
    selectRow('INT-202');
    fireEvent.click(button(activePanel(), 'Verify'));
    await screen.findByText(question);
    fireEvent.click(screen.getByLabelText('Also re-verify claims already verified'));
    expect(screen.getByLabelText('Also re-verify claims already verified')).toBeChecked();
    await confirmDialog(question);
    await waitFor(() => expect(api.callsTo('PUT /claim/batch/reupload')).toHaveLength(2));
    expect(api.callsTo('PUT /claim/batch/reupload')[1].body).toEqual({ claimIdList: [202], upload: false, verify: true, override: true });
  });
});
