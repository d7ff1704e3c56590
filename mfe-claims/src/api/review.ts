import { callApi } from '@claims/shared-kernel';
import type { ReviewAssignBody, ReviewAssignResponse, ReviewQueue, ReviewSettings, ReviewSettingsBody } from '@claims/shared-kernel';
import { queryOptions } from '@tanstack/react-query';
import { claimKeys } from './claims';

/** Under 'claims': a decision, a re-run or an assignment that refreshes the claims refreshes the queues too. */
export const reviewKeys = {
  queue: (reviewer: string | null) => [...claimKeys.all, 'review', 'queue', reviewer ?? 'mine'] as const,
  settings: ['reviewSettings'] as const,
};

/** GET /review/queue[?reviewer]: the signed-in reviewer's open reviews, or (provider super users) another reviewer's. */
export const reviewQueueQuery = (reviewer: string | null) =>
  queryOptions({
    queryKey: reviewKeys.queue(reviewer),
    queryFn: (): Promise<ReviewQueue> => callApi('GET /review/queue', { query: reviewer ? { reviewer } : {} }),
  });

/** POST /review/assign: gives the claims to the reviewer (provider super users). */
export function assignClaims(body: ReviewAssignBody): Promise<ReviewAssignResponse> {
  return callApi('POST /review/assign', { body });
}

/** GET /review/settings: the due times per insurer and case type, and the configured policy. */
export const reviewSettingsQuery = () =>
  queryOptions({ queryKey: reviewKeys.settings, queryFn: (): Promise<ReviewSettings> => callApi('GET /review/settings') });

/** PUT /review/settings: replaces the due times (provider super users). */
export function saveReviewSettings(body: ReviewSettingsBody): Promise<ReviewSettings> {
  return callApi('PUT /review/settings', { body });
}
