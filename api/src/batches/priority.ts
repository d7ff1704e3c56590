/**
 * PUT /claim/batch/priority (spec 3 §4, §9): the priority dialog's batches in their new order. The queue's order is
 * that of the open batches (OPEN_BATCH_STATUSES) alone, so only they are numbered: the open batches named take the first
 * priorities in the order named, the organisation's other open batches follow in their order, and the verification
 * queue takes batches by priority (src/jobs/queue.ts). Then the transitions: the first batch is verified
 * (TO_BE_PROCESSED; one already IN_PROCESSING goes on); every other batch named that is waiting or running is PAUSED,
 * except batches whose work is ASSIGNED and batches CREATED. A named batch that is no longer open (finished since the
 * dialog loaded) has no place in the queue: it keeps its number and its status.
 */
import { OPEN_BATCH_STATUSES } from '@claims/shared-kernel/constants';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { batches } from '../db/schema';
import { batchesByName, type BatchRecord } from './lookup';
import { finishIfNothingLeft, verifyBatchClaims } from './status';
import { auditBatches, batchChanges } from '../audit/operations';

/** Batches the first place starts. */
const STARTABLE = ['CREATED', 'TO_BE_PROCESSED', 'PAUSED', 'RESUMED'];
/** Batches a later place pauses. */
const PAUSABLE = ['TO_BE_PROCESSED', 'IN_PROCESSING', 'RESUMED'];

const isAssigned = (batch: BatchRecord) => batch.allocationStatus === 'ASSIGNED';
const isOpen = (batch: BatchRecord) => (OPEN_BATCH_STATUSES as readonly string[]).includes(batch.status);

export async function reprioritise(db: Db, org: string, names: string[], requestedBy: string): Promise<void> {
  await db.transaction(async (tx) => {
    const ordered = (await batchesByName(tx, org, names)).filter(isOpen);
    if (!ordered.length) return;
    const [top] = ordered;
    const placed = sql`array[${sql.join(
      ordered.map((b) => sql`${b.id}`),
      sql`, `,
    )}]::integer[]`;

    // One statement numbers every open batch of the organisation: the named ones first, in the order named.
    const ranked = tx
      .select({
        id: batches.id,
        place:
          sql<number>`row_number() over (order by array_position(${placed}, ${batches.id}) nulls last, ${batches.priority}, ${batches.id})`.as(
            'place',
          ),
      })
      .from(batches)
      .where(and(eq(batches.org, org), inArray(batches.status, [...OPEN_BATCH_STATUSES])))
      .as('ranked');
    const openBefore = await tx
      .select()
      .from(batches)
      .where(and(eq(batches.org, org), inArray(batches.status, [...OPEN_BATCH_STATUSES])));
    const unassigned = sql`${batches.allocationStatus} is distinct from 'ASSIGNED'`;
    const statusAfter = sql`case
      when ${unassigned} and ${batches.id} = ${top.id} and ${inArray(batches.status, STARTABLE)} then 'TO_BE_PROCESSED'
      when ${unassigned} and ${batches.id} <> ${top.id} and ${batches.id} = any(${placed}) and ${inArray(batches.status, PAUSABLE)} then 'PAUSED'
      else ${batches.status} end`;
    const renumbered = await tx
      .update(batches)
      .set({ priority: sql`${ranked.place}`, status: statusAfter, lastModifiedAt: new Date() })
      .from(ranked)
      .where(and(eq(batches.id, ranked.id), sql`(${batches.priority} <> ${ranked.place} or ${batches.status} <> ${statusAfter})`))
      .returning(getTableColumns(batches));
    await auditBatches(tx, requestedBy, 'priority', batchChanges(openBefore, renumbered));

    if (!isAssigned(top) && STARTABLE.includes(top.status)) {
      await verifyBatchClaims(tx, top.id, requestedBy, 'unverified');
      await finishIfNothingLeft(tx, [top.id]);
    }
  });
}
