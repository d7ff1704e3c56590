import { apiClient } from '@claims/shared-kernel';
import type { BatchCreateBody, BatchCreateResponse, BatchRow } from '@claims/shared-kernel';

export interface BatchOption {
  id: number;
  batchName: string;
}

/** POST /claim/batch/create: the selected claims become a batch to verify. */
export async function createBatch(body: BatchCreateBody): Promise<BatchCreateResponse> {
  const { data } = await apiClient.post<BatchCreateResponse>('/claim/batch/create', body);
  return data;
}

/** GET /claim/batch (first 100) of an organisation: the Batches filter; a failure offers no batches (spec 1 §8). */
export async function listBatchOptions(org: string): Promise<BatchOption[]> {
  try {
    const { data } = await apiClient.get<BatchRow[]>('/claim/batch', { params: { limit: 100, page_number: 1, org } });
    return data.map(({ id, batchName }) => ({ id, batchName }));
  } catch (error) {
    console.error('Batch list could not be loaded', error);
    return [];
  }
}
