import { todayInZone } from '@claims/shared-kernel';
import { failure } from '@claims/shared-kernel/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  byLabel,
  button,
  confirmDialog,
  findDialog,
  menuItem,
  openConsole,
  openMenu,
  selectRow,
  setUpConsoleTests,
  wire,
} from '../../testing/console';
import { batchRow } from '../../testing/fixtures';
import { pauseOrResume } from './BatchActionsMenu';

setUpConsoleTests();

const running = batchRow();
const paused = batchRow({ id: 8, batchName: 'April hernia', status_info: { status: 'PAUSED' } });
const done = batchRow({ id: 9, batchName: 'May knees', status_info: { status: 'FULLY_PROCESSED' } });

const openBatchSummary = (...rows: ReturnType<typeof batchRow>[]) =>
  openConsole({ 'GET /claim/batch': () => rows }, rows[0].batchName, 'Batch Summary');

const isDisabled = (item: HTMLElement) => item.getAttribute('aria-disabled') === 'true';

describe('Pause/Resume', () => {
  it('is one item following the first selected batch: Resume for a paused one, Pause only while processing or created', () => {
    expect(pauseOrResume(undefined)).toEqual({ action: 'pause', label: 'Pause/Resume', disabled: false });
    expect(pauseOrResume(paused)).toEqual({ action: 'resume', label: 'Resume', disabled: false });
    expect(pauseOrResume(running)).toEqual({ action: 'pause', label: 'Pause', disabled: false });
    expect(pauseOrResume(batchRow({ status_info: { status: 'CREATED' } }))).toEqual({ action: 'pause', label: 'Pause', disabled: false });
    expect(pauseOrResume(done)).toEqual({ action: 'pause', label: 'Pause', disabled: true });
  });

  it('resumes the selected batches when the first is paused, and pauses them when it is running', async () => {
    const api = await openBatchSummary(paused, running, done);
    api.answer({ 'PUT /claim/batch/batchStatus': { Message: 'Successfully Done' } });
    openMenu('Batch Actions');
    expect(await menuItem('Pause/Resume')).toBeInTheDocument();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

    selectRow('May knees');
    openMenu('Batch Actions');
    expect(isDisabled(await menuItem('Pause'))).toBe(true);
    expect(screen.queryByText('Resume', { selector: '.ant-dropdown-menu-title-content' })).not.toBeInTheDocument();
    selectRow('May knees');

    selectRow('April hernia');
    selectRow('March cataract');
    openMenu('Batch Actions');
    fireEvent.click(await menuItem('Resume'));
    await confirmDialog('Are you sure you want to resume the batch?');
    expect(await screen.findByText('Successfully Done')).toBeInTheDocument();
    expect(api.callsTo('PUT /claim/batch/batchStatus').map(wire)).toEqual([
      {
        method: 'PUT',
        url: '/claim/batch/batchStatus?downloaded=true&org=vitraya',
        body: { nameList: ['April hernia', 'March cataract'], status: 'RESUMED' },
      },
    ]);

    await waitFor(() => expect(api.callsTo('GET /claim/batch')).toHaveLength(2));
    selectRow('March cataract');
    openMenu('Batch Actions');
    fireEvent.click(await menuItem('Pause'));
    await confirmDialog('Are you sure you want to pause the batch?');
    await waitFor(() => expect(api.callsTo('PUT /claim/batch/batchStatus')).toHaveLength(2));
    expect(api.callsTo('PUT /claim/batch/batchStatus')[1].body).toEqual({ nameList: ['March cataract'], status: 'PAUSED' });
  });
});

describe('batch actions', () => {
  it('asks for a selection, then suspends after a confirmation and reloads the grid and the statistics', async () => {
    const api = await openBatchSummary(running);
    api.answer({ 'PUT /claim/batch/suspend/batch': { Message: 'Batch suspended successfully' } });
    openMenu('Batch Actions');
    fireEvent.click(await menuItem('Suspend'));
    expect(await screen.findByText('Please Select at least one claim / batch')).toBeInTheDocument();
    expect(api.callsTo('PUT /claim/batch/suspend/batch')).toHaveLength(0);

    selectRow('March cataract');
    openMenu('Batch Actions');
    fireEvent.click(await menuItem('Suspend'));
    const countsRead = api.callsTo('GET /downloadedCount').length;
    await confirmDialog('Are you sure you want to suspend the batch?');
    expect(await screen.findByText('Batch suspended successfully')).toBeInTheDocument();
    expect(api.callsTo('PUT /claim/batch/suspend/batch').map(wire)).toEqual([
      {
        method: 'PUT',
        url: '/claim/batch/suspend/batch?org=vitraya',
        body: { nameList: ['March cataract'], downloaded: true, suspend: true },
      },
    ]);
    await waitFor(() => expect(api.callsTo('GET /claim/batch')).toHaveLength(2));
    await waitFor(() => expect(api.callsTo('GET /downloadedCount').length).toBeGreaterThan(countsRead));
  });

  it('archives and drops with their alerts; a drop reads the claims again', async () => {
    const api = await openBatchSummary(running);
    api.answer({
      'PUT /claim/batch/archive/batch': { Message: 'Batch archived successfully' },
      'DELETE /claim/batch/drop': { Message: 'Batch dropped successfully' },
    });
    selectRow('March cataract');
    openMenu('Batch Actions');
    fireEvent.click(await menuItem('Archive'));
    await confirmDialog('Are you sure you want to archive the batch?');
    expect(await screen.findByText('Batch archived successfully')).toBeInTheDocument();
    expect(wire(api.callsTo('PUT /claim/batch/archive/batch')[0])).toEqual({
      method: 'PUT',
      url: '/claim/batch/archive/batch?org=vitraya',
      body: { nameList: ['March cataract'], downloaded: true, archive: true },
    });

    await waitFor(() => expect(api.callsTo('GET /claim/batch')).toHaveLength(2));
    selectRow('March cataract');
    openMenu('Batch Actions');
    fireEvent.click(await menuItem('Drop'));
    const claimsRead = api.callsTo('GET /claims').length;
    await confirmDialog('Are you sure you want to drop the batch?');
    expect(await screen.findByText('Batch dropped successfully')).toBeInTheDocument();
    expect(wire(api.callsTo('DELETE /claim/batch/drop')[0])).toEqual({
      method: 'DELETE',
      url: '/claim/batch/drop?downloaded=true&org=vitraya',
      body: { nameList: ['March cataract'] },
    });
    // The claims tab already shown reads its claims again.
    await waitFor(() => expect(api.callsTo('GET /claims').length).toBeGreaterThan(claimsRead));
  });

  it('discards with a reason', async () => {
    const api = await openBatchSummary(running);
    api.answer({ 'PUT /claim/batch/discard/batch': { Message: 'Successfully Done' } });
    selectRow('March cataract');
    openMenu('Batch Actions');
    fireEvent.click(await menuItem('Discard'));
    const dialog = await findDialog('Discard Batch');
    expect(button(dialog, 'Discard')).toBeDisabled();
    fireEvent.change(byLabel(dialog, 'Reason'), { target: { value: '  Insurer withdrew the claims ' } });
    fireEvent.click(button(dialog, 'Discard'));
    expect(await screen.findByText('Successfully Done')).toBeInTheDocument();
    expect(api.callsTo('PUT /claim/batch/discard/batch').map(wire)).toEqual([
      {
        method: 'PUT',
        url: '/claim/batch/discard/batch?org=vitraya',
        body: { nameList: ['March cataract'], discard: true, reason: 'Insurer withdrew the claims' },
      },
    ]);
  });

  it('saves the report as batch_data_<today>.xlsx, and says Failed to download when it fails', async () => {
    const saved: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    Object.assign(URL, { createObjectURL: () => 'blob:report', revokeObjectURL: () => undefined });
    const api = await openBatchSummary(running, paused);
    api.answer({
      'POST /claim/batch/batchReport': new Blob(['xlsx'], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    });
    selectRow('March cataract');
    selectRow('April hernia');
    openMenu('Batch Actions');
    fireEvent.click(await menuItem('Generate Report'));
    await waitFor(() => expect(saved).toEqual([`batch_data_${todayInZone().format('DD-MM-YYYY')}.xlsx`]));
    expect(wire(api.callsTo('POST /claim/batch/batchReport')[0])).toEqual({
      method: 'POST',
      url: '/claim/batch/batchReport?downloaded=true&org=vitraya',
      body: { nameList: ['March cataract', 'April hernia'] },
    });

    api.answer({ 'POST /claim/batch/batchReport': failure(500, 'report engine down') });
    openMenu('Batch Actions');
    fireEvent.click(await menuItem('Generate Report'));
    expect(await screen.findByText('Failed to download')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    click.mockRestore();
  });

  it('offers Assign Batches only when exactly one batch is selected, and says why a batch in processing cannot be assigned', async () => {
    const api = await openBatchSummary(running, paused);
    openMenu('Batch Actions');
    await menuItem('Generate Report');
    expect(screen.queryByText('Assign Batches', { selector: '.ant-dropdown-menu-title-content' })).not.toBeInTheDocument();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

    selectRow('March cataract');
    selectRow('April hernia');
    openMenu('Batch Actions');
    await menuItem('Generate Report');
    expect(screen.queryByText('Assign Batches', { selector: '.ant-dropdown-menu-title-content' })).not.toBeInTheDocument();

    selectRow('April hernia');
    openMenu('Batch Actions');
    fireEvent.click(await menuItem('Assign Batches'));
    expect(
      await screen.findByText('March cataract cannot be assigned yet: a batch can be assigned once it is fully processed.'),
    ).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method !== 'GET' && c.route !== 'POST /claim/batch/search')).toEqual([]);
  });
});
