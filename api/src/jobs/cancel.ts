/**
 * A super user stops a claim's verification, queued or running: its jobs are cancelled, a worker running
 * one stops at once (its reading thread terminated), and the claim says why. A claim that had a verdict
 * keeps it (a cancelled re-run); one that had none is SUSPENDED with the reason.
 */
import { eq, sql } from 'drizzle-orm';
import { reviewPolicy, type ReviewPolicy } from '../config';
import type { Db } from '../db';
import { claims } from '../db/schema';
import { startReview } from '../review/assignment';
import { queueEvents } from './enqueue';
import { cancelClaimJobs } from './queue';

export type CancelOutcome = { cancelled: true; reason: string } | { cancelled: false };

export async function cancelVerification(
  db: Db,
  claimId: number,
  username: string,
  policy: ReviewPolicy = reviewPolicy(),
): Promise<CancelOutcome> {
  const reason = `Verification cancelled by ${username}`;
  const cancelled = await db.transaction(async (tx) => {
    const jobs = await cancelClaimJobs(tx, claimId, reason);
    if (jobs.length === 0) return jobs;
    const [claim] = await tx.select({ result: claims.adjudicationResult }).from(claims).where(eq(claims.id, claimId));
    const keepsVerdict = claim?.result != null;
    await tx
      .update(claims)
      .set({
        status: !keepsVerdict || claim.result === 'SUSPENDED' ? 'SUSPENDED' : 'ADJUDICATED',
        ...(keepsVerdict ? {} : { adjudicationResult: 'SUSPENDED' as const, adjudicationReason: reason, rejectionReasons: [] }),
        rerunStatus: null,
        errorCode: null,
        errorMessage: reason,
        lastModifiedOn: sql`now()`,
      })
      .where(eq(claims.id, claimId));
    // A claim SUSPENDED here has its first verdict now: its review starts like any other's.
    if (!keepsVerdict) await startReview(tx, claimId, 'SUSPENDED', policy, new Date());
    return jobs;
  });
  for (const job of cancelled) queueEvents.emit('cancelled', job.id);
  return cancelled.length > 0 ? { cancelled: true, reason } : { cancelled: false };
}
