import type { ReactNode } from 'react';
import type { Rotation, Size } from './geometry';
import type { EvidenceStyle, PageMarks } from './PageOverlays';
import { type Jump, PageList } from './PageList';
import { Thumbnails } from './Thumbnails';

/** What the viewer asks of the document on screen, whatever its kind. */
export interface PagesView {
  rotation: Rotation;
  zoom: number;
  pageNumber: number;
  jump: Jump | null;
  marks: ReadonlyMap<number, PageMarks>;
  showThumbnails: boolean;
  evidencePages: ReadonlySet<number>;
  /** The reviewer scrolled to another page. */
  onPageShown: (pageNumber: number) => void;
  /** The reviewer chose a page in the thumbnail strip. */
  onChoosePage: (pageNumber: number) => void;
}

/** The thumbnail strip (when shown) beside the pages of a document. */
export function DocumentPages({
  view,
  label,
  pageSizes,
  evidenceStyle,
  renderPage,
  renderThumbnail,
}: {
  view: PagesView;
  label: string;
  pageSizes: readonly Size[];
  evidenceStyle: EvidenceStyle;
  renderPage: (pageNumber: number, shown: Size) => ReactNode;
  renderThumbnail: (pageNumber: number, shown: Size) => ReactNode;
}) {
  return (
    <div style={{ display: 'flex', height: '100%', minHeight: 0 }}>
      {view.showThumbnails && (
        <Thumbnails
          pageSizes={pageSizes}
          rotation={view.rotation}
          pageNumber={view.pageNumber}
          evidencePages={view.evidencePages}
          onChoose={view.onChoosePage}
          renderThumbnail={renderThumbnail}
        />
      )}
      <PageList
        label={label}
        pageSizes={pageSizes}
        rotation={view.rotation}
        zoom={view.zoom}
        pageNumber={view.pageNumber}
        jump={view.jump}
        marks={view.marks}
        evidenceStyle={evidenceStyle}
        onPageShown={view.onPageShown}
        renderPage={renderPage}
      />
    </div>
  );
}
