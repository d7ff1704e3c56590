import { INSURERS } from '@claims/shared-kernel';
import { Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';

export interface OverrideDialogProps {
  open: boolean;
  /** The organisation the form writes for; the others are offered. */
  org: string;
  busy: boolean;
  onCancel: () => void;
  onOverride: (insurer: string) => void;
}

/**
 * 'Enable Procedure Override' (spec 2 §2.11): the questions are saved as the chosen insurer's own for the
 * chosen procedures; that insurer's claims are then asked these.
 */
export function OverrideDialog({ open, org, busy, onCancel, onOverride }: OverrideDialogProps) {
  const [insurer, setInsurer] = useState<string | null>(null);
  return (
    <Modal
      open={open}
      title="Enable Procedure Override"
      onCancel={onCancel}
      onOk={() => insurer && onOverride(insurer)}
      okText="Override"
      okButtonProps={{ disabled: !insurer, loading: busy }}
      afterClose={() => setInsurer(null)}
    >
      <Typography.Paragraph type="secondary">
        The questions are saved for the chosen procedures in the insurer you pick.
      </Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item label="Insurer" htmlFor="override-insurer" style={{ marginBottom: 0 }}>
          <Select
            id="override-insurer"
            aria-label="Override for insurer"
            placeholder="Select an insurer"
            value={insurer}
            onChange={setInsurer}
            options={INSURERS.filter((i) => i.code !== org).map((i) => ({ value: i.code, label: i.label }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
