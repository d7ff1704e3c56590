/**
 * The queue with many processes on one database (issue 21 §5): one queued job per claim, held by the database; the
 * pick's copies of the claim's lane and the batch's priority and pause follow their sources; workers in another
 * process wake on the database's notification; finished jobs are pruned after their retention.
 */
import { jest } from '@jest/globals';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { rowsOf } from '../../src/db';
import { batches, claimDocuments, claims, jobs } from '../../src/db/schema';
import { enqueueVerification } from '../../src/jobs/enqueue';
import { claimNextJob, pruneFinishedJobs, releaseJob } from '../../src/jobs/queue';
import { POSTGRES_URL } from '../../testing/postgres';
import { databaseOn, DRIVERS, fakeReader, fakeVerifier, insertBatch, insertClaim, startWorker, until } from '../../testing/jobs';

jest.setTimeout(60_000);

describe.each(DRIVERS)('the queue on many processes, on %s', (driver) => {
  const on = databaseOn(driver);
  const { it } = on;
  const queuedJobsOf = (claimId: number) =>
    on.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.claimId, claimId), eq(jobs.status, 'queued')));

  it('keeps one queued job per claim: requests merge into it, and the database refuses a second', async () => {
    const { db } = on.database;
    const claimId = await insertClaim(db);
    const batchId = await insertBatch(db, { priority: 3, status: 'TO_BE_PROCESSED' });
    const first = await enqueueVerification(db, claimId, { batchId, requestId: 'req-batch' });
    await Promise.all([
      enqueueVerification(db, claimId, { rerun: true, requestId: 'req-rerun' }),
      enqueueVerification(db, claimId, { rerun: true }),
    ]);

    const queued = await queuedJobsOf(claimId);
    expect(queued).toHaveLength(1);
    // The upload's priority wins, the re-run by hand frees the job from its batch, the last request's id is kept.
    expect(queued[0]).toMatchObject({ id: first, priority: 10, batchId: null, batchPriority: null });
    expect(queued[0].requestId).toMatch(/^req-/);
    expect(queued[0].payload).toMatchObject({ rerun: false, adjudicate: true });

    await expect(db.insert(jobs).values({ kind: 'verify-claim', claimId })).rejects.toThrow();
    // A finished job does not count: the claim may be queued again after it.
    await db.update(jobs).set({ status: 'done', finishedAt: sql`now()` }).where(eq(jobs.id, first));
    expect(await enqueueVerification(db, claimId)).not.toBe(first);
  });

  it('folds a job given back while a newer request for its claim waits into that request', async () => {
    const { db } = on.database;
    const claimId = await insertClaim(db);
    await enqueueVerification(db, claimId);
    const running = await claimNextJob(db, 'stopping-worker', 60_000);
    const waiting = await enqueueVerification(db, claimId, { rerun: true });
    expect(running).not.toBeNull();
    await releaseJob(db, running!);

    const rows = await db.select({ id: jobs.id, status: jobs.status }).from(jobs).where(eq(jobs.claimId, claimId)).orderBy(jobs.id);
    expect(rows).toEqual([
      { id: running!.id, status: 'cancelled' },
      { id: waiting, status: 'queued' },
    ]);
  });

  it('picks by the batch, claim and documents as they are now, not as they were when the job was queued', async () => {
    const { db } = on.database;
    const held = await insertBatch(db, { priority: 1, status: 'TO_BE_PROCESSED', name: 'first' });
    const later = await insertBatch(db, { priority: 2, status: 'TO_BE_PROCESSED', name: 'second' });
    const inHeld = await insertClaim(db, { batchId: held });
    const inLater = await insertClaim(db, { batchId: later });
    await enqueueVerification(db, inHeld, { batchId: held });
    await enqueueVerification(db, inLater, { batchId: later });

    // The first batch is paused, then the second goes before it.
    await db.update(batches).set({ status: 'PAUSED' }).where(eq(batches.id, held));
    await db.update(batches).set({ priority: 0 }).where(eq(batches.id, later));
    // The later claim gets 120 counted pages: large, so a loop kept for small claims leaves it.
    await db.insert(claimDocuments).values({ claimId: inLater, fileName: 'big.pdf', contentType: 'application/pdf', size: 10, pages: 120 });
    const [row] = await db.select().from(jobs).where(eq(jobs.claimId, inLater));
    expect(row).toMatchObject({ org: 'vitraya', large: true, batchPriority: 0, held: false });
    expect(await claimNextJob(db, 'small-loop', 60_000, undefined, { smallOnly: true })).toBeNull();

    const taken = await claimNextJob(db, 'any-loop', 60_000);
    expect(taken).toMatchObject({ claimId: inLater, lane: 'large', org: 'vitraya' });
    expect(await claimNextJob(db, 'any-loop', 60_000)).toBeNull();
    await db.update(batches).set({ status: 'RESUMED' }).where(eq(batches.id, held));
    await db.update(claims).set({ createdBy: 'uploader.one' }).where(eq(claims.id, inHeld));
    expect(await claimNextJob(db, 'any-loop', 60_000)).toMatchObject({ claimId: inHeld, uploader: 'uploader.one', held: false });
  });

  it('prunes finished jobs past the retention, and only those', async () => {
    const { db } = on.database;
    const ages: [string, 'done' | 'failed' | 'cancelled' | 'poisoned' | 'queued', number | null][] = [
      ['old done', 'done', 8],
      ['old failed', 'failed', 30],
      ['old cancelled', 'cancelled', 8],
      ['old poisoned', 'poisoned', 8],
      ['recent done', 'done', 6],
      ['waiting', 'queued', null],
    ];
    const ids = new Map<string, number>();
    for (const [name, status, daysAgo] of ages) {
      const claimId = await insertClaim(db);
      const [job] = await db
        .insert(jobs)
        .values({
          kind: 'verify-claim',
          claimId,
          status,
          finishedAt: daysAgo == null ? null : sql`now() - ${daysAgo}::int * interval '1 day'`,
        })
        .returning({ id: jobs.id });
      ids.set(name, job.id);
    }

    expect(await pruneFinishedJobs(db, 7)).toBe(4);
    const left = await rowsOf<{ id: number }>(db, sql`select id::int as id from jobs order by id`);
    expect(left.map((j) => j.id)).toEqual([ids.get('recent done'), ids.get('waiting')]);
  });

  if (driver === 'postgres') {
    it('wakes a worker polling once a minute when another process queues a job', async () => {
      const { db } = on.database;
      const [{ name }] = await rowsOf<{ name: string }>(db, sql`select current_database() as name`);
      const url = new URL(POSTGRES_URL);
      url.pathname = `/${name}`;
      const verifier = fakeVerifier();
      const worker = startWorker({ db, reader: fakeReader(), verify: verifier.verify, pollMs: 60_000, listenUrl: url.toString() });
      const otherProcess = new pg.Client({ connectionString: url.toString() });
      await otherProcess.connect();
      try {
        const claimId = await insertClaim(db, { status: 'TO_BE_OCRED' });
        // The worker has looked once and sleeps for a minute, its listener connected and its LISTEN done (idle after it).
        await until(async () => {
          const [{ listening }] = await rowsOf<{ listening: number }>(
            db,
            sql`select count(*)::int as listening from pg_stat_activity where datname = current_database() and query like 'listen %' and state = 'idle'`,
          );
          return listening === 1;
        });
        // Written by another connection, as another process would: this process's own events say nothing.
        await otherProcess.query(
          `insert into jobs (kind, claim_id, payload) values ('verify-claim', $1, '{"rerun":false,"adjudicate":true}')`,
          [claimId],
        );
        await until(async () => (await db.select().from(jobs).where(eq(jobs.claimId, claimId)))[0]?.status === 'done', 30_000);
        expect(verifier.seen).toEqual([claimId]);
      } finally {
        await otherProcess.end();
        await worker.stop();
      }
    });
  }
});
