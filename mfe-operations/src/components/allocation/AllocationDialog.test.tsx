import { todayInZone } from '@claims/shared-kernel';
import type { OrgUser } from '@claims/shared-kernel';
import { failure, type FakeApi } from '@claims/shared-kernel/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  byLabel,
  button,
  choose,
  consoleApi,
  findDialog,
  menuItem,
  openMenu,
  openTab,
  renderConsole,
  selectRow,
  setUpConsoleTests,
  typeDate,
  wire,
} from '../../testing/console';
import { batchRow } from '../../testing/fixtures';

setUpConsoleTests();

const USERS: OrgUser[] = [
  { username: 'asha', role: 'user' },
  { username: 'ravi', role: 'user' },
  { username: 'meena', role: 'super_user' },
];
const done = batchRow({ id: 9, batchName: 'May knees', status_info: { status: 'FULLY_PROCESSED' }, total_claims_count: 20 });
const assigned = batchRow({
  id: 10,
  batchName: 'June eyes',
  status_info: { status: 'ASSIGNED' },
  allocation_status: 'ASSIGNED',
  assigned_date: '2026-03-20',
});

let api: FakeApi;

async function openAllocation(batch: ReturnType<typeof batchRow>, title: string): Promise<HTMLElement> {
  api = consoleApi({ 'GET /claim/batch': () => [batch], 'GET /users': USERS });
  await renderConsole();
  openTab('Batch Summary');
  await screen.findByText(batch.batchName);
  selectRow(batch.batchName);
  openMenu('Batch Actions');
  fireEvent.click(await menuItem('Assign Batches'));
  return findDialog(title);
}

async function chooseAnalysts(dialog: HTMLElement, ...names: string[]) {
  for (const name of names) await choose('Analysts', name, dialog);
  await within(dialog).findByLabelText('Allocation by analyst', { selector: '[role="group"]' });
}

const typeValue = (dialog: HTMLElement, label: string, value: string) => {
  const input = byLabel(dialog, label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

const pickMode = (dialog: HTMLElement, mode: 'Equally' | 'By Number' | 'By Percentage') =>
  fireEvent.click(within(dialog).getByLabelText(mode));

const today = () => todayInZone().format('YYYY-MM-DD');

describe('work allocation', () => {
  it('assigns a fully processed batch equally to the analysts of the users list, for today by default', async () => {
    const dialog = await openAllocation(done, 'Assign Batch');
    api.answer({ 'POST /claim/batch/assignBatches/equally': { Message: 'Successfully Done' } });
    expect(within(dialog).getByText('May knees: 20 claims')).toBeInTheDocument();
    expect(button(dialog, 'Assign')).toBeDisabled();
    await chooseAnalysts(dialog, 'asha', 'ravi', 'meena');
    const split = within(dialog).getByLabelText('Allocation by analyst', { selector: '[role="group"]' });
    expect(
      within(split)
        .getAllByText(/^\d+ claims$/)
        .map((el) => el.textContent),
    ).toEqual(['7 claims', '7 claims', '6 claims']);
    fireEvent.click(button(dialog, 'Assign'));
    expect(await screen.findByText('Successfully Done')).toBeInTheDocument();
    expect(api.callsTo('POST /claim/batch/assignBatches/equally').map(wire)).toEqual([
      {
        method: 'POST',
        url: '/claim/batch/assignBatches/equally?org=vitraya',
        body: { batchId: 9, analysts: ['asha', 'ravi', 'meena'], date: today() },
      },
    ]);
    await waitFor(() => expect(screen.queryByText('Assign Batch', { selector: '.ant-modal-title' })).not.toBeInTheDocument());
    await waitFor(() => expect(api.callsTo('GET /claim/batch')).toHaveLength(2));
  });

  it('shows a split by number that does not add up in red with its message, and assigns once it does', async () => {
    const dialog = await openAllocation(done, 'Assign Batch');
    api.answer({ 'POST /claim/batch/assignBatches/assignSpecified': { Message: 'Successfully Done' } });
    await chooseAnalysts(dialog, 'asha', 'ravi');
    pickMode(dialog, 'By Number');
    typeValue(dialog, 'Claims for asha', '12');
    typeValue(dialog, 'Claims for ravi', '7');
    const total = within(dialog).getByTestId('allocation-total');
    await waitFor(() => expect(total).toHaveTextContent('Total: 19 of 20'));
    expect(total).toHaveClass('ant-typography-danger');
    expect(within(dialog).getByText('Make sure total claims and total allocation are in equal')).toBeInTheDocument();
    expect(button(dialog, 'Assign')).toBeDisabled();

    typeValue(dialog, 'Claims for ravi', '8');
    await waitFor(() => expect(total).toHaveTextContent('Total: 20 of 20'));
    expect(total).not.toHaveClass('ant-typography-danger');
    expect(within(dialog).queryByText('Make sure total claims and total allocation are in equal')).not.toBeInTheDocument();
    fireEvent.click(button(dialog, 'Assign'));
    expect(await screen.findByText('Successfully Done')).toBeInTheDocument();
    expect(api.callsTo('POST /claim/batch/assignBatches/assignSpecified')[0].body).toEqual({
      batchId: 9,
      data: { asha: 12, ravi: 8 },
      percentage: false,
      date: today(),
    });
  });

  it('asks a split by percentage to add up to 100, with the percentage message, and sends percentage', async () => {
    const dialog = await openAllocation(done, 'Assign Batch');
    api.answer({
      'POST /claim/batch/assignBatches/assignSpecified': failure(400, 'analysts: not an active user of this organisation: ravi'),
    });
    await chooseAnalysts(dialog, 'asha', 'ravi');
    pickMode(dialog, 'By Percentage');
    typeValue(dialog, 'Percentage for asha', '60');
    typeValue(dialog, 'Percentage for ravi', '60');
    const total = within(dialog).getByTestId('allocation-total');
    await waitFor(() => expect(total).toHaveTextContent('Total: 120% of 100%'));
    expect(total).toHaveClass('ant-typography-danger');
    expect(within(dialog).getByText('Make sure total percentage of claims and total allocation are in equal')).toBeInTheDocument();
    expect(button(dialog, 'Assign')).toBeDisabled();

    typeValue(dialog, 'Percentage for ravi', '40');
    await waitFor(() => expect(total).toHaveTextContent('Total: 100% of 100%'));
    // What the percentages come to in claims.
    const split = within(dialog).getByLabelText('Allocation by analyst', { selector: '[role="group"]' });
    expect(
      within(split)
        .getAllByText(/^\d+ claims$/)
        .map((el) => el.textContent),
    ).toEqual(['12 claims', '8 claims']);
    const later = todayInZone().add(2, 'day');
    typeDate('Date', later, dialog);
    fireEvent.click(button(dialog, 'Assign'));
    // A refusal is said, and the dialog stays open to correct it.
    expect(await screen.findByText('Not an active user of this organisation: ravi')).toBeInTheDocument();
    expect(api.callsTo('POST /claim/batch/assignBatches/assignSpecified')[0].body).toEqual({
      batchId: 9,
      data: { asha: 60, ravi: 40 },
      percentage: true,
      date: later.format('YYYY-MM-DD'),
    });
    expect(screen.getByText('Assign Batch', { selector: '.ant-modal-title' })).toBeInTheDocument();
  });

  it('only changes the date of a batch already assigned', async () => {
    const dialog = await openAllocation(assigned, 'ReAssign the batch date');
    api.answer({ 'PUT /claim/batch/assignDate/update': { Message: 'Successfully Done' } });
    expect(within(dialog).getByText('June eyes is assigned for 20-03-2026.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Analysts')).not.toBeInTheDocument();
    expect(button(dialog, 'ReAssign')).toBeDisabled();
    const later = todayInZone().add(7, 'day');
    typeDate('Date', later, dialog);
    await waitFor(() => expect(button(dialog, 'ReAssign')).toBeEnabled());
    fireEvent.click(button(dialog, 'ReAssign'));
    expect(await screen.findByText('Successfully Done')).toBeInTheDocument();
    expect(api.callsTo('PUT /claim/batch/assignDate/update').map(wire)).toEqual([
      { method: 'PUT', url: '/claim/batch/assignDate/update?org=vitraya', body: { batchId: 10, date: later.format('YYYY-MM-DD') } },
    ]);
    expect(api.callsTo('GET /users')).toHaveLength(0);
  });
});
