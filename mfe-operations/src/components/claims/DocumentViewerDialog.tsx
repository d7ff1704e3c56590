import { LeftOutlined, RightOutlined, RotateLeftOutlined, RotateRightOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { LoadState } from '@claims/shared-kernel/ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Menu, Modal, Tooltip, Typography, theme } from 'antd';
import { useEffect, useState } from 'react';
import { consoleKeys, fetchDocument } from '../../api/console';

type DocumentKind = 'image' | 'pdf' | 'other';

const ZOOM_STEP = 0.25;
const ZOOM_MIN = 0.25;
const ZOOM_MAX = 4;

/** Decides how to show a document: by the blob's type, or by the address's extension when the server sent none. */
function kindOf(blob: Blob, address: string): DocumentKind {
  if (blob.type.startsWith('image/')) return 'image';
  if (blob.type === 'application/pdf') return 'pdf';
  const path = address.split(/[?#]/)[0].toLowerCase();
  if (/\.(png|jpe?g)$/.test(path)) return 'image';
  if (path.endsWith('.pdf')) return 'pdf';
  return 'other';
}

interface LoadedDocument {
  /** Typed as shown: a PDF served without its type would not open in the browser's viewer. */
  blob: Blob;
  kind: DocumentKind;
}

async function loadDocument(address: string): Promise<LoadedDocument> {
  const blob = await fetchDocument(address);
  const kind = kindOf(blob, address);
  return { blob: kind === 'pdf' && blob.type !== 'application/pdf' ? new Blob([blob], { type: 'application/pdf' }) : blob, kind };
}

/** An object URL for the blob while it is shown; revoked when the blob changes or the dialog goes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [made, setMade] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    setMade({ blob, url });
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return made && made.blob === blob ? made.url : null;
}

/** The document itself: an image zoomed and rotated, a PDF in the browser's viewer, or a note to download it. */
function DocumentBody({
  index,
  zoom,
  rotation,
  kind,
  url,
}: {
  index: number;
  zoom: number;
  rotation: number;
  kind: DocumentKind;
  url: string;
}) {
  const { token } = theme.useToken();
  if (kind === 'image') {
    return (
      <Flex justify="center" style={{ padding: token.paddingSM }}>
        <img
          src={url}
          alt={`Document - ${index + 1}`}
          style={{ width: `${zoom * 100}%`, maxWidth: 'none', transform: `rotate(${rotation}deg)`, transition: 'transform 0.15s' }}
        />
      </Flex>
    );
  }
  if (kind === 'pdf') {
    return (
      <object data={url} type="application/pdf" aria-label={`Document - ${index + 1}`} style={{ width: '100%', height: '100%' }}>
        <Typography.Paragraph style={{ padding: token.paddingSM }}>
          This browser cannot show the PDF here:{' '}
          <Typography.Link href={url} target="_blank" rel="noopener noreferrer">
            open it in a new tab
          </Typography.Link>
          .
        </Typography.Paragraph>
      </object>
    );
  }
  return (
    <Typography.Paragraph style={{ padding: token.paddingSM }}>
      This document type cannot be previewed; download it to open it.
    </Typography.Paragraph>
  );
}

export interface DocumentViewerDialogProps {
  title: string;
  documents: readonly string[];
  open: boolean;
  onClose: () => void;
}

/** The console's document viewer: the list Document - n, page navigation, and zoom and rotate for images. */
export function DocumentViewerDialog({ title, documents, open, onClose }: DocumentViewerDialogProps) {
  const { token } = theme.useToken();
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const address = open ? documents[index] : undefined;
  const query = useQuery({
    queryKey: consoleKeys.document(address ?? ''),
    queryFn: () => loadDocument(address ?? ''),
    enabled: address !== undefined,
  });
  const shown = query.isError ? undefined : query.data;
  const url = useObjectUrl(shown?.blob);
  const ready = shown && url ? { kind: shown.kind, url } : null;

  const show = (next: number) => {
    setIndex(next);
    setZoom(1);
    setRotation(0);
  };
  const isImage = ready?.kind === 'image';

  return (
    <Modal title={title} open={open} onCancel={onClose} footer={null} width="90vw" destroyOnHidden afterClose={() => show(0)}>
      <Flex gap={12} style={{ height: '70vh' }}>
        <Menu
          aria-label="Documents"
          style={{ width: 180, overflowY: 'auto', flex: 'none' }}
          selectedKeys={[String(index)]}
          onClick={({ key }) => show(Number(key))}
          items={documents.map((_, i) => ({ key: String(i), label: `Document - ${i + 1}` }))}
        />
        <Flex vertical gap={8} style={{ flex: 1, minWidth: 0 }}>
          <Flex gap={8} align="center" wrap>
            <Tooltip title="Previous page">
              <Button icon={<LeftOutlined />} aria-label="Previous page" disabled={index === 0} onClick={() => show(index - 1)} />
            </Tooltip>
            <Typography.Text data-testid="viewer-position">{`${index + 1} / ${documents.length}`}</Typography.Text>
            <Tooltip title="Next page">
              <Button
                icon={<RightOutlined />}
                aria-label="Next page"
                disabled={index >= documents.length - 1}
                onClick={() => show(index + 1)}
              />
            </Tooltip>
            {isImage && (
              <>
                <Tooltip title="Zoom out">
                  <Button
                    icon={<ZoomOutOutlined />}
                    aria-label="Zoom out"
                    disabled={zoom <= ZOOM_MIN}
                    onClick={() => setZoom((z) => Math.max(ZOOM_MIN, z - ZOOM_STEP))}
                  />
                </Tooltip>
                <Typography.Text>{`${Math.round(zoom * 100)}%`}</Typography.Text>
                <Tooltip title="Zoom in">
                  <Button
                    icon={<ZoomInOutlined />}
                    aria-label="Zoom in"
                    disabled={zoom >= ZOOM_MAX}
                    onClick={() => setZoom((z) => Math.min(ZOOM_MAX, z + ZOOM_STEP))}
                  />
                </Tooltip>
                <Tooltip title="Rotate left">
                  <Button icon={<RotateLeftOutlined />} aria-label="Rotate left" onClick={() => setRotation((r) => (r + 270) % 360)} />
                </Tooltip>
                <Tooltip title="Rotate right">
                  <Button icon={<RotateRightOutlined />} aria-label="Rotate right" onClick={() => setRotation((r) => (r + 90) % 360)} />
                </Tooltip>
              </>
            )}
            {ready && (
              <Typography.Link
                href={ready.url}
                target="_blank"
                rel="noopener noreferrer"
                download={ready.kind === 'other' ? `document-${index + 1}` : undefined}
              >
                {ready.kind === 'other' ? 'Download document' : 'Open in a new tab'}
              </Typography.Link>
            )}
          </Flex>
          <div style={{ flex: 1, overflow: 'auto', background: token.colorBgLayout, borderRadius: token.borderRadius }}>
            <LoadState query={query}>{() => ready && <DocumentBody index={index} zoom={zoom} rotation={rotation} {...ready} />}</LoadState>
          </div>
        </Flex>
      </Flex>
    </Modal>
  );
}
