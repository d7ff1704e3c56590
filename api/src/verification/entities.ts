/**
 * Finding an entity of the master data (by its name and every alias) in the pages a rule leaf may look in,
 * with the evidence location of the best hit; and the entity groups of adjudicationDetails. A negated
 * mention ('No evidence of cholelithiasis', see negation.ts) is no finding: when it is all there is, the
 * entity is not found and the mention is kept as the evidence of its absence.
 */
import type { EvidenceLocation, FoundItem, FoundPosition } from '@claims/shared-kernel/contract';
import type { ClaimContext, EntityKind } from './context';
import { bestHit, foldOf, type Hit } from './match';
import { negationOf, type Negation } from './negation';
import { boxOf } from './text';
import type { KeywordMaster } from './types';

/** Which pages (ClaimText.pages indices) a search may use. */
export type PageFilter = (page: number) => boolean;

export interface DocumentScope {
  inclusion: string[];
  exclusion: string[];
}

/**
 * Pages a leaf may look in: a page whose document type is on the exclusion list (the leaf's, plus the
 * rule's defaults unless the leaf includes that type explicitly) is skipped; with an inclusion list only
 * those types count (pages of no known type then do not).
 */
export function pageFilter(context: ClaimContext, scope: DocumentScope): PageFilter {
  const included = new Set(scope.inclusion.map(foldOf).filter(Boolean));
  const excluded = new Set(scope.exclusion.map(foldOf).filter((d) => d && !included.has(d)));
  if (!included.size && !excluded.size) return () => true;
  return (page) => {
    const type = context.segregation.pages[page]?.type;
    const fold = type ? foldOf(type) : null;
    if (fold && excluded.has(fold)) return false;
    return included.size === 0 || (fold !== null && included.has(fold));
  };
}

export interface Presence {
  /** As the rule (or the master) names it. */
  name: string;
  master: KeywordMaster | null;
  found: boolean;
  hit: Hit | null;
  /** For documents: the first page of that type (when no title hit marks it). */
  page: number | null;
  /** The names and aliases that were found. */
  aliasesFound: string[];
  /** 'Confirmed finding' / 'Answer to procedure question' when a fact makes it present. */
  fact: string | null;
  /** When it is not found: a mention that says it is absent ('no evidence of ...'), else null. */
  negated: Negation | null;
}

export function masterOf(context: ClaimContext, kind: EntityKind, name: string): KeywordMaster | null {
  return context.masters.get(kind)?.get(foldOf(name)) ?? null;
}

function factFor(context: ClaimContext, kind: EntityKind, phrases: string[]): string | null {
  for (const facts of [context.facts.get(kind), context.facts.get('*')]) {
    if (!facts) continue;
    for (const phrase of phrases) {
      const label = facts.get(foldOf(phrase));
      if (label) return label;
    }
  }
  return null;
}

/** Finds one entity. Approximate matching is tried only when asked (rule leaves) and nothing exact was found. */
export function findEntity(context: ClaimContext, kind: EntityKind, name: string, allowed: PageFilter, approximate: boolean): Presence {
  const master = masterOf(context, kind, name);
  const phrases = [...new Set((master ? [master.name, ...(master.alias ?? [])] : [name]).filter((p) => p?.trim()))];
  const fact = factFor(context, kind, phrases);
  if (kind === 'document') {
    const pages = context.segregation.pagesOfType(master?.name ?? name).filter(allowed);
    const page = pages[0] ?? null;
    const hits = pages.map((p) => context.segregation.pages[p].hit).filter((h): h is Hit => !!h);
    return {
      name,
      master,
      found: page !== null || !!fact,
      hit: hits[0] ?? null,
      page,
      aliasesFound: [...new Set(hits.map((h) => h.phrase))],
      fact: page === null ? fact : null,
      negated: null,
    };
  }
  const negations: Negation[] = [];
  const affirmed = (hits: Hit[]) =>
    hits.filter((h) => {
      if (!allowed(h.page)) return false;
      const negation = negationOf(context.text, h);
      if (negation) negations.push(negation);
      return !negation;
    });
  let hits = affirmed(phrases.flatMap((p) => context.index.find(p)));
  if (!hits.length && approximate) hits = affirmed(phrases.flatMap((p) => context.index.findApproximate(p)));
  const hit = bestHit(hits);
  const negatedHit = hit || fact ? null : bestHit(negations.map((n) => n.hit));
  return {
    name,
    master,
    found: !!hit || !!fact,
    hit,
    page: hit?.page ?? null,
    aliasesFound: [...new Set(hits.map((h) => h.phrase))],
    fact: hit ? null : fact,
    negated: negations.find((n) => n.hit === negatedHit) ?? null,
  };
}

/** The evidence location of tokens (one page), or of a whole page when no tokens are given. */
export function locate(context: ClaimContext, page: number, tokens: number[]): EvidenceLocation {
  const info = context.text.pages[page];
  const onPage = tokens.filter((t) => context.text.tokens[t].page === page);
  const box = onPage.length ? boxOf(context.text, onPage) : { x: 0, y: 0, width: info.given.width, height: info.given.height };
  return {
    documentUrl: info.document.url,
    referenceToDocument: info.document.fileName,
    ...box,
    pageNumber: info.given.pageNumber,
    pageWidth: info.given.width,
    pageHeight: info.given.height,
  };
}

const hitTokens = (hit: Hit): number[] => Array.from({ length: hit.last - hit.first + 1 }, (_, i) => hit.first + i);

export function evidenceOf(context: ClaimContext, presence: Presence): EvidenceLocation | null {
  if (presence.hit) return locate(context, presence.hit.page, hitTokens(presence.hit));
  if (presence.page !== null) return locate(context, presence.page, []);
  return null;
}

/** A clinical attribute's value as found in the claim. */
export interface FoundValue {
  valueFound: string | number | null;
  unitFound: string | null;
  evidence: EvidenceLocation | null;
}

const positionOf = (place: EvidenceLocation): FoundPosition => ({
  x: place.x,
  y: place.y,
  width: place.width,
  height: place.height,
  pageNumber: place.pageNumber,
  pageWidth: place.pageWidth,
  pageHeight: place.pageHeight,
});

/** A FoundItem for the claim page from a presence (and, for clinical attributes, a value). */
export function foundItem(context: ClaimContext, presence: Presence, value?: FoundValue): FoundItem {
  const evidence = value?.evidence ?? evidenceOf(context, presence);
  const item: FoundItem = {
    name: presence.name,
    standardName: presence.master?.name ?? presence.name,
    found: presence.found || (value?.valueFound ?? null) !== null,
    documentUrl: evidence?.documentUrl ?? null,
    referenceToDocument: evidence?.referenceToDocument ?? presence.fact,
    position: evidence ? positionOf(evidence) : null,
    foundDocumentAliases: presence.aliasesFound,
  };
  if (presence.master?.ICD_code) item.ICD_code = presence.master.ICD_code;
  if (presence.negated && !item.found) {
    const { page, first, last } = presence.negated.hit;
    const tokens = presence.negated.tokens;
    const { document } = context.text.pages[page];
    item.negatedAt = {
      text: tokens.map((t) => context.text.tokens[t].word.text).join(' '),
      mention: context.text.tokens
        .slice(first, last + 1)
        .map((t) => t.word.text)
        .join(' '),
      documentUrl: document.url,
      referenceToDocument: document.fileName,
      position: positionOf(locate(context, page, tokens)),
    };
  }
  if (value) {
    item.valueFound = value.valueFound;
    item.unitFound = value.unitFound;
  }
  return item;
}
