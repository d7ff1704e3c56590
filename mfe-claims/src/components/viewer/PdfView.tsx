import { useSession } from '@claims/shared-kernel';
import type { ClaimDocument, DocumentTextPage } from '@claims/shared-kernel';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Page, type PageProps } from 'react-pdf';
import { documentUrl, fetchDocumentBytes } from '../../api/documents';
import { DocumentPages, type PagesView } from './DocumentPages';
import type { Size } from './geometry';
import type { LoadedPdf, PdfDocuments } from './pdfDocuments';
import { DocumentFailure, DocumentLoading } from './states';

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
 * A PDF read by pdf.js straight from the api with the bearer token, by ranges for a large file, through the
 * viewer's loader (which keeps it when the reviewer turns to another document); only the pages in view are
 * drawn, without react-pdf's text and annotation layers (the viewer draws its own marks).
 */
export function PdfView({
  claimId,
  document,
  org,
  pdfs,
  textPages,
  view,
  onPageCount,
}: {
  claimId: number;
  document: ClaimDocument;
  org?: string;
  pdfs: PdfDocuments;
  /** The adjudicator's page sizes, when read: they size pages not yet loaded. */
  textPages?: readonly DocumentTextPage[];
  view: PagesView;
  onPageCount: (documentId: number, pageCount: number) => void;
}) {
  const token = useSession((s) => s.token);
  const url = documentUrl(document, org);
  const [attempt, setAttempt] = useState(0);
  const [pdf, setPdf] = useState<{ loaded: LoadedPdf; numPages: number; first: PageInfo } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [pages, setPages] = useState<ReadonlyMap<number, PageInfo>>(new Map());

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Retry) asks the loader again, which reads a failed file anew
  useEffect(() => {
    let current = true;
    pdfs
      .open(url, token ?? '', () => fetchDocumentBytes(claimId, document.id, org))
      .then(async (loaded) => {
        const first = infoOf(await loaded.getPage(1));
        if (!current) return;
        setPdf({ loaded, numPages: loaded.numPages, first });
        onPageCount(document.id, loaded.numPages);
      })
      .catch((failure: unknown) => {
        if (current) setError(failure);
      });
    return () => {
      current = false;
    };
  }, [pdfs, url, token, attempt, claimId, document, org, onPageCount]);

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

  if (!pdf) return <DocumentLoading />;

  const pageProps = (pageNumber: number) => ({
    pdf: pdf.loaded,
    pageNumber,
    rotate: (pageInfos[pageNumber - 1].rotate + view.rotation) % 360,
    renderTextLayer: false,
    renderAnnotationLayer: false,
    loading: null,
    onLoadSuccess: recordPage,
  });

  return (
    // A grid row gives the pages the panel's height, so they scroll inside it.
    <div style={{ flex: '1 1 auto', minHeight: 0, display: 'grid', gridTemplate: 'minmax(0, 1fr) / minmax(0, 1fr)' }}>
      <div>
        <DocumentPages
          view={view}
          label={`Pages of ${document.file_name}`}
          pageSizes={pageInfos}
          evidenceStyle="box"
          renderPage={(pageNumber, shown) => <Page {...pageProps(pageNumber)} width={shown.width} />}
          renderThumbnail={(pageNumber, shown) => <Page {...pageProps(pageNumber)} width={shown.width} devicePixelRatio={1} />}
        />
      </div>
    </div>
  );
}
