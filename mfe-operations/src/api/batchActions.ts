import { apiClient } from '@claims/shared-kernel';
import type { BatchStatus } from '@claims/shared-kernel';

/** The batch actions menu's calls (spec 3 §7 'Batch operations'); each takes the batches by name. */

/** Pause/Resume: PUT /claim/batch/batchStatus?downloaded=true {nameList, status}. */
export async function setBatchStatus(nameList: string[], status: Extract<BatchStatus, 'PAUSED' | 'RESUMED'>, org: string): Promise<void> {
  await apiClient.put('/claim/batch/batchStatus', { nameList, status }, { params: { downloaded: true, org } });
}

export async function suspendBatches(nameList: string[], org: string): Promise<void> {
  await apiClient.put('/claim/batch/suspend/batch', { nameList, downloaded: true, suspend: true }, { params: { org } });
}

export async function archiveBatches(nameList: string[], org: string): Promise<void> {
  await apiClient.put('/claim/batch/archive/batch', { nameList, downloaded: true, archive: true }, { params: { org } });
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
