/**
 * DELETE /claim/batch/drop: the batches go, their claims stay and can be batched again. Verifications still waiting
 * on the queue for them are cancelled and such a claim goes back to where it stood before it was queued (its verdict
 * when it has one, else DOWNLOADED for a console claim or OPEN for one of the claims list).
 */
import { and, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db';
import { batches, claims, jobs } from '../db/schema';
import type { BatchRecord } from './lookup';

export async function dropBatches(db: DbOrTx, rows: BatchRecord[]): Promise<void> {
  const ids = rows.map((b) => b.id);
  const cancelled = await db
    .update(jobs)
    .set({ status: 'cancelled', finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(inArray(jobs.batchId, ids), inArray(jobs.status, ['queued'])))
    .returning({ claimId: jobs.claimId });
  const unqueued = cancelled.flatMap((j) => (j.claimId != null ? [j.claimId] : []));
  if (unqueued.length) {
    await db
      .update(claims)
      .set({
        status: sql`case when ${claims.adjudicationResult} is not null then 'ADJUDICATED' when ${claims.downloaded} then 'DOWNLOADED' else 'OPEN' end`,
        lastModifiedOn: new Date(),
      })
      .where(inArray(claims.id, unqueued));
  }
  await db.update(claims).set({ batchId: null, rerunStatus: null }).where(inArray(claims.batchId, ids));
  await db.delete(batches).where(inArray(batches.id, ids));
}
