import { failure, type FakeApi, type FakeRoutes } from '@claims/shared-kernel/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { activePanel, byLabel, button, choose, findDialog, openConsole, selectRow, setUpConsoleTests, wire } from '../../testing/console';
import { claimRow, HOSPITALS } from '../../testing/fixtures';

setUpConsoleTests();

const preAuth = claimRow({ id: 101, intimation_number: 'INT-0001' });
const settlement = claimRow({ id: 102, intimation_number: 'INT-0002', caseType: 'SETTLEMENT' });
const batched = claimRow({ id: 103, intimation_number: 'INT-0003', fk_batch_id: 7 });
const unnamed = claimRow({ id: 104, intimation_number: 'INT-0004', vitraya_procedure_name: [], vitraya_procedure_code: [] });

/** The console over `routes` (and the hospitals), the claims selected on the tab (the first unless named), Create Batch open. */
async function openCreateBatch(routes: FakeRoutes, intimations: string[], tab?: string): Promise<{ api: FakeApi; dialog: HTMLElement }> {
  const api = await openConsole({ 'GET /hospitals': { results: HOSPITALS }, ...routes }, intimations[0], tab);
  for (const intimation of intimations) selectRow(intimation);
  fireEvent.click(button(activePanel(), 'Create Batch'));
  return { api, dialog: await findDialog('Create Batch') };
}

const typeName = (dialog: HTMLElement, name: string) => fireEvent.change(byLabel(dialog, 'Batch name'), { target: { value: name } });
const pickAction = (dialog: HTMLElement, label: string) => fireEvent.click(within(dialog).getByLabelText(label));

describe('Create Batch', () => {
  it('verifies with hospital and case type, after taking out claims of another batch and of the other case type', async () => {
    const { api, dialog } = await openCreateBatch(
      {
        'GET /claims': () => [preAuth, settlement, batched],
        'POST /claim/batch/create': {
          id: 9,
          batchName: 'Cataract 15 March',
          Message: 'Batch created and verification process initiated successfully',
        },
      },
      ['INT-0001', 'INT-0002', 'INT-0003'],
    );
    expect(
      within(dialog).getByText('1 of the selected claims is already in another batch and was removed from the selection: INT-0003.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('2 claim(s) go into the batch.')).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Verify', 'Archive', 'Discard', 'Suspend']);
    typeName(dialog, '  Cataract 15 March ');
    pickAction(dialog, 'Verify');
    expect(button(dialog, 'Create Batch')).toBeDisabled();
    expect(within(dialog).getByText('Verify needs a hospital and a case type')).toBeInTheDocument();
    await choose('Hospital', 'H02 - Lake Hospital', dialog);
    await choose('Case Type', 'Pre Authorization', dialog);
    expect(
      await within(dialog).findByText('Both case types are selected: only the Pre Authorization claims go into the batch.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('1 claim(s) go into the batch.')).toBeInTheDocument();
    fireEvent.click(button(dialog, 'Create Batch'));

    expect(await screen.findByText('Batch created and verification process initiated successfully')).toBeInTheDocument();
    expect(api.callsTo('POST /claim/batch/create').map(wire)).toEqual([
      {
        method: 'POST',
        url: '/claim/batch/create',
        body: {
          claims: [101],
          batchName: 'Cataract 15 March',
          downloadedClaimFlag: true,
          organization: 'vitraya',
          action: 'verify',
          hospitalCode: 'H02',
          caseType: 'PRE_AUTH',
        },
      },
    ]);
    // The claims, the batches and the statistics are read again; the selection is done with.
    await waitFor(() => expect(api.callsTo('GET /claims')).toHaveLength(2));
    expect(screen.queryByText(/row\(s\) selected/)).not.toBeInTheDocument();
  });

  it('stops Verify while a claim has no procedure name or the chosen case type is absent', async () => {
    const { api, dialog } = await openCreateBatch({ 'GET /claims': () => [preAuth, unnamed] }, ['INT-0001', 'INT-0004']);
    typeName(dialog, 'March');
    pickAction(dialog, 'Verify');
    await choose('Hospital', 'H01 - City Hospital', dialog);
    await choose('Case Type', 'Settlement', dialog);
    expect(await within(dialog).findByText('None of the selected claims is of case type Settlement.')).toBeInTheDocument();
    expect(button(dialog, 'Create Batch')).toBeDisabled();
    await choose('Case Type', 'Pre Authorization', dialog);
    expect(
      await within(dialog).findByText('Some of the selected claims have no procedure name (INT-0004): add procedure names first.'),
    ).toBeInTheDocument();
    expect(button(dialog, 'Create Batch')).toBeDisabled();
    expect(api.callsTo('POST /claim/batch/create')).toHaveLength(0);
  });

  it.each([
    ['Archive', 'archive', 'Batch created and archived successfully'],
    ['Suspend', 'suspend', 'Batch created and suspended successfully'],
  ])('%s creates the batch of every selected claim, named or not, with its alert', async (label, action, alert) => {
    const { api, dialog } = await openCreateBatch(
      { 'GET /claims': () => [preAuth, unnamed], 'POST /claim/batch/create': { id: 9, batchName: 'Old', Message: alert } },
      ['INT-0001', 'INT-0004'],
    );
    typeName(dialog, 'Old');
    pickAction(dialog, label);
    fireEvent.click(button(dialog, 'Create Batch'));
    expect(await screen.findByText(alert)).toBeInTheDocument();
    expect(api.callsTo('POST /claim/batch/create')[0].body).toEqual({
      claims: [101, 104],
      batchName: 'Old',
      downloadedClaimFlag: true,
      organization: 'vitraya',
      action,
    });
  });

  it('discards with a reason', async () => {
    const { api, dialog } = await openCreateBatch(
      { 'GET /claims': () => [preAuth], 'POST /claim/batch/create': { id: 9, batchName: 'Spam', Message: 'Successfully Done' } },
      ['INT-0001'],
    );
    typeName(dialog, 'Spam');
    pickAction(dialog, 'Discard');
    expect(within(dialog).getByText('Discard needs a reason')).toBeInTheDocument();
    expect(button(dialog, 'Create Batch')).toBeDisabled();
    fireEvent.change(byLabel(dialog, 'Reason'), { target: { value: 'Duplicate of INT-0009' } });
    fireEvent.click(button(dialog, 'Create Batch'));
    expect(await screen.findByText('Successfully Done')).toBeInTheDocument();
    expect(api.callsTo('POST /claim/batch/create')[0].body).toMatchObject({ action: 'discard', reason: 'Duplicate of INT-0009' });
  });

  it('alerts a refusal as not allowed, then reads the page again', async () => {
    const { api, dialog } = await openCreateBatch(
      { 'GET /claims': () => [preAuth], 'POST /claim/batch/create': failure(403, 'You are not authorized to perform this action') },
      ['INT-0001'],
    );
    typeName(dialog, 'Mine');
    pickAction(dialog, 'Archive');
    const countsRead = api.callsTo('GET /downloadedCount').length;
    fireEvent.click(button(dialog, 'Create Batch'));
    expect(await screen.findByText('You are not authorized to perform this action')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Create Batch', { selector: '.ant-modal-title' })).not.toBeInTheDocument());
    await waitFor(() => expect(api.callsTo('GET /claims')).toHaveLength(2));
    await waitFor(() => expect(api.callsTo('GET /downloadedCount').length).toBeGreaterThan(countsRead));
  });

  it('offers Upload, Verify and Upload & Verify on the Uploads/Verification failed tab', async () => {
    const failed = claimRow({ vitraya_claim_status: 'UPLOAD_FAILED', error_code: '500' });
    const { api, dialog } = await openCreateBatch(
      {
        'GET /claims': ({ query }) => (query.get('status') ? [failed] : []),
        'POST /claim/batch/create': { id: 9, batchName: 'Again', Message: 'Uploaded and verified successfully' },
      },
      ['INT-0001'],
      'Uploads/Verification failed',
    );
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Upload', 'Verify', 'Upload & Verify']);
    expect(within(dialog).getByText('1 claim(s) go into the batch.')).toBeInTheDocument();
    typeName(dialog, 'Again');
    pickAction(dialog, 'Upload & Verify');
    fireEvent.click(button(dialog, 'Create Batch'));
    expect(await screen.findByText('Uploaded and verified successfully')).toBeInTheDocument();
    expect(api.callsTo('POST /claim/batch/create')[0].body).toEqual({
      claims: [101],
      batchName: 'Again',
      downloadedClaimFlag: true,
      organization: 'vitraya',
      action: 'uploadAndVerify',
    });
  });
});
