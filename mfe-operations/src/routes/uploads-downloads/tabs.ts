import type { DownloadedCount } from '@claims/shared-kernel';
import type { ClaimsTab } from '../../api/console';
import type { HeaderStat } from '../../components/console/HeaderStats';

export type ConsoleTab = ClaimsTab | 'batches';

export interface ConsoleTabInfo {
  key: ConsoleTab;
  label: string;
  /** The header statistics of the tab, read from GET /downloadedCount (spec 3 §2.7). */
  stats: (counts: DownloadedCount | null, today: string) => HeaderStat[];
}

export const CONSOLE_TABS: readonly ConsoleTabInfo[] = [
  {
    key: 'uploads',
    label: 'Uploads/Downloads',
    stats: (c, today) => [
      { title: 'Date', value: today },
      { title: 'Claims Downloaded', value: c?.downloadedClaims },
      { title: 'Claims Failed', value: c?.downloadedFailedClaims },
    ],
  },
  {
    key: 'batches',
    label: 'Batch Summary',
    stats: (c) => [
      { title: 'Batches Created Today', value: c?.batchDataCount },
      { title: 'Batches Failed', value: c?.batchFailedDataCount },
      { title: 'Last Batch Created By', value: c ? c.userLastBatch || 'None' : undefined },
    ],
  },
  {
    key: 'downloadFailed',
    label: 'Downloads failed',
    // Every failed download of the insurer, as the tab's grid lists them (downloadedFailedClaims is today's).
    stats: (c) => [{ title: 'Total Downloads Failed', value: c?.totalDownloadFailedClaims }],
  },
  {
    key: 'uploadFailed',
    label: 'Uploads/Verification failed',
    // Every failed upload or verification of the insurer, as the tab's grid lists them.
    stats: (c) => [{ title: 'Total Uploads Failed', value: c?.uploadedFailedClaims }],
  },
];
