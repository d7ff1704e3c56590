/**
 * What a decision letter says (issue 24 §4), from the claim's stored verdict: its identity, each procedure's
 * verdict and the reviewer's decision where one exists, the reasons in plain sentences, the evidence relied on
 * (document and page), what is missing for a QUERY, and the rule and version that judged it. Pure: the caller
 * loads the rows, so the wording is tested without a database.
 */
import { type AdjudicationResult, caseTypeLabel, ENTITY_GROUPS, REQUIRED_DOCUMENT_NOT_FOUND } from '@claims/shared-kernel/constants';
import type { ProcedureVerification, RuleStatement } from '@claims/shared-kernel/contract';
import { formatIn } from '../http/time';

/** The claim's fields a letter names. */
export interface LetterClaim {
  id: number;
  referenceClaimId: string;
  patientName: string;
  caseType: string;
  procedureCodes: string[];
  procedureNames: string[];
  adjudicationResult: AdjudicationResult | null;
  adjudicationDetails: Record<string, ProcedureVerification> | null;
  createdOn: Date;
  lastVerifiedOn: Date | null;
}

/** A reviewer's current decision on a procedure, as the letter states it. */
export interface LetterDecision {
  decision: string;
  reason: string | null;
  note: string | null;
  decidedBy: string;
  decidedAt: Date;
}

export interface LetterInput {
  claim: LetterClaim;
  /** The insurer's name (the claim's organisation). */
  insurer: string;
  /** The hospital's code and name, or null when the claim names none. */
  hospital: string | null;
  /** Keyed by procedure code. */
  decisions: Record<string, LetterDecision>;
  madeBy: string;
  madeAt: Date;
  zone: string;
}

export interface LetterProcedure {
  heading: string;
  verdict: string;
  decision: string | null;
  reasons: string[];
  evidence: string[];
  missing: string[];
  rule: string;
}

export interface LetterContent {
  title: string;
  identity: [label: string, value: string][];
  overall: string;
  procedures: LetterProcedure[];
  footer: string;
}

const VERDICT_WORDS: Record<AdjudicationResult, string> = {
  ACCEPTED: 'ACCEPTED: the claim meets the protocol for this procedure',
  REJECTED: 'REJECTED: the claim does not meet the protocol for this procedure',
  QUERY: 'QUERY: more information is needed before this procedure can be decided',
  SUSPENDED: 'SUSPENDED: the documents could not be read, so nothing was verified',
};

const DATE_TIME = 'DD-MM-YYYY HH:mm';

/** A reason as a sentence: capitalised, ending with a full stop. */
export const sentence = (text: string): string => {
  const trimmed = text.trim();
  if (!trimmed) return trimmed;
  const capital = trimmed[0].toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};

const RULE_TREES = ['procedureRule', 'diagnosisRule', 'documentRule', 'clinicalTermsRule'] as const;

function leavesOf(node: RuleStatement | null | undefined): RuleStatement[] {
  if (!node) return [];
  if (node.operator) return [node];
  return (node.statements ?? []).flatMap(leavesOf);
}

/** Where something was found, as people read it ('discharge.pdf, page 2'). */
const place = (document: string | null | undefined, page: number | null | undefined): string | null => {
  if (!document) return null;
  return page ? `${document}, page ${page}` : document;
};

/**
 * The evidence relied on: each entity found (procedures, diagnoses, documents, ...) with the document and page it
 * was found on, then the values of satisfied rule statements (a clinical attribute's reading), each place once.
 */
export function evidenceOf(verification: ProcedureVerification): string[] {
  const lines = new Set<string>();
  for (const group of ENTITY_GROUPS) {
    for (const item of verification[group] ?? []) {
      if (!item.found) continue;
      const where = place(item.referenceToDocument, item.position?.pageNumber);
      if (where) lines.add(`${item.standardName || item.name}: ${where}`);
    }
  }
  for (const tree of RULE_TREES) {
    for (const leaf of leavesOf(verification[tree])) {
      if (leaf.conditionResult !== true || leaf.valueFound === null || leaf.valueFound === undefined || leaf.valueFound === '') continue;
      const name = leaf.valueToCompare?.name;
      const evidence = leaf.evidence?.[0];
      const where = place(evidence?.referenceToDocument, evidence?.pageNumber);
      if (!name || !where) continue;
      lines.add(`${name} ${leaf.valueFound}${leaf.unitFound ? ` ${leaf.unitFound}` : ''}: ${where}`);
    }
  }
  return [...lines];
}

/** What a QUERY asks for: the documents the document rule did not find ('Required Document not found: Lab Report'). */
export function missingOf(verification: ProcedureVerification): string[] {
  if (verification.adjudicationResult !== 'QUERY') return [];
  const notFound = (verification.document ?? []).filter((item) => !item.found).map((item) => item.standardName || item.name);
  if (notFound.length) return [...new Set(notFound)];
  const reason = verification.adjudicationReason ?? '';
  if (reason.startsWith(`${REQUIRED_DOCUMENT_NOT_FOUND}:`))
    return reason
      .slice(REQUIRED_DOCUMENT_NOT_FOUND.length + 1)
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean);
  // A QUERY for another cause (no protocol configured) misses no document: its reasons say why.
  return [];
}

/** The reasons in sentences: the failing statements, or for an accepted procedure that every rule holds. */
export function reasonsOf(verification: ProcedureVerification): string[] {
  if (verification.adjudicationResult === 'ACCEPTED') return ['Every rule of the protocol for this procedure is satisfied.'];
  const texts = verification.rejectionReasons?.length
    ? verification.rejectionReasons
    : verification.adjudicationReason
      ? [verification.adjudicationReason]
      : [];
  return [...new Set(texts.map(sentence).filter(Boolean))];
}

function ruleOf(verification: ProcedureVerification, insurer: string, claimOrg: string | null): string {
  if (verification.ruleId === null) return 'No protocol rule is configured for this procedure and case type.';
  const version = verification.ruleVersion ? `, version ${verification.ruleVersion}` : '';
  const whose = verification.ruleOrganization && verification.ruleOrganization !== claimOrg ? "the provider's rule" : `${insurer}'s rule`;
  return `Rule ${verification.ruleId}${version} (${whose}).`;
}

export function letterContent(input: LetterInput, claimOrg: string): LetterContent {
  const { claim, zone } = input;
  const when = (date: Date | null) => (date ? `${formatIn(date, zone, DATE_TIME)} IST` : 'not yet');
  const details = claim.adjudicationDetails ?? {};
  const procedures = claim.procedureCodes.map((code, index): LetterProcedure => {
    const name = claim.procedureNames[index];
    const heading = name ? `${code} ${name}` : code;
    const verification = details[code];
    const decided = input.decisions[code];
    const decision = decided
      ? `${decided.decision}${decided.reason ? ` (${decided.reason})` : ''}, by ${decided.decidedBy} on ${when(decided.decidedAt)}` +
        (decided.note ? `. Note: ${decided.note}` : '')
      : null;
    if (!verification)
      return { heading, verdict: 'Not verified', decision, reasons: [], evidence: [], missing: [], rule: 'No verification is recorded.' };
    return {
      heading,
      verdict: VERDICT_WORDS[verification.adjudicationResult],
      decision,
      reasons: reasonsOf(verification),
      evidence: evidenceOf(verification),
      missing: missingOf(verification),
      rule: ruleOf(verification, input.insurer, claimOrg),
    };
  });
  return {
    title: 'Decision letter',
    identity: [
      ['Case No.', claim.referenceClaimId],
      ['Claim', String(claim.id)],
      ['Patient', claim.patientName || '-'],
      ['Hospital', input.hospital ?? '-'],
      ['Insurer', input.insurer],
      ['Case type', caseTypeLabel(claim.caseType)],
      ['Received', when(claim.createdOn)],
      ['Verified', when(claim.lastVerifiedOn)],
    ],
    overall: claim.adjudicationResult ?? 'Not verified',
    procedures,
    footer: `Made by ${input.madeBy} on ${when(input.madeAt)}.`,
  };
}
