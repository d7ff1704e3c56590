/**
 * Claims a batch action takes out of the queue (suspend, archive, discard, drop, a move into another batch): their
 * queued verifications are cancelled, and each claim goes back to where it stood before it was queued (its verdict
 * when it has one, else DOWNLOADED for a console claim or OPEN for one of the claims list), so Run Verification is
 * offered again. The claim records why (error_code VERIFICATION_STOPPED; error_message the sentence the claim page
 * shows). A verification already running is no longer on the queue and is left to finish.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { VerificationStoppedCode } from '@claims/shared-kernel/contract';
import type { DbOrTx } from '../db';
import { claims, jobs } from '../db/schema';
import { VERIFY_JOB } from '../jobs/enqueue';

export const VERIFICATION_STOPPED: VerificationStoppedCode = 'VERIFICATION_STOPPED';

/** Which queued verifications go: those of a batch, or those of these claims within these batches. */
export type QueuedScope = { batchIds: number[]; claimIds?: number[] };

/** Cancels the queued verifications in `scope`, records `why` on their claims, and returns the claims released. */
export async function releaseQueuedClaims(db: DbOrTx, scope: QueuedScope, why: string): Promise<number[]> {
  if (!scope.batchIds.length || scope.claimIds?.length === 0) return [];
  const cancelled = await db
    .update(jobs)
    .set({ status: 'cancelled', lastError: why, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(jobs.kind, VERIFY_JOB),
        eq(jobs.status, 'queued'),
        inArray(jobs.batchId, scope.batchIds),
        scope.claimIds ? inArray(jobs.claimId, scope.claimIds) : undefined,
      ),
    )
    .returning({ claimId: jobs.claimId });
  const released = [...new Set(cancelled.flatMap((j) => (j.claimId != null ? [j.claimId] : [])))];
  if (released.length) {
    await db
      .update(claims)
      .set({
        status: sql`case when ${claims.adjudicationResult} is not null then 'ADJUDICATED' when ${claims.downloaded} then 'DOWNLOADED' else 'OPEN' end`,
        rerunStatus: null,
        errorCode: VERIFICATION_STOPPED,
        errorMessage: why,
        lastModifiedOn: sql`now()`,
      })
      .where(inArray(claims.id, released));
  }
  return released;
}

/** What the claim page shows: 'Verification stopped: batch 'March' was suspended by vitraya.admin'. */
export const stoppedBy = (batchName: string, done: string, username: string): string =>
  `Verification stopped: batch '${batchName}' was ${done} by ${username}`;
