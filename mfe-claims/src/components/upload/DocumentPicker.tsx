import { DeleteOutlined, InboxOutlined } from '@ant-design/icons';
import { fileSize, type UploadLimits } from '@claims/shared-kernel';
import { Alert, Button, Card, Col, Flex, Row, Typography, theme } from 'antd';
import Upload, { type RcFile } from 'antd/es/upload';
import { lazy, Suspense, useEffect, useState } from 'react';
import { PdfIcon } from '../viewer/PdfIcon';
import { ACCEPT_ATTRIBUTE, isAcceptedFile, isPdf, limitsText, notAcceptedMessage, type PickedDocument } from './documents';

const THUMB = 56;
// react-pdf loads in a chunk of its own when a PDF is picked, as on the claim page.
const PdfThumbnail = lazy(() => import('../viewer/PdfThumbnail'));

/** An image's own thumbnail; the object URL lives as long as the card. */
function ImageThumb({ file }: { file: File }) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url ? <img src={url} alt={file.name} width={THUMB} height={THUMB} style={{ objectFit: 'cover', borderRadius: 4 }} /> : null;
}

function DocumentCard({
  document,
  problem,
  disabled,
  onRemove,
}: {
  document: PickedDocument;
  problem?: string;
  disabled: boolean;
  onRemove: () => void;
}) {
  const { file } = document;
  const { token } = theme.useToken();
  return (
    <Card size="small" data-testid="document-card" style={problem ? { borderColor: token.colorError } : undefined}>
      <Flex gap={12} align="center">
        {isPdf(file) ? (
          <Suspense fallback={<PdfIcon size={THUMB} />}>
            <PdfThumbnail file={file} size={THUMB} />
          </Suspense>
        ) : (
          <ImageThumb file={file} />
        )}
        <Flex vertical style={{ minWidth: 0, flex: 1 }}>
          <Typography.Text ellipsis={{ tooltip: file.name }}>{file.name}</Typography.Text>
          <Typography.Text type="secondary">{fileSize(file.size)}</Typography.Text>
        </Flex>
        <Button aria-label={`Remove ${file.name}`} type="text" danger icon={<DeleteOutlined />} disabled={disabled} onClick={onRemove} />
      </Flex>
    </Card>
  );
}

export interface DocumentPickerProps {
  documents: PickedDocument[];
  onAdd: (document: PickedDocument) => void;
  onRemove: (uid: string) => void;
  /** Unknown until GET /claims/uploadLimits answers; without them only the server checks sizes. */
  limits: UploadLimits | undefined;
  /** By file uid: why it cannot be sent (see documentProblems). */
  problems: Map<string, string>;
  disabled: boolean;
  /** The button that sends the documents, as the list of problems names it. */
  submitLabel?: string;
}

/**
 * The evidence documents (spec 1 §2): dropped or chosen, kept in the browser (beforeUpload answers false) and
 * sent with the claim, or added to it later from the claim page. Files that are not PNG, JPEG or PDF are refused
 * with their names.
 */
export function DocumentPicker({ documents, onAdd, onRemove, limits, problems, disabled, submitLabel = 'Submit' }: DocumentPickerProps) {
  const [refused, setRefused] = useState<string[]>([]);

  const take = (file: RcFile, batch: RcFile[]) => {
    // A new choice replaces the previous refusals; each file of the choice passes through here once.
    if (file === batch[0]) setRefused([]);
    if (isAcceptedFile(file)) onAdd({ uid: file.uid, file });
    else setRefused((names) => [...names, notAcceptedMessage(file.name)]);
    return false;
  };

  return (
    <Flex vertical gap={12}>
      <Upload.Dragger
        multiple
        disabled={disabled}
        // 'native': the dialog offers the three types, and dropped files of other types still reach beforeUpload to be named.
        accept={{ format: ACCEPT_ATTRIBUTE, filter: 'native' }}
        beforeUpload={take}
        fileList={[]}
        showUploadList={false}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">Click or drag documents here</p>
        <p className="ant-upload-hint" data-testid="upload-hint">
          PNG, JPEG or PDF{limits ? `. ${limitsText(limits)}.` : ''}
        </p>
      </Upload.Dragger>
      {refused.length > 0 && <Alert type="error" showIcon title={refused.join(' ')} closable={{ onClose: () => setRefused([]) }} />}
      <Typography.Text strong>Uploaded Evidence Documents ({documents.length})</Typography.Text>
      {documents.length > 0 && (
        <Row gutter={[12, 12]}>
          {documents.map((document) => (
            <Col key={document.uid} xs={24} md={12} xl={8}>
              <DocumentCard
                document={document}
                problem={problems.get(document.uid)}
                disabled={disabled}
                onRemove={() => onRemove(document.uid)}
              />
            </Col>
          ))}
        </Row>
      )}
      {problems.size > 0 && (
        <Alert
          type="error"
          showIcon
          title={`Remove these documents before ${submitLabel}`}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {[...problems].map(([uid, text]) => (
                <li key={uid}>{text}</li>
              ))}
            </ul>
          }
        />
      )}
    </Flex>
  );
}
