import { callApi } from '@claims/shared-kernel';
import type { ClaimAnswersBody, ClaimAnswersResponse, ClaimQuestions } from '@claims/shared-kernel';
import { queryOptions } from '@tanstack/react-query';
import { claimKeys } from './claims';
import { orgQuery } from './org';

/** Under 'claims': a write to claims refreshes the questions too. */
export const questionKeys = {
  of: (claimId: number) => [...claimKeys.all, 'questions', claimId] as const,
};

/** GET /claims/{claimId}/questions?org: the questions the claim's procedures ask, with the answers saved. */
export function fetchClaimQuestions(claimId: number, org?: string): Promise<ClaimQuestions> {
  return callApi('GET /claims/:claimId/questions', { params: { claimId }, query: orgQuery(org) });
}

export const claimQuestionsQuery = (claimId: number, org?: string) =>
  queryOptions({ queryKey: questionKeys.of(claimId), queryFn: () => fetchClaimQuestions(claimId, org) });

/** POST /claims/{claimId}/questions?org: saves the answers (by question id); the server verifies the claim again. */
export function answerClaimQuestions(claimId: number, body: ClaimAnswersBody, org?: string): Promise<ClaimAnswersResponse> {
  return callApi('POST /claims/:claimId/questions', { params: { claimId }, query: orgQuery(org), body });
}
