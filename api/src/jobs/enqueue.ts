/**
 * Puts a claim's verification on the durable queue. The job row is written here (together with the
 * claim's queued state); the worker (src/jobs/worker.ts) claims queued rows in priority order and runs
 * the adjudicator.
 */
import { EventEmitter } from 'node:events';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db';
import { claims, jobs } from '../db/schema';

export const VERIFY_JOB = 'verify-claim';
/** Lower runs first: a claim created or re-run by hand goes before batch work. */
export const INTERACTIVE_PRIORITY = 10;
export const BATCH_PRIORITY = 100;

export interface EnqueueOptions {
  /** Default: BATCH_PRIORITY when batchId is given, else INTERACTIVE_PRIORITY. */
  priority?: number;
  /** Re-use what was read before (re-run) instead of reading the documents again. */
  rerun?: boolean;
  /** false: read the documents only; the claim stays OCRED until a later job verifies it. */
  adjudicate?: boolean;
  batchId?: number | null;
  requestedBy?: string;
  /** The id of the request that asked (X-Request-Id), kept on the job so the worker's log lines carry it. */
  requestId?: string | null;
}

/** What a verify job carries in jobs.payload. */
export interface VerifyJobPayload {
  rerun: boolean;
  adjudicate: boolean;
  batchId?: number;
  requestedBy?: string;
}

/** In-process wake-up for workers, so a new job starts without waiting for the next poll. */
export const queueEvents = new EventEmitter();

/**
 * Queues the claim and marks it queued: status TO_BE_OCRED while a document still has to be read,
 * otherwise OCRED; rerunStatus INPROGRESS for a re-run; a previous error is cleared.
 * A job still waiting for the same claim is reused (earliest priority wins, flags are merged), so
 * pressing Run Verification twice does not verify twice, even from two processes at once.
 */
export async function enqueueVerification(db: DbOrTx, claimId: number, options: EnqueueOptions = {}): Promise<number> {
  const batchId = options.batchId ?? null;
  const priority = options.priority ?? (batchId != null ? BATCH_PRIORITY : INTERACTIVE_PRIORITY);
  const payload: VerifyJobPayload = {
    rerun: options.rerun ?? false,
    adjudicate: options.adjudicate ?? true,
    ...(batchId != null ? { batchId } : {}),
    ...(options.requestedBy ? { requestedBy: options.requestedBy } : {}),
  };

  await db
    .update(claims)
    .set({
      status: sql`case when exists (
        select 1 from claim_documents d where d.claim_id = ${claims.id} and d.read_at is null
      ) then 'TO_BE_OCRED' else 'OCRED' end`,
      ...(payload.rerun ? { rerunStatus: 'INPROGRESS' as const } : {}),
      errorCode: null,
      errorMessage: null,
      lastModifiedOn: sql`now()`,
    })
    .where(eq(claims.id, claimId));

  // One queued job per claim, held by the database (jobs_one_queued_per_claim): a request for a claim already waiting
  // merges into its job, whichever process makes it.
  const [row] = await db
    .insert(jobs)
    .values({ kind: VERIFY_JOB, claimId, priority, batchId, payload: { ...payload }, requestId: options.requestId ?? null })
    .onConflictDoUpdate({
      target: jobs.claimId,
      targetWhere: sql`status = 'queued' and kind = 'verify-claim'`,
      set: {
        priority: sql`least(${jobs.priority}, excluded.priority)`,
        // A request from outside a batch (a re-run by hand) frees the job from its batch's pause; a batch's
        // request takes the job into the batch, so the batch's priority orders it and its pause holds it.
        batchId: sql`excluded.batch_id`,
        // Re-use what was read only if both asked so; adjudicate if either did.
        payload: sql`${jobs.payload} || excluded.payload || jsonb_build_object(
          'rerun', (excluded.payload ->> 'rerun')::boolean and coalesce((${jobs.payload} ->> 'rerun')::boolean, true),
          'adjudicate', (excluded.payload ->> 'adjudicate')::boolean or coalesce((${jobs.payload} ->> 'adjudicate')::boolean, true))`,
        requestId: sql`coalesce(excluded.request_id, ${jobs.requestId})`,
        attempts: 0,
        runAfter: sql`now()`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: jobs.id });
  // Workers of this process wake at once; those of other processes through the database's notification (wake.ts).
  queueEvents.emit('queued');
  return row.id;
}
