/**
 * The durable queue's moves on the jobs table. Every move after the claim is fenced by the lock token
 * the claim wrote (jobs.locked_by): a worker that lost its lease (it stalled, another worker took the
 * job over) can no longer finish, fail or release the job, so nothing is done twice.
 *
 * Time is always the database's now(), never the worker's clock.
 */
import { and, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db';
import { batches, jobs } from '../db/schema';
import { INTERACTIVE_PRIORITY, VERIFY_JOB } from './enqueue';

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

const leaseExpired = (alias: string) => sql.raw(`(${alias}.locked_until is null or ${alias}.locked_until < now())`);

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

/*
 * Literals, not parameters: the planner matches them against the predicates of the partial indexes jobs_pick_idx and
 * jobs_pick_aged_idx (migration 0014), which it cannot do with a bound value.
 */
const VERIFY = sql.raw(`'${VERIFY_JOB}'`);
const INTERACTIVE = sql.raw(String(INTERACTIVE_PRIORITY));
/** A job the pick may take from the index: queued, a verification, outside held batches. */
const waiting = (alias: string) => sql.raw(`(${alias}.status = 'queued' and ${alias}.kind = '${VERIFY_JOB}' and not ${alias}.held)`);

/** No other worker is on the job's claim (its job running, lease alive). */
const claimFree = (alias: string) => sql`not exists (
  select 1 from jobs r
  where r.claim_id = ${sql.raw(alias)}.claim_id and r.id <> ${sql.raw(alias)}.id and r.status = 'running' and not ${leaseExpired('r')}
)`;

/** Jobs running (lease alive) whose `column` (org or uploader) is `value`. */
const runningFor = (column: 'org' | 'uploader', value: ReturnType<typeof sql>) => sql`(
  select count(*) from jobs r
  where r.kind = ${VERIFY} and r.status = 'running' and not ${leaseExpired('r')} and r.${sql.raw(column)} = ${value}
)`;

/**
 * The next job to run: queued and due, or running with an expired lease (its worker died); never one
 * of a held batch, never a second job for a claim another worker is on, never an upload of an uploader that
 * runs its share (PickOptions.ownerShare). Order: anyone's job before one of an organisation or uploader that
 * runs its share; then the job's priority (interactive 10 before batch 100; batch
 * work aged past ageBatchAfterSeconds counts as interactive), then its batch's priority (lower first); within
 * those, fairly: the organisation served the longest ago, then the preferred lane (so one organisation's or one
 * claim's heavy work cannot starve the others), then first come.
 *
 * The cost does not grow with the backlog: the queued jobs are grouped by organisation, uploader and lane (a group
 * shares every key of the order before the job's own), the groups are found by skipping through jobs_pick_idx, and each
 * group gives its first job in that index's order (plus, when aging is asked, its oldest batch job from
 * jobs_pick_aged_idx). Only these few candidates, and the jobs whose lease expired, are sorted by the whole order.
 */
const nextJobId = (turn: Turn, { smallOnly = false, ownerShare = null, ageBatchAfterSeconds = null }: PickOptions) => {
  const uploaderOverShare = (uploader: ReturnType<typeof sql>) =>
    ownerShare == null ? sql`false` : sql`(${uploader} <> '' and ${runningFor('uploader', uploader)} >= ${ownerShare})`;
  const overShareFirst =
    ownerShare == null ? sql`` : sql`(${runningFor('org', sql`j.org`)} >= ${ownerShare} or ${uploaderOverShare(sql`j.uploader`)}),`;
  const aged =
    ageBatchAfterSeconds == null
      ? sql`false`
      : sql`(j.priority > ${INTERACTIVE} and j.run_after <= now() - ${millis(ageBatchAfterSeconds * 1000)})`;
  // The candidates carry what the order needs, so they are never joined back to the whole table.
  const candidateColumns = sql`q.id, q.org, q.uploader, q.large, q.priority, q.batch_priority, q.run_after`;
  const inGroup = sql`q.org = g.org and q.uploader = g.uploader and q.large = g.large`;
  const agedCandidates =
    ageBatchAfterSeconds == null
      ? sql``
      : sql`union all
    select t.* from groups g, lateral (
      select ${candidateColumns} from jobs q
      where ${waiting('q')} and q.priority > ${INTERACTIVE} and ${inGroup}
        and q.run_after <= now() - ${millis(ageBatchAfterSeconds * 1000)} and ${claimFree('q')}
      order by q.id limit 1
    ) t`;
  return sql`
  with recursive all_groups as (
    (select q.org, q.uploader, q.large from jobs q where ${waiting('q')} order by q.org, q.uploader, q.large limit 1)
    union all
    select n.org, n.uploader, n.large from all_groups a, lateral (
      select q.org, q.uploader, q.large from jobs q
      where ${waiting('q')} and (q.org, q.uploader, q.large) > (a.org, a.uploader, a.large)
      order by q.org, q.uploader, q.large limit 1
    ) n
  ),
  groups as (select * from all_groups where ${smallOnly ? sql`not large` : sql`true`}),
  candidates as (
    select t.* from groups g, lateral (
      select ${candidateColumns} from jobs q
      where ${waiting('q')} and ${inGroup} and q.run_after <= now() and ${claimFree('q')}
        and not (q.priority <= ${INTERACTIVE} and ${uploaderOverShare(sql`g.uploader`)})
      order by q.priority, q.batch_priority nulls first, q.id limit 1
    ) t
    ${agedCandidates}
    union all
    select ${candidateColumns} from jobs q
    where q.kind = ${VERIFY} and q.status = 'running' and ${leaseExpired('q')} and not q.held
      and ${smallOnly ? sql`not q.large` : sql`true`} and ${claimFree('q')}
      and not (q.priority <= ${INTERACTIVE} and ${uploaderOverShare(sql`q.uploader`)})
  )
  select j.id from candidates j
  order by ${overShareFirst}
    case when ${aged} then ${INTERACTIVE} else j.priority end,
    case when ${aged} then null else j.batch_priority end nulls first,
    coalesce(array_position(array(select jsonb_array_elements_text(${JSON.stringify(turn.servedOrgs)}::jsonb)), j.org), 0),
    case when j.large = ${turn.preferLane === 'large'}::boolean then 0 else 1 end,
    j.id
  limit 1`;
};

/** The advisory lock key picks take turns on ('vq' for verification queue). */
const PICK_LOCK = 0x7671;

/** Atomically takes the next job (see nextJobId and PickOptions) and leases it to `lockToken` for `leaseMs`. */
export async function claimNextJob(
  db: Db,
  lockToken: string,
  leaseMs: number,
  turn: Turn = FIRST_TURN,
  pick: PickOptions = {},
): Promise<ClaimedJob | null> {
  const [job] = await db.transaction(async (tx) => {
    // One pick at a time across loops and processes: a pick sees the jobs the one before it started, so two
    // loops cannot both start a job of an organisation that may run only one more.
    // Not waiting for the disk at commit is safe here: a pick lost in a server crash leaves the job queued, and the
    // worker that took it cannot finish it (its lock token no longer matches), so it is run once, later.
    await tx.execute(sql`select pg_advisory_xact_lock(${PICK_LOCK}), set_config('synchronous_commit', 'off', true)`);
    return (
      tx
        .update(jobs)
        .set({
          status: 'running',
          attempts: sql`${jobs.attempts} + 1`,
          lockedAt: sql`now()`,
          lockedBy: lockToken,
          lockedUntil: sql`now() + ${millis(leaseMs)}`,
          updatedAt: sql`now()`,
        })
        // Checked again on the row itself: a cancel that committed after the pick's snapshot leaves it alone.
        .where(
          sql`${jobs.id} = (${nextJobId(turn, pick)})
            and (${jobs.status} = 'queued' or (${jobs.status} = 'running' and ${leaseExpired('jobs')}))`,
        )
        .returning()
        // A named statement: each connection plans each of the few shapes of the pick once, not on every loop.
        .prepare(
          `verification_pick_${pick.smallOnly ? 's' : 'a'}${pick.ownerShare == null ? '' : 'o'}${pick.ageBatchAfterSeconds == null ? '' : 'g'}`,
        )
        .execute()
    );
  });
  if (!job) return null;
  if (job.batchId != null) {
    await db
      .update(batches)
      .set({ status: 'IN_PROCESSING', lastModifiedAt: sql`now()` })
      .where(and(eq(batches.id, job.batchId), sql`${batches.status} in (${inList(STARTABLE_BATCH_STATUSES)})`));
  }
  return { ...job, lockedBy: lockToken, lane: job.large ? 'large' : 'small' };
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
