import { useSession } from '@claims/shared-kernel';
import type { ClaimDocument, DocumentTextPage } from '@claims/shared-kernel';
import { useCallback, useMemo, useState } from 'react';
import { Document, type DocumentProps, Page, type PageProps } from 'react-pdf';
import './pdfWorker';
import { documentAuthHeaders, documentUrl } from '../../api/documents';
import { DocumentPages, type PagesView } from './DocumentPages';
import type { Size } from './geometry';
import { DocumentFailure, DocumentLoading } from './states';

type LoadedPdf = Parameters<NonNullable<DocumentProps['onLoadSuccess']>>[0];
type LoadedPage = Parameters<NonNullable<PageProps['onLoadSuccess']>>[0];

/** A page's upright size (PDF points, as the adjudicator measured it) and its own turn. */
interface PageInfo extends Size {
  rotate: number;
}

const infoOf = (page: Pick<LoadedPage, 'rotate' | 'getViewport'>): PageInfo => {
  const { width, height } = page.getViewport({ scale: 1 });
  return { width, height, rotate: page.rotate };
};

/**
 * A PDF read by pdf.js straight from the api with the bearer token, by ranges for a large file; only the
 * pages in view are drawn, without react-pdf's text and annotation layers (the viewer draws its own marks).
 */
export function PdfView({
  document,
  org,
  textPages,
  view,
  onPageCount,
}: {
  document: ClaimDocument;
  org?: string;
  /** The adjudicator's page sizes, when read: they size pages not yet loaded. */
  textPages?: readonly DocumentTextPage[];
  view: PagesView;
  onPageCount: (documentId: number, pageCount: number) => void;
}) {
  const token = useSession((s) => s.token);
  const url = documentUrl(document, org);
  // One object per address and token: a new object would make react-pdf load the document again.
  const file = useMemo(() => ({ url, httpHeaders: documentAuthHeaders(token) }), [url, token]);
  const [attempt, setAttempt] = useState(0);
  const [pdf, setPdf] = useState<{ numPages: number; first: PageInfo } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [pages, setPages] = useState<ReadonlyMap<number, PageInfo>>(new Map());

  const onLoadSuccess = (loaded: LoadedPdf) => {
    loaded
      .getPage(1)
      .then((first) => {
        setPdf({ numPages: loaded.numPages, first: infoOf(first) });
        onPageCount(document.id, loaded.numPages);
      })
      .catch(setError);
  };

  const recordPage = useCallback((page: LoadedPage) => {
    const info = infoOf(page);
    setPages((known) => {
      const old = known.get(page.pageNumber);
      if (old && old.width === info.width && old.height === info.height && old.rotate === info.rotate) return known;
      return new Map(known).set(page.pageNumber, info);
    });
  }, []);

  const pageInfos = useMemo(() => {
    if (!pdf) return [];
    const fromText = new Map((textPages ?? []).filter((p) => p.width > 0 && p.height > 0).map((p) => [p.pageNumber, p]));
    return Array.from({ length: pdf.numPages }, (_, i): PageInfo => {
      const text = fromText.get(i + 1);
      return pages.get(i + 1) ?? (text ? { width: text.width, height: text.height, rotate: pdf.first.rotate } : pdf.first);
    });
  }, [pdf, pages, textPages]);

  if (error) {
    return (
      <DocumentFailure
        error={error}
        onRetry={() => {
          setError(null);
          setPdf(null);
          setAttempt((n) => n + 1);
        }}
      />
    );
  }

  const pageProps = (pageNumber: number) => ({
    pageNumber,
    rotate: (pageInfos[pageNumber - 1].rotate + view.rotation) % 360,
    renderTextLayer: false,
    renderAnnotationLayer: false,
    loading: null,
    onLoadSuccess: recordPage,
  });

  return (
    // A grid row gives react-pdf's wrapper the panel's height, so the pages scroll inside it.
    <div style={{ flex: '1 1 auto', minHeight: 0, display: 'grid', gridTemplate: 'minmax(0, 1fr) / minmax(0, 1fr)' }}>
      <Document key={attempt} file={file} onLoadSuccess={onLoadSuccess} onLoadError={setError} loading={<DocumentLoading />} error={null}>
        {pdf ? (
          <DocumentPages
            view={view}
            label={`Pages of ${document.file_name}`}
            pageSizes={pageInfos}
            evidenceStyle="box"
            renderPage={(pageNumber, shown) => <Page {...pageProps(pageNumber)} width={shown.width} />}
            renderThumbnail={(pageNumber, shown) => <Page {...pageProps(pageNumber)} width={shown.width} devicePixelRatio={1} />}
          />
        ) : (
          <DocumentLoading />
        )}
      </Document>
    </div>
  );
}
