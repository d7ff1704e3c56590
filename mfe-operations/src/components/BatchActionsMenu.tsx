import { DownOutlined } from '@ant-design/icons';
import { formatInZone, saveBlob } from '@claims/shared-kernel';
import type { BatchRow } from '@claims/shared-kernel';
import { App, Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { archiveBatches, batchReport, dropBatches, setBatchStatus, suspendBatches } from '../api/batchActions';

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
 * The Batch Summary's actions menu: Pause/Resume, Suspend, Drop, Archive (each after a confirmation)
 * and Generate Report. `onDone` reloads the grid after a change.
 */
export function BatchActionsMenu({ selected, org, onDone }: { selected: readonly BatchRow[]; org: string; onDone: () => void }) {
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState(false);
  const names = selected.map((b) => b.batchName);
  const firstStatus = selected[0]?.status_info?.status ?? '';

  const perform = (action: Action) => {
    const info = ACTIONS[action];
    modal.confirm({
      title: 'Confirm the action',
      content: `Are you sure you want to ${action} the batch?`,
      okText: 'Yes',
      cancelText: 'Cancel',
      onOk: async () => {
        setBusy(true);
        try {
          await info.run(names, org);
          void message.success(info.success);
          onDone();
        } catch (error) {
          void message.error((error as Error).message);
        } finally {
          setBusy(false);
        }
      },
    });
  };

  const report = async () => {
    setBusy(true);
    try {
      saveBlob(await batchReport(names, org), `batch_data_${formatInZone(new Date(), 'DD-MM-YYYY')}.xlsx`);
    } catch {
      void message.error(REPORT_FAILED);
    } finally {
      setBusy(false);
    }
  };

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
          if (key === 'report') void report();
          else perform(key as Action);
        },
      }}
    >
      <Button loading={busy}>
        Batch Actions <DownOutlined />
      </Button>
    </Dropdown>
  );
}
