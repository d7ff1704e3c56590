/**
 * Claims the claims list batches again leave the batches they were in (issue 25 §1). POST /claim/batch/leaving names
 * those batches before the user confirms; Create Batch refuses the move without the confirmation, and with it keeps
 * every batch left behind in step with its claims in the same transaction: its queued verifications of the moved
 * claims are cancelled, an assigned batch's allocation counts the analysts' remaining claims, a batch that runs is
 * finished when nothing of it is left on the queue, and a batch left with no claims is discarded saying where they went.
 * (Its counts are always read from its claims, so they follow by themselves.)
 */
import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { BatchStatus } from '@claims/shared-kernel/constants';
import type { BatchLeaving } from '@claims/shared-kernel/contract';
import type { DbOrTx } from '../db';
import { batches, claims } from '../db/schema';
import { conflict } from '../http/errors';
import { releaseQueuedClaims } from './release';
import { finishIfNothingLeft } from './status';

/** The batches these claims of the organisation are in, with how many of the claims each would lose. */
export async function batchesLeaving(db: DbOrTx, org: string, claimIds: number[]): Promise<BatchLeaving[]> {
  if (!claimIds.length) return [];
  const leaving = await db
    .select({ batchId: claims.batchId, leaving: count() })
    .from(claims)
    .where(and(eq(claims.org, org), inArray(claims.id, claimIds), isNotNull(claims.batchId)))
    .groupBy(claims.batchId);
  const ids = leaving.flatMap((l) => (l.batchId != null ? [l.batchId] : []));
  if (!ids.length) return [];
  const rows = await db.select().from(batches).where(inArray(batches.id, ids)).orderBy(batches.batchName);
  const totals = await db
    .select({ batchId: claims.batchId, total: count() })
    .from(claims)
    .where(inArray(claims.batchId, ids))
    .groupBy(claims.batchId);
  return rows.map((b) => ({
    id: b.id,
    batchName: b.batchName,
    status: b.status as BatchStatus,
    allocation_status: b.allocationStatus === 'ASSIGNED' ? 'ASSIGNED' : null,
    leaving: leaving.find((l) => l.batchId === b.id)?.leaving ?? 0,
    total_claims_count: totals.find((t) => t.batchId === b.id)?.total ?? 0,
  }));
}

/** 'March' (ASSIGNED, 2 of its 5 claims) */
const leavingText = (b: BatchLeaving) => `'${b.batchName}' (${b.status}, ${b.leaving} of its ${b.total_claims_count} claims)`;

/** 409 naming the batches the claims would leave, unless the user confirmed the move. */
export function requireMoveConfirmed(left: BatchLeaving[], confirmed: boolean | undefined): void {
  if (left.length && !confirmed) {
    throw conflict(
      `Some of the selected claims are in other batches: ${left.map(leavingText).join(', ')}. Confirm to move them into the new batch.`,
    );
  }
}

/**
 * After `moved` claims went from the `left` batches into `newBatchName`: their queued verifications in the old batches
 * are cancelled, and each old batch is brought in step with the claims it keeps.
 */
export async function settleLeftBatches(
  db: DbOrTx,
  left: BatchLeaving[],
  moved: number[],
  newBatchName: string,
  username: string,
): Promise<void> {
  if (!left.length) return;
  const ids = left.map((b) => b.id);
  await releaseQueuedClaims(
    db,
    { batchIds: ids, claimIds: moved },
    `Verification stopped: moved to batch '${newBatchName}' by ${username}`,
  );
  for (const batch of left) {
    const analysts = await db
      .select({ analyst: claims.assignedTo, claims: count() })
      .from(claims)
      .where(eq(claims.batchId, batch.id))
      .groupBy(claims.assignedTo);
    const kept = analysts.reduce((n, a) => n + a.claims, 0);
    if (kept === 0) {
      await db
        .update(batches)
        .set({
          status: 'DISCARDED',
          reason: `All its claims were moved to batch '${newBatchName}' by ${username}`,
          allocation: null,
          allocationStatus: null,
          assignedDate: null,
          lastModifiedAt: new Date(),
        })
        .where(eq(batches.id, batch.id));
    } else if (batch.allocation_status === 'ASSIGNED') {
      const allocation = Object.fromEntries(analysts.flatMap((a) => (a.analyst ? [[a.analyst, a.claims]] : [])));
      await db.update(batches).set({ allocation, lastModifiedAt: new Date() }).where(eq(batches.id, batch.id));
    }
  }
  await finishIfNothingLeft(db, ids);
}
