import { apiClient } from '@claims/shared-kernel';
import type { ClaimAnswersBody, ClaimAnswersResponse, ClaimQuestions } from '@claims/shared-kernel';
import { queryOptions } from '@tanstack/react-query';
import { claimKeys } from './claims';

/** Under 'claims': a write to claims refreshes the questions too. */
export const questionKeys = {
  of: (claimId: number) => [...claimKeys.all, 'questions', claimId] as const,
};

const orgParams = (org?: string) => (org ? { org } : {});

/** GET /claims/{claimId}/questions?org: the questions the claim's procedures ask, with the answers saved. */
export async function fetchClaimQuestions(claimId: number, org?: string): Promise<ClaimQuestions> {
  const { data } = await apiClient.get<ClaimQuestions>(`/claims/${claimId}/questions`, { params: orgParams(org) });
  return data;
}

export const claimQuestionsQuery = (claimId: number, org?: string) =>
  queryOptions({ queryKey: questionKeys.of(claimId), queryFn: () => fetchClaimQuestions(claimId, org) });

/** POST /claims/{claimId}/questions?org: saves the answers (by question id); the server verifies the claim again. */
export async function answerClaimQuestions(claimId: number, body: ClaimAnswersBody, org?: string): Promise<ClaimAnswersResponse> {
  const { data } = await apiClient.post<ClaimAnswersResponse>(`/claims/${claimId}/questions`, body, { params: orgParams(org) });
  return data;
}
