import { Button, Modal, Typography } from 'antd';

/** The Error Response dialog: the claim's error message and nothing else (spec 3 §2.7). */
export function ErrorResponseDialog({
  message,
  open,
  onClose,
}: {
  message: string | null | undefined;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Modal title="Error Response" open={open} onCancel={onClose} footer={<Button onClick={onClose}>Close</Button>} destroyOnHidden>
      {message ? (
        <Typography.Paragraph
          style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', marginBottom: 0 }}
          data-testid="error-response-message"
        >
          {message}
        </Typography.Paragraph>
      ) : (
        <Typography.Text type="secondary">No error message was recorded for this claim.</Typography.Text>
      )}
    </Modal>
  );
}
