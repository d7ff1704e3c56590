import { callApi } from '@claims/shared-kernel';
import type {
  BatchCreateBody,
  BatchCreateResponse,
  BatchProgress,
  BatchStatus,
  OrgUser,
  ReuploadBody,
  ReuploadResponse,
} from '@claims/shared-kernel';

/** The batch actions menu's calls (spec 3 §7 'Batch operations'); each takes the batches by name. */

/**
 * PUT /claim/batch/batchStatus?downloaded=true {nameList, status}: Pause/Resume, and Verify (TO_BE_PROCESSED) of the
 * batches whose claims failed.
 */
export async function setBatchStatus(
  nameList: string[],
  status: Extract<BatchStatus, 'PAUSED' | 'RESUMED' | 'TO_BE_PROCESSED'>,
  org: string,
): Promise<void> {
  await callApi('PUT /claim/batch/batchStatus', { query: { downloaded: true, org }, body: { nameList, status } });
}

export async function suspendBatches(nameList: string[], org: string): Promise<void> {
  await callApi('PUT /claim/batch/suspend/batch', { query: { org }, body: { nameList, downloaded: true, suspend: true } });
}

export async function archiveBatches(nameList: string[], org: string): Promise<void> {
  await callApi('PUT /claim/batch/archive/batch', { query: { org }, body: { nameList, downloaded: true, archive: true } });
}

/** Discard: PUT /claim/batch/discard/batch {nameList, discard, reason}. */
export async function discardBatches(nameList: string[], reason: string, org: string): Promise<void> {
  await callApi('PUT /claim/batch/discard/batch', { query: { org }, body: { nameList, discard: true, reason } });
}

export async function dropBatches(nameList: string[], org: string): Promise<void> {
  await callApi('DELETE /claim/batch/drop', { query: { downloaded: true, org }, body: { nameList } });
}

/** Generate Report: POST /claim/batch/batchReport?downloaded=true {nameList}, answered with a spreadsheet. */
export async function batchReport(nameList: string[], org: string): Promise<Blob> {
  return callApi('POST /claim/batch/batchReport', {
    query: { downloaded: true, org },
    body: { nameList },
    config: { responseType: 'blob' },
  });
}

/** The priority dialog: PUT /claim/batch/priority {nameList}, the batches in their new order, first first. */
export async function changePriority(nameList: string[], org: string): Promise<void> {
  await callApi('PUT /claim/batch/priority', { query: { org }, body: { nameList } });
}

/** Work allocation, equally: POST /claim/batch/assignBatches/equally {batchId, analysts, date}. */
export async function assignEqually(batchId: number, analysts: string[], date: string, org: string): Promise<void> {
  await callApi('POST /claim/batch/assignBatches/equally', { query: { org }, body: { batchId, analysts, date } });
}

/**
 * Work allocation by a specified split: POST /claim/batch/assignBatches/assignSpecified
 * {batchId, data (analyst to claims, or to a percentage), percentage, date}.
 */
export async function assignSpecified(
  batchId: number,
  data: Record<string, number>,
  percentage: boolean,
  date: string,
  org: string,
): Promise<void> {
  await callApi('POST /claim/batch/assignBatches/assignSpecified', { query: { org }, body: { batchId, data, percentage, date } });
}

/** An assigned batch's new date: PUT /claim/batch/assignDate/update {batchId, date}. */
export async function updateAssignDate(batchId: number, date: string, org: string): Promise<void> {
  await callApi('PUT /claim/batch/assignDate/update', { query: { org }, body: { batchId, date } });
}

/** Create Batch from the console's selected claims: POST /claim/batch/create with the chosen action. */
export async function createConsoleBatch(body: BatchCreateBody): Promise<BatchCreateResponse> {
  return callApi('POST /claim/batch/create', { body });
}

/** GET /users: the active users of the organisation, the analysts work is allocated to. */
export async function listUsers(): Promise<OrgUser[]> {
  return callApi('GET /users');
}

/** GET /claim/batch/progress?org&downloaded=true&batchIds: the live counts, rate and time left of the batches. */
export async function fetchBatchProgress(batchIds: readonly number[], org: string): Promise<BatchProgress[]> {
  return callApi('GET /claim/batch/progress', { query: { org, downloaded: true, batchIds: batchIds.join(',') } });
}

/** The Uploads/Verification failed tab's actions on the selected claims (spec 3 §4). */
export type RetryAction = 'upload' | 'verify' | 'uploadAndVerify';

/**
 * Upload, Verify and Upload & Verify of the selected failed claims in the batches they failed in, in one call the server
 * applies to all of them or to none: PUT /claim/batch/reupload {claimIdList, upload, verify, override}. `override` (with
 * Verify) verifies every claim of their batches again, those already verified too. Answers the claims whose documents are
 * still missing (not uploaded, not verified).
 */
export async function retryFailedClaims(
  claimIdList: number[],
  action: RetryAction,
  org: string,
  override = false,
): Promise<ReuploadResponse> {
  const body: ReuploadBody = {
    claimIdList,
    ...(action === 'verify' ? { upload: false } : {}),
    verify: action !== 'upload',
    ...(override ? { override } : {}),
  };
  return callApi('PUT /claim/batch/reupload', { query: { org }, body });
}
