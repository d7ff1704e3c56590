import { apiClient } from '@claims/shared-kernel';
import type { Claim, FindingsBody } from '@claims/shared-kernel';

/**
 * POST /claims/{claimId}/adjudicate?org: Confirm Findings. The findings become facts for the rules and the
 * claim is verified again; answers the claim as re-queued (409 while a verification is in progress).
 */
export async function confirmFindings(claimId: number, org: string, body: FindingsBody): Promise<Claim> {
  const { data } = await apiClient.post<Claim>(`/claims/${claimId}/adjudicate`, body, { params: { org } });
  return data;
}
