import type { Claim } from '@claims/shared-kernel';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { cancelVerification, claimKeys, dashboardKeys } from '../../api/claims';

export const STOP_VERIFICATION = 'Stop verification';
export const STOP_QUESTION = 'Stop this verification?';
export const STOP_EXPLANATION =
  'The claim keeps the result it had; a claim verified for the first time is SUSPENDED with the reason. Run Verification starts it again.';

/**
 * A super user stops a verification that is queued or running (a document that takes far too long, a batch sent
 * by mistake). The claim is read again, and the lists and counts ask again when next shown.
 */
export function useCancelVerification(claim: Claim, org: string | undefined) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => cancelVerification(claim.id, org),
    onSuccess: (reason) => {
      void message.success(reason);
      void queryClient.invalidateQueries({ queryKey: claimKeys.all });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
    onError: (error) => void message.error(error.message),
  });
  const confirmStop = () =>
    modal.confirm({
      title: STOP_QUESTION,
      content: STOP_EXPLANATION,
      okText: STOP_VERIFICATION,
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => mutation.mutateAsync(),
    });
  return { confirmStop, stopping: mutation.isPending };
}
