import type { ClaimDocument } from '@claims/shared-kernel';

/** A box on a page in the adjudicator's page units; pageWidth and pageHeight scale it to any rendered size. */
export interface PageBox {
  x: number;
  y: number;
  width: number;
  height: number;
  pageWidth: number;
  pageHeight: number;
}

/** What the viewer should show: a document at a page, with the evidence's box highlighted when there is one. */
export interface EvidenceTarget {
  documentId: number;
  pageNumber: number;
  box?: PageBox;
  /** Changes on every request, so asking for the same evidence twice jumps back to it. */
  requestId: number;
}

/** The document and page on screen, reported as the reviewer moves (the annotation panel prefills from it). */
export interface ViewerPosition {
  documentId: number;
  /** 1-based position of the document in the claim's list (the annotation's PDF number). */
  documentNumber: number;
  documentName: string;
  pageNumber: number;
  pageCount: number;
}

export interface DocumentViewerProps {
  claimId: number;
  /** The claim's organisation, sent as ?org like every claim call. */
  org?: string;
  documents: ClaimDocument[];
  target: EvidenceTarget | null;
  /** Pages holding evidence, by document id: marked in the thumbnail strip. */
  evidencePages: ReadonlyMap<number, ReadonlySet<number>>;
  onPositionChange?: (position: ViewerPosition) => void;
}
