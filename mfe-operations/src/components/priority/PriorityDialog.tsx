import type { BatchRow } from '@claims/shared-kernel';
import { LoadState } from '@claims/shared-kernel/ui';
import { SortableList } from '@claims/shared-kernel/ui/sortable';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Flex, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { changePriority } from '../../api/batchActions';
import { batchesByPriority, consoleKeys } from '../../api/console';
import { CONFIRM_TITLE, SUCCESS } from '../console/texts';
import { alreadySaid, useConsoleWrite } from '../console/useConsoleWrite';
import { PRIORITY_BATCH_COUNT, PRIORITY_STATUSES, statusAfterReorder } from './priority';
import { statusText } from '../batches/batchStatus';

export const PRIORITY_QUESTION = 'Are you sure you want to change the priority of the batches?';

/** Said in the dialog itself, not the Batch Summary grid's empty text: the dialog lists only batches still to be worked on. */
const NO_OPEN_BATCHES = 'No open batches to reorder: every batch is finished, suspended or archived.';

/** A batch's row after its name: its claims, its status, and what the new order makes of it. */
function BatchDetails({ batch, index }: { batch: BatchRow; index: number }) {
  const status = batch.status_info.status;
  const after = statusAfterReorder(batch, index);
  return (
    <>
      <Typography.Text type="secondary">{`${batch.total_claims_count} claim${batch.total_claims_count === 1 ? '' : 's'}`}</Typography.Text>
      <Tag>{statusText(status)}</Tag>
      <Typography.Text type={after === status ? 'secondary' : undefined} style={{ width: 150 }} data-testid="status-after">
        {after === status ? 'unchanged' : `→ ${statusText(after)}`}
      </Typography.Text>
    </>
  );
}

/** The dialog's body, mounted afresh each time it opens: the batches as loaded, then as the user orders them. */
function PriorityEditor({ org, onClose }: { org: string; onClose: () => void }) {
  const { modal } = App.useApp();
  const query = useQuery({
    queryKey: consoleKeys.priority(org),
    queryFn: () => batchesByPriority(org, PRIORITY_STATUSES, PRIORITY_BATCH_COUNT),
    staleTime: 0,
  });
  const [order, setOrder] = useState<BatchRow[] | null>(null);
  const shown = order ?? query.data ?? [];
  const changed = order?.some((batch, index) => batch.id !== query.data?.[index]?.id) ?? false;
  const save = useConsoleWrite(org, (names: string[]) => changePriority(names, org), { success: SUCCESS.done, onDone: onClose });

  const confirm = () =>
    modal.confirm({
      title: CONFIRM_TITLE,
      content: PRIORITY_QUESTION,
      okText: 'Yes',
      cancelText: 'Cancel',
      onOk: () => save.mutateAsync(shown.map((b) => b.batchName)).catch(alreadySaid),
    });

  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">
        Drag a batch by its handle, or focus the handle and use Space and the arrow keys. The first batch is verified first; the others wait
        as shown.
      </Typography.Text>
      <div style={{ maxHeight: 450, overflowY: 'auto' }}>
        <LoadState query={query} empty={NO_OPEN_BATCHES}>
          {() => (
            <SortableList
              label="Batches in priority order"
              noun="batch"
              items={shown}
              idOf={(batch) => String(batch.id)}
              nameOf={(batch) => batch.batchName}
              details={(batch, index) => <BatchDetails batch={batch} index={index} />}
              onChange={setOrder}
            />
          )}
        </LoadState>
      </div>
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" disabled={!changed} loading={save.isPending} onClick={confirm}>
          Save
        </Button>
      </Flex>
    </Flex>
  );
}

/** Change batch priority (spec 3 §2.7, §4): the first 25 batches reordered, a confirmation, then the new order. */
export function PriorityDialog({ open, org, onClose }: { open: boolean; org: string; onClose: () => void }) {
  return (
    <Modal title="Change Batch Priority" open={open} onCancel={onClose} footer={null} width={820} destroyOnHidden>
      {open && <PriorityEditor org={org} onClose={onClose} />}
    </Modal>
  );
}
