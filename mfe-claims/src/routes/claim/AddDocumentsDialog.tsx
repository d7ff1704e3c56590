import { useQuery } from '@tanstack/react-query';
import { Flex, Modal, Typography } from 'antd';
import Progress from 'antd/es/progress';
import { useMemo, useState } from 'react';
import { uploadLimitsQuery } from '../../api/create';
import { DocumentPicker, documentProblems, type PickedDocument } from '../../components/upload';

export const ADD_DOCUMENTS = 'Add documents';
export const ADD_HINT = 'The claim is verified again with all its documents once these are added.';
export const UPLOADING = 'Uploading documents';

export interface AddDocumentsDialogProps {
  open: boolean;
  /** How many documents the claim has: they count against the files a claim may have. */
  heldFiles: number;
  /** The share of the upload sent (0 to 1) while it runs, null otherwise. */
  sent: number | null;
  onAdd: (files: File[]) => void;
  onCancel: () => void;
}

/** Add documents to the claim: chosen with previews, checked against the upload limits, sent with the upload's progress. */
export function AddDocumentsDialog({ open, heldFiles, sent, onAdd, onCancel }: AddDocumentsDialogProps) {
  const [documents, setDocuments] = useState<PickedDocument[]>([]);
  const limits = useQuery(uploadLimitsQuery()).data;
  const problems = useMemo(() => documentProblems(documents, limits, heldFiles), [documents, limits, heldFiles]);
  const uploading = sent !== null;
  const ready = documents.length > 0 && problems.size === 0 && !uploading;
  return (
    <Modal
      open={open}
      title={ADD_DOCUMENTS}
      okText="Add"
      cancelText="Cancel"
      okButtonProps={{ disabled: !ready }}
      cancelButtonProps={{ disabled: uploading }}
      confirmLoading={uploading}
      closable={!uploading}
      mask={{ closable: !uploading }}
      onOk={() => ready && onAdd(documents.map((document) => document.file))}
      onCancel={onCancel}
      width={720}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{ADD_HINT}</Typography.Text>
        <DocumentPicker
          documents={documents}
          onAdd={(document) => setDocuments((current) => [...current, document])}
          onRemove={(uid) => setDocuments((current) => current.filter((document) => document.uid !== uid))}
          limits={limits}
          problems={problems}
          disabled={uploading}
          submitLabel="Add"
        />
        {uploading && (
          <Flex vertical gap={4}>
            <Typography.Text>{UPLOADING}</Typography.Text>
            <Progress aria-label="Upload progress" percent={Math.round(sent * 100)} status="active" />
          </Flex>
        )}
      </Flex>
    </Modal>
  );
}
