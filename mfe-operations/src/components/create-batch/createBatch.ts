import { caseTypeLabel } from '@claims/shared-kernel';
import type { BatchCreateAction, CaseType, ConsoleClaimRow } from '@claims/shared-kernel';
import { SUCCESS } from '../console/texts';

/** The claims tabs Create Batch is offered on. */
export type CreateBatchTab = 'uploads' | 'uploadFailed';

/** Create batch actions (spec 3 §9): Verify, Archive, Discard, Suspend; on the failed-uploads tab Upload, Verify, Upload & Verify. */
export const CREATE_ACTIONS: Record<CreateBatchTab, readonly { value: BatchCreateAction; label: string }[]> = {
  uploads: [
    { value: 'verify', label: 'Verify' },
    { value: 'archive', label: 'Archive' },
    { value: 'discard', label: 'Discard' },
    { value: 'suspend', label: 'Suspend' },
  ],
  uploadFailed: [
    { value: 'upload', label: 'Upload' },
    { value: 'verify', label: 'Verify' },
    { value: 'uploadAndVerify', label: 'Upload & Verify' },
  ],
};

/** The success alert of each action (spec 3 §8). */
export const CREATE_SUCCESS: Record<BatchCreateAction, string> = {
  verify: SUCCESS.createdVerifying,
  suspend: SUCCESS.createdSuspended,
  archive: SUCCESS.createdArchived,
  discard: SUCCESS.done,
  upload: SUCCESS.done,
  uploadAndVerify: SUCCESS.uploadedVerified,
};

/** The actions that verify the claims, which therefore need their procedure names. */
const VERIFYING: readonly BatchCreateAction[] = ['verify', 'uploadAndVerify'];

export interface BatchPlan {
  /** The claims that go into the batch. */
  claims: ConsoleClaimRow[];
  /** What was taken out of the selection, said before the batch is created. */
  notices: string[];
  /** Why the batch cannot be created as chosen; null when it can. */
  blocker: string | null;
}

const names = (rows: readonly ConsoleClaimRow[]) => rows.map((r) => r.intimation_number).join(', ');

/**
 * Which of the selected claims a batch takes, with the three alerts of spec 3 §5: claims already in another batch
 * are removed from the selection (a failed claim of a batch is retried in its batch instead); verifying needs every
 * claim's procedure names; and Verify takes only the chosen case type, saying so when the selection has both, and
 * stopping when it has none of it.
 */
export function planBatch(
  selected: readonly ConsoleClaimRow[],
  action: BatchCreateAction | undefined,
  caseType: CaseType | undefined,
): BatchPlan {
  const notices: string[] = [];
  let claims = [...selected];

  const batched = claims.filter((c) => c.fk_batch_id != null);
  if (batched.length === claims.length) return { claims: [], notices, blocker: 'The selected claims are already in another batch.' };
  if (batched.length) {
    notices.push(
      `${batched.length} of the selected claims ${batched.length === 1 ? 'is' : 'are'} already in another batch and ${
        batched.length === 1 ? 'was' : 'were'
      } removed from the selection: ${names(batched)}.`,
    );
    claims = claims.filter((c) => c.fk_batch_id == null);
  }

  if (action === 'verify' && caseType) {
    const chosen = claims.filter((c) => c.caseType === caseType);
    if (!chosen.length) return { claims: [], notices, blocker: `None of the selected claims is of case type ${caseTypeLabel(caseType)}.` };
    if (chosen.length < claims.length) {
      notices.push(`Both case types are selected: only the ${caseTypeLabel(caseType)} claims go into the batch.`);
      claims = chosen;
    }
  }

  if (action && VERIFYING.includes(action)) {
    const unnamed = claims.filter((c) => !c.vitraya_procedure_code.length);
    if (unnamed.length) {
      return {
        claims,
        notices,
        blocker: `Some of the selected claims have no procedure name (${names(unnamed)}): add procedure names first.`,
      };
    }
  }
  return { claims, notices, blocker: null };
}
