import { apiClient } from '@claims/shared-kernel';
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
  await apiClient.put('/claim/batch/batchStatus', { nameList, status }, { params: { downloaded: true, org } });
}

export async function suspendBatches(nameList: string[], org: string): Promise<void> {
  await apiClient.put('/claim/batch/suspend/batch', { nameList, downloaded: true, suspend: true }, { params: { org } });
}

export async function archiveBatches(nameList: string[], org: string): Promise<void> {
  await apiClient.put('/claim/batch/archive/batch', { nameList, downloaded: true, archive: true }, { params: { org } });
}

/** Discard: PUT /claim/batch/discard/batch {nameList, discard, reason}. */
export async function discardBatches(nameList: string[], reason: string, org: string): Promise<void> {
  await apiClient.put('/claim/batch/discard/batch', { nameList, discard: true, reason }, { params: { org } });
}

export async function dropBatches(nameList: string[], org: string): Promise<void> {
  await apiClient.delete('/claim/batch/drop', { data: { nameList }, params: { downloaded: true, org } });
}

/** Generate Report: POST /claim/batch/batchReport?downloaded=true {nameList}, answered with a spreadsheet. */
export async function batchReport(nameList: string[], org: string): Promise<Blob> {
  const { data } = await apiClient.post<Blob>(
    '/claim/batch/batchReport',
    { nameList },
    { params: { downloaded: true, org }, responseType: 'blob' },
  );
  return data;
}

/** The priority dialog: PUT /claim/batch/priority {nameList}, the batches in their new order, first first. */
export async function changePriority(nameList: string[], org: string): Promise<void> {
  await apiClient.put('/claim/batch/priority', { nameList }, { params: { org } });
}

/** Work allocation, equally: POST /claim/batch/assignBatches/equally {batchId, analysts, date}. */
export async function assignEqually(batchId: number, analysts: string[], date: string, org: string): Promise<void> {
  await apiClient.post('/claim/batch/assignBatches/equally', { batchId, analysts, date }, { params: { org } });
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
  await apiClient.post('/claim/batch/assignBatches/assignSpecified', { batchId, data, percentage, date }, { params: { org } });
}

/** An assigned batch's new date: PUT /claim/batch/assignDate/update {batchId, date}. */
export async function updateAssignDate(batchId: number, date: string, org: string): Promise<void> {
  await apiClient.put('/claim/batch/assignDate/update', { batchId, date }, { params: { org } });
}

/** Create Batch from the console's selected claims: POST /claim/batch/create with the chosen action. */
export async function createConsoleBatch(body: BatchCreateBody): Promise<BatchCreateResponse> {
  const { data } = await apiClient.post<BatchCreateResponse>('/claim/batch/create', body);
  return data;
}

/** GET /users: the active users of the organisation, the analysts work is allocated to. */
export async function listUsers(): Promise<OrgUser[]> {
  const { data } = await apiClient.get<OrgUser[]>('/users');
  return data;
}

/** GET /claim/batch/progress?org&downloaded=true&batchIds: the live counts, rate and time left of the batches. */
export async function fetchBatchProgress(batchIds: readonly number[], org: string): Promise<BatchProgress[]> {
  const { data } = await apiClient.get<BatchProgress[]>('/claim/batch/progress', {
    params: { org, downloaded: true, batchIds: batchIds.join(',') },
  });
  return data;
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
  const { data } = await apiClient.put<ReuploadResponse>('/claim/batch/reupload', body, { params: { org } });
  return data;
}
