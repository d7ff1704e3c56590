/**
 * PUT /claim/batch/priority (spec 3 §4, §9): the priority dialog's batches in their new order. They take the first
 * priorities of the organisation in that order (the others keep theirs, after them), and the verification queue takes
 * batches by priority (src/jobs/queue.ts). Then the transitions: the first batch is verified (TO_BE_PROCESSED; one
 * already IN_PROCESSING goes on); every other batch waiting or running is PAUSED, except batches whose work is
 * ASSIGNED and batches FULLY_PROCESSED or CREATED. Stopped batches (suspended, archived, discarded) are left as they are.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db';
import { batches } from '../db/schema';
import { batchesByName, type BatchRecord } from './lookup';
import { finishIfNothingLeft, verifyBatchClaims } from './status';

/** Batches the first place starts. */
const STARTABLE = ['CREATED', 'TO_BE_PROCESSED', 'PAUSED', 'RESUMED'];
/** Batches a later place pauses. */
const PAUSABLE = ['TO_BE_PROCESSED', 'IN_PROCESSING', 'RESUMED'];

const isAssigned = (batch: BatchRecord) => batch.allocationStatus === 'ASSIGNED';

export async function reprioritise(db: Db, org: string, names: string[], requestedBy: string): Promise<void> {
  await db.transaction(async (tx) => {
    const ordered = await batchesByName(tx, org, names);
    const others = await tx.select().from(batches).where(eq(batches.org, org)).orderBy(asc(batches.priority), asc(batches.id));
    const placed = new Set(ordered.map((b) => b.id));
    const sequence = [...ordered, ...others.filter((b) => !placed.has(b.id))];
    const now = new Date();
    for (const [index, batch] of sequence.entries()) {
      const first = index === 0;
      const status =
        first && !isAssigned(batch) && STARTABLE.includes(batch.status)
          ? 'TO_BE_PROCESSED'
          : !first && placed.has(batch.id) && !isAssigned(batch) && PAUSABLE.includes(batch.status)
            ? 'PAUSED'
            : batch.status;
      if (batch.priority === index + 1 && status === batch.status) continue;
      await tx
        .update(batches)
        .set({ priority: index + 1, status, lastModifiedAt: now })
        .where(eq(batches.id, batch.id));
    }
    const [top] = ordered;
    if (!isAssigned(top) && STARTABLE.includes(top.status)) {
      await verifyBatchClaims(tx, top.id, requestedBy, 'unverified');
      await finishIfNothingLeft(tx, [top.id]);
    }
  });
}
