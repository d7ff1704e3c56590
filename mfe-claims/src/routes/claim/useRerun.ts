import { ApiError } from '@claims/shared-kernel';
import type { Claim } from '@claims/shared-kernel';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { claimKeys, dashboardKeys, rerunVerification } from '../../api/claims';

export const rerunFailed = (claimId: number): string => `Rerun Failed for claim : ${claimId}`;

/**
 * Run Verification (spec 1 §4): the answer (the claim re-queued) replaces the shown claim, which then follows
 * the verification by itself. A 409 (one already running) shows the server's words; any other failure the spec's.
 */
export function useRerun(claim: Claim, org: string | undefined) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rerunVerification(claim.id, org),
    onSuccess: (requeued) => {
      queryClient.setQueryData(claimKeys.detail(claim.id), requeued);
      // The lists and counts show the claim's status and result: they ask again when next shown.
      void queryClient.invalidateQueries({ queryKey: claimKeys.all, predicate: (query) => query.queryKey[1] !== 'detail' });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
    onError: (error) => {
      void message.error(error instanceof ApiError && error.status === 409 ? error.message : rerunFailed(claim.id));
    },
  });
}
