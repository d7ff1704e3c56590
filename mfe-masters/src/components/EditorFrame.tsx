import { DeleteOutlined } from '@ant-design/icons';
import { BackTitle, DeleteConfirm } from '@claims/shared-kernel/ui';
import { Alert, App, Button, Card, Typography, theme } from 'antd';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

export const DELETED = 'Deleted Successfully';

/** An editor's delete: starts it (a write of useMasterWrite) and says how it went; pending while it runs. */
export interface Deletion {
  run: (outcome: { onSuccess: () => void; onError: (failure: Error) => void }) => void;
  pending: boolean;
}

export interface EditorFrameProps {
  heading: 'Create' | 'Edit';
  /** The list the editor returns to after save or delete, e.g. /hospitals. */
  listPath: string;
  listTitle: string;
  /** The server's reason for the last failed save; the form keeps its input. */
  error: string | null;
  onDismissError: () => void;
  /** Given on edit: the record's delete; a failure says the server's reason. */
  deletion?: Deletion;
  /** Where a delete leads, when not back to the list (a test unit's goes to /claims, spec 3 §2.6). */
  afterDelete?: string;
  /** What is edited, shown beside the heading: 'Test Unit' (spec 3 §1). */
  subject?: string;
  /** What is edited, where the spec's title names it in the heading itself: 'Create Clinical Attribute' (spec 3 §2.3). */
  headingSubject?: string;
  /** The delete link's text where the spec names it ('Delete Clinical Attribute', spec 3 §2.3). */
  deleteLabel?: string;
  children: ReactNode;
}

/** The frame every master editor shares: heading, save error, the Delete link with its confirmation. */
export function EditorFrame({
  heading,
  listPath,
  listTitle,
  error,
  onDismissError,
  deletion,
  afterDelete = listPath,
  subject,
  headingSubject,
  deleteLabel = 'Delete',
  children,
}: EditorFrameProps) {
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  const remove = () =>
    deletion?.run({
      onSuccess: () => {
        void message.success(DELETED);
        void navigate(afterDelete);
      },
      onError: (failure) => {
        void message.error(`Error: ${failure.message}`);
        setConfirming(false);
      },
    });

  return (
    <Card
      style={{ maxWidth: 720 }}
      title={
        <BackTitle to={listPath} label={`Back to ${listTitle}`}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {headingSubject ? `${heading} ${headingSubject}` : heading}
          </Typography.Title>
          {subject && <Typography.Text type="secondary">{subject}</Typography.Text>}
        </BackTitle>
      }
      extra={
        deletion && (
          <Button type="link" danger icon={<DeleteOutlined />} onClick={() => setConfirming(true)}>
            {deleteLabel}
          </Button>
        )
      }
    >
      {error && <Alert type="error" showIcon closable={{ onClose: onDismissError }} title={error} style={{ marginBottom: token.margin }} />}
      {children}
      {deletion && <DeleteConfirm open={confirming} busy={deletion.pending} onCancel={() => setConfirming(false)} onConfirm={remove} />}
    </Card>
  );
}
