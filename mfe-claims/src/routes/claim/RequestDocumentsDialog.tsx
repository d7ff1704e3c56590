import { DOCUMENT_REQUEST_LIMITS } from '@claims/shared-kernel';
import { Flex, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { FormItemSpacing } from '../../components/FormItemSpacing';

export const REQUEST_DOCUMENTS = 'Request documents';
export const REQUEST_HINT = 'The documents the verification found missing are filled in; change them as needed.';

export interface RequestDocumentsDialogProps {
  open: boolean;
  /** The documents the verdict found missing: the request starts with them. */
  missing: string[];
  sending: boolean;
  onSend: (request: { documents: string[]; note: string }) => void;
  onCancel: () => void;
}

/** Request documents on a QUERY claim: the documents asked for (pre-filled, editable) and a note for the insurer. */
export function RequestDocumentsDialog({ open, missing, sending, onSend, onCancel }: RequestDocumentsDialogProps) {
  const [documents, setDocuments] = useState<string[]>(missing);
  const [note, setNote] = useState('');
  const named = documents.map((name) => name.trim()).filter(Boolean);
  const send = () => named.length > 0 && !sending && onSend({ documents: named, note: note.trim() });
  return (
    <Modal
      open={open}
      title={REQUEST_DOCUMENTS}
      okText="Send"
      cancelText="Cancel"
      okButtonProps={{ disabled: named.length === 0 }}
      confirmLoading={sending}
      onOk={send}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{REQUEST_HINT}</Typography.Text>
        <FormItemSpacing>
          <Form layout="vertical" component="div">
            <Form.Item label="Documents" help={named.length === 0 ? 'Name at least one document' : undefined}>
              <Select
                mode="tags"
                aria-label="Documents"
                value={documents}
                onChange={setDocuments}
                maxCount={DOCUMENT_REQUEST_LIMITS.documents}
                tokenSeparators={[',']}
                open={false}
                suffixIcon={null}
              />
            </Form.Item>
            <Form.Item label="Note">
              <Input.TextArea
                aria-label="Note"
                rows={3}
                maxLength={DOCUMENT_REQUEST_LIMITS.note}
                showCount
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            </Form.Item>
          </Form>
        </FormItemSpacing>
      </Flex>
    </Modal>
  );
}
