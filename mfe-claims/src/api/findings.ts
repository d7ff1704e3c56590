import { callApi } from '@claims/shared-kernel';
import type { Claim, FindingsBody } from '@claims/shared-kernel';

/**
 * POST /claims/{claimId}/adjudicate?org: Confirm Findings. The findings become facts for the rules and the
 * claim is verified again; answers the claim as re-queued (409 while a verification is in progress).
 */
export function confirmFindings(claimId: number, org: string, body: FindingsBody): Promise<Claim> {
  return callApi('POST /claims/:claimId/adjudicate', { params: { claimId }, query: { org }, body });
}
