import { CONSOLE_CLAIM_STATUSES } from '@claims/shared-kernel';
import type { ConsoleClaimRow } from '@claims/shared-kernel';
import { Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { type ConsoleClaimStatus, setClaimStatus } from '../../api/claimActions';
import { statusText } from '../batches/batchStatus';
import { SUCCESS } from '../console/texts';
import { useConsoleWrite } from '../console/useConsoleWrite';

const STATUS_OPTIONS = CONSOLE_CLAIM_STATUSES.map((status) => ({ value: status, label: statusText(status) }));

export interface ChangeStatusDialogProps {
  org: string;
  selected: readonly ConsoleClaimRow[];
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}

/** The status change of the selected claims (spec 3 §7, PUT /claims/status). */
export function ChangeStatusDialog({ org, selected, open, onClose, onDone }: ChangeStatusDialogProps) {
  const [status, setStatus] = useState<ConsoleClaimStatus>();
  const change = useConsoleWrite(
    org,
    (next: ConsoleClaimStatus) =>
      setClaimStatus(
        selected.map((c) => c.id),
        next,
        org,
      ),
    {
      success: SUCCESS.done,
      onDone: () => {
        onDone();
        onClose();
      },
    },
  );

  return (
    <Modal
      title="Change Status"
      open={open}
      okText="Change Status"
      cancelText="Cancel"
      okButtonProps={{ disabled: !status }}
      confirmLoading={change.isPending}
      onOk={() => status && change.mutate(status)}
      onCancel={onClose}
      afterClose={() => setStatus(undefined)}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{`${selected.length} claim(s) selected.`}</Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item label="Status" required style={{ marginBottom: 0 }}>
          <Select<ConsoleClaimStatus>
            aria-label="Status"
            placeholder="Choose a status"
            options={STATUS_OPTIONS}
            value={status}
            onChange={setStatus}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
