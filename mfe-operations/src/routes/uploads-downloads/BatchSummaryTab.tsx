import { OrderedListOutlined } from '@ant-design/icons';
import { BATCH_STATUSES, CONSOLE_PAGE_SIZES, formatInZone } from '@claims/shared-kernel';
import { usePagedList, PagedTable, useChanged } from '@claims/shared-kernel/ui';
import type { BatchProgress, BatchRow, ConsoleFilterBody } from '@claims/shared-kernel';
import { App, Button, Flex, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useCallback, useMemo, useState, type Key } from 'react';
import { consoleKeys, consolePageSize, listBatches, searchBatches } from '../../api/console';
import { BatchActionsMenu } from '../../components/batches/BatchActionsMenu';
import { BatchOutcomeCounts } from '../../components/batches/BatchOutcomes';
import { BatchOutcomeDialog, type OutcomeTarget } from '../../components/batches/BatchOutcomeDialog';
import { BatchProgressCell } from '../../components/progress/BatchProgressCell';
import { withProgress } from '../../components/progress/batchProgress';
import { STATUS_COLOURS, statusText } from '../../components/batches/batchStatus';
import { DISPLAY_DATE } from '../../components/claims/claimColumns';
import { ConsoleFilter, type FilterField } from '../../components/console/ConsoleFilter';
import { HeaderStats, type HeaderStat } from '../../components/console/HeaderStats';
import { PriorityDialog } from '../../components/priority/PriorityDialog';
import { useBatchProgress } from '../../components/progress/useBatchProgress';
import { CONSOLE_BODY_HEIGHT } from './ClaimsTab';

function batchColumns(progress: ReadonlyMap<number, BatchProgress>): TableColumnsType<BatchRow> {
  return [
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
    { title: 'Progress', key: 'progress', render: (_: unknown, row) => <BatchProgressCell batch={row} progress={progress.get(row.id)} /> },
    {
      title: 'Allocation Status',
      key: 'allocation_status',
      render: (_: unknown, row) => (row.allocation_status ? statusText(row.allocation_status) : 'Not Assigned'),
    },
  ];
}

/** Batch names and creators are every one of the insurer's batches (from the server), not only the page's. */
const BATCH_FILTER_FIELDS: readonly FilterField[] = [
  { key: 'batchName', label: 'Batch Name', options: 'server' },
  { key: 'userName', label: 'User Name', options: 'server' },
  { key: 'batchStatus', label: 'Batch Status', options: BATCH_STATUSES.map((s) => ({ value: s, label: statusText(s) })) },
];

/**
 * The Batch Summary tab: statistics, Filter panel and the batches grid, whose rows expand to outcome counts and
 * whose batches in processing show their progress as it moves.
 */
export function BatchSummaryTab({ label, org, stats }: { label: string; org: string; stats: readonly HeaderStat[] }) {
  const { message } = App.useApp();
  const [filter, setFilter] = useState<ConsoleFilterBody | null>(null);
  const [prioritising, setPrioritising] = useState(false);
  // The target stays set while the dialog animates closed.
  const [view, setView] = useState<{ target: OutcomeTarget | null; open: boolean }>({ target: null, open: false });
  const list = usePagedList<BatchRow>(consoleKeys.batches(org, filter), (page, size) =>
    filter ? searchBatches(org, filter, size, page) : listBatches(org, size, page),
  );
  const progress = useBatchProgress(org, list.rows);
  const rows = useMemo(() => list.rows.map((batch) => withProgress(batch, progress.get(batch.id))), [list.rows, progress]);
  const columns = useMemo(() => batchColumns(progress), [progress]);
  const [selection, setSelection] = useState<{ keys: Key[]; rows: BatchRow[] }>({ keys: [], rows: [] });
  const clearSelection = useCallback(() => setSelection({ keys: [], rows: [] }), []);
  // Another insurer's or another filter's batches: a selection does not carry over.
  if (useChanged([org, filter])) clearSelection();
  // The selected batches as they are now (their status moves while they process), in the order they were selected.
  const selected = useMemo(
    () => selection.rows.map((chosen) => rows.find((row) => row.id === chosen.id) ?? withProgress(chosen, progress.get(chosen.id))),
    [selection.rows, rows, progress],
  );

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
      <ConsoleFilter org={org} fields={BATCH_FILTER_FIELDS} onFilter={setFilter} onReset={() => setFilter(null)} />
      <PagedTable<BatchRow>
        title={label}
        columns={columns}
        list={{ ...list, rows, pageSize: consolePageSize(list.pageSize) }}
        pageSizes={CONSOLE_PAGE_SIZES}
        rowKey="id"
        selectedKeys={selection.keys}
        // antd may hand back no record for a key kept from a page not seen since.
        onSelectionChange={(keys, chosen) => setSelection({ keys, rows: chosen.filter(Boolean) })}
        toolbar={
          <Flex gap={8}>
            <Button icon={<OrderedListOutlined />} onClick={() => setPrioritising(true)}>
              Change Priority
            </Button>
            <BatchActionsMenu selected={selected} org={org} onDone={clearSelection} />
          </Flex>
        }
        emptyText={`No Data Found in ${label}`}
        maxBodyHeight={CONSOLE_BODY_HEIGHT}
        expandable={{
          expandedRowRender: (batch) => (
            <BatchOutcomeCounts batch={batch} onOpen={(outcome) => setView({ target: { batch, outcome }, open: true })} />
          ),
        }}
      />
      <BatchOutcomeDialog target={view.target} open={view.open} org={org} onClose={closeOutcome} onFailed={outcomeFailed} />
      <PriorityDialog open={prioritising} org={org} onClose={() => setPrioritising(false)} />
    </>
  );
}
