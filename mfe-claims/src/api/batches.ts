import { callApi } from '@claims/shared-kernel';
import type { BatchCreateBody, BatchCreateResponse, BatchLeaving } from '@claims/shared-kernel';
import { queryOptions } from '@tanstack/react-query';

export interface BatchOption {
  id: number;
  batchName: string;
}

/** Every batch query's key starts with 'batches': creating one invalidates them all. */
export const batchKeys = {
  all: ['batches'] as const,
  /** The Batches filter of an organisation. */
  options: (org: string) => ['batches', 'options', org] as const,
};

/** POST /claim/batch/create: the selected claims become a batch to verify. */
export function createBatch(body: BatchCreateBody): Promise<BatchCreateResponse> {
  return callApi('POST /claim/batch/create', { body });
}

/** POST /claim/batch/leaving: the batches the selected claims are in, which Run Verification would take them out of. */
export function fetchLeavingBatches(claims: number[], org: string): Promise<BatchLeaving[]> {
  return callApi('POST /claim/batch/leaving', { body: { claims, organization: org } });
}

/** The batches a selection would leave, asked each time the batch name prompt opens (other users batch claims too). */
export const leavingBatchesQuery = (claims: number[], org: string) =>
  queryOptions({
    queryKey: [...batchKeys.all, 'leaving', org, claims] as const,
    queryFn: () => fetchLeavingBatches(claims, org),
    staleTime: 0,
  });

/** GET /claim/batch (first 100) of an organisation: the Batches filter. */
export async function fetchBatchOptions(org: string): Promise<BatchOption[]> {
  const rows = await callApi('GET /claim/batch', { query: { limit: 100, page_number: 1, org } });
  return rows.map(({ id, batchName }) => ({ id, batchName }));
}

/** The Batches filter's list; a failure is logged and offers no batches (spec 1 §8). */
export const batchOptionsQuery = (org: string) =>
  queryOptions({
    queryKey: batchKeys.options(org),
    queryFn: () => fetchBatchOptions(org),
    meta: { failureLog: 'Batch list could not be loaded' },
  });
