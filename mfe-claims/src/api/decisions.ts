import { callApi } from '@claims/shared-kernel';
import type { ClaimDecisions, DecisionReason, DecisionsBody } from '@claims/shared-kernel';
import { queryOptions } from '@tanstack/react-query';
import { claimKeys } from './claims';
import { orgQuery } from './org';

/** Under 'claims': a decision changes the claims list's Decision column, so it refreshes every claims query. */
export const decisionKeys = {
  of: (claimId: number) => [...claimKeys.all, 'decisions', claimId] as const,
  /** The Decision Reasons master's reasons, as the decision panel offers them. */
  reasons: ['decisionReasons', 'all'] as const,
};

/**
 * GET /claims/{claimId}/decisions?org: each procedure's verdict, current decision and history, newest first. Keyed by
 * the claim's verification too (`verifiedOn`), so a claim verified again shows its new verdicts beside the decisions.
 */
export const claimDecisionsQuery = (claimId: number, verifiedOn: string | null, org?: string) =>
  queryOptions({
    queryKey: [...decisionKeys.of(claimId), verifiedOn] as const,
    queryFn: (): Promise<ClaimDecisions> => callApi('GET /claims/:claimId/decisions', { params: { claimId }, query: orgQuery(org) }),
  });

/** GET /decisionReasons?getall=true: every reason; the panel offers the active ones that apply to the decision. */
export const decisionReasonsQuery = () =>
  queryOptions({
    queryKey: decisionKeys.reasons,
    queryFn: async (): Promise<DecisionReason[]> => (await callApi('GET /decisionReasons', { query: { getall: 'true' } })).results,
    staleTime: 5 * 60_000,
  });

/** POST /claims/{claimId}/decisions?org: records the decisions (a change is a new record); answers the claim's decisions. */
export function recordDecisions(claimId: number, body: DecisionsBody, org?: string): Promise<ClaimDecisions> {
  return callApi('POST /claims/:claimId/decisions', { params: { claimId }, query: orgQuery(org), body });
}
