import { OPEN_BATCH_STATUSES } from '@claims/shared-kernel';
import type { BatchRow, BatchStatus } from '@claims/shared-kernel';

/** The priority dialog loads the first 25 open batches (spec 3 §9). */
export const PRIORITY_BATCH_COUNT = 25;

/**
 * The batches whose order the verification queue follows: the open ones (still to be worked on). Finished batches
 * (fully processed, assigned) and stopped ones (suspended, archived, discarded) wait for no one, so the dialog does not
 * offer them, and the server numbers only the open ones. It lists them most urgent first.
 */
export const PRIORITY_STATUSES: readonly BatchStatus[] = OPEN_BATCH_STATUSES;

/** The statuses the first place starts; a batch already IN_PROCESSING goes on as it is. */
const STARTABLE: readonly BatchStatus[] = ['CREATED', 'TO_BE_PROCESSED', 'PAUSED', 'RESUMED'];
/** The statuses a later place pauses. */
const PAUSABLE: readonly BatchStatus[] = ['TO_BE_PROCESSED', 'IN_PROCESSING', 'RESUMED'];

/**
 * What a batch becomes at a place of the new order (spec 3 §4, as the server applies it): the first is processed;
 * every other waiting or running batch is paused. An assigned batch, and a batch FULLY_PROCESSED or CREATED, keeps
 * its status.
 */
export function statusAfterReorder(batch: BatchRow, index: number): BatchStatus {
  const status = batch.status_info.status;
  if (batch.allocation_status === 'ASSIGNED') return status;
  if (index === 0) return STARTABLE.includes(status) ? 'TO_BE_PROCESSED' : status;
  return PAUSABLE.includes(status) ? 'PAUSED' : status;
}
