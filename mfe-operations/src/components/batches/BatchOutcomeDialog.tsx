import { CONSOLE_PAGE_SIZES, DEFAULT_PAGE_SIZE } from '@claims/shared-kernel';
import { NO_ROWS } from '@claims/shared-kernel/data';
import type { BatchRow, ConsoleClaimRow } from '@claims/shared-kernel';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Modal, Table } from 'antd';
import { useEffect, useState } from 'react';
import { claimsByOutcome, consoleKeys } from '../../api/console';
import type { OutcomeInfo } from './BatchOutcomes';
import { useClaimDialogs } from '../claims/useClaimDialogs';

export interface OutcomeTarget {
  batch: BatchRow;
  outcome: OutcomeInfo;
}

interface OutcomeClaimsProps extends OutcomeTarget {
  org: string;
  /** The call failed: the dialog closes and the page alerts the reason. */
  onFailed: (reason: string) => void;
}

/**
 * The grid of the dialog, paged by the server; mounted afresh each time the dialog opens. A failure
 * closes the dialog and the page alerts the reason (once the retries are over; an earlier failure of the
 * same claims, still cached, does not count while they are asked for again).
 */
function OutcomeClaims({ batch, outcome, org, onFailed }: OutcomeClaimsProps) {
  const { columns, dialogs } = useClaimDialogs();
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const query = useQuery({
    queryKey: consoleKeys.outcome(org, batch.id, outcome.key, paging),
    queryFn: () => claimsByOutcome(batch.id, outcome.key, org, paging.pageSize, paging.page),
    placeholderData: keepPreviousData,
  });
  const failure = query.isError && !query.isFetching ? query.error : null;
  useEffect(() => {
    if (failure) onFailed(failure.message);
  }, [failure, onFailed]);
  const rows = query.data?.rows ?? NO_ROWS;

  return (
    <>
      <Table<ConsoleClaimRow>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={query.isFetching}
        scroll={{ y: 450, x: 'max-content' }}
        locale={{ emptyText: `No Data Found in ${outcome.label}` }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: CONSOLE_PAGE_SIZES.map(String),
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
          showTotal: (count, [from, to]) => `${from}-${to} of ${count}`,
        }}
      />
      {dialogs}
    </>
  );
}

export interface BatchOutcomeDialogProps {
  target: OutcomeTarget | null;
  open: boolean;
  org: string;
  onClose: () => void;
  onFailed: (reason: string) => void;
}

/** The claims of one batch with one outcome (POST /redirectOther), in the console's claims grid. */
export function BatchOutcomeDialog({ target, open, org, onClose, onFailed }: BatchOutcomeDialogProps) {
  return (
    <Modal
      title={target ? `${target.batch.batchName}: ${target.outcome.label}` : ''}
      open={open}
      onCancel={onClose}
      width="90vw"
      footer={<Button onClick={onClose}>Close</Button>}
      destroyOnHidden
    >
      {target && <OutcomeClaims batch={target.batch} outcome={target.outcome} org={org} onFailed={onFailed} />}
    </Modal>
  );
}
