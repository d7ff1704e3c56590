import type { ClaimDocument } from '@claims/shared-kernel';
import { Alert, Empty, Flex, type InputRef, theme } from 'antd';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';
import { SHORTCUTS } from '../shortcuts';
import type { PagesView } from './DocumentPages';
import { enclosingBox, FIT_WIDTH, type Rotation, rotate } from './geometry';
import { ImageView } from './ImageView';
import type { PageMarks } from './PageOverlays';
import type { Jump } from './PageList';
import { PdfDocuments } from './pdfDocuments';
import { PdfView } from './PdfView';
import { SearchBox } from './SearchBox';
import { firstHitFrom, normaliseQuery, type SearchHit, searchDocuments } from './search';
import { DocumentPicker, PageControls } from './Toolbar';
import type { DocumentViewerProps, EvidenceTarget, PageBox } from './types';
import { useDocumentTexts } from './useDocumentTexts';

export const NO_DOCUMENTS = 'No documents uploaded';
export const UNKNOWN_DOCUMENT = "The document of this item is not among the claim's documents.";
const UNSUPPORTED = 'This kind of file cannot be shown here: only PDF, PNG and JPEG files can.';

type DocumentKind = 'pdf' | 'image';

/** PDFs and images (png, jpg, jpeg), told by content type, or by file name when the type is vague. */
function kindOf(document: ClaimDocument): DocumentKind | null {
  const type = document.content_type.toLowerCase();
  if (type === 'application/pdf') return 'pdf';
  if (['image/png', 'image/jpeg', 'image/jpg'].includes(type)) return 'image';
  const extension = document.file_name.toLowerCase().split('.').pop();
  if (extension === 'pdf') return 'pdf';
  if (extension === 'png' || extension === 'jpg' || extension === 'jpeg') return 'image';
  return null;
}

const NO_PAGES: ReadonlySet<number> = new Set();

function usePanelStyle() {
  const { token } = theme.useToken();
  return {
    display: 'flex',
    flexDirection: 'column',
    height: '100%',
    minHeight: 480,
    // Without a height from its container the viewer still scrolls its pages inside the window.
    maxHeight: '100vh',
    border: `1px solid ${token.colorBorder}`,
    borderRadius: token.borderRadius,
    overflow: 'hidden',
    background: token.colorBgContainer,
  } as const;
}

/**
 * The claim page's right panel: the claim's documents (PDF pages or an image) with the evidence the
 * reviewer asked for highlighted, search in every document's words, page navigation, zoom, turn and a
 * thumbnail strip. It fills its container's height.
 */
export default function DocumentViewer(props: DocumentViewerProps) {
  const panelStyle = usePanelStyle();
  if (props.documents.length === 0) {
    return (
      <section aria-label="Document viewer" style={{ ...panelStyle, justifyContent: 'center' }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_DOCUMENTS} />
      </section>
    );
  }
  return <Viewer {...props} />;
}

function Viewer({ claimId, org, documents, target, evidencePages, onPositionChange }: DocumentViewerProps) {
  const { token } = theme.useToken();
  const panelStyle = usePanelStyle();
  const known = (id: number) => documents.some((d) => d.id === id);
  const [documentId, setDocumentId] = useState(() => (target && known(target.documentId) ? target.documentId : documents[0].id));
  const [pageNumber, setPageNumber] = useState(() => (target && known(target.documentId) ? target.pageNumber : 1));
  const [jump, setJump] = useState<(Jump & { documentId: number }) | null>(null);
  const [evidence, setEvidence] = useState<EvidenceTarget | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [zoom, setZoom] = useState(FIT_WIDTH);
  const [rotation, setRotation] = useState<Rotation>(0);
  const [showThumbnails, setShowThumbnails] = useState(true);
  const [loadedCounts, setLoadedCounts] = useState<ReadonlyMap<number, number>>(new Map());
  /** The page each document was left at, to come back to it. */
  const lastPages = useRef(new Map<number, number>());
  /** The PDFs opened so far, kept until the viewer goes. */
  const [pdfs] = useState(() => new PdfDocuments());
  useEffect(() => () => pdfs.close(), [pdfs]);

  const documentIndex = Math.max(
    0,
    documents.findIndex((d) => d.id === documentId),
  );
  const current = documents[documentIndex];
  const kind = kindOf(current);

  /** Shows a document at a page (and a box on it), scrolling there even if it is already on screen. */
  const go = useCallback((toDocument: number, toPage: number, box?: PageBox) => {
    setDocumentId(toDocument);
    setPageNumber(toPage);
    setJump((last) => ({ token: (last?.token ?? 0) + 1, documentId: toDocument, pageNumber: toPage, box }));
  }, []);

  // The claim page asked for a piece of evidence: its document, its page, its box.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each request is answered once, when its id is new
  useEffect(() => {
    if (!target) return;
    if (!known(target.documentId)) {
      setNotice(UNKNOWN_DOCUMENT);
      return;
    }
    setNotice(null);
    setEvidence(target);
    go(target.documentId, target.pageNumber, target.box);
  }, [target?.requestId]);

  // --- search ---
  const searchRef = useRef<InputRef>(null);
  const [searchText, setSearchText] = useState('');
  const [searching, setSearching] = useState(false);
  const query = normaliseQuery(useDeferredValue(searchText));
  const texts = useDocumentTexts(claimId, org, documents, current.id, searching || query !== '');
  const hits = useMemo(() => searchDocuments(texts.loaded, query), [texts.loaded, query]);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const activeIndex = activeKey === null ? -1 : hits.findIndex((hit) => hit.key === activeKey);
  const documentOrder = useMemo(() => documents.map((d) => d.id), [documents]);

  const showHit = (hit: SearchHit) => {
    setActiveKey(hit.key);
    go(hit.documentId, hit.pageNumber, enclosingBox(hit.boxes));
  };
  const stepHit = (by: 1 | -1) => {
    if (hits.length === 0) return;
    const next =
      activeIndex === -1 ? firstHitFrom(hits, documentOrder, documentId, pageNumber) : (activeIndex + by + hits.length) % hits.length;
    showHit(hits[next]);
  };

  // A new search text goes to its first hit from the page on screen on; hits found later (words still
  // arriving) do not move the reviewer again.
  const searchedFor = useRef('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the text or its hits change, reading the position then
  useEffect(() => {
    if (!query) {
      searchedFor.current = '';
      setActiveKey(null);
      return;
    }
    if (searchedFor.current === query || hits.length === 0) return;
    searchedFor.current = query;
    showHit(hits[firstHitFrom(hits, documentOrder, documentId, pageNumber)]);
  }, [query, hits]);

  // --- pages ---
  const currentText = texts.byId.get(current.id);
  const pageCountOf = (d: ClaimDocument): number | null =>
    kindOf(d) === 'image' ? 1 : (loadedCounts.get(d.id) ?? d.pages ?? texts.byId.get(d.id)?.pages.length ?? null);
  const pageCount = pageCountOf(current);

  const goToPage = (page: number) => {
    if (pageCount === null) return;
    go(current.id, Math.min(Math.max(page, 1), pageCount));
  };
  const chooseDocument = (id: number) => {
    lastPages.current.set(current.id, pageNumber);
    go(id, lastPages.current.get(id) ?? 1);
  };
  const onPageCount = useCallback((id: number, count: number) => {
    setLoadedCounts((counts) => (counts.get(id) === count ? counts : new Map(counts).set(id, count)));
  }, []);

  // A page past the end (evidence on a page the file no longer has) shows the last page.
  useEffect(() => {
    if (pageCount !== null && pageNumber > pageCount) setPageNumber(pageCount);
  }, [pageCount, pageNumber]);

  // --- what the claim page hears ---
  const onPositionRef = useRef(onPositionChange);
  onPositionRef.current = onPositionChange;
  useEffect(() => {
    onPositionRef.current?.({
      documentId: current.id,
      documentNumber: documentIndex + 1,
      documentName: current.file_name,
      pageNumber,
      pageCount: pageCount ?? 0,
    });
  }, [current, documentIndex, pageNumber, pageCount]);

  // --- keyboard (never while typing in a field: the search box handles its own Enter) ---
  useHotkeys(SHORTCUTS.nextPage.keys, () => goToPage(pageNumber + 1));
  useHotkeys(SHORTCUTS.previousPage.keys, () => goToPage(pageNumber - 1));
  useHotkeys(SHORTCUTS.search.keys, () => searchRef.current?.focus(), { useKey: true, preventDefault: true });

  // --- the marks on this document's pages ---
  const marks = useMemo(() => {
    const byPage = new Map<number, PageMarks>();
    const on = (page: number) => {
      const existing = byPage.get(page);
      if (existing) return existing;
      const created: PageMarks = { hits: [] };
      byPage.set(page, created);
      return created;
    };
    hits.forEach((hit, index) => {
      if (hit.documentId === current.id) on(hit.pageNumber).hits.push({ boxes: hit.boxes, current: index === activeIndex });
    });
    if (evidence?.box && evidence.documentId === current.id) on(evidence.pageNumber).evidence = evidence.box;
    return byPage;
  }, [hits, activeIndex, evidence, current.id]);

  const view: PagesView = {
    rotation,
    zoom,
    pageNumber,
    jump: jump && jump.documentId === current.id ? jump : null,
    marks,
    showThumbnails,
    evidencePages: evidencePages.get(current.id) ?? NO_PAGES,
    onPageShown: setPageNumber,
    onChoosePage: (page) => go(current.id, page),
  };

  const evidenceSize =
    evidence?.box && evidence.documentId === current.id ? { width: evidence.box.pageWidth, height: evidence.box.pageHeight } : undefined;

  return (
    <section aria-label="Document viewer" data-testid="document-viewer" style={panelStyle}>
      <Flex
        vertical
        gap={6}
        style={{ paddingBlock: token.paddingXS, paddingInline: token.paddingSM, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
      >
        <Flex align="center" justify="space-between" gap={8} wrap>
          <DocumentPicker documents={documents} documentId={current.id} pageCountOf={pageCountOf} onChoose={chooseDocument} />
          <SearchBox
            inputRef={searchRef}
            value={searchText}
            onChange={setSearchText}
            onEngage={() => setSearching(true)}
            hitCount={hits.length}
            current={activeIndex}
            pending={texts.pending}
            unsearchable={texts.failed}
            onStep={stepHit}
          />
        </Flex>
        <PageControls
          documentName={current.file_name}
          pageNumber={pageNumber}
          pageCount={pageCount}
          onGoToPage={goToPage}
          zoom={zoom}
          onZoom={setZoom}
          onRotate={(by) => setRotation((r) => rotate(r, by))}
          showThumbnails={showThumbnails}
          onToggleThumbnails={() => setShowThumbnails((shown) => !shown)}
        />
        {notice && <Alert type="warning" showIcon title={notice} closable={{ onClose: () => setNotice(null) }} />}
      </Flex>
      {kind === 'pdf' && (
        <PdfView
          key={current.id}
          claimId={claimId}
          document={current}
          org={org}
          pdfs={pdfs}
          textPages={currentText?.pages}
          view={view}
          onPageCount={onPageCount}
        />
      )}
      {kind === 'image' && (
        <ImageView
          key={current.id}
          claimId={claimId}
          org={org}
          document={current}
          textPages={currentText?.pages}
          evidenceSize={evidenceSize}
          view={view}
        />
      )}
      {kind === null && <Alert type="info" showIcon title={UNSUPPORTED} style={{ margin: token.margin }} />}
    </section>
  );
}
