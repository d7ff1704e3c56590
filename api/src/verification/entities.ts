/**
 * Finding an entity of the master data (by its name and every alias) in the pages a rule leaf may look in,
 * with the evidence location of the best hit; and the entity groups of adjudicationDetails.
 */
import type { EvidenceLocation, FoundItem } from '@claims/shared-kernel/contract';
import type { ClaimContext, EntityKind } from './context';
import { bestHit, foldOf, type Hit } from './match';
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
    };
  }
  let hits = phrases.flatMap((p) => context.index.find(p)).filter((h) => allowed(h.page));
  if (!hits.length && approximate) hits = phrases.flatMap((p) => context.index.findApproximate(p)).filter((h) => allowed(h.page));
  const hit = bestHit(hits);
  return {
    name,
    master,
    found: !!hit || !!fact,
    hit,
    page: hit?.page ?? null,
    aliasesFound: [...new Set(hits.map((h) => h.phrase))],
    fact: hit ? null : fact,
  };
}

/** The evidence location of tokens (one page), or of a whole page when no tokens are given. */
export function locate(context: ClaimContext, page: number, tokens: number[]): EvidenceLocation {
  const info = context.text.pages[page];
  const onPage = tokens.filter((t) => context.text.tokens[t].page === page);
  const box = onPage.length ? boxOf(context.text, onPage) : { x: 0, y: 0, width: info.page.width, height: info.page.height };
  return {
    documentUrl: info.document.url,
    referenceToDocument: info.document.fileName,
    ...box,
    pageNumber: info.page.pageNumber,
    pageWidth: info.page.width,
    pageHeight: info.page.height,
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

/** A FoundItem for the claim page from a presence (and, for clinical attributes, a value). */
export function foundItem(context: ClaimContext, presence: Presence, value?: FoundValue): FoundItem {
  const evidence = value?.evidence ?? evidenceOf(context, presence);
  const item: FoundItem = {
    name: presence.name,
    standardName: presence.master?.name ?? presence.name,
    found: presence.found || (value?.valueFound ?? null) !== null,
    documentUrl: evidence?.documentUrl ?? null,
    referenceToDocument: evidence?.referenceToDocument ?? presence.fact,
    position: evidence
      ? {
          x: evidence.x,
          y: evidence.y,
          width: evidence.width,
          height: evidence.height,
          pageNumber: evidence.pageNumber,
          pageWidth: evidence.pageWidth,
          pageHeight: evidence.pageHeight,
        }
      : null,
    foundDocumentAliases: presence.aliasesFound,
  };
  if (presence.master?.ICD_code) item.ICD_code = presence.master.ICD_code;
  if (value) {
    item.valueFound = value.valueFound;
    item.unitFound = value.unitFound;
  }
  return item;
}
