import { DownOutlined } from '@ant-design/icons';
import { formatInZone, saveBlob } from '@claims/shared-kernel';
import type { BatchRow } from '@claims/shared-kernel';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Dropdown, Form, Input, type MenuProps, Modal } from 'antd';
import { useState } from 'react';
import { archiveBatches, batchReport, discardBatches, dropBatches, setBatchStatus, suspendBatches } from '../../api/batchActions';
import { AllocationDialog } from '../allocation/AllocationDialog';
import { allocationKind } from '../allocation/allocation';
import { CONFIRM_TITLE, REPORT_FAILED, SELECT_FIRST, SUCCESS } from '../console/texts';
import { alreadySaid, useConsoleWrite } from '../console/useConsoleWrite';

type Action = 'pause' | 'resume' | 'suspend' | 'archive' | 'discard' | 'drop';

interface ActionInfo {
  run: (names: string[], org: string, reason: string) => Promise<void>;
  /** The success alert of spec 3 §8. */
  success: string;
}

const ACTIONS: Record<Action, ActionInfo> = {
  pause: { run: (n, o) => setBatchStatus(n, 'PAUSED', o), success: SUCCESS.done },
  resume: { run: (n, o) => setBatchStatus(n, 'RESUMED', o), success: SUCCESS.done },
  suspend: { run: suspendBatches, success: SUCCESS.suspended },
  archive: { run: archiveBatches, success: SUCCESS.archived },
  discard: { run: (n, o, reason) => discardBatches(n, reason, o), success: SUCCESS.done },
  drop: { run: dropBatches, success: SUCCESS.dropped },
};

/**
 * Pause/Resume is one item that follows the first selected batch (spec 3 §4): Resume for a PAUSED batch, otherwise
 * Pause, which is disabled unless that batch is IN_PROCESSING or CREATED.
 */
export function pauseOrResume(first: BatchRow | undefined): { action: 'pause' | 'resume'; label: string; disabled: boolean } {
  const status = first?.status_info.status;
  if (status === 'PAUSED') return { action: 'resume', label: 'Resume', disabled: false };
  return {
    action: 'pause',
    label: first ? 'Pause' : 'Pause/Resume',
    disabled: !!first && status !== 'IN_PROCESSING' && status !== 'CREATED',
  };
}

/** The reason a discard carries (spec 3 §4), asked for before the batches are discarded. */
function DiscardDialog({
  open,
  busy,
  onCancel,
  onDiscard,
}: {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onDiscard: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <Modal
      title="Discard Batch"
      open={open}
      okText="Discard"
      okButtonProps={{ danger: true, disabled: !reason.trim() }}
      cancelText="Cancel"
      confirmLoading={busy}
      onOk={() => reason.trim() && onDiscard(reason.trim())}
      onCancel={onCancel}
      afterClose={() => setReason('')}
      destroyOnHidden
    >
      <Form layout="vertical" component="div">
        <Form.Item label="Reason" required style={{ marginBottom: 0 }}>
          <Input.TextArea
            aria-label="Reason"
            autoFocus
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The Batch Summary's actions menu on the selected batches: Pause/Resume, Suspend, Archive, Drop (each after a
 * confirmation), Discard (with a reason), Generate Report, and Assign Batches when exactly one batch is selected.
 * `onDone` runs after a change (the lists it changed reload by themselves).
 */
export function BatchActionsMenu({ selected, org, onDone }: { selected: readonly BatchRow[]; org: string; onDone: () => void }) {
  const { message, modal } = App.useApp();
  const [discarding, setDiscarding] = useState(false);
  const [allocating, setAllocating] = useState<{ batch: BatchRow; kind: 'assign' | 'reassign'; open: boolean } | null>(null);
  const names = selected.map((b) => b.batchName);
  const toggle = pauseOrResume(selected[0]);

  const change = useConsoleWrite(
    org,
    ({ action, reason = '' }: { action: Action; reason?: string }) => ACTIONS[action].run(names, org, reason),
    { success: ({ action }) => ACTIONS[action].success, onDone },
  );
  const report = useMutation({ mutationFn: (nameList: string[]) => batchReport(nameList, org) });

  const confirm = (action: Exclude<Action, 'discard'>) =>
    modal.confirm({
      title: CONFIRM_TITLE,
      content: `Are you sure you want to ${action} the batch?`,
      okText: 'Yes',
      cancelText: 'Cancel',
      // The dialog stays, its Yes spinning, until the server has answered.
      onOk: () => change.mutateAsync({ action }).catch(alreadySaid),
    });

  const download = () =>
    report.mutate(names, {
      onSuccess: (data) => saveBlob(data, `batch_data_${formatInZone(new Date(), 'DD-MM-YYYY')}.xlsx`),
      onError: () => void message.error(REPORT_FAILED),
    });

  const allocate = () => {
    const [batch] = selected;
    const kind = allocationKind(batch);
    if (kind === 'cannot') {
      modal.warning({
        title: 'Assign Batch',
        content: `${batch.batchName} cannot be assigned yet: a batch can be assigned once it is fully processed.`,
        okText: 'OK',
      });
    } else setAllocating({ batch, kind, open: true });
  };

  const items: MenuProps['items'] = [
    { key: toggle.action, label: toggle.label, disabled: toggle.disabled },
    { key: 'suspend', label: 'Suspend' },
    { key: 'archive', label: 'Archive' },
    { key: 'discard', label: 'Discard' },
    { key: 'drop', label: 'Drop', danger: true },
    { key: 'report', label: 'Generate Report' },
    ...(selected.length === 1 ? [{ key: 'assign', label: 'Assign Batches' }] : []),
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (!selected.length) {
      void message.warning(SELECT_FIRST);
      return;
    }
    if (key === 'report') download();
    else if (key === 'assign') allocate();
    else if (key === 'discard') setDiscarding(true);
    else confirm(key as Exclude<Action, 'discard'>);
  };

  return (
    <>
      <Dropdown trigger={['click']} menu={{ items, onClick }}>
        <Button loading={change.isPending || report.isPending}>
          Batch Actions <DownOutlined />
        </Button>
      </Dropdown>
      <DiscardDialog
        open={discarding}
        busy={change.isPending}
        onCancel={() => setDiscarding(false)}
        onDiscard={(reason) => change.mutate({ action: 'discard', reason }, { onSuccess: () => setDiscarding(false) })}
      />
      {allocating && (
        <AllocationDialog
          {...allocating}
          org={org}
          onClose={() => setAllocating((a) => a && { ...a, open: false })}
          afterClose={() => setAllocating(null)}
        />
      )}
    </>
  );
}
