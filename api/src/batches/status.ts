/**
 * A batch's status moves by hand (spec 3 §4): which moves are allowed from where, verifying a batch's claims, and the
 * batch that has nothing left to verify becoming FULLY_PROCESSED. Every batch of a selection is checked before any is
 * changed, so an action applies to all of them or to none.
 */
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { BatchStatus } from '@claims/shared-kernel/constants';
import type { DbOrTx } from '../db';
import { batches, claims, jobs } from '../db/schema';
import { conflict } from '../http/errors';
import { enqueueVerification, BATCH_PRIORITY } from '../jobs/enqueue';
import { OUTCOME } from '../claims/queries';
import type { BatchRecord } from './lookup';
import { releaseQueuedClaims, stoppedBy } from './release';
import { auditBatches, batchChanges } from '../audit/operations';

/**
 * The statuses a person may move a batch to, and from where (the others are the queue's: IN_PROCESSING, FULLY_PROCESSED).
 * Pause and Resume follow the menu's rules (spec 3 §4): Pause only a batch IN_PROCESSING or CREATED, Resume only a
 * PAUSED one. (The priority dialog pauses waiting batches too; it sets the status itself, src/batches/priority.ts.)
 */
const ALLOWED_FROM = {
  PAUSED: ['CREATED', 'IN_PROCESSING'],
  RESUMED: ['PAUSED'],
  TO_BE_PROCESSED: ['CREATED', 'TO_BE_PROCESSED', 'IN_PROCESSING', 'PAUSED', 'RESUMED', 'SUSPENDED', 'ARCHIVED', 'FULLY_PROCESSED'],
  // A discarded batch stays discarded (it can still be dropped).
  SUSPENDED: ['CREATED', 'TO_BE_PROCESSED', 'IN_PROCESSING', 'PAUSED', 'RESUMED', 'FULLY_PROCESSED', 'ASSIGNED', 'SUSPENDED', 'ARCHIVED'],
  ARCHIVED: ['CREATED', 'TO_BE_PROCESSED', 'IN_PROCESSING', 'PAUSED', 'RESUMED', 'FULLY_PROCESSED', 'ASSIGNED', 'SUSPENDED', 'ARCHIVED'],
  DISCARDED: ['CREATED', 'TO_BE_PROCESSED', 'IN_PROCESSING', 'PAUSED', 'RESUMED', 'FULLY_PROCESSED', 'ASSIGNED', 'SUSPENDED', 'ARCHIVED'],
} as const satisfies Partial<Record<BatchStatus, readonly BatchStatus[]>>;
export type ManualBatchStatus = keyof typeof ALLOWED_FROM;
export const MANUAL_BATCH_STATUSES = Object.keys(ALLOWED_FROM) as ManualBatchStatus[];

const VERB: Record<ManualBatchStatus, string> = {
  PAUSED: 'paused',
  RESUMED: 'resumed',
  TO_BE_PROCESSED: 'verified',
  SUSPENDED: 'suspended',
  ARCHIVED: 'archived',
  DISCARDED: 'discarded',
};

/**
 * The statuses that end a batch's work rather than hold it: their queued claims are released (Run Verification is
 * offered on them again, and they say why). A paused batch keeps its queue, which Resume takes up.
 */
const RELEASING: readonly ManualBatchStatus[] = ['SUSPENDED', 'ARCHIVED', 'DISCARDED'];

export const isManualStatus = (status: string): status is ManualBatchStatus => status in ALLOWED_FROM;

/** 409 naming every batch of the selection that cannot move to `status`, before any is changed. */
export function checkTransition(rows: BatchRecord[], status: ManualBatchStatus): void {
  const allowed: readonly string[] = ALLOWED_FROM[status];
  const refused = rows.filter((b) => !allowed.includes(b.status));
  if (refused.length) {
    throw conflict(refused.map((b) => `Batch '${b.batchName}' cannot be ${VERB[status]}: it is ${b.status}`).join('; '));
  }
}

/** Statuses in which a claim's documents have been read, so its verification re-uses what was read (a re-run). */
const READ_STATUSES = ['OCRED', 'TO_BE_ADJUDICATED', 'ADJUDICATED', 'VERIFICATION_FAILED'];

const noActiveJob = sql`not exists (select 1 from ${jobs} where ${jobs.claimId} = ${claims.id} and ${jobs.status} in ('queued', 'running'))`;

/** Puts these claims of the batch on the queue in the batch's priority. */
export async function queueClaims(db: DbOrTx, batchId: number, rows: { id: number; status: string }[], requestedBy: string) {
  for (const claim of rows) {
    await enqueueVerification(db, claim.id, {
      batchId,
      priority: BATCH_PRIORITY,
      rerun: READ_STATUSES.includes(claim.status),
      requestedBy,
    });
  }
}

/** Which of a batch's claims a verification takes: those not verified yet, also the failed ones, or every claim. */
export type VerifyScope = 'unverified' | 'unverifiedAndFailed' | 'all';
const SCOPE_OUTCOMES = { unverified: ['toBeVerified'], unverifiedAndFailed: ['toBeVerified', 'failed'], all: null };

/** The batch's claims in `scope` that are not already queued go on the queue. */
export async function verifyBatchClaims(db: DbOrTx, batchId: number, requestedBy: string, scope: VerifyScope): Promise<void> {
  const outcomes = SCOPE_OUTCOMES[scope];
  const pending = await db
    .select({ id: claims.id, status: claims.status })
    .from(claims)
    .where(
      and(
        eq(claims.batchId, batchId),
        noActiveJob,
        outcomes
          ? sql`${OUTCOME} in (${sql.join(
              outcomes.map((o) => sql`${o}`),
              sql`, `,
            )})`
          : undefined,
        // A claim whose download or upload failed has nothing to verify until it is downloaded or uploaded again.
        sql`${claims.status} not in ('DOWNLOAD_FAILED', 'TO_BE_REDOWNLOADED', 'UPLOAD_FAILED')`,
      ),
    )
    .orderBy(claims.id);
  await queueClaims(db, batchId, pending, requestedBy);
}

/** A batch that runs with nothing left on the queue is done (the queue does the same when its last job ends). */
export async function finishIfNothingLeft(db: DbOrTx, batchIds: number[]): Promise<void> {
  if (!batchIds.length) return;
  await db
    .update(batches)
    .set({ status: 'FULLY_PROCESSED', lastModifiedAt: new Date() })
    .where(
      and(
        inArray(batches.id, batchIds),
        inArray(batches.status, ['TO_BE_PROCESSED', 'IN_PROCESSING', 'RESUMED']),
        notExists(
          db
            .select({ id: jobs.id })
            .from(jobs)
            .where(and(eq(jobs.batchId, batches.id), inArray(jobs.status, ['queued', 'running']))),
        ),
      ),
    );
}

/**
 * What Resume sets: the batch goes back to what it was doing. A batch no verification was ever queued for was paused
 * before it started (CREATED), and is CREATED again; the others are RESUMED, and the queue takes up their held claims
 * (finishIfNothingLeft then closes one whose work all ended while it was paused).
 */
const resumedStatus = (db: DbOrTx) =>
  sql`case when ${notExists(db.select({ id: jobs.id }).from(jobs).where(eq(jobs.batchId, batches.id)))} then 'CREATED' else 'RESUMED' end`;

/**
 * Moves the batches to `status` (all or none: call inside a transaction, after batchesByName locked them). Verifying
 * queues what is left to verify; pausing holds the batches' queued claims (the queue skips held batches) and resuming
 * lets them go again, or returns a batch never started to CREATED; suspending, archiving and discarding release them.
 */
export async function moveBatches(
  db: DbOrTx,
  rows: BatchRecord[],
  status: ManualBatchStatus,
  requestedBy: string,
  options: { override?: boolean; reason?: string } = {},
): Promise<void> {
  checkTransition(rows, status);
  const ids = rows.map((b) => b.id);
  const moved = await db
    .update(batches)
    .set({
      status: status === 'RESUMED' ? resumedStatus(db) : status,
      lastModifiedAt: new Date(),
      ...(options.reason !== undefined ? { reason: options.reason } : {}),
    })
    .where(inArray(batches.id, ids))
    .returning();
  await auditBatches(db, requestedBy, 'status', batchChanges(rows, moved));
  if (RELEASING.includes(status)) {
    for (const batch of rows)
      await releaseQueuedClaims(db, { batchIds: [batch.id] }, stoppedBy(batch.batchName, VERB[status], requestedBy));
  }
  if (status === 'TO_BE_PROCESSED') {
    // Verify takes what is left and what failed; with `override` every claim is verified again, the verified ones too.
    for (const id of ids) await verifyBatchClaims(db, id, requestedBy, options.override ? 'all' : 'unverifiedAndFailed');
  }
  if (status === 'TO_BE_PROCESSED' || status === 'RESUMED') await finishIfNothingLeft(db, ids);
}
