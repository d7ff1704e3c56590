/**
 * A person's decision on a claim's procedure (issue 23 §4), beside the adjudicator's verdict for it, and the one
 * rule of when the two differ. Pure data and functions: no zod, so the screens can import it.
 */
import type { AdjudicationResult } from './constants';

export const DECISIONS = ['APPROVE', 'DENY', 'QUERY'] as const;
export type Decision = (typeof DECISIONS)[number];

/** The longest reason code, reason sentence and decision note the api takes. */
export const DECISION_REASON_CODE_MAX = 50;
export const DECISION_REASON_DESCRIPTION_MAX = 300;
export const DECISION_NOTE_MAX = 2000;

/** The buttons and the Decision Reasons master's 'applies to' options. */
export const DECISION_LABELS: Record<Decision, string> = { APPROVE: 'Approve', DENY: 'Deny', QUERY: 'Query' };

/** A claim's decision as the claims list shows it: the procedures' current decisions, or MIXED when they differ. */
export const CLAIM_DECISIONS = [...DECISIONS, 'MIXED'] as const;
export type ClaimDecision = (typeof CLAIM_DECISIONS)[number];
export const CLAIM_DECISION_LABELS: Record<ClaimDecision, string> = {
  APPROVE: 'Approved',
  DENY: 'Denied',
  QUERY: 'Query',
  MIXED: 'Mixed',
};

/** The decision each verdict stands for; SUSPENDED (documents unreadable) decides nothing. */
const VERDICT_DECISION: Record<AdjudicationResult, Decision | null> = {
  ACCEPTED: 'APPROVE',
  REJECTED: 'DENY',
  QUERY: 'QUERY',
  SUSPENDED: null,
};

/**
 * Whether a person's decision differs from the adjudicator's verdict for the procedure: it does when the verdict
 * stands for another decision (APPROVE against REJECTED or QUERY, DENY against ACCEPTED or QUERY, QUERY against
 * ACCEPTED or REJECTED). Without a verdict, or against SUSPENDED, there is nothing to differ from.
 */
export function decisionDiffers(decision: Decision, verdict: AdjudicationResult | null | undefined): boolean {
  const standsFor = verdict ? VERDICT_DECISION[verdict] : null;
  return standsFor !== null && standsFor !== decision;
}

/** The claim's decision from its procedures' current decisions (none: null; all alike: that one; else MIXED). */
export function claimDecisionOf(current: readonly Decision[]): ClaimDecision | null {
  if (!current.length) return null;
  return current.every((d) => d === current[0]) ? current[0] : 'MIXED';
}
