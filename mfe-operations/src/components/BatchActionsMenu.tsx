import { DownOutlined } from '@ant-design/icons';
import { formatInZone, saveBlob } from '@claims/shared-kernel';
import type { BatchRow } from '@claims/shared-kernel';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, type MenuProps } from 'antd';
import { archiveBatches, batchReport, dropBatches, setBatchStatus, suspendBatches } from '../api/batchActions';
import { consoleKeys } from '../api/console';

export const SELECT_FIRST = 'Please Select at least one claim / batch';
export const REPORT_FAILED = 'Failed to download';

type Action = 'pause' | 'resume' | 'suspend' | 'drop' | 'archive';

interface ActionInfo {
  label: string;
  run: (names: string[], org: string) => Promise<void>;
  /** The success alert of spec 3 §8. */
  success: string;
  /** Disabled unless the first selected batch's status allows it (spec 3 §4). */
  allowed?: (firstStatus: string) => boolean;
}

const ACTIONS: Record<Action, ActionInfo> = {
  pause: {
    label: 'Pause',
    run: (n, o) => setBatchStatus(n, 'PAUSED', o),
    success: 'Successfully Done',
    allowed: (s) => s === 'IN_PROCESSING' || s === 'CREATED',
  },
  resume: { label: 'Resume', run: (n, o) => setBatchStatus(n, 'RESUMED', o), success: 'Successfully Done', allowed: (s) => s === 'PAUSED' },
  suspend: { label: 'Suspend', run: suspendBatches, success: 'Batch suspended successfully' },
  drop: { label: 'Drop', run: dropBatches, success: 'Batch dropped successfully' },
  archive: { label: 'Archive', run: archiveBatches, success: 'Batch archived successfully' },
};

/**
 * What a batch action changes, to be read again: every batch list (the console's, its outcome claims, the
 * claims filter's batch options), the insurer's statistics, and after a drop the claims that were in it.
 */
function useBatchAction(org: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, names }: { action: Action; names: string[] }) => ACTIONS[action].run(names, org),
    onSuccess: (_, { action }) => {
      void queryClient.invalidateQueries({ queryKey: ['batches'] });
      void queryClient.invalidateQueries({ queryKey: consoleKeys.counts(org) });
      if (action === 'drop') void queryClient.invalidateQueries({ queryKey: ['claims'] });
    },
  });
}

/**
 * The Batch Summary's actions menu: Pause/Resume, Suspend, Drop, Archive (each after a confirmation)
 * and Generate Report. `onDone` runs after a change (the lists it changed reload by themselves).
 */
export function BatchActionsMenu({ selected, org, onDone }: { selected: readonly BatchRow[]; org: string; onDone: () => void }) {
  const { message, modal } = App.useApp();
  const names = selected.map((b) => b.batchName);
  const firstStatus = selected[0]?.status_info?.status ?? '';
  const change = useBatchAction(org);
  const report = useMutation({ mutationFn: (nameList: string[]) => batchReport(nameList, org) });

  const perform = (action: Action) => {
    const info = ACTIONS[action];
    modal.confirm({
      title: 'Confirm the action',
      content: `Are you sure you want to ${action} the batch?`,
      okText: 'Yes',
      cancelText: 'Cancel',
      // The dialog stays, its Yes spinning, until the server has answered.
      onOk: () =>
        change.mutateAsync({ action, names }).then(
          () => {
            void message.success(info.success);
            onDone();
          },
          (error: Error) => void message.error(error.message),
        ),
    });
  };

  const download = () =>
    report.mutate(names, {
      onSuccess: (data) => saveBlob(data, `batch_data_${formatInZone(new Date(), 'DD-MM-YYYY')}.xlsx`),
      onError: () => void message.error(REPORT_FAILED),
    });

  const items: MenuProps['items'] = [
    ...(Object.keys(ACTIONS) as Action[]).map((key) => ({
      key,
      label: ACTIONS[key].label,
      disabled: selected.length > 0 && ACTIONS[key].allowed ? !ACTIONS[key].allowed(firstStatus) : false,
    })),
    { key: 'report', label: 'Generate Report' },
  ];

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        onClick: ({ key }) => {
          if (!selected.length) {
            void message.warning(SELECT_FIRST);
            return;
          }
          if (key === 'report') download();
          else perform(key as Action);
        },
      }}
    >
      <Button loading={change.isPending || report.isPending}>
        Batch Actions <DownOutlined />
      </Button>
    </Dropdown>
  );
}
