import {
  ANNOTATION_ENTITIES,
  annotationEntries,
  annotationEntryAlert,
  annotationEntryProblems,
  positiveWholeNumber,
} from '@claims/shared-kernel';
import type { AnnotationEntity, AnnotationEntityKind, AnnotationEntry, AnnotationSlots, Claim } from '@claims/shared-kernel';
import type { ViewerPosition } from '../viewer/types';

export type EntriesByEntity = Record<AnnotationEntityKind, AnnotationEntry[]>;

export const entriesOfRecord = (record: AnnotationSlots): EntriesByEntity =>
  Object.fromEntries(ANNOTATION_ENTITIES.map((entity) => [entity.kind, annotationEntries(record, entity)])) as EntriesByEntity;

/**
 * An entry with nothing said about the keyword (name, alias, value, unit): left out of the record. Its page,
 * PDF number and document name do not count, since the viewer fills them in on its own.
 */
export const isBlankEntry = (entry: AnnotationEntry): boolean => [entry.name, entry.alias, entry.value, entry.unit].every((v) => !v.trim());

/** The claim's documents as the page and PDF checks count them: PDF n is documents[n-1]. */
export const documentLimits = (claim: Claim) => claim.documents.map((d) => ({ pages: d.pages ?? null }));

/** The alert that stops an entry from being saved (spec 1 §5), or null. The screens require page and PDF numbers. */
export function entryAlert(entity: AnnotationEntity, entry: AnnotationEntry, claim: Claim): string | null {
  return annotationEntryAlert(annotationEntryProblems(entity, entry, documentLimits(claim), { requireNumbers: true }));
}

/**
 * The entry being edited follows the viewer (spec 1 §2: the panel reads the page and document on screen):
 * page and PDF number, a document's last page when it would fall before the first, a clinical attribute's
 * document name.
 */
export function followViewer(entity: AnnotationEntity, entry: AnnotationEntry, position: ViewerPosition): AnnotationEntry {
  const page = String(position.pageNumber);
  const pdf = String(position.documentNumber);
  const next = { ...entry, page, pdf };
  if (entity.kind === 'document') {
    const end = positiveWholeNumber(entry.endPage);
    if (end === null || end < position.pageNumber || entry.pdf !== pdf) next.endPage = page;
  }
  if (entity.kind === 'clinical_attribute') next.docName = position.documentName;
  return next;
}
