/**
 * The claim page's display rules (spec 1 §2 '/claims/{claimId}', §8), as data the screen renders: result
 * wording, procedure labels, entity group texts, which groups and lists show, the reason's fraud marks and
 * the rule versions.
 */
import { caseTypeShort, ENTITY_GROUP_TEXTS, ENTITY_GROUPS, shorten } from '@claims/shared-kernel';
import type {
  AdjudicationResult,
  CaseType,
  Claim,
  EntityGroup,
  FoundItem,
  ProcedureVerification,
  RuleTreeName,
} from '@claims/shared-kernel';

/** The four rule trees of a procedure, in the contract's RULE_TREES order (a value the remotes cannot import: it sits beside zod). */
export const RULE_TREES: readonly { name: RuleTreeName; title: string }[] = [
  { name: 'procedureRule', title: 'Procedure Rule' },
  { name: 'diagnosisRule', title: 'Diagnosis Rule' },
  { name: 'documentRule', title: 'Document Rule' },
  { name: 'clinicalTermsRule', title: 'Clinical Terms Rule' },
];

export const QUERY_WITHOUT_REASON = 'Required documents not found.';

export type ResultTone = 'pass' | 'fail' | 'suspended' | 'none';

export interface ResultDisplay {
  label: string;
  tone: ResultTone;
}

/** ACCEPTED is PASS, REJECTED and QUERY are FAIL, SUSPENDED is said as it is; no result yet says so. */
export function resultDisplay(result: AdjudicationResult | null | undefined): ResultDisplay {
  switch (result) {
    case 'ACCEPTED':
      return { label: 'PASS', tone: 'pass' };
    case 'REJECTED':
    case 'QUERY':
      return { label: 'FAIL', tone: 'fail' };
    case 'SUSPENDED':
      return { label: 'SUSPENDED', tone: 'suspended' };
    default:
      return { label: 'Not verified yet', tone: 'none' };
  }
}

/** The reason shown under a result: QUERY without one says the documents are missing. */
export function reasonText(result: AdjudicationResult | null | undefined, reason: string | null | undefined): string | null {
  if (reason?.trim()) return reason;
  return result === 'QUERY' ? QUERY_WITHOUT_REASON : null;
}

export type ReasonTone = 'plain' | 'fraud' | 'suspicious';
export interface ReasonSegment {
  text: string;
  tone: ReasonTone;
}

const SUSPICIOUS = /suspicious fraud case/gi;
/** The reason's parts are joined with '; ' by the adjudicator: a part that speaks of fraud is marked whole. */
const PART = /[^;]+;?\s*/g;

/** Splits a reason so that fraud text can be bold red and 'suspicious fraud case' orange. */
export function reasonSegments(reason: string): ReasonSegment[] {
  const segments: ReasonSegment[] = [];
  const push = (text: string, tone: ReasonTone) => {
    if (!text) return;
    const last = segments.at(-1);
    if (last?.tone === tone) last.text += text;
    else segments.push({ text, tone });
  };
  for (const part of reason.match(PART) ?? []) {
    if (!/fraud/i.test(part)) {
      push(part, 'plain');
      continue;
    }
    let from = 0;
    for (const match of part.matchAll(SUSPICIOUS)) {
      push(part.slice(from, match.index), 'fraud');
      push(match[0], 'suspicious');
      from = match.index + match[0].length;
    }
    push(part.slice(from), 'fraud');
  }
  return segments;
}

/** The procedure's name for the code: the claim's names follow its codes. */
export function procedureNameOf(claim: Pick<Claim, 'procedureCodes' | 'procedureName'>, code: string): string {
  const index = claim.procedureCodes.indexOf(code);
  return (index >= 0 ? claim.procedureName[index] : undefined) ?? code;
}

/**
 * How a procedure is named: the provider's organisation sees the code and the name, others the name with
 * the case type in brackets; the name is shortened past 17 characters (the full one goes in a tooltip).
 */
export function procedureLabel(code: string, name: string, caseType: CaseType, provider: boolean): string {
  return provider ? `${code} - ${shorten(name)}` : `${shorten(name)} (${caseTypeShort(caseType)})`;
}

/** The procedure panels' order: the claim's codes first, then any other code the verification judged. */
export function procedureOrder(claim: Pick<Claim, 'procedureCodes' | 'adjudicationDetails'>): string[] {
  const judged = Object.keys(claim.adjudicationDetails ?? {});
  return [
    ...claim.procedureCodes.filter((code) => judged.includes(code)),
    ...judged.filter((code) => !claim.procedureCodes.includes(code)),
  ];
}

/**
 * Spec 1 §8: 'woops! no ... for this protocol' for what the protocol asks for, '... not found' otherwise; a group's
 * label, its text when it has no item and when nothing of it was found, from the kernel's kinds table.
 */
export const GROUP_TEXTS = ENTITY_GROUP_TEXTS;

/** The entity groups in the order the page shows them: the kinds table's. */
export const DISPLAYED_GROUPS: readonly EntityGroup[] = ENTITY_GROUPS;

export interface GroupView {
  group: EntityGroup;
  /** Every item with its index in the group (the error flags' keyword). */
  found: { item: FoundItem; index: number }[];
  absent: { item: FoundItem; index: number }[];
  /** Green when the procedure is accepted or something was found, red otherwise. */
  tone: 'green' | 'red';
  /** False when the claim is ACCEPTED: the Absent list is hidden. */
  showAbsent: boolean;
}

/** The entity accordions of a procedure; a claim ACCEPTED hides groups without found items and every Absent list. */
export function groupViews(verification: ProcedureVerification, claimResult: AdjudicationResult | null): GroupView[] {
  const claimAccepted = claimResult === 'ACCEPTED';
  return DISPLAYED_GROUPS.flatMap((group) => {
    const items = (verification[group] ?? []).map((item, index) => ({ item, index }));
    const found = items.filter(({ item }) => item.found);
    if (claimAccepted && found.length === 0) return [];
    return [
      {
        group,
        found,
        absent: items.filter(({ item }) => !item.found),
        tone: verification.adjudicationResult === 'ACCEPTED' || found.length > 0 ? 'green' : 'red',
        showAbsent: !claimAccepted,
      } satisfies GroupView,
    ];
  });
}

/** A found item as the accordion lists it: clinical attributes with the value and unit found, diagnoses with their ICD code. */
export function itemText(group: EntityGroup, item: FoundItem): string {
  const value = item.valueFound;
  if (group === 'clinicalAttribute' && value !== null && value !== undefined && value !== '')
    return `${item.name}: ${value}${item.unitFound ? ` ${item.unitFound}` : ''}`;
  return item.ICD_code ? `${item.name} (${item.ICD_code})` : item.name;
}

/** Where an item was found, beside it: its page, and its document when the claim has several. */
export function itemPlace(item: FoundItem, severalDocuments: boolean): string | null {
  if (!item.position) return null;
  const document = severalDocuments && item.referenceToDocument ? ` of ${item.referenceToDocument}` : '';
  return `page ${item.position.pageNumber}${document}`;
}

/** Why a found item opens nothing: it was found without a document (a confirmed finding, an answer). */
export const noDocumentHint = (item: FoundItem): string =>
  `Found without a document to show${item.referenceToDocument ? ` (${item.referenceToDocument})` : ''}`;

/**
 * The rule versions the claim was verified against: one version for the whole claim when every judged
 * procedure had the same one, otherwise null (each procedure panel then says its own).
 */
export function claimRuleVersion(details: Claim['adjudicationDetails']): number | null {
  const versions = Object.values(details ?? {}).map((v) => v.ruleVersion ?? null);
  if (versions.length === 0 || versions.some((v) => v === null)) return null;
  return versions.every((v) => v === versions[0]) ? versions[0] : null;
}
