/**
 * GET /claim/batch/progress: live progress of batches in processing, which the console polls (through the kernel's
 * data layer; polling rather than server-sent events, since EventSource cannot send the bearer token). Counts move
 * from To be Verified to their outcomes as the queue works; the time left is estimated from the recent rate, the
 * batch's verifications finished in the last ten minutes (database time, never the server's clock).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BatchProgress } from '@claims/shared-kernel/contract';
import type { BatchStatus } from '@claims/shared-kernel/constants';
import { batchProcessing } from '../claims/console';
import type { DbOrTx } from '../db';
import { batches, jobs } from '../db/schema';

/** Batches listed without batchIds: those the queue is working on or holding. */
export const PROCESSING_STATUSES = ['TO_BE_PROCESSED', 'IN_PROCESSING', 'PAUSED', 'RESUMED'];
const RATE_WINDOW_MINUTES = 10;

export async function batchProgress(db: DbOrTx, org: string, batchIds: number[] | undefined): Promise<BatchProgress[]> {
  const rows = await db
    .select()
    .from(batches)
    .where(and(eq(batches.org, org), batchIds ? inArray(batches.id, batchIds) : inArray(batches.status, PROCESSING_STATUSES)))
    .orderBy(batches.priority, batches.id);
  if (!rows.length) return [];
  const ids = rows.map((b) => b.id);
  const processing = await batchProcessing(db, ids);
  const recent = await db
    .select({
      batchId: jobs.batchId,
      finished: sql<number>`count(*)`.mapWith(Number),
      // Minutes from the first of these verifications' start (or the window's start) to now.
      minutes:
        sql<number>`extract(epoch from now() - greatest(min(${jobs.lockedAt}), now() - ${`${RATE_WINDOW_MINUTES} minutes`}::interval)) / 60`.mapWith(
          Number,
        ),
    })
    .from(jobs)
    .where(
      and(
        inArray(jobs.batchId, ids),
        inArray(jobs.status, ['done', 'failed']),
        sql`${jobs.finishedAt} > now() - ${`${RATE_WINDOW_MINUTES} minutes`}::interval`,
      ),
    )
    .groupBy(jobs.batchId);
  return rows.map((batch) => {
    const { total, ...counts } = processing.get(batch.id)!;
    const remaining = counts.toBeVerified + counts.inProgress;
    const rate = recent.find((r) => r.batchId === batch.id);
    const ratePerMinute = rate && rate.minutes > 0 ? rate.finished / rate.minutes : null;
    return {
      id: batch.id,
      batchName: batch.batchName,
      status_info: { status: batch.status as BatchStatus },
      total_claims_count: total,
      processing: counts,
      done: total - remaining,
      remaining,
      ratePerMinute: ratePerMinute === null ? null : Math.round(ratePerMinute * 100) / 100,
      etaSeconds: remaining === 0 ? 0 : ratePerMinute ? Math.ceil((remaining / ratePerMinute) * 60) : null,
    };
  });
}
