import { Form, Input, Modal } from 'antd';
import { useState } from 'react';

export interface BatchNameModalProps {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onCreate: (batchName: string) => void;
}

/** The batch name prompt of Run Verification: Create Batch stays disabled while the name is empty. */
export function BatchNameModal({ open, busy, onCancel, onCreate }: BatchNameModalProps) {
  const [name, setName] = useState('');
  const trimmed = name.trim();
  const create = () => trimmed && !busy && onCreate(trimmed);
  return (
    <Modal
      open={open}
      title="Enter the batch name"
      okText="Create Batch"
      cancelText="Cancel"
      okButtonProps={{ disabled: !trimmed }}
      confirmLoading={busy}
      onOk={create}
      onCancel={onCancel}
      afterClose={() => setName('')}
      destroyOnHidden
    >
      <Form layout="vertical" component="div">
        <Form.Item label="Batch name" style={{ marginBottom: 0 }}>
          <Input
            aria-label="Batch name"
            autoFocus
            maxLength={200}
            value={name}
            onChange={(e) => setName(e.target.value)}
            onPressEnter={create}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
