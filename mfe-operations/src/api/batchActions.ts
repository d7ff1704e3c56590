import { apiClient } from '@claims/shared-kernel';
import type { BatchCreateBody, BatchCreateResponse, BatchName, BatchProgress, BatchStatus, OrgUser } from '@claims/shared-kernel';

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

/**
 * Upload, or Upload & Verify (verify), of a batch's failed claims on the Uploads/Verification failed tab:
 * PUT /claim/batch/reupload {id, verify}.
 */
export async function reuploadBatch(id: number, verify: boolean, org: string): Promise<void> {
  await apiClient.put('/claim/batch/reupload', { id, verify }, { params: { org } });
}

/** GET /claim/batch/names?org&downloaded=true: every batch's id and name, to name the batches claims are in. */
export async function fetchBatchNames(org: string): Promise<BatchName[]> {
  const { data } = await apiClient.get<BatchName[]>('/claim/batch/names', { params: { org, downloaded: true } });
  return data;
}
