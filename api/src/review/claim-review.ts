/** A claim's review as the claim page shows it (GET /claims/{claimId}'s `review`; docs/review-work.md). */
import type { ClaimReview } from '@claims/shared-kernel/contract';
import type { DbOrTx } from '../db';
import type { claims } from '../db/schema';
import { iso } from '../http/time';
import { reviewingOrg } from './assignment';

type ReviewColumns = Pick<
  typeof claims.$inferSelect,
  'org' | 'status' | 'assignedTo' | 'dueAt' | 'reviewPausedAt' | 'reviewClosedAt' | 'turnaroundSeconds'
>;

/** Overdue as every list reads it (overdueAt of ./queue): open, the clock running, the due time before `now`. */
export async function claimReview(db: DbOrTx, row: ReviewColumns, now: Date): Promise<ClaimReview> {
  const open = row.dueAt !== null && row.reviewClosedAt === null;
  const paused = open && row.reviewPausedAt !== null;
  return {
    reviewingOrg: await reviewingOrg(db, row),
    assignedTo: row.assignedTo,
    dueAt: iso(row.dueAt),
    overdue: open && !paused && row.dueAt !== null && row.dueAt < now,
    paused,
    closedAt: iso(row.reviewClosedAt),
    turnaroundSeconds: row.turnaroundSeconds,
  };
}
