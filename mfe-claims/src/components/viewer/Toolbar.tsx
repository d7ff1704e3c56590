import {
  AppstoreOutlined,
  ColumnWidthOutlined,
  LeftOutlined,
  RightOutlined,
  RotateLeftOutlined,
  RotateRightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import type { ClaimDocument } from '@claims/shared-kernel';
import { Button, Flex, Input, Select, Typography, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { canZoomIn, canZoomOut, FIT_WIDTH, zoomIn, zoomOut } from './geometry';

/** Read by screen readers, not shown. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const pagesLabel = (count: number | null) => (count === null ? '' : ` (${count} ${count === 1 ? 'page' : 'pages'})`);

/** The claim's documents by file name and page count; a single document is named, not offered. */
export function DocumentPicker({
  documents,
  documentId,
  pageCountOf,
  onChoose,
}: {
  documents: readonly ClaimDocument[];
  documentId: number;
  pageCountOf: (document: ClaimDocument) => number | null;
  onChoose: (documentId: number) => void;
}) {
  if (documents.length === 1) {
    const [only] = documents;
    return (
      <Typography.Text strong ellipsis style={{ maxWidth: 320 }} data-testid="document-name">
        {only.file_name + pagesLabel(pageCountOf(only))}
      </Typography.Text>
    );
  }
  return (
    <Select
      aria-label="Document"
      value={documentId}
      onChange={onChoose}
      popupMatchSelectWidth={false}
      style={{ minWidth: 200, maxWidth: 340 }}
      options={documents.map((document, i) => ({
        value: document.id,
        label: `${i + 1}. ${document.file_name}${pagesLabel(pageCountOf(document))}`,
      }))}
    />
  );
}

function IconButton({
  label,
  icon,
  onClick,
  disabled,
  pressed,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  pressed?: boolean;
}) {
  return (
    <Button
      size="small"
      type={pressed ? 'primary' : 'text'}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      icon={icon}
      onClick={onClick}
      disabled={disabled}
    />
  );
}

/** Page by page, a page by number ('n / total'), zoom, turn and the thumbnail strip. */
export function PageControls({
  documentName,
  pageNumber,
  pageCount,
  onGoToPage,
  zoom,
  onZoom,
  onRotate,
  showThumbnails,
  onToggleThumbnails,
}: {
  /** Announced with the page to screen readers as the reviewer moves. */
  documentName: string;
  pageNumber: number;
  pageCount: number | null;
  onGoToPage: (pageNumber: number) => void;
  zoom: number;
  onZoom: (zoom: number) => void;
  onRotate: (by: 90 | -90) => void;
  showThumbnails: boolean;
  onToggleThumbnails: () => void;
}) {
  const { token } = theme.useToken();
  const [draft, setDraft] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);

  const commit = () => {
    if (draft === null) return;
    setDraft(null);
    const wanted = Number(draft.trim());
    if (pageCount !== null && Number.isInteger(wanted) && wanted >= 1 && wanted <= pageCount) {
      setInvalid(null);
      onGoToPage(wanted);
    } else {
      setInvalid(pageCount === null ? 'The page count is not known yet.' : `Enter a page number from 1 to ${pageCount}.`);
    }
  };
  const go = (page: number) => {
    setInvalid(null);
    onGoToPage(page);
  };

  return (
    <Flex vertical gap={2}>
      <Flex align="center" gap="middle" wrap>
        <Flex align="center" gap={token.marginXXS}>
          <IconButton
            label={showThumbnails ? 'Hide page thumbnails' : 'Show page thumbnails'}
            icon={<AppstoreOutlined />}
            pressed={showThumbnails}
            onClick={onToggleThumbnails}
          />
          <IconButton label="Previous page" icon={<LeftOutlined />} onClick={() => go(pageNumber - 1)} disabled={pageNumber <= 1} />
          <Input
            size="small"
            aria-label="Page number"
            aria-invalid={invalid !== null}
            status={invalid ? 'error' : undefined}
            value={draft ?? String(pageNumber)}
            onChange={(event) => setDraft(event.target.value)}
            onPressEnter={commit}
            onBlur={commit}
            onFocus={(event) => event.target.select()}
            style={{ width: 52, textAlign: 'center' }}
          />
          <Typography.Text data-testid="page-count">{`/ ${pageCount ?? '…'}`}</Typography.Text>
          <IconButton
            label="Next page"
            icon={<RightOutlined />}
            onClick={() => go(pageNumber + 1)}
            disabled={pageCount === null || pageNumber >= pageCount}
          />
        </Flex>
        <Flex align="center" gap={token.marginXXS}>
          <IconButton label="Zoom out" icon={<ZoomOutOutlined />} onClick={() => onZoom(zoomOut(zoom))} disabled={!canZoomOut(zoom)} />
          <Typography.Text aria-label="Zoom" style={{ minWidth: 40, textAlign: 'center' }}>{`${Math.round(zoom * 100)}%`}</Typography.Text>
          <IconButton label="Zoom in" icon={<ZoomInOutlined />} onClick={() => onZoom(zoomIn(zoom))} disabled={!canZoomIn(zoom)} />
          <IconButton label="Fit width" icon={<ColumnWidthOutlined />} onClick={() => onZoom(FIT_WIDTH)} pressed={zoom === FIT_WIDTH} />
        </Flex>
        <Flex align="center" gap={token.marginXXS}>
          <IconButton label="Rotate left" icon={<RotateLeftOutlined />} onClick={() => onRotate(-90)} />
          <IconButton label="Rotate right" icon={<RotateRightOutlined />} onClick={() => onRotate(90)} />
        </Flex>
      </Flex>
      <span role="status" style={VISUALLY_HIDDEN}>
        {pageCount === null ? '' : `${documentName}, page ${pageNumber} of ${pageCount}`}
      </span>
      {invalid && (
        <Typography.Text type="danger" role="alert">
          {invalid}
        </Typography.Text>
      )}
    </Flex>
  );
}
