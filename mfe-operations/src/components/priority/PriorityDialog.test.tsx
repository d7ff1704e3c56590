import type { FakeApi } from '@claims/shared-kernel/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  activePanel,
  button,
  confirmDialog,
  consoleApi,
  findByLabel,
  findDialog,
  openTab,
  renderConsole,
  setUpConsoleTests,
  wire,
} from '../../testing/console';
import { batchRow } from '../../testing/fixtures';

setUpConsoleTests();

const QUEUE = [
  batchRow({ id: 1, batchName: 'Alpha', priority: 1, status_info: { status: 'IN_PROCESSING' } }),
  batchRow({ id: 2, batchName: 'Bravo', priority: 2, status_info: { status: 'PAUSED' } }),
  batchRow({ id: 3, batchName: 'Charlie', priority: 3, status_info: { status: 'CREATED' } }),
  batchRow({ id: 4, batchName: 'Delta', priority: 4, status_info: { status: 'CREATED' } }),
];

let api: FakeApi;

/**
 * jsdom lays nothing out, so every list item would sit at 0,0: each batch's row is placed by its position
 * in the list (50 px apart), which is what dnd-kit measures to move an item from the keyboard.
 */
function layOutRows() {
  return jest.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const item = this.closest('li[data-sort-id]');
    const index = item ? [...(item.parentElement?.children ?? [])].indexOf(item) : 0;
    const top = index * 50;
    return { x: 0, y: top, top, left: 0, bottom: top + 40, right: 600, width: 600, height: 40, toJSON: () => ({}) } as DOMRect;
  });
}

async function openPriority(): Promise<HTMLElement> {
  api = consoleApi({
    'GET /claim/batch': () => QUEUE,
    'POST /claim/batch/search': ({ query }) => (query.get('sort') === 'priority' ? QUEUE : []),
    'PUT /claim/batch/priority': { Message: 'Successfully Done' },
  });
  await renderConsole();
  openTab('Batch Summary');
  await within(activePanel()).findByText('Alpha');
  fireEvent.click(button(activePanel(), 'Change Priority'));
  const dialog = await findDialog('Change Batch Priority');
  await within(dialog).findByText('1. Alpha');
  return dialog;
}

/** The batches in the dialog's order, each with what it becomes. */
const order = (dialog: HTMLElement) =>
  [...dialog.querySelectorAll<HTMLElement>('li[data-sort-id]')].map(
    (item) => `${within(item).getByTestId('sort-name').textContent} ${within(item).getByTestId('status-after').textContent}`,
  );

/** Lets dnd-kit's keyboard sensor take the next key (it starts listening after a tick). */
const tick = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('Change Batch Priority', () => {
  afterEach(() => jest.restoreAllMocks());

  it('loads the first 25 open batches of the queue most urgent first, and reorders them from the keyboard', async () => {
    layOutRows();
    const dialog = await openPriority();
    expect(api.callsTo('POST /claim/batch/search').map(wire)).toEqual([
      {
        method: 'POST',
        url: '/claim/batch/search?limit=25&page_number=1&downloaded=true&org=vitraya&sort=priority',
        // Only the batches still to be worked on: finished ones cannot fill the 25 places.
        body: { batchStatus: ['CREATED', 'TO_BE_PROCESSED', 'IN_PROCESSING', 'PAUSED', 'RESUMED'] },
      },
    ]);
    expect(order(dialog)).toEqual(['1. Alpha unchanged', '2. Bravo unchanged', '3. Charlie unchanged', '4. Delta unchanged']);
    expect(button(dialog, 'Save')).toBeDisabled();

    // Bravo picked up with Space, moved up one place with the arrow key, and dropped with Space.
    const handle = await findByLabel(dialog, 'Drag Bravo');
    handle.focus();
    fireEvent.keyDown(handle, { key: ' ', code: 'Space' });
    await tick();
    fireEvent.keyDown(handle, { key: 'ArrowUp', code: 'ArrowUp' });
    await tick();
    fireEvent.keyDown(handle, { key: ' ', code: 'Space' });
    await waitFor(() =>
      expect(order(dialog)).toEqual(['1. Bravo → To Be Processed', '2. Alpha → Paused', '3. Charlie unchanged', '4. Delta unchanged']),
    );

    fireEvent.click(button(dialog, 'Save'));
    await confirmDialog('Are you sure you want to change the priority of the batches?');
    expect(await screen.findByText('Successfully Done')).toBeInTheDocument();
    expect(api.callsTo('PUT /claim/batch/priority').map(wire)).toEqual([
      { method: 'PUT', url: '/claim/batch/priority?org=vitraya', body: { nameList: ['Bravo', 'Alpha', 'Charlie', 'Delta'] } },
    ]);
    await waitFor(() => expect(screen.queryByText('Change Batch Priority', { selector: '.ant-modal-title' })).not.toBeInTheDocument());
    await waitFor(() => expect(api.callsTo('GET /claim/batch')).toHaveLength(2));
  });

  it('moves a batch with its Up and Down buttons, and sends nothing when the confirmation is cancelled', async () => {
    const dialog = await openPriority();
    fireEvent.click(await findByLabel(dialog, 'Move Delta up'));
    fireEvent.click(await findByLabel(dialog, 'Move Alpha down'));
    expect(order(dialog)).toEqual(['1. Bravo → To Be Processed', '2. Alpha → Paused', '3. Delta unchanged', '4. Charlie unchanged']);
    fireEvent.click(button(dialog, 'Save'));
    await confirmDialog('Are you sure you want to change the priority of the batches?', 'Cancel');
    await waitFor(() => expect(screen.queryByText('Are you sure you want to change the priority of the batches?')).not.toBeInTheDocument());
    expect(api.callsTo('PUT /claim/batch/priority')).toHaveLength(0);
    expect(screen.getByText('Change Batch Priority', { selector: '.ant-modal-title' })).toBeInTheDocument();
  });

  it('says there is nothing to reorder when no batch is open, in its own words', async () => {
    api = consoleApi({
      'GET /claim/batch': () => QUEUE,
      'POST /claim/batch/search': () => [],
    });
    await renderConsole();
    openTab('Batch Summary');
    await within(activePanel()).findByText('Alpha');
    fireEvent.click(button(activePanel(), 'Change Priority'));
    const dialog = await findDialog('Change Batch Priority');
    expect(
      await within(dialog).findByText('No open batches to reorder: every batch is finished, suspended or archived.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText('No Data Found in Batch Summary')).not.toBeInTheDocument();
    expect(button(dialog, 'Save')).toBeDisabled();
  });
});
