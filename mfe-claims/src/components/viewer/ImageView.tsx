import type { ClaimDocument, DocumentTextPage } from '@claims/shared-kernel';
import { useQuery } from '@tanstack/react-query';
import { Alert, theme } from 'antd';
import { type SyntheticEvent, useEffect, useMemo, useState } from 'react';
import { documentFileQuery } from '../../api/documents';
import { DocumentPages, type PagesView } from './DocumentPages';
import { type Size, turned } from './geometry';
import { DocumentFailure, DocumentLoading } from './states';

export const UNREADABLE_IMAGE = 'The image could not be shown: the file is not a readable PNG or JPEG image.';

/** The blob as an address an <img> can show, released when the blob changes or the view goes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/**
 * A png or jpeg, read whole through the api client and shown as one page at the zoom and turn; evidence
 * on it is the region left clear with the rest dimmed.
 */
export function ImageView({
  claimId,
  org,
  document,
  textPages,
  evidenceSize,
  view,
}: {
  claimId: number;
  org?: string;
  document: ClaimDocument;
  textPages?: readonly DocumentTextPage[];
  /** The page size the evidence's box was measured against, if the reviewer jumped to evidence here. */
  evidenceSize?: Size;
  view: PagesView;
}) {
  const { token } = theme.useToken();
  const query = useQuery(documentFileQuery(claimId, document, org));
  const src = useObjectUrl(query.data);
  const [natural, setNatural] = useState<Size | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  const onLoad = (event: SyntheticEvent<HTMLImageElement>) =>
    setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight });
  const onError = () => setUnreadable(true);
  const textPage = textPages?.find((p) => p.width > 0 && p.height > 0);
  // The image's own size once decoded; until then the size the adjudicator measured.
  const size = natural ?? (textPage ? { width: textPage.width, height: textPage.height } : evidenceSize);
  const width = size?.width;
  const height = size?.height;
  const pageSizes = useMemo(() => (width && height ? [{ width, height }] : []), [width, height]);

  if (query.error) return <DocumentFailure error={query.error} onRetry={() => void query.refetch()} />;
  if (unreadable) return <Alert type="error" showIcon title={UNREADABLE_IMAGE} style={{ margin: token.margin }} />;
  if (!src) return <DocumentLoading />;

  const image = (shown: Size, alt: string) => {
    const upright = turned(shown, view.rotation);
    return (
      <img
        src={src}
        alt={alt}
        onLoad={onLoad}
        onError={onError}
        style={{
          position: 'absolute',
          left: '50%',
          top: '50%',
          width: upright.width,
          height: upright.height,
          maxWidth: 'none',
          transform: `translate(-50%, -50%) rotate(${view.rotation}deg)`,
          // The adjudicator measured the pixels as stored: an EXIF turn would move the boxes.
          imageOrientation: 'none',
        }}
      />
    );
  };

  if (pageSizes.length === 0) {
    // Nothing tells the size yet: load the image out of sight to read it.
    return (
      <>
        <DocumentLoading />
        <img src={src} alt="" hidden onLoad={onLoad} onError={onError} />
      </>
    );
  }

  return (
    <div style={{ flex: '1 1 auto', minHeight: 0 }}>
      <DocumentPages
        view={view}
        label={`Pages of ${document.file_name}`}
        pageSizes={pageSizes}
        evidenceStyle="dim"
        renderPage={(_, shown) => image(shown, document.file_name)}
        renderThumbnail={(_, shown) => image(shown, '')}
      />
    </div>
  );
}
