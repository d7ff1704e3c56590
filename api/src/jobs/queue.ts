/**
 * The durable queue's moves on the jobs table. Every move after the claim is fenced by the lock token
 * the claim wrote (jobs.locked_by): a worker that lost its lease (it stalled, another worker took the
 * job over) can no longer finish, fail or release the job, so nothing is done twice.
 *
 * Time is always the database's now(), never the worker's clock.
 */
import { and, eq, getTableColumns, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db';
import { batches, jobs } from '../db/schema';
import { VERIFY_JOB } from './enqueue';

export type Job = typeof jobs.$inferSelect;
/** A job this worker holds: lockedBy is its fencing token; lane is its claim's (org is the claim's, '' without one). */
export type ClaimedJob = Job & { lockedBy: string; lane?: Lane };

/** Batches in these statuses hold their jobs back until they are RESUMED (or re-prioritised). */
export const HELD_BATCH_STATUSES = ['PAUSED', 'SUSPENDED', 'ARCHIVED', 'DISCARDED'] as const;
/** A batch in one of these moves to IN_PROCESSING when its first job starts. */
const STARTABLE_BATCH_STATUSES = ['CREATED', 'TO_BE_PROCESSED', 'RESUMED'] as const;
/** ... and to FULLY_PROCESSED when no job of it is left (ASSIGNED, SUSPENDED ... are left alone). */
const FINISHABLE_BATCH_STATUSES = ['CREATED', 'TO_BE_PROCESSED', 'IN_PROCESSING', 'RESUMED', 'PAUSED'] as const;

const inList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const millis = (ms: number) => sql`(${ms}::double precision * interval '1 millisecond')`;

/**
 * Claims of more than 50 pages (LARGE_LANE_PAGES: counted at upload or read, else one page per 100 KiB of their files)
 * are in the large lane. The database keeps each waiting job's lane in jobs.large (jobs_claim_large, migration 0014).
 */
export type Lane = 'small' | 'large';

/**
 * Whose turn it is: organisations this worker served, the longest ago first (one it has not served goes
 * before all of them), and the lane it prefers next. Kept by the worker (see nextTurn).
 */
export interface Turn {
  servedOrgs: string[];
  preferLane: Lane;
}

export const FIRST_TURN: Turn = { servedOrgs: [], preferLane: 'small' };

/** The turn after serving a job of `org` in `lane`: that organisation goes last, the other lane comes next. */
export function nextTurn(turn: Turn, org: string | null, lane: Lane): Turn {
  return {
    servedOrgs: org == null ? turn.servedOrgs : [...turn.servedOrgs.filter((o) => o !== org), org],
    preferLane: lane === 'small' ? 'large' : 'small',
  };
}

/** How a loop picks its next job, besides the turn. */
export interface PickOptions {
  /** Only a job of the small lane (the worker keeps a loop free of large claims, see worker.ts). */
  smallOnly?: boolean;
  /**
   * With two loops or more, the loops less one. An uploader running this many jobs already gets no further upload
   * (or re-run by hand) started, so one user's uploads, however slow, never hold every loop; and the next job of an
   * organisation or uploader running this many goes only when no one else's waits.
   */
  ownerShare?: number | null;
  /**
   * Batch work that has waited this many seconds is picked as if it were an upload (first come among them).
   * The worker asks for it at most once per that many seconds, so uploads that keep coming cannot starve a batch,
   * nor can a long batch starve the uploads.
   */
  ageBatchAfterSeconds?: number | null;
}

/**
 * The row jobs_pick returns, read as the jobs table's columns are (drizzle refuses a table's own columns over a
 * function, so each is a column of the function's row decoded by its twin).
 */
const pickedColumns = Object.fromEntries(
  Object.entries(getTableColumns(jobs)).map(([key, column]) => [key, sql`picked.${sql.identifier(column.name)}`.mapWith(column)]),
) as { [K in keyof Job]: SQL<Job[K]> };

/**
 * Atomically takes the next job and leases it to `lockToken` for `leaseMs`: queued and due, or running with an
 * expired lease (its worker died); never one of a held batch, never a second job for a claim another worker is on,
 * never an upload of an uploader that runs its share (PickOptions.ownerShare). Order: anyone's job before one of an
 * organisation or uploader that runs its share; then the job's priority (interactive 10 before batch 100; batch work
 * aged past ageBatchAfterSeconds counts as interactive), then its batch's priority (lower first); within those,
 * fairly: the organisation served the longest ago, then the preferred lane (so one organisation's or one claim's heavy
 * work cannot starve the others), then first come.
 *
 * The database function jobs_pick (migration 0016) does it in one round trip, one pick at a time across loops and
 * processes, with one plan per connection; its cost does not grow with the backlog (it walks an index per
 * organisation, uploader and lane). Only the first pick of a batch's jobs costs a second statement, to start the batch.
 */
const pickStatement = (db: Db) =>
  db
    .select({
      ...pickedColumns,
      batchStartable: sql<boolean>`exists (
        select 1 from ${batches} b where b.id = picked.batch_id and b.status in (${inList(STARTABLE_BATCH_STATUSES)})
      )`,
    })
    .from(
      sql`jobs_pick(${sql.placeholder('token')}, ${sql.placeholder('leaseMs')}::double precision, ${sql.placeholder('smallOnly')}::boolean,
        ${sql.placeholder('ownerShare')}::integer, ${sql.placeholder('ageAfterMs')}::double precision,
        ${sql.placeholder('servedOrgs')}::jsonb, ${sql.placeholder('preferLarge')}::boolean) as picked`,
    )
    // A named statement: each connection parses the call once, not on every loop.
    .prepare('verification_pick');

/** Built once per database, not on every loop. */
const pickStatements = new WeakMap<Db, ReturnType<typeof pickStatement>>();

export async function claimNextJob(
  db: Db,
  lockToken: string,
  leaseMs: number,
  turn: Turn = FIRST_TURN,
  { smallOnly = false, ownerShare = null, ageBatchAfterSeconds = null }: PickOptions = {},
): Promise<ClaimedJob | null> {
  let statement = pickStatements.get(db);
  if (!statement) {
    statement = pickStatement(db);
    pickStatements.set(db, statement);
  }
  const [job] = await statement.execute({
    token: lockToken,
    leaseMs,
    smallOnly,
    ownerShare,
    ageAfterMs: ageBatchAfterSeconds == null ? null : ageBatchAfterSeconds * 1000,
    servedOrgs: JSON.stringify(turn.servedOrgs),
    preferLarge: turn.preferLane === 'large',
  });
  if (!job) return null;
  const { batchStartable, ...taken } = job;
  if (batchStartable && taken.batchId != null) {
    await db
      .update(batches)
      .set({ status: 'IN_PROCESSING', lastModifiedAt: sql`now()` })
      .where(and(eq(batches.id, taken.batchId), sql`${batches.status} in (${inList(STARTABLE_BATCH_STATUSES)})`));
  }
  return { ...taken, lockedBy: lockToken, lane: taken.large ? 'large' : 'small' };
}

/** Another job of the same claim waits queued (spelled out: the outer row is the updated jobs row, the inner one s). */
const queuedSibling = sql.raw(
  `exists (select 1 from jobs s where s.claim_id = jobs.claim_id and s.id <> jobs.id and s.status = 'queued' and s.kind = jobs.kind)`,
);

/**
 * A job going back to the queue while a newer request for its claim already waits there (queued while it ran) is
 * folded into that one instead, since a claim has one queued job at most (jobs_one_queued_per_claim).
 */
const backToQueue = {
  status: sql<'queued' | 'cancelled'>`case when ${queuedSibling} then 'cancelled' else 'queued' end`,
  lastError: sql`case when ${queuedSibling} then 'superseded by a newer request for the claim' else ${jobs.lastError} end`,
  finishedAt: sql`case when ${queuedSibling} then now() end`,
};

const ours = (job: ClaimedJob) => and(eq(jobs.id, job.id), eq(jobs.lockedBy, job.lockedBy), eq(jobs.status, 'running'));

/** Extends the lease; false when the job is no longer ours. */
export async function extendLease(db: Db, job: ClaimedJob, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + ${millis(leaseMs)}`, updatedAt: sql`now()` })
    .where(ours(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Thrown inside a completion transaction when the job is no longer ours: the transaction rolls back. */
export class LeaseLostError extends Error {
  constructor(jobId: number) {
    super(`Job ${jobId} was taken over by another worker`);
    this.name = 'LeaseLostError';
  }
}

/** Marks the job done; call inside the transaction that stores its result. */
export async function completeJob(tx: DbOrTx, job: ClaimedJob): Promise<void> {
  const rows = await tx
    .update(jobs)
    .set({ status: 'done', lockedUntil: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(ours(job))
    .returning({ id: jobs.id });
  if (rows.length === 0) throw new LeaseLostError(job.id);
  await finishBatchIfDone(tx, job.batchId);
}

/**
 * Records a failed attempt: back to the queue after `retryInMs`, or failed for good when retryInMs is
 * null. Call inside the transaction that records the error on the claim.
 */
export async function failJob(tx: DbOrTx, job: ClaimedJob, error: string, retryInMs: number | null): Promise<void> {
  const rows = await tx
    .update(jobs)
    .set(
      retryInMs === null
        ? { status: 'failed', lastError: error, lockedUntil: null, finishedAt: sql`now()`, updatedAt: sql`now()` }
        : {
            ...backToQueue,
            lastError: sql`case when ${queuedSibling} then 'superseded by a newer request for the claim' else ${error} end`,
            lockedBy: null,
            lockedUntil: null,
            runAfter: sql`now() + ${millis(retryInMs)}`,
            updatedAt: sql`now()`,
          },
    )
    .where(ours(job))
    .returning({ id: jobs.id });
  if (rows.length === 0) throw new LeaseLostError(job.id);
  if (retryInMs === null) await finishBatchIfDone(tx, job.batchId);
}

/**
 * Ends the lease of every running job, so they are taken again at once. Only for a database no other
 * process uses (embedded PGlite): whatever is 'running' when the worker starts was left by a dead process.
 */
export async function expireAllLeases(db: Db): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: sql`now() - interval '1 millisecond'`, updatedAt: sql`now()` })
    .where(and(eq(jobs.kind, VERIFY_JOB), eq(jobs.status, 'running')))
    .returning({ id: jobs.id });
  return rows.length;
}

/** Gives an unfinished job back (the worker is stopping); the attempt does not count. */
export async function releaseJob(db: Db, job: ClaimedJob): Promise<void> {
  await db
    .update(jobs)
    .set({
      ...backToQueue,
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      lockedBy: null,
      lockedUntil: null,
      runAfter: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(ours(job));
}

async function finishBatchIfDone(tx: DbOrTx, batchId: number | null): Promise<void> {
  if (batchId == null) return;
  await tx
    .update(batches)
    .set({ status: 'FULLY_PROCESSED', lastModifiedAt: sql`now()` })
    .where(
      and(
        eq(batches.id, batchId),
        sql`${batches.status} in (${inList(FINISHABLE_BATCH_STATUSES)})`,
        sql`not exists (select 1 from jobs p where p.batch_id = ${batchId} and p.status in ('queued', 'running'))`,
      ),
    );
}

/**
 * Whether work is left that this queue will get to: a queued job (due now or after a back-off) or a
 * running one (possibly another worker's, or a dead worker's whose lease will expire), outside held
 * batches. drain() waits on this.
 */
export async function hasPendingJobs(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .leftJoin(batches, eq(batches.id, jobs.batchId))
    .where(
      and(
        eq(jobs.kind, VERIFY_JOB),
        inArray(jobs.status, ['queued', 'running']),
        or(isNull(batches.id), notInArray(batches.status, [...HELD_BATCH_STATUSES])),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Sets a job aside for good (status 'poisoned', the reason in last_error): its reading thread crashed or
 * ran out of time on it, so running it again would only do the same. Nothing takes a poisoned job again,
 * after a restart too; a re-run by hand queues a new job. Call inside the transaction that suspends the claim.
 */
export async function setAsideJob(tx: DbOrTx, job: ClaimedJob, reason: string): Promise<void> {
  const rows = await tx
    .update(jobs)
    .set({ status: 'poisoned', lastError: reason, lockedUntil: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(ours(job))
    .returning({ id: jobs.id });
  if (rows.length === 0) throw new LeaseLostError(job.id);
  await finishBatchIfDone(tx, job.batchId);
}

/**
 * Cancels a claim's queued and running verification jobs (status 'cancelled', `reason` in last_error) and
 * returns their ids; a worker running one stops at once when told through queueEvents (see worker.ts), or
 * at its next lease renewal otherwise.
 */
export async function cancelClaimJobs(tx: DbOrTx, claimId: number, reason: string): Promise<{ id: number; batchId: number | null }[]> {
  const cancelled = await tx
    .update(jobs)
    .set({ status: 'cancelled', lastError: reason, lockedBy: null, lockedUntil: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(jobs.kind, VERIFY_JOB), eq(jobs.claimId, claimId), inArray(jobs.status, ['queued', 'running'])))
    .returning({ id: jobs.id, batchId: jobs.batchId });
  for (const batchId of new Set(cancelled.map((j) => j.batchId))) await finishBatchIfDone(tx, batchId);
  return cancelled;
}

/** Rows deleted per statement when pruning, so a long backlog of finished jobs never holds a long lock. */
const PRUNE_CHUNK = 5_000;

/** Deletes finished jobs (done, failed, cancelled, poisoned) that finished more than `days` days ago; returns how many. */
export async function pruneFinishedJobs(db: Db, days: number): Promise<number> {
  let pruned = 0;
  for (;;) {
    const rows = await db.execute(sql`
      delete from jobs where id in (
        select id from jobs
        where finished_at is not null and finished_at < now() - ${days}::double precision * interval '1 day'
          and status in ('done', 'failed', 'cancelled', 'poisoned')
        limit ${PRUNE_CHUNK}
      ) returning id`);
    const count = (rows as unknown as { rows: unknown[] }).rows.length;
    pruned += count;
    if (count < PRUNE_CHUNK) return pruned;
  }
}
