import type { BatchProgress } from '@claims/shared-kernel';
import type { FakeApi } from '@claims/shared-kernel/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { byLabel, consoleApi, findByLabel, openTab, renderConsole, setUpConsoleTests } from '../../testing/console';
import { batchRow, progressRow } from '../../testing/fixtures';
import { PROGRESS_POLL_MS } from './batchProgress';

setUpConsoleTests();

const running = batchRow();
const paused = batchRow({ id: 8, batchName: 'April hernia', status_info: { status: 'PAUSED' } });

/** The answers of the progress call, one a poll; the last one repeats. */
const POLLS: BatchProgress[][] = [
  [progressRow()],
  [
    progressRow({
      processing: { accepted: 12, rejected: 2, query: 3, toBeVerified: 0, inProgress: 2, verificationFailed: 1 },
      done: 18,
      remaining: 2,
      ratePerMinute: 3,
      etaSeconds: 40,
    }),
  ],
  [
    progressRow({
      status_info: { status: 'FULLY_PROCESSED' },
      processing: { accepted: 13, rejected: 2, query: 4, toBeVerified: 0, inProgress: 0, verificationFailed: 1 },
      done: 20,
      remaining: 0,
      ratePerMinute: 3,
      etaSeconds: 0,
    }),
  ],
];

let api: FakeApi;

describe('live progress of the batches in processing', () => {
  it('polls the progress of the processing batches only, moving their counts and time left without a reload, until they finish', async () => {
    let batchList = [running, paused];
    api = consoleApi({
      'GET /claim/batch': () => batchList,
      'GET /claim/batch/progress': () => POLLS[Math.min(api.callsTo('GET /claim/batch/progress').length - 1, POLLS.length - 1)],
    });
    await renderConsole();
    openTab('Batch Summary');
    const progress = await findByLabel(document.body, 'Progress of March cataract');
    fireEvent.click(byLabel(screen.getByText('March cataract').closest('tr') as HTMLElement, /expand row/i));
    const counts = await findByLabel(document.body, 'Outcomes of March cataract');
    const count = (label: string) => byLabel(counts, `${label} claims of March cataract`);

    await waitFor(() => expect(progress).toHaveTextContent('15 of 20 verified · About 3 min left · 2 claims/min'));
    expect(count('In Progress/To be Verified')).toHaveTextContent('5');
    expect(api.callsTo('GET /claim/batch/progress')[0].url).toBe('/claim/batch/progress?org=vitraya&downloaded=true&batchIds=7');
    expect(within(byLabel(document.body, 'Progress of April hernia')).getByText('15 of 20 verified')).toBeInTheDocument();

    // The next poll: claims moved from To be Verified to their outcomes.
    await waitFor(() => expect(progress).toHaveTextContent('18 of 20 verified · Less than a minute left · 3 claims/min'), {
      timeout: PROGRESS_POLL_MS * 3,
    });
    expect(count('In Progress/To be Verified')).toHaveTextContent('2');
    expect(count('Accepted')).toHaveTextContent('12');
    expect(api.callsTo('GET /claim/batch')).toHaveLength(1);

    // The batch finishes: its row and the statistics are read again, and the polling stops.
    batchList = [{ ...running, status_info: { status: 'FULLY_PROCESSED' }, processing: POLLS[2][0].processing }, paused];
    await waitFor(() => expect(api.callsTo('GET /claim/batch')).toHaveLength(2), { timeout: PROGRESS_POLL_MS * 3 });
    await waitFor(() => expect(screen.getByText('Fully Processed')).toBeInTheDocument());
    expect(progress).toHaveTextContent('20 of 20 verified');
    const polls = api.callsTo('GET /claim/batch/progress').length;
    await act(() => new Promise((resolve) => setTimeout(resolve, PROGRESS_POLL_MS * 1.5)));
    expect(api.callsTo('GET /claim/batch/progress')).toHaveLength(polls);
    expect(api.callsTo('GET /claim/batch/progress').every((call) => call.query.get('batchIds') === '7')).toBe(true);
  });

  it('asks nothing while no batch is processing', async () => {
    api = consoleApi({ 'GET /claim/batch': () => [paused] });
    await renderConsole();
    openTab('Batch Summary');
    await findByLabel(document.body, 'Progress of April hernia');
    await act(() => new Promise((resolve) => setTimeout(resolve, PROGRESS_POLL_MS * 1.5)));
    expect(api.callsTo('GET /claim/batch/progress')).toHaveLength(0);
  });
});
