/**
 * Where a found item or a rule leaf's evidence is in the claim's documents: the viewer's target, the pages
 * the thumbnails mark, and the ordered list of evidence the keyboard steps through.
 */
import type { Claim, ClaimDocument, EntityGroup, EvidenceLocation, FoundItem, RuleStatement } from '@claims/shared-kernel';
import type { EvidenceTarget, PageBox } from '../viewer/types';
import { DISPLAYED_GROUPS, groupViews, procedureOrder, RULE_TREES } from './display';

/** A place in the documents as both found items and rule leaves record it. */
export interface DocumentPlace {
  documentUrl?: string | null;
  referenceToDocument?: string | null;
  pageNumber?: number;
  box?: PageBox;
}

export type Target = Omit<EvidenceTarget, 'requestId'>;

/** A place in a document: the page and the box where a position is known. */
function placeAt(
  documentUrl: string | null | undefined,
  referenceToDocument: string | null | undefined,
  position: FoundItem['position'],
): DocumentPlace {
  if (!position) return { documentUrl, referenceToDocument };
  const { pageNumber, x, y, width, height, pageWidth, pageHeight } = position;
  return { documentUrl, referenceToDocument, pageNumber, box: { x, y, width, height, pageWidth, pageHeight } };
}

export const placeOfItem = (item: FoundItem): DocumentPlace => placeAt(item.documentUrl, item.referenceToDocument, item.position);

/** Where the documents say an absent item is absent ('No evidence of cholelithiasis'), or null. */
export const placeOfNegation = ({ negatedAt }: FoundItem): DocumentPlace | null =>
  negatedAt ? placeAt(negatedAt.documentUrl, negatedAt.referenceToDocument, negatedAt.position) : null;

export function placeOfEvidence(evidence: EvidenceLocation): DocumentPlace {
  const { x, y, width, height, pageWidth, pageHeight } = evidence;
  return {
    documentUrl: evidence.documentUrl,
    referenceToDocument: evidence.referenceToDocument,
    pageNumber: evidence.pageNumber,
    box: { x, y, width, height, pageWidth, pageHeight },
  };
}

/**
 * The claim's document a place points at: the adjudicator writes the document's address (the same as its
 * original_document_url) in documentUrl and its file name in referenceToDocument.
 */
export function documentOf(documents: readonly ClaimDocument[], place: DocumentPlace): ClaimDocument | null {
  if (place.documentUrl) {
    const byUrl = documents.find((d) => d.original_document_url === place.documentUrl);
    if (byUrl) return byUrl;
  }
  if (place.referenceToDocument) return documents.find((d) => d.file_name === place.referenceToDocument) ?? null;
  return null;
}

/** The viewer's target for a place: its page and box, or page 1 of its document when it has no position; null without a document. */
export function targetOf(documents: readonly ClaimDocument[], place: DocumentPlace): Target | null {
  const document = documentOf(documents, place);
  if (!document) return null;
  return place.pageNumber
    ? { documentId: document.id, pageNumber: place.pageNumber, ...(place.box ? { box: place.box } : {}) }
    : { documentId: document.id, pageNumber: 1 };
}

/** Identifies a found item on the page: procedure code, entity group and the item's index in the group. */
export const evidenceKey = (code: string, group: EntityGroup, index: number): string => `${code}/${group}/${index}`;

export interface EvidenceItem {
  key: string;
  code: string;
  group: EntityGroup;
  index: number;
  item: FoundItem;
  target: Target;
}

/**
 * The found items with a position, in the order the page shows them (procedure panels, then entity groups,
 * then items): what 'next evidence' and 'previous evidence' step through.
 */
export function evidenceItems(claim: Claim): EvidenceItem[] {
  const details = claim.adjudicationDetails ?? {};
  return procedureOrder(claim).flatMap((code) =>
    groupViews(details[code], claim.adjudicationResult).flatMap((view) =>
      view.found.flatMap(({ item, index }) => {
        const place = placeOfItem(item);
        const target = place.box ? targetOf(claim.documents, place) : null;
        return target ? [{ key: evidenceKey(code, view.group, index), code, group: view.group, index, item, target }] : [];
      }),
    ),
  );
}

function leafEvidence(node: RuleStatement | null | undefined): EvidenceLocation[] {
  if (!node) return [];
  return [...(node.evidence ?? []), ...(node.statements ?? []).flatMap(leafEvidence)];
}

/** Pages holding evidence (found items and rule leaves), by document id: the viewer marks them. */
export function evidencePages(claim: Claim): Map<number, Set<number>> {
  const pages = new Map<number, Set<number>>();
  const add = (place: DocumentPlace) => {
    if (!place.pageNumber) return;
    const document = documentOf(claim.documents, place);
    if (!document) return;
    const set = pages.get(document.id) ?? new Set<number>();
    set.add(place.pageNumber);
    pages.set(document.id, set);
  };
  for (const verification of Object.values(claim.adjudicationDetails ?? {})) {
    for (const group of DISPLAYED_GROUPS) for (const item of verification[group] ?? []) if (item.found) add(placeOfItem(item));
    for (const { name } of RULE_TREES) for (const evidence of leafEvidence(verification[name])) add(placeOfEvidence(evidence));
  }
  return pages;
}
