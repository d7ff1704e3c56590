import { BATCH_STATUSES, CONSOLE_PAGE_SIZES, formatInZone } from '@claims/shared-kernel';
import { usePagedList, PagedTable, useChanged } from '@claims/shared-kernel/ui';
import type { BatchRow, ConsoleFilterBody } from '@claims/shared-kernel';
import { App, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useCallback, useMemo, useState, type Key } from 'react';
import { consoleKeys, listBatches, searchBatches } from '../../api/console';
import { BatchActionsMenu } from '../../components/BatchActionsMenu';
import { BatchOutcomeCounts } from '../../components/BatchOutcomes';
import { BatchOutcomeDialog, type OutcomeTarget } from '../../components/BatchOutcomeDialog';
import { DISPLAY_DATE } from '../../components/claimColumns';
import { ConsoleFilter, distinctOptions, type FilterField } from '../../components/ConsoleFilter';
import { HeaderStats, type HeaderStat } from '../../components/HeaderStats';
import { CONSOLE_BODY_HEIGHT } from './ClaimsTab';

/** 'TO_BE_PROCESSED' reads 'To Be Processed'. */
export const statusText = (code: string): string =>
  code
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

const STATUS_COLOURS: Partial<Record<string, string>> = {
  CREATED: 'default',
  TO_BE_PROCESSED: 'blue',
  IN_PROCESSING: 'processing',
  PAUSED: 'warning',
  RESUMED: 'cyan',
  FULLY_PROCESSED: 'success',
  ASSIGNED: 'purple',
  SUSPENDED: 'orange',
  ARCHIVED: 'default',
  DISCARDED: 'error',
};

const BATCH_COLUMNS: TableColumnsType<BatchRow> = [
  { title: 'Batch Name', dataIndex: 'batchName', key: 'batchName' },
  { title: 'Total Claims', dataIndex: 'total_claims_count', key: 'total_claims_count' },
  { title: 'Created By', dataIndex: 'createdBy', key: 'createdBy' },
  { title: 'Created At', key: 'createdAt', render: (_: unknown, row) => formatInZone(row.createdAt, DISPLAY_DATE) },
  {
    title: 'Status',
    key: 'status',
    render: (_: unknown, row) => {
      const status = row.status_info?.status;
      return status ? <Tag color={STATUS_COLOURS[status]}>{statusText(status)}</Tag> : '';
    },
  },
  {
    title: 'Allocation Status',
    key: 'allocation_status',
    render: (_: unknown, row) => (row.allocation_status ? statusText(row.allocation_status) : 'Not Assigned'),
  },
];

function batchFilterFields(rows: readonly BatchRow[]): FilterField[] {
  return [
    { key: 'batchName', label: 'Batch Name', options: distinctOptions(rows, (r) => r.batchName), free: true },
    { key: 'userName', label: 'User Name', options: distinctOptions(rows, (r) => r.createdBy), free: true },
    { key: 'batchStatus', label: 'Batch Status', options: BATCH_STATUSES.map((s) => ({ value: s, label: statusText(s) })) },
  ];
}

/** The Batch Summary tab: statistics, Filter panel and the batches grid whose rows expand to outcome counts. */
export function BatchSummaryTab({ label, org, stats }: { label: string; org: string; stats: readonly HeaderStat[] }) {
  const { message } = App.useApp();
  const [filter, setFilter] = useState<ConsoleFilterBody | null>(null);
  // The target stays set while the dialog animates closed.
  const [view, setView] = useState<{ target: OutcomeTarget | null; open: boolean }>({ target: null, open: false });
  const list = usePagedList<BatchRow>(consoleKeys.batches(org, filter), (page, size) =>
    filter ? searchBatches(org, filter, size, page) : listBatches(org, size, page),
  );
  const fields = useMemo(() => batchFilterFields(list.rows), [list.rows]);
  const [selection, setSelection] = useState<{ keys: Key[]; rows: BatchRow[] }>({ keys: [], rows: [] });
  const clearSelection = useCallback(() => setSelection({ keys: [], rows: [] }), []);
  // Another insurer's or another filter's batches: a selection does not carry over.
  if (useChanged([org, filter])) clearSelection();

  const closeOutcome = useCallback(() => setView((v) => ({ ...v, open: false })), []);
  const outcomeFailed = useCallback(
    (reason: string) => {
      closeOutcome();
      void message.error(reason);
    },
    [closeOutcome, message],
  );

  return (
    <>
      <HeaderStats stats={stats} />
      <ConsoleFilter fields={fields} onFilter={setFilter} onReset={() => setFilter(null)} />
      <PagedTable<BatchRow>
        title={label}
        columns={BATCH_COLUMNS}
        list={list}
        pageSizes={CONSOLE_PAGE_SIZES}
        rowKey="id"
        selectedKeys={selection.keys}
        onSelectionChange={(keys, rows) => setSelection({ keys, rows })}
        toolbar={<BatchActionsMenu selected={selection.rows} org={org} onDone={clearSelection} />}
        emptyText={`No Data Found in ${label}`}
        maxBodyHeight={CONSOLE_BODY_HEIGHT}
        expandable={{
          expandedRowRender: (batch) => (
            <BatchOutcomeCounts batch={batch} onOpen={(outcome) => setView({ target: { batch, outcome }, open: true })} />
          ),
        }}
      />
      <BatchOutcomeDialog target={view.target} open={view.open} org={org} onClose={closeOutcome} onFailed={outcomeFailed} />
    </>
  );
}
