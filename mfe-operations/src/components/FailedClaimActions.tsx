import type { ConsoleClaimRow } from '@claims/shared-kernel';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { fetchBatchNames, reuploadBatch, setBatchStatus } from '../api/batchActions';
import { consoleKeys } from '../api/console';
import { CONFIRM_TITLE, SELECT_FIRST, SUCCESS } from './texts';
import { alreadySaid, useConsoleWrite } from './useConsoleWrite';

type RetryAction = 'upload' | 'verify' | 'uploadAndVerify';

/** The failed tab's actions on the batches the selected claims failed in (spec 3 §4, §8). */
const RETRY_ACTIONS: Record<RetryAction, { label: string; verb: string; success: string }> = {
  upload: { label: 'Upload', verb: 'upload', success: SUCCESS.done },
  verify: { label: 'Verify', verb: 'verify', success: SUCCESS.done },
  uploadAndVerify: { label: 'Upload & Verify', verb: 'upload and verify', success: SUCCESS.uploadedVerified },
};

/** The claims that are in no batch, said so that they can be put in one with Create Batch. */
export function notInBatchMessage(claims: readonly ConsoleClaimRow[]): string {
  const names = claims.map((c) => c.intimation_number).join(', ');
  return claims.length === 1
    ? `${names} is in no batch yet: create a batch of it to upload or verify it.`
    : `${names} are in no batch yet: create a batch of them to upload or verify them.`;
}

/**
 * Upload, Verify and Upload & Verify on the Uploads/Verification failed tab: the batches the selected claims failed
 * in take up their failed claims again (PUT /claim/batch/reupload, or PUT /claim/batch/batchStatus TO_BE_PROCESSED to
 * verify). Claims in no batch go through Create Batch instead; nothing is sent while the selection has any.
 */
export function FailedClaimActions({ org, selected, onDone }: { org: string; selected: readonly ConsoleClaimRow[]; onDone: () => void }) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const batchIds = [...new Set(selected.flatMap((c) => (c.fk_batch_id == null ? [] : [c.fk_batch_id])))];

  const retry = useConsoleWrite(
    org,
    async (action: RetryAction) => {
      if (action !== 'verify') {
        for (const id of batchIds) await reuploadBatch(id, action === 'uploadAndVerify', org);
        return;
      }
      const names = await queryClient.fetchQuery({ queryKey: consoleKeys.batchNames(org), queryFn: () => fetchBatchNames(org) });
      const nameList = batchIds.map((id) => names.find((b) => b.id === id)?.batchName ?? '').filter(Boolean);
      await setBatchStatus(nameList, 'TO_BE_PROCESSED', org);
    },
    { success: (action) => RETRY_ACTIONS[action].success, onDone },
  );

  const start = (action: RetryAction) => {
    if (!selected.length) {
      void message.warning(SELECT_FIRST);
      return;
    }
    const unbatched = selected.filter((c) => c.fk_batch_id == null);
    if (unbatched.length) {
      void message.warning(notInBatchMessage(unbatched));
      return;
    }
    modal.confirm({
      title: CONFIRM_TITLE,
      content: `Are you sure you want to ${RETRY_ACTIONS[action].verb} the batch?`,
      okText: 'Yes',
      cancelText: 'Cancel',
      onOk: () => retry.mutateAsync(action).catch(alreadySaid),
    });
  };

  return (Object.keys(RETRY_ACTIONS) as RetryAction[]).map((action) => (
    <Button key={action} loading={retry.isPending && retry.variables === action} onClick={() => start(action)}>
      {RETRY_ACTIONS[action].label}
    </Button>
  ));
}
