import type { BatchProgress, BatchRow, BatchStatus } from '@claims/shared-kernel';

/** The statuses in which a batch's claims are being verified, so its counts move (spec 3 §4). */
const PROCESSING_STATUSES: readonly BatchStatus[] = ['TO_BE_PROCESSED', 'IN_PROCESSING', 'RESUMED'];

export const isProcessing = (batch: Pick<BatchRow, 'status_info'>): boolean => PROCESSING_STATUSES.includes(batch.status_info.status);

/** How often the console asks for the progress while a batch is processing. */
export const PROGRESS_POLL_MS = 3000;

/** Claims with an outcome, out of the batch's claims. */
export function doneCount(processing: BatchRow['processing']): number {
  return processing.accepted + processing.rejected + processing.query + processing.verificationFailed;
}

/** The batch row with its live counts and status, where the progress call knows them. */
export function withProgress(batch: BatchRow, progress: BatchProgress | undefined): BatchRow {
  if (!progress) return batch;
  return { ...batch, status_info: progress.status_info, processing: progress.processing, total_claims_count: progress.total_claims_count };
}

/** The estimate of time left, from the server's recent rate; null while nothing has finished recently. */
export function timeLeftText(etaSeconds: number | null): string {
  if (etaSeconds === null) return 'Estimating time left';
  if (etaSeconds < 60) return 'Less than a minute left';
  const minutes = Math.round(etaSeconds / 60);
  if (minutes < 60) return `About ${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `About ${hours} h ${rest} min left` : `About ${hours} h left`;
}

/** '12 claims/min', '0.5 claims/min'. */
export const rateText = (ratePerMinute: number): string => `${Math.round(ratePerMinute * 10) / 10} claims/min`;
