import type { ConsoleClaimRow, ReuploadResponse } from '@claims/shared-kernel';
import { App, Button, Checkbox, Flex, Typography } from 'antd';
import { useState } from 'react';
import { retryFailedClaims, type RetryAction } from '../../api/batchActions';
import { CONFIRM_TITLE, SELECT_FIRST, SUCCESS } from '../console/texts';
import { alreadySaid, useConsoleWrite } from '../console/useConsoleWrite';

/** The failed tab's actions on the selected claims, in the batches they failed in (spec 3 §4, §8). */
const RETRY_ACTIONS: Record<RetryAction, { label: string; verb: string; success: string }> = {
  upload: { label: 'Upload', verb: 'upload', success: SUCCESS.done },
  verify: { label: 'Verify', verb: 'verify', success: SUCCESS.done },
  uploadAndVerify: { label: 'Upload & Verify', verb: 'upload and verify', success: SUCCESS.uploadedVerified },
};

/** Verify's optional override flag (spec 3 §4): the batches' claims already verified are verified again too. */
export const OVERRIDE_LABEL = 'Also re-verify claims already verified';

/** The claims that are in no batch, said so that they can be put in one with Create Batch. */
export function notInBatchMessage(claims: readonly ConsoleClaimRow[]): string {
  const names = claims.map((c) => c.intimation_number).join(', ');
  return claims.length === 1
    ? `${names} is in no batch yet: create a batch of it to upload or verify it.`
    : `${names} are in no batch yet: create a batch of them to upload or verify them.`;
}

/** The claims whose documents are still missing after an upload: they stay failed and were not verified. */
export function notUploadedMessage(notUploaded: ReuploadResponse['notUploaded']): string | null {
  if (!notUploaded.length) return null;
  const reasons = notUploaded.map((c) => `${c.intimation_number} (${c.error_message})`).join('; ');
  return `Not uploaded, documents still missing: ${reasons}`;
}

/** The confirmation's body for Verify: the question, and the override choice (read when Yes is pressed). */
function VerifyQuestion({ question, onOverride }: { question: string; onOverride: (override: boolean) => void }) {
  const [override, setOverride] = useState(false);
  return (
    <Flex vertical gap={8}>
      <Typography.Text>{question}</Typography.Text>
      <Checkbox
        checked={override}
        onChange={(event) => {
          setOverride(event.target.checked);
          onOverride(event.target.checked);
        }}
      >
        {OVERRIDE_LABEL}
      </Checkbox>
      <Typography.Text type="secondary">Every claim of the selected claims' batches is then verified again.</Typography.Text>
    </Flex>
  );
}

/**
 * Upload, Verify and Upload & Verify on the Uploads/Verification failed tab: the selected claims are taken up again in
 * the batches they failed in, in one call the server applies to all of them or to none (PUT /claim/batch/reupload with
 * the claim ids). Verify can also verify again the claims of those batches already verified (override). Claims in no
 * batch go through Create Batch instead; nothing is sent while the selection has any.
 */
export function FailedClaimActions({ org, selected, onDone }: { org: string; selected: readonly ConsoleClaimRow[]; onDone: () => void }) {
  const { message, modal } = App.useApp();
  const ids = selected.map((c) => c.id);

  const retry = useConsoleWrite(
    org,
    async ({ action, override }: { action: RetryAction; override: boolean }) => {
      const answer = await retryFailedClaims(ids, action, org, override);
      const warning = notUploadedMessage(answer.notUploaded);
      if (warning) void message.warning(warning);
      return answer;
    },
    { success: ({ action }) => RETRY_ACTIONS[action].success, onDone },
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
    const question = `Are you sure you want to ${RETRY_ACTIONS[action].verb} the selected claims?`;
    // The confirmation's content is rendered once; the checkbox reports its choice here for Yes to send.
    const choice = { override: false };
    modal.confirm({
      title: CONFIRM_TITLE,
      content:
        action === 'verify' ? (
          <VerifyQuestion
            question={question}
            onOverride={(override) => {
              choice.override = override;
            }}
          />
        ) : (
          question
        ),
      okText: 'Yes',
      cancelText: 'Cancel',
      onOk: () => retry.mutateAsync({ action, override: action === 'verify' && choice.override }).catch(alreadySaid),
    });
  };

  return (Object.keys(RETRY_ACTIONS) as RetryAction[]).map((action) => (
    <Button key={action} loading={retry.isPending && retry.variables?.action === action} onClick={() => start(action)}>
      {RETRY_ACTIONS[action].label}
    </Button>
  ));
}
