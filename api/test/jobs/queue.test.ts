/**
 * The durable queue's mechanics (leases, restart, retries, batches, priorities, file deletion) on both
 * drivers. The reader and the verifier are doubles here: it is the queue under test; the real
 * adjudicator runs through the queue in pipeline.test.ts.
 */
import { jest } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { batches, claimDocuments, jobs } from '../../src/db/schema';
import { enqueueVerification } from '../../src/jobs/enqueue';
import { claimNextJob, completeJob, LeaseLostError } from '../../src/jobs/queue';
import { retryDelay } from '../../src/jobs/worker';
import { MissingDocumentError } from '../../src/storage/store';
import {
  claimRow,
  databaseOn,
  documentStore,
  DRIVERS,
  fakeReader,
  fakeVerifier,
  insertBatch,
  insertClaim,
  startWorker,
  until,
} from '../../testing/jobs';

jest.setTimeout(60_000);

describe.each(DRIVERS)('verification queue on %s', (driver) => {
  const on = databaseOn(driver);
  const { it } = on;

  it('reads, verifies and marks the job done in one go; a re-run reads nothing again', async () => {
    const { db } = on.database;
    const claimId = await insertClaim(db, { documents: [{ data: new Uint8Array([1]) }, { data: new Uint8Array([2]) }] });
    await enqueueVerification(db, claimId);
    const reader = fakeReader();
    const verifier = fakeVerifier();
    const worker = startWorker({ db, reader, verify: verifier.verify });
    await worker.drain();

    let claim = await claimRow(db, claimId);
    expect(claim.status).toBe('ADJUDICATED');
    expect(claim.adjudicationResult).toBe('ACCEPTED');
    expect(claim.lastVerifiedOn).toBeInstanceOf(Date);
    expect(claim.adjudicationDetails?.P1).toMatchObject({ ruleId: expect.any(Number), ruleVersion: 2 });
    expect(reader.calls).toHaveLength(2);
    const docs = await db.select().from(claimDocuments).where(eq(claimDocuments.claimId, claimId));
    expect(docs.every((d) => d.readAt && d.readPages?.[0].words[0].text === 'Cataract')).toBe(true);

    const firstVerified = claim.lastVerifiedOn!;
    await enqueueVerification(db, claimId, { rerun: true });
    expect((await claimRow(db, claimId)).rerunStatus).toBe('INPROGRESS');
    expect((await claimRow(db, claimId)).status).toBe('OCRED');
    await worker.drain();
    claim = await claimRow(db, claimId);
    expect(claim.status).toBe('ADJUDICATED');
    expect(claim.rerunStatus).toBeNull();
    expect(claim.lastVerifiedOn!.getTime()).toBeGreaterThan(firstVerified.getTime());
    expect(reader.calls).toHaveLength(2);
    expect(verifier.seen).toEqual([claimId, claimId]);
    const rows = await db.select().from(jobs).where(eq(jobs.claimId, claimId));
    expect(rows.map((j) => j.status)).toEqual(['done', 'done']);

    await worker.stop();
    expect(reader.closed).toBe(1);
  });

  it('a worker stopped after reading leaves the job to the next worker, which verifies it once without reading again', async () => {
    const { db } = on.database;
    const claimId = await insertClaim(db, { documents: [{ data: new Uint8Array([1]) }, { data: new Uint8Array([2]) }] });
    await enqueueVerification(db, claimId);

    const reader = fakeReader();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reachedVerify = false;
    const first = fakeVerifier({
      before: async () => {
        reachedVerify = true;
        await gate;
      },
    });
    const workerA = startWorker({ db, reader, verify: first.verify });
    await until(() => reachedVerify);
    expect((await claimRow(db, claimId)).status).toBe('TO_BE_ADJUDICATED');
    const stopping = workerA.stop();
    release();
    await stopping;

    const [afterStop] = await db.select().from(jobs).where(eq(jobs.claimId, claimId));
    expect(afterStop).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
    expect((await claimRow(db, claimId)).adjudicationResult).toBeNull();

    const second = fakeVerifier();
    const workerB = startWorker({ db, reader, verify: second.verify });
    await workerB.drain();
    await workerB.stop();

    const claim = await claimRow(db, claimId);
    expect(claim.status).toBe('ADJUDICATED');
    expect(reader.calls).toHaveLength(2);
    expect(second.seen).toEqual([claimId]);
    const rows = await db.select().from(jobs).where(eq(jobs.claimId, claimId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('takes over a job whose worker died (expired lease) and reads only what was not read yet', async () => {
    const { db } = on.database;
    const claimId = await insertClaim(db, {
      status: 'OCR_PENDING',
      documents: [{ data: new Uint8Array([1]) }, { data: new Uint8Array([2]) }],
    });
    const [readBefore] = await db.select().from(claimDocuments).where(eq(claimDocuments.claimId, claimId)).orderBy(claimDocuments.id);
    await db.update(claimDocuments).set({ readPages: [], pages: 0, readAt: new Date() }).where(eq(claimDocuments.id, readBefore.id));
    const [dead] = await db
      .insert(jobs)
      .values({
        kind: 'verify-claim',
        claimId,
        priority: 10,
        status: 'running',
        attempts: 1,
        lockedBy: 'dead-worker:1',
        lockedAt: new Date(Date.now() - 120_000),
        lockedUntil: new Date(Date.now() - 60_000),
        payload: { rerun: false, adjudicate: true },
      })
      .returning();

    const reader = fakeReader();
    const verifier = fakeVerifier();
    const worker = startWorker({ db, reader, verify: verifier.verify });
    await worker.drain();
    await worker.stop();

    expect(reader.calls.map((c) => c.documentId)).not.toContain(readBefore.id);
    expect(reader.calls).toHaveLength(1);
    expect(verifier.seen).toEqual([claimId]);
    expect((await claimRow(db, claimId)).status).toBe('ADJUDICATED');
    const [job] = await db.select().from(jobs).where(eq(jobs.id, dead.id));
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
    expect(job.lockedBy).not.toBe('dead-worker:1');

    // The dead worker coming back cannot finish the job a second time.
    await expect(db.transaction((tx) => completeJob(tx, { ...dead, lockedBy: 'dead-worker:1' }))).rejects.toBeInstanceOf(LeaseLostError);
  });

  it('never hands out a job whose lease is still running', async () => {
    const { db } = on.database;
    const claimId = await insertClaim(db);
    await enqueueVerification(db, claimId);
    const taken = await claimNextJob(db, 'a:1', 60_000);
    expect(taken?.claimId).toBe(claimId);
    expect(await claimNextJob(db, 'b:1', 60_000)).toBeNull();
    // A second request for the same claim waits while the first job is running.
    await enqueueVerification(db, claimId);
    expect(await claimNextJob(db, 'b:2', 60_000)).toBeNull();
  });

  it('on an embedded database, takes over jobs left running by a previous process at once (takeOverRunningJobs)', async () => {
    const { db } = on.database;
    const claimId = await insertClaim(db, { status: 'OCR_PENDING' });
    await db.insert(jobs).values({
      kind: 'verify-claim',
      claimId,
      priority: 10,
      status: 'running',
      attempts: 1,
      lockedBy: 'killed-process:1',
      lockedUntil: new Date(Date.now() + 10 * 60_000),
      payload: { rerun: false, adjudicate: true },
    });
    const verifier = fakeVerifier();
    const worker = startWorker({ db, reader: fakeReader(), verify: verifier.verify, takeOverRunningJobs: true });
    await worker.drain();
    await worker.stop();
    expect(verifier.seen).toEqual([claimId]);
    expect((await claimRow(db, claimId)).status).toBe('ADJUDICATED');
  });

  it('retries a failing step with exponential back-off and records the error meanwhile', async () => {
    const { db } = on.database;
    const claimId = await insertClaim(db);
    await enqueueVerification(db, claimId);
    const errorsSeen: (string | null)[] = [];
    const reader = fakeReader({
      fail: (call) => call <= 2,
      onRead: async () => {
        errorsSeen.push((await claimRow(db, claimId)).errorMessage);
      },
    });
    const verifier = fakeVerifier();
    const worker = startWorker({ db, reader, verify: verifier.verify, maxAttempts: 3, retryBaseMs: 60 });
    await worker.drain();
    await worker.stop();

    expect(reader.calls).toHaveLength(3);
    expect(errorsSeen).toEqual([null, 'reader broke on call 1', 'reader broke on call 2']);
    const gaps = [reader.calls[1].at - reader.calls[0].at, reader.calls[2].at - reader.calls[1].at];
    expect(gaps[0]).toBeGreaterThanOrEqual(55);
    expect(gaps[1]).toBeGreaterThanOrEqual(115);
    const claim = await claimRow(db, claimId);
    expect(claim).toMatchObject({ status: 'ADJUDICATED', errorCode: null, errorMessage: null });
    const [job] = await db.select().from(jobs).where(eq(jobs.claimId, claimId));
    expect(job).toMatchObject({ status: 'done', attempts: 3, lastError: 'reader broke on call 2' });
    expect(retryDelay(1, 2000, 300_000)).toBe(2000);
    expect(retryDelay(4, 2000, 300_000)).toBe(16_000);
    expect(retryDelay(20, 2000, 300_000)).toBe(300_000);
  });

  it('after the last attempt the claim is VERIFICATION_FAILED with the error recorded', async () => {
    const { db } = on.database;
    const claimId = await insertClaim(db);
    await enqueueVerification(db, claimId, { rerun: true });
    const reader = fakeReader({ fail: () => true });
    const worker = startWorker({ db, reader, verify: fakeVerifier().verify, maxAttempts: 2, retryBaseMs: 10 });
    await worker.drain();
    await worker.stop();

    expect(reader.calls).toHaveLength(2);
    const claim = await claimRow(db, claimId);
    expect(claim).toMatchObject({
      status: 'VERIFICATION_FAILED',
      errorCode: '500',
      errorMessage: 'reader broke on call 2',
      rerunStatus: null,
      adjudicationResult: null,
    });
    const [job] = await db.select().from(jobs).where(eq(jobs.claimId, claimId));
    expect(job).toMatchObject({ status: 'failed', attempts: 2 });

    // Queuing it again clears the failure and starts afresh.
    await enqueueVerification(db, claimId);
    expect(await claimRow(db, claimId)).toMatchObject({ status: 'TO_BE_OCRED', errorCode: null, errorMessage: null });
  });

  it('holds the jobs of a PAUSED batch, runs them once RESUMED and marks the batch FULLY_PROCESSED', async () => {
    const { db } = on.database;
    const batchId = await insertBatch(db, { priority: 1, status: 'PAUSED' });
    const inBatch = [await insertClaim(db, { batchId }), await insertClaim(db, { batchId })];
    for (const id of inBatch) await enqueueVerification(db, id, { batchId });
    const interactive = await insertClaim(db);
    await enqueueVerification(db, interactive);

    const verifier = fakeVerifier();
    const worker = startWorker({ db, reader: fakeReader(), verify: verifier.verify });
    await worker.drain();
    expect(verifier.seen).toEqual([interactive]);
    expect((await claimRow(db, inBatch[0])).status).toBe('TO_BE_OCRED');
    const waiting = await db.select().from(jobs).where(eq(jobs.batchId, batchId));
    expect(waiting.map((j) => j.status)).toEqual(['queued', 'queued']);

    // Run Verification by hand on one claim of the paused batch: it no longer waits for the batch.
    await enqueueVerification(db, inBatch[1], { rerun: true });
    await worker.drain();
    expect(verifier.seen).toEqual([interactive, inBatch[1]]);
    expect(await db.select().from(jobs).where(eq(jobs.batchId, batchId))).toHaveLength(1);

    await db.update(batches).set({ status: 'RESUMED' }).where(eq(batches.id, batchId));
    await worker.drain();
    await worker.stop();
    expect(verifier.seen).toEqual([interactive, inBatch[1], inBatch[0]]);
    const [batch] = await db.select().from(batches).where(eq(batches.id, batchId));
    expect(batch.status).toBe('FULLY_PROCESSED');
  });

  it('runs interactive claims first, then batches by their priority number, even when re-prioritised after queuing', async () => {
    const { db } = on.database;
    const late = await insertBatch(db, { priority: 1, status: 'TO_BE_PROCESSED', name: 'late' });
    const early = await insertBatch(db, { priority: 5, status: 'TO_BE_PROCESSED', name: 'early' });
    const lateClaims = [await insertClaim(db, { batchId: late }), await insertClaim(db, { batchId: late })];
    const earlyClaims = [await insertClaim(db, { batchId: early }), await insertClaim(db, { batchId: early })];
    for (const id of lateClaims) await enqueueVerification(db, id, { batchId: late });
    for (const id of earlyClaims) await enqueueVerification(db, id, { batchId: early });
    const interactive = await insertClaim(db);
    await enqueueVerification(db, interactive);
    // The priority dialog moves 'early' ahead after its jobs were queued.
    await db.update(batches).set({ priority: 0 }).where(eq(batches.id, early));

    const statusesSeen: string[] = [];
    const verifier = fakeVerifier({
      before: async (input) => {
        if (earlyClaims.includes(input.claim.id)) {
          const [b] = await db.select().from(batches).where(eq(batches.id, early));
          statusesSeen.push(b.status);
        }
      },
    });
    const worker = startWorker({ db, reader: fakeReader(), verify: verifier.verify });
    await worker.drain();
    await worker.stop();
    expect(verifier.seen).toEqual([interactive, ...earlyClaims, ...lateClaims]);
    expect(statusesSeen).toEqual(['IN_PROCESSING', 'IN_PROCESSING']);
    const done = await db.select({ status: batches.status }).from(batches);
    expect(done.map((b) => b.status)).toEqual(['FULLY_PROCESSED', 'FULLY_PROCESSED']);
  });

  it('delete_after_adjudication drops the files but keeps the reading and the result', async () => {
    const { db } = on.database;
    const claimId = await insertClaim(db, { deleteAfterAdjudication: true });
    const keep = await insertClaim(db);
    await enqueueVerification(db, claimId);
    await enqueueVerification(db, keep);
    const worker = startWorker({ db, reader: fakeReader(), verify: fakeVerifier().verify });
    await worker.drain();
    await worker.stop();

    expect(await claimRow(db, claimId)).toMatchObject({ status: 'ADJUDICATED', adjudicationResult: 'ACCEPTED' });
    const [stored] = await db.select().from(claimDocuments).where(eq(claimDocuments.claimId, keep));
    const [gone] = await db.select().from(claimDocuments).where(eq(claimDocuments.claimId, claimId));
    expect(gone.storageKey).toBeNull();
    expect(gone.readPages).toHaveLength(1);
    expect(gone.size).toBeGreaterThan(0);
    expect((await documentStore.read(stored.storageKey!)).length).toBe(stored.size);
  });

  it('delete_after_adjudication removes the files from the document store', async () => {
    const { db } = on.database;
    const claimId = await insertClaim(db, { deleteAfterAdjudication: true });
    const [before] = await db.select().from(claimDocuments).where(eq(claimDocuments.claimId, claimId));
    expect(await documentStore.size(before.storageKey!)).toBe(before.size);
    await enqueueVerification(db, claimId);
    const worker = startWorker({ db, reader: fakeReader(), verify: fakeVerifier().verify });
    await worker.drain();
    await worker.stop();
    await expect(documentStore.read(before.storageKey!)).rejects.toBeInstanceOf(MissingDocumentError);
  });

  it('runs jobs side by side up to the configured concurrency', async () => {
    const { db } = on.database;
    const ids = [await insertClaim(db), await insertClaim(db), await insertClaim(db)];
    for (const id of ids) await enqueueVerification(db, id);
    let inFlight = 0;
    let most = 0;
    const reader = fakeReader({
      onRead: async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 150));
        inFlight -= 1;
      },
    });
    const worker = startWorker({ db, reader, verify: fakeVerifier().verify, concurrency: 2 });
    await worker.drain();
    await worker.stop();
    expect(most).toBe(2);
    for (const id of ids) expect((await claimRow(db, id)).status).toBe('ADJUDICATED');
  });
});
