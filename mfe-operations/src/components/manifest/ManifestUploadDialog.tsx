import { DeleteOutlined, InboxOutlined } from '@ant-design/icons';
import { fileSize, insurerLabel } from '@claims/shared-kernel';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Modal, Typography } from 'antd';
import Progress from 'antd/es/progress';
import Upload, { type RcFile } from 'antd/es/upload';
import { useState } from 'react';
import { fetchManifestLimits, uploadManifest } from '../../api/claimActions';
import { importSummary, unreadableManifests } from './importSummary';
import { DOCUMENT_ACCEPT, isDocumentFile, isManifestFile, limitsText, MANIFEST_ACCEPT, uploadProblems } from './manifestFiles';
import { useConsoleRefresh } from '../console/useConsoleWrite';

/** The limits change only with the server's configuration; without them the server alone checks the sizes. */
const manifestLimitsQuery = queryOptions({
  queryKey: ['manifestLimits'] as const,
  queryFn: fetchManifestLimits,
  staleTime: Number.POSITIVE_INFINITY,
  meta: { failureLog: 'Manifest limits could not be read; the server checks the sizes' },
});

function FileLine({ file, disabled, onRemove }: { file: File; disabled: boolean; onRemove: () => void }) {
  return (
    <Flex align="center" gap={8}>
      <Typography.Text ellipsis={{ tooltip: file.name }} style={{ flex: 1, minWidth: 0 }}>
        {file.name}
      </Typography.Text>
      <Typography.Text type="secondary">{fileSize(file.size)}</Typography.Text>
      <Button
        type="text"
        danger
        size="small"
        icon={<DeleteOutlined />}
        aria-label={`Remove ${file.name}`}
        disabled={disabled}
        onClick={onRemove}
      />
    </Flex>
  );
}

export interface ManifestUploadDialogProps {
  org: string;
  open: boolean;
  onClose: () => void;
}

/**
 * Upload Manifest: a manifest of claims (.csv or .xlsx) with the documents it names, imported for the chosen insurer
 * as the inbox's are, with the share sent shown while it uploads.
 */
export function ManifestUploadDialog({ org, open, onClose }: ManifestUploadDialogProps) {
  const { message } = App.useApp();
  const refreshConsole = useConsoleRefresh(org);
  const { data: limits } = useQuery({ ...manifestLimitsQuery, enabled: open });
  const [manifest, setManifest] = useState<File | null>(null);
  const [documents, setDocuments] = useState<RcFile[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [sent, setSent] = useState(0);
  const problems = uploadProblems(manifest, documents, limits);

  const upload = useMutation({
    mutationFn: (files: { manifest: File; documents: readonly File[] }) => uploadManifest(files.manifest, files.documents, org, setSent),
    onMutate: () => setSent(0),
    onSuccess: (result) => {
      void message.success(`Manifest uploaded: ${importSummary(result)}`);
      for (const warning of unreadableManifests(result)) void message.warning(warning);
      refreshConsole();
      onClose();
    },
    onError: (error) => void message.error(error.message),
  });
  const busy = upload.isPending;

  const takeManifest = (file: RcFile) => {
    if (isManifestFile(file)) {
      setManifest(file);
      setRefused([]);
    } else setRefused([`'${file.name}' is not a .csv or .xlsx manifest.`]);
    return false;
  };
  const takeDocument = (file: RcFile, batch: RcFile[]) => {
    if (file === batch[0]) setRefused([]);
    if (isDocumentFile(file)) setDocuments((list) => [...list, file]);
    else setRefused((list) => [...list, `'${file.name}' is not a PDF, PNG or JPEG document.`]);
    return false;
  };

  return (
    <Modal
      title="Upload Manifest"
      open={open}
      okText="Upload"
      cancelText="Cancel"
      okButtonProps={{ disabled: !manifest || problems.length > 0 }}
      confirmLoading={busy}
      cancelButtonProps={{ disabled: busy }}
      closable={!busy}
      mask={{ closable: !busy }}
      onOk={() => manifest && !busy && upload.mutate({ manifest, documents })}
      onCancel={onClose}
      afterClose={() => {
        setManifest(null);
        setDocuments([]);
        setRefused([]);
        setSent(0);
      }}
      width={640}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {`Claims for ${insurerLabel(org)}: one a row, the first row naming the columns`}
          {limits ? ` (${limits.columns.join(', ')}; required: ${limits.required.join(', ')})` : ''}
          {'. The insurer_documents column names each claim’s documents, separated by ";".'}
          {limits ? ` ${limitsText(limits)}` : ''}
        </Typography.Paragraph>
        <Upload.Dragger accept={MANIFEST_ACCEPT} showUploadList={false} beforeUpload={takeManifest} disabled={busy} maxCount={1}>
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">Manifest (.csv or .xlsx)</p>
        </Upload.Dragger>
        {manifest && <FileLine file={manifest} disabled={busy} onRemove={() => setManifest(null)} />}
        <Upload.Dragger accept={DOCUMENT_ACCEPT} multiple showUploadList={false} beforeUpload={takeDocument} disabled={busy}>
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">Documents (PDF, PNG or JPEG)</p>
        </Upload.Dragger>
        {documents.length > 0 && (
          <Flex vertical gap={2} aria-label="Documents to upload" role="group">
            {documents.map((file) => (
              <FileLine
                key={file.uid}
                file={file}
                disabled={busy}
                onRemove={() => setDocuments((list) => list.filter((other) => other.uid !== file.uid))}
              />
            ))}
          </Flex>
        )}
        {[...refused, ...problems].map((problem) => (
          <Alert key={problem} type="error" showIcon title={problem} />
        ))}
        {busy && (
          <Flex vertical gap={4}>
            <Typography.Text>{sent < 1 ? 'Uploading the manifest and its documents' : 'Importing the claims'}</Typography.Text>
            <Progress aria-label="Upload progress" percent={Math.round(sent * 100)} status="active" />
          </Flex>
        )}
      </Flex>
    </Modal>
  );
}
