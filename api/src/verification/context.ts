/**
 * Everything about one claim that does not depend on the procedure being judged, built once: the laid-out
 * text, the phrase index, the document types of the pages, the value reader, the facts, fraud markers.
 */
import { buildClaimText, type ClaimText } from './text';
import { foldOf, PhraseIndex } from './match';
import { legibleDocuments } from './read/readability';
import { negationOf } from './negation';
import { segregate, type Segregation } from './segregate';
import { ValueReader, type ValueCandidate } from './values';
import type { ClinicalAttributeMaster, KeywordMaster, ReadDocument, VerificationFacts, VerificationInput } from './types';
import { ENTITY_GROUP_KINDS, type EntityKind, kindOfAnswer, masterListOf } from '@claims/shared-kernel/constants';

/** What the adjudicator looks for and reports: a kind of the kernel's kinds table with an entity group. */
export type { EntityKind };

/** Phrases that make a reviewer look twice; found as whole words (OCR confusions tolerated). */
export const DEFAULT_FRAUD_MARKERS = [
  'tampered',
  'tampering',
  'overwritten',
  'correction fluid',
  'whitener applied',
  'duplicate bill',
  'duplicate copy',
  'suspicious fraud case',
];

export interface ClaimContext {
  input: VerificationInput;
  unreadable: ReadDocument[];
  /** Why the claim cannot be judged at all (no readable text), or null. */
  suspendedReason: string | null;
  text: ClaimText;
  index: PhraseIndex;
  segregation: Segregation;
  /** Master entities by kind, keyed by the folded name, every alias and (procedures) the code. */
  masters: Map<EntityKind, Map<string, KeywordMaster>>;
  attributes: Map<string, ClinicalAttributeMaster>;
  /** Folded fact texts per entity kind; '*' holds the ones that count for every kind. */
  facts: Map<EntityKind | '*', Map<string, string>>;
  /** Clinical attribute values, measured facts first, then those found in the documents (computed on first use). */
  candidates(attribute: ClinicalAttributeMaster): ValueCandidate[];
  /** The values the documents alone give for an attribute (shared by every procedure's view of the claim). */
  readFromDocuments(attribute: ClinicalAttributeMaster): ValueCandidate[];
  fraudMarkersFound: string[];
}

export function prepareClaim(input: VerificationInput): ClaimContext {
  // Scanned pages without legible text are left out; a document with none left could not be read.
  const documents = legibleDocuments(input.documents, input.masters);
  const readable = documents.filter((d) => !d.error && d.pages.length > 0);
  const unreadable = documents.filter((d) => d.error || d.pages.length === 0);
  const text = buildClaimText(readable);
  const index = new PhraseIndex(text);
  const { masters: m } = input;
  const segregation = segregate(text, index, m.documents ?? [], m.docgroups ?? {});
  const values = new ValueReader(text, index);

  const masters = new Map<EntityKind, Map<string, KeywordMaster>>();
  const register = (kind: EntityKind, list: KeywordMaster[] | undefined, extraKeys?: (e: KeywordMaster) => string[]) => {
    const byKey = new Map<string, KeywordMaster>();
    for (const entity of list ?? [])
      for (const key of [entity.name, ...(entity.alias ?? []), ...(extraKeys?.(entity) ?? [])]) {
        const fold = foldOf(key ?? '');
        if (fold && !byKey.has(fold)) byKey.set(fold, entity);
      }
    masters.set(kind, byKey);
  };
  const procedureCode = (e: KeywordMaster) => [(e as { procedure_code?: string }).procedure_code ?? ''];
  for (const { kind } of ENTITY_GROUP_KINDS) {
    const list = masterListOf(kind);
    register(kind, list ? m[list] : [], kind === 'procedures' ? procedureCode : undefined);
  }
  const attributes = new Map<string, ClinicalAttributeMaster>();
  for (const attribute of m.clinicalAttributes ?? [])
    for (const key of [attribute.name, ...(attribute.alias ?? [])])
      if (foldOf(key) && !attributes.has(foldOf(key))) attributes.set(foldOf(key), attribute);

  const facts = factsByKind(input.facts ?? {});
  const documentCandidates = new Map<ClinicalAttributeMaster, ValueCandidate[]>();
  const readFromDocuments = (attribute: ClinicalAttributeMaster) => {
    let list = documentCandidates.get(attribute);
    if (!list) {
      list = values.candidates(attribute, input.claim.hospitalCode);
      documentCandidates.set(attribute, list);
    }
    return list;
  };
  const candidates = withMeasurements(input.facts?.measurements, readFromDocuments);

  const markers = new Map((input.fraudMarkers ?? DEFAULT_FRAUD_MARKERS).map((m) => [foldOf(m), m] as const));
  // 'No tampering noted' says the bill was not tampered with: a negated mention is no marker.
  const fraudMarkersFound = [...markers.values()].filter((marker) =>
    index.find(marker).some((hit) => hit.quality >= 2 && !negationOf(text, hit)),
  );

  const wordCount = text.tokens.length;
  let suspendedReason: string | null = null;
  if (input.documents.length === 0) suspendedReason = 'No documents were attached to the claim';
  else if (readable.length === 0) suspendedReason = unreadableReason(unreadable, 'all');
  else if (wordCount === 0) suspendedReason = 'No text could be read from the documents';

  return {
    input,
    unreadable,
    suspendedReason,
    text,
    index,
    segregation,
    masters,
    attributes,
    facts,
    candidates,
    readFromDocuments,
    fraudMarkersFound,
  };
}

/**
 * The claim as one procedure code is judged: the answers to that procedure's questions join the claim's facts
 * (answers to another procedure's questions do not count here); the documents' reading is shared.
 */
export function forProcedure(context: ClaimContext, code: string): ClaimContext {
  const own = context.input.facts?.byProcedure?.[code];
  if (!own) return context;
  const claimWide = context.input.facts ?? {};
  const merged: VerificationFacts = {
    findings: claimWide.findings,
    answers: mergeAnswers(claimWide.answers, own.answers),
    // Confirmed findings' measurements win over answers, as in loadFacts.
    measurements: { ...own.measurements, ...claimWide.measurements },
  };
  return { ...context, facts: factsByKind(merged), candidates: withMeasurements(merged.measurements, context.readFromDocuments) };
}

function mergeAnswers(...lists: (Record<string, string[]> | undefined)[]): Record<string, string[]> {
  const merged: Record<string, string[]> = {};
  for (const list of lists)
    for (const [key, values] of Object.entries(list ?? {})) merged[key] = [...new Set([...(merged[key] ?? []), ...values])];
  return merged;
}

function factsByKind(facts: VerificationFacts): ClaimContext['facts'] {
  const byKind: ClaimContext['facts'] = new Map();
  const addFact = (kind: EntityKind | '*', value: string, label: string) => {
    if (!foldOf(value)) return;
    if (!byKind.has(kind)) byKind.set(kind, new Map());
    byKind.get(kind)!.set(foldOf(value), label);
  };
  for (const finding of facts.findings ?? []) addFact('*', finding, 'Confirmed finding');
  for (const [key, answers] of Object.entries(facts.answers ?? {}))
    for (const answer of answers ?? []) addFact(kindOfAnswer(key) ?? '*', answer, 'Answer to procedure question');
  return byKind;
}

/** Candidates of an attribute: measured facts first, then what the documents say (computed once per attribute). */
function withMeasurements(
  measurements: VerificationFacts['measurements'],
  readFromDocuments: (attribute: ClinicalAttributeMaster) => ValueCandidate[],
): (attribute: ClinicalAttributeMaster) => ValueCandidate[] {
  const cache = new Map<ClinicalAttributeMaster, ValueCandidate[]>();
  return (attribute) => {
    let list = cache.get(attribute);
    if (!list) {
      list = [...measurementFacts(measurements, attribute), ...readFromDocuments(attribute)];
      cache.set(attribute, list);
    }
    return list;
  };
}

/** The read errors as the reader gave them, for the error dialog: 'a.pdf (not a PDF, PNG or JPEG file (declared as application/pdf))'. */
export const describeUnreadable = (documents: ReadDocument[]): string =>
  documents.map((d) => `${d.fileName} (${d.error ?? 'no pages'})`).join(', ');

/** A reader's error (src/verification/read, or the job's) as a reviewer would say it; null where the plain 'could not be read' says enough. */
const PLAIN_READ_PROBLEMS: [RegExp, string][] = [
  [/^not a PDF, PNG or JPEG file/, 'it is not a PDF, PNG or JPEG file'],
  [/^the file is empty/, 'the file is empty'],
  [/^the file is no longer stored/, 'the file is no longer stored'],
  [/^the PDF is password protected/, 'the PDF is protected by a password'],
  [/^the PDF has no pages/, 'the PDF has no pages'],
  [/^not a readable PDF/, 'the PDF is damaged'],
  [/^not a readable (PNG|JPEG) image/, 'the image is damaged'],
  [/^no legible text/, 'the scan shows no legible text'],
];

const plainProblem = (document: ReadDocument): string | null =>
  document.error ? (PLAIN_READ_PROBLEMS.find(([pattern]) => pattern.test(document.error!))?.[1] ?? null) : 'it has no pages';

/** 'a.pdf', 'a.pdf and b.png', 'a.pdf, b.png and c.jpg'. */
const listOf = (names: string[]): string => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/**
 * The reviewer's sentence for documents that could not be read ('download_5.pdf could not be read: it is not
 * a PDF, PNG or JPEG file.'); `all` when no document of the claim could be read. The reader's own words go
 * to the error dialog instead (describeUnreadable).
 */
export function unreadableReason(documents: ReadDocument[], scope: 'some' | 'all'): string {
  if (documents.length === 1) {
    const problem = plainProblem(documents[0]);
    return `${documents[0].fileName} could not be read${problem ? `: ${problem}` : ''}.`;
  }
  const names = listOf(documents.map((d) => d.fileName));
  return scope === 'all' ? `None of the documents could be read: ${names}.` : `${names} could not be read.`;
}

const foldedWords = (text: string): string[] =>
  text
    .split(/[^\p{L}\p{N}]+/u)
    .map(foldOf)
    .filter(Boolean);

/**
 * Measured values that name this attribute: a key that is its name or an alias, or (a question's text) holds
 * one as whole words ('What is the patient's Haemoglobin?').
 */
function measurementFacts(measurements: VerificationFacts['measurements'], attribute: ClinicalAttributeMaster): ValueCandidate[] {
  const names = [attribute.name, ...(attribute.alias ?? [])].map(foldedWords).filter((words) => words.length > 0);
  const namesThisAttribute = (key: string) => {
    const words = foldedWords(key);
    return names.some((name) => words.some((_, at) => name.every((word, i) => words[at + i] === word)));
  };
  return Object.entries(measurements ?? {})
    .filter(([key, m]) => namesThisAttribute(key) && Number.isFinite(m?.value))
    .map(([, m]) => ({
      value: { kind: 'number', value: m.value },
      unit: m.unit ?? null,
      page: null,
      tokens: [],
      source: 'fact',
      order: -1,
    }));
}
