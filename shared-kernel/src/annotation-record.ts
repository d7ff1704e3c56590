/**
 * The flat annotation record's entity slots (spec 1 §3 'Annotation'), their reading and writing, and the
 * checks of spec 1 §5 on an entity's page and PDF numbers. The api validates what it stores with the same
 * functions the screens use, so a record the screen refuses is refused by the server with the same words.
 * Plain TypeScript (no zod): the remotes import it from '@claims/shared-kernel'.
 */
import type { EntityGroup } from './contract/claims';
import { KEYWORD_TYPES } from './constants';

export const EXPECTED_RESULTS = [
  { code: 'accept', label: 'Accept' },
  { code: 'reject', label: 'Reject' },
  { code: 'infoQuery', label: 'Info Query' },
  { code: 'docQuery', label: 'Doc Query' },
  { code: 'wrongProcedure', label: 'Wrong Procedure' },
] as const;
export type ExpectedResult = (typeof EXPECTED_RESULTS)[number]['code'];
export const expectedResultLabel = (code: string | null | undefined): string =>
  EXPECTED_RESULTS.find((r) => r.code === code)?.label ?? code ?? '';

/**
 * The entities an annotation records, in the order the screens show them: the slot prefix, the screen's
 * name for it, the claim's found-item group it comes from, and the spelling of its alias slot (evidence and
 * clinical attributes say name_alias).
 */
export const ANNOTATION_ENTITIES = [
  { kind: 'procedure', label: 'Procedure', noun: 'procedure', group: 'procedures', alias: 'alias' },
  { kind: 'diagnosis', label: 'Diagnosis', noun: 'diagnosis', group: 'diagnoses', alias: 'alias' },
  { kind: 'evidence', label: 'Evidence', noun: 'evidence', group: 'evidence', alias: 'name_alias' },
  { kind: 'document', label: 'Document', noun: 'document', group: 'document', alias: 'alias' },
  { kind: 'clinical_attribute', label: 'Clinical Attribute', noun: 'clinical attribute', group: 'clinicalAttribute', alias: 'name_alias' },
] as const satisfies readonly { kind: string; label: string; noun: string; group: EntityGroup; alias: string }[];
export type AnnotationEntity = (typeof ANNOTATION_ENTITIES)[number];
export type AnnotationEntityKind = AnnotationEntity['kind'];
export const annotationEntity = (kind: AnnotationEntityKind): AnnotationEntity =>
  ANNOTATION_ENTITIES.find((e) => e.kind === kind) as AnnotationEntity;

export type KeywordType = (typeof KEYWORD_TYPES)[number];

/** One entity entry of the record, as the screens edit it (numbers as typed). */
export interface AnnotationEntry {
  name: string;
  alias: string;
  writtenType: KeywordType;
  /** The page; for a document the first page. */
  page: string;
  /** A document's last page (documents record 'start - end'). */
  endPage: string;
  pdf: string;
  /** Clinical attributes only. */
  value: string;
  unit: string;
  docName: string;
}

export const emptyAnnotationEntry = (): AnnotationEntry => ({
  name: '',
  alias: '',
  writtenType: 'Printed',
  page: '',
  endPage: '',
  pdf: '',
  value: '',
  unit: '',
  docName: '',
});

const CLINICAL_FIELDS = ['value', 'unit', 'doc_name'] as const;

/** The slot fields of an entity: procedure_name_1, procedure_alias_1, ... (without the number). */
export function annotationSlotFields(entity: AnnotationEntity): string[] {
  const fields = ['name', entity.alias, 'page_number', 'pdf_number', 'written_type'];
  return entity.kind === 'clinical_attribute' ? [...fields, ...CLINICAL_FIELDS] : fields;
}

export const annotationSlotKey = (kind: AnnotationEntityKind, field: string, index: number): string => `${kind}_${field}_${index}`;

const SLOT_KEY = /^(procedure|diagnosis|evidence|document|clinical_attribute)_([a-z_]+)_(\d{1,2})$/;

/** procedure_name_1 → {procedure, name, 1}; null for a name that is not a slot of the record. */
export function parseAnnotationSlotKey(key: string): { entity: AnnotationEntity; field: string; index: number } | null {
  const match = SLOT_KEY.exec(key);
  if (!match) return null;
  const entity = annotationEntity(match[1] as AnnotationEntityKind);
  const index = Number(match[3]);
  if (index < 1 || !annotationSlotFields(entity).includes(match[2])) return null;
  return { entity, field: match[2], index };
}

export type AnnotationSlotValue = string | number | null;
export type AnnotationSlots = Record<string, AnnotationSlotValue | undefined>;

const text = (value: AnnotationSlotValue | undefined): string => (value === null || value === undefined ? '' : String(value).trim());

/** A whole number from 1, or null (empty, a fraction, a word, 0). */
export function positiveWholeNumber(value: string | number | null | undefined): number | null {
  const typed = text(value ?? null);
  if (!/^\d+$/.test(typed)) return null;
  const number = Number(typed);
  return number >= 1 && Number.isSafeInteger(number) ? number : null;
}

/** A document's 'start - end' (also 'start- end' and a single page) as its two parts, as typed. */
export function splitPageRange(value: string): { page: string; endPage: string } {
  const [page = '', endPage = page] = value.split('-').map((part) => part.trim());
  return { page, endPage };
}
export function formatPageRange(page: string, endPage: string): string {
  const [start, end] = [page.trim(), endPage.trim()];
  return start && end ? `${start} - ${end}` : start || end;
}

/** The record's entries of an entity with their slot numbers, in slot order. */
export function annotationEntriesWithIndex(slots: AnnotationSlots, entity: AnnotationEntity): { index: number; entry: AnnotationEntry }[] {
  const indices = new Set<number>();
  for (const key of Object.keys(slots)) {
    const slot = parseAnnotationSlotKey(key);
    if (slot?.entity.kind === entity.kind && text(slots[key]) !== '') indices.add(slot.index);
  }
  const value = (field: string, index: number) => text(slots[annotationSlotKey(entity.kind, field, index)]);
  return [...indices]
    .sort((a, b) => a - b)
    .map((index) => {
      const page = value('page_number', index);
      const pages = entity.kind === 'document' ? splitPageRange(page) : { page, endPage: '' };
      const written = value('written_type', index);
      return {
        index,
        entry: {
          name: value('name', index),
          alias: value(entity.alias, index),
          writtenType: (KEYWORD_TYPES as readonly string[]).includes(written) ? (written as KeywordType) : 'Printed',
          ...pages,
          pdf: value('pdf_number', index),
          value: value('value', index),
          unit: value('unit', index),
          docName: value('doc_name', index),
        },
      };
    });
}

export const annotationEntries = (slots: AnnotationSlots, entity: AnnotationEntity): AnnotationEntry[] =>
  annotationEntriesWithIndex(slots, entity).map(({ entry }) => entry);

/**
 * The slots of an entity's entries, numbered from 1 in the order given (edits renumber, spec 1 §3): page and
 * PDF numbers as numbers, a document's pages as 'start - end'; empty fields are left out.
 */
export function annotationSlotsOf(entity: AnnotationEntity, entries: readonly AnnotationEntry[]): Record<string, string | number> {
  const slots: Record<string, string | number> = {};
  entries.forEach((entry, position) => {
    const index = position + 1;
    const number = (typed: string) => positiveWholeNumber(typed) ?? typed.trim();
    const fields: [string, string | number][] = [
      ['name', entry.name.trim()],
      [entity.alias, entry.alias.trim()],
      ['page_number', entity.kind === 'document' ? formatPageRange(entry.page, entry.endPage) : number(entry.page)],
      ['pdf_number', number(entry.pdf)],
      ['written_type', entry.writtenType],
    ];
    if (entity.kind === 'clinical_attribute')
      fields.push(['value', entry.value.trim()], ['unit', entry.unit.trim()], ['doc_name', entry.docName.trim()]);
    for (const [field, value] of fields) if (value !== '') slots[annotationSlotKey(entity.kind, field, index)] = value;
  });
  return slots;
}

/** Every entity's slots of a record, renumbered from 1. */
export function annotationSlotsOfAll(
  entries: Readonly<Record<AnnotationEntityKind, readonly AnnotationEntry[]>>,
): Record<string, string | number> {
  return Object.assign({}, ...ANNOTATION_ENTITIES.map((entity) => annotationSlotsOf(entity, entries[entity.kind])));
}

/** The alerts and inline messages of spec 1 §5 'Annotation entity edit', word for word. */
export const ANNOTATION_MESSAGES = {
  selectName: (entity: AnnotationEntity) => `Select name for ${entity.noun}`,
  mandatory: 'Page/PDF number is mandatory ',
  withinLimits: 'Enter page/pdf number within limit of total no of pages/total no of PDFs',
  pageOver: 'Entered page number is more than the total no of pages',
  endPageOver: 'Entered end page number is more than the total no of pages',
  pdfOver: 'Entered pdf number is more than the total no of pdf',
  correctNumber: 'Enter Correct Number',
  correctPdf: 'Enter Correct PDF',
} as const;

export type AnnotationEntryField = 'name' | 'page' | 'endPage' | 'pdf';
export interface AnnotationEntryProblem {
  field: AnnotationEntryField;
  /** missing: a required value is empty; format: not a page or PDF number; limit: beyond the claim's documents. */
  kind: 'missing' | 'format' | 'limit';
  message: string;
}

/** What the checks know of the claim's documents: one per PDF number, in order, with its page count when known. */
export interface AnnotationDocumentLimits {
  pages?: number | null;
}

/**
 * The problems of one entry against the claim's documents (PDF n is documents[n-1]; a page must be within
 * that document's pages). `requireNumbers`: the screens require page and PDF numbers; the server accepts an
 * entry without them (an annotation may name a keyword it could not place) but never one outside the claim.
 */
export function annotationEntryProblems(
  entity: AnnotationEntity,
  entry: AnnotationEntry,
  documents: readonly AnnotationDocumentLimits[],
  { requireNumbers }: { requireNumbers: boolean },
): AnnotationEntryProblem[] {
  const problems: AnnotationEntryProblem[] = [];
  if (!entry.name.trim()) problems.push({ field: 'name', kind: 'missing', message: ANNOTATION_MESSAGES.selectName(entity) });
  const pageFields: ['page' | 'endPage', string][] =
    entity.kind === 'document'
      ? [
          ['page', ANNOTATION_MESSAGES.pageOver],
          ['endPage', ANNOTATION_MESSAGES.endPageOver],
        ]
      : [['page', ANNOTATION_MESSAGES.pageOver]];

  const pdfTyped = entry.pdf.trim();
  const pdf = positiveWholeNumber(pdfTyped);
  if (!pdfTyped) {
    if (requireNumbers) problems.push({ field: 'pdf', kind: 'missing', message: ANNOTATION_MESSAGES.mandatory });
  } else if (pdf === null) problems.push({ field: 'pdf', kind: 'format', message: ANNOTATION_MESSAGES.correctPdf });
  else if (pdf > documents.length) problems.push({ field: 'pdf', kind: 'limit', message: ANNOTATION_MESSAGES.pdfOver });
  const pageCount = pdf !== null ? documents[pdf - 1]?.pages : null;

  for (const [field, overMessage] of pageFields) {
    const typed = entry[field].trim();
    const page = positiveWholeNumber(typed);
    if (!typed) {
      if (requireNumbers) problems.push({ field, kind: 'missing', message: ANNOTATION_MESSAGES.mandatory });
    } else if (page === null) problems.push({ field, kind: 'format', message: ANNOTATION_MESSAGES.correctNumber });
    else if (pageCount && page > pageCount) problems.push({ field, kind: 'limit', message: overMessage });
  }
  const start = positiveWholeNumber(entry.page);
  const end = positiveWholeNumber(entry.endPage);
  if (entity.kind === 'document' && start !== null && end !== null && end < start)
    problems.push({ field: 'endPage', kind: 'format', message: ANNOTATION_MESSAGES.correctNumber });
  return problems;
}

/** The one alert for an entry the screen refuses to save, in the order of spec 1 §5; null when it may be saved. */
export function annotationEntryAlert(problems: readonly AnnotationEntryProblem[]): string | null {
  for (const kind of ['missing', 'limit', 'format'] as const) {
    const problem = problems.find((p) => p.kind === kind);
    if (!problem) continue;
    if (kind === 'limit') return ANNOTATION_MESSAGES.withinLimits;
    return problem.message;
  }
  return null;
}
