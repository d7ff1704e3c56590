import { LeftOutlined, RightOutlined, RotateLeftOutlined, RotateRightOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Menu, Modal, Spin, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { fetchDocument } from '../api/console';

type DocumentKind = 'image' | 'pdf' | 'other';

type Loaded = { status: 'loading' } | { status: 'ready'; url: string; kind: DocumentKind } | { status: 'error'; message: string };

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

/** Loads one document as an object URL and revokes it when the document changes or the dialog closes. */
function useDocument(address: string | undefined): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    if (!address) return;
    let live = true;
    let objectUrl: string | null = null;
    setLoaded({ status: 'loading' });
    fetchDocument(address)
      .then((blob) => {
        if (!live) return;
        const kind = kindOf(blob, address);
        // A PDF served without its type would not open in the browser's viewer.
        const typed = kind === 'pdf' && blob.type !== 'application/pdf' ? new Blob([blob], { type: 'application/pdf' }) : blob;
        objectUrl = URL.createObjectURL(typed);
        setLoaded({ status: 'ready', url: objectUrl, kind });
      })
      .catch((error: Error) => live && setLoaded({ status: 'error', message: error.message }));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [address]);
  return loaded;
}

export interface DocumentViewerDialogProps {
  title: string;
  documents: readonly string[];
  open: boolean;
  onClose: () => void;
}

/** The console's document viewer: the list Document - n, page navigation, and zoom and rotate for images. */
export function DocumentViewerDialog({ title, documents, open, onClose }: DocumentViewerDialogProps) {
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const loaded = useDocument(open ? documents[index] : undefined);

  const show = (next: number) => {
    setIndex(next);
    setZoom(1);
    setRotation(0);
  };
  const isImage = loaded.status === 'ready' && loaded.kind === 'image';

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
            {loaded.status === 'ready' && (
              <Typography.Link
                href={loaded.url}
                target="_blank"
                rel="noopener noreferrer"
                download={loaded.kind === 'other' ? `document-${index + 1}` : undefined}
              >
                {loaded.kind === 'other' ? 'Download document' : 'Open in a new tab'}
              </Typography.Link>
            )}
          </Flex>
          <div style={{ flex: 1, overflow: 'auto', background: '#f5f5f5', borderRadius: 6 }}>
            {loaded.status === 'loading' && (
              <Flex justify="center" align="center" style={{ height: '100%' }}>
                <Spin />
              </Flex>
            )}
            {loaded.status === 'error' && (
              <Alert
                type="error"
                showIcon
                title={`Document - ${index + 1} could not be loaded`}
                description={loaded.message}
                style={{ margin: 12 }}
              />
            )}
            {loaded.status === 'ready' && loaded.kind === 'image' && (
              <Flex justify="center" style={{ padding: 12 }}>
                <img
                  src={loaded.url}
                  alt={`Document - ${index + 1}`}
                  style={{ width: `${zoom * 100}%`, maxWidth: 'none', transform: `rotate(${rotation}deg)`, transition: 'transform 0.15s' }}
                />
              </Flex>
            )}
            {loaded.status === 'ready' && loaded.kind === 'pdf' && (
              <object
                data={loaded.url}
                type="application/pdf"
                aria-label={`Document - ${index + 1}`}
                style={{ width: '100%', height: '100%' }}
              >
                <Typography.Paragraph style={{ padding: 12 }}>
                  This browser cannot show the PDF here:{' '}
                  <Typography.Link href={loaded.url} target="_blank" rel="noopener noreferrer">
                    open it in a new tab
                  </Typography.Link>
                  .
                </Typography.Paragraph>
              </object>
            )}
            {loaded.status === 'ready' && loaded.kind === 'other' && (
              <Typography.Paragraph style={{ padding: 12 }}>
                This document type cannot be previewed; download it to open it.
              </Typography.Paragraph>
            )}
          </div>
        </Flex>
      </Flex>
    </Modal>
  );
}
