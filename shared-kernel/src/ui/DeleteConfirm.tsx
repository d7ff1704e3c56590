import { Modal } from 'antd';

export const DELETE_QUESTION = 'Are you sure you want to delete?';

/** The Delete Confirmation dialog of spec 2 §2.12 (masters, rules, questions): Cancel and Delete. */
export function DeleteConfirm({
  open,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      open={open}
      title="Delete Confirmation"
      onCancel={onCancel}
      onOk={onConfirm}
      okText="Delete"
      cancelText="Cancel"
      okButtonProps={{ danger: true, loading: busy }}
      destroyOnHidden
    >
      {DELETE_QUESTION}
    </Modal>
  );
}
