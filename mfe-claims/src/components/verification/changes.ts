/** What a re-run changed: the claim's and the procedures' results that flipped, and items found or lost per entity group. */
import type { AdjudicationResult, Claim, EntityGroup, ProcedureVerification } from '@claims/shared-kernel';
import { DISPLAYED_GROUPS } from './display';

export interface ResultFlip {
  before: AdjudicationResult | null;
  after: AdjudicationResult | null;
}

export interface GroupChange {
  code: string;
  group: EntityGroup;
  /** Found now, not before (names as the verification wrote them). */
  found: string[];
  /** Found before, not now. */
  lost: string[];
}

export interface VerificationChanges {
  previousVerifiedOn: string | null;
  /** Null when the claim's result stayed the same. */
  claim: ResultFlip | null;
  procedures: (ResultFlip & { code: string })[];
  groups: GroupChange[];
}

/** Two items are the same entity when their standard names (else names) agree, ignoring case. */
const identity = (item: { name: string; standardName?: string }): string => (item.standardName ?? item.name).trim().toLowerCase();

function foundNames(verification: ProcedureVerification | undefined, group: EntityGroup): Map<string, string> {
  const names = new Map<string, string>();
  for (const item of verification?.[group] ?? []) if (item.found && !names.has(identity(item))) names.set(identity(item), item.name);
  return names;
}

const missingFrom = (from: Map<string, string>, other: Map<string, string>): string[] =>
  [...from].filter(([key]) => !other.has(key)).map(([, name]) => name);

/**
 * The changes since the previous verification, or null when the claim keeps no previous result. Procedures
 * are taken in the current result's order, then any the previous result had alone.
 */
export function verificationChanges(
  claim: Pick<Claim, 'adjudicationResult' | 'adjudicationDetails' | 'previousVerification'>,
): VerificationChanges | null {
  const previous = claim.previousVerification;
  if (!previous) return null;
  const before = previous.adjudicationDetails ?? {};
  const after = claim.adjudicationDetails ?? {};
  const codes = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return {
    previousVerifiedOn: previous.lastVerifiedOn,
    claim:
      previous.adjudicationResult === claim.adjudicationResult
        ? null
        : { before: previous.adjudicationResult, after: claim.adjudicationResult },
    procedures: codes.flatMap((code) => {
      const was = before[code]?.adjudicationResult ?? null;
      const is = after[code]?.adjudicationResult ?? null;
      return was === is ? [] : [{ code, before: was, after: is }];
    }),
    groups: codes.flatMap((code) =>
      DISPLAYED_GROUPS.flatMap((group) => {
        const then = foundNames(before[code], group);
        const now = foundNames(after[code], group);
        const found = missingFrom(now, then);
        const lost = missingFrom(then, now);
        return found.length || lost.length ? [{ code, group, found, lost }] : [];
      }),
    ),
  };
}

export const hasChanges = (changes: VerificationChanges): boolean =>
  !!changes.claim || changes.procedures.length > 0 || changes.groups.length > 0;
