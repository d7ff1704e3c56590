/**
 * Batches keep in step with their claims (issue 25 §1, §2): the claims list moves claims out of other batches only
 * when told to, and the batches left behind keep their status, counts and allocation true to the claims they keep;
 * a batch action that takes claims off the queue (suspend, archive, discard, drop) releases them, saying why.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { BatchLeaving, Claim } from '@claims/shared-kernel/contract';
import { batches, claims, jobs } from '../../src/db/schema';
import { DATABASES } from '../../testing/databases';
import { BASE, bearer } from '../../testing/http';
import { apiSuite } from '../../testing/suite';

const REVIEWER = 'vitraya.reviewer';
const ADMIN = 'vitraya.admin';

describe.each(DATABASES)('batch integrity on %s', (_name, open) => {
  const { app, db, tokens } = apiSuite(open, { users: [REVIEWER, ADMIN] });

  const call = (method: 'POST' | 'PUT' | 'GET' | 'DELETE', url: string, payload?: Record<string, unknown>, user = REVIEWER) =>
    app.inject({ method, url: `${BASE}${url}`, headers: bearer(tokens[user]), ...(payload === undefined ? {} : { payload }) });

  /** Verified claims of the claims list (vitraya), named `${prefix}-1`..., with their analysts when given. */
  async function verifiedClaims(prefix: string, analysts: (string | null)[]): Promise<number[]> {
    const rows = await db()
      .insert(claims)
      .values(
        analysts.map((assignedTo, i) => ({
          org: 'vitraya',
          referenceClaimId: `${prefix}-${i + 1}`,
          caseType: 'SETTLEMENT' as const,
          patientName: `Patient ${i + 1}`,
          procedureCodes: ['P1'],
          procedureNames: ['Cataract Surgery'],
          status: 'ADJUDICATED',
          adjudicationResult: 'ACCEPTED' as const,
          assignedTo,
          createdBy: 'test',
        })),
      )
      .returning({ id: claims.id });
    return rows.map((r) => r.id);
  }

  /** A batch in `status` holding these claims, as allocation left it when ASSIGNED. */
  async function batchOf(batchName: string, status: string, claimIds: number[], allocation?: Record<string, number>) {
    const [batch] = await db()
      .insert(batches)
      .values({
        batchName,
        org: 'vitraya',
        status,
        createdBy: REVIEWER,
        ...(allocation ? { allocation, allocationStatus: 'ASSIGNED', assignedDate: '2025-03-01' } : {}),
      })
      .returning();
    await db().update(claims).set({ batchId: batch.id }).where(inArray(claims.id, claimIds));
    return batch;
  }

  const batchRow = async (id: number) => (await db().select().from(batches).where(eq(batches.id, id)))[0];
  const claimsIn = async (batchId: number) =>
    (await db().select({ id: claims.id }).from(claims).where(eq(claims.batchId, batchId))).map((c) => c.id).sort((a, b) => a - b);
  const queuedJobs = async (claimIds: number[]) =>
    db()
      .select()
      .from(jobs)
      .where(and(inArray(jobs.claimId, claimIds), eq(jobs.status, 'queued')));
  const fromList = (claimIds: number[], batchName: string, extra: Record<string, unknown> = {}) =>
    call('POST', '/claim/batch/create', { claims: claimIds, batchName, downloadedClaimFlag: 'false', organization: 'vitraya', ...extra });

  test('the claims list names the batches a selection would leave, and refuses the move until it is confirmed', async () => {
    const ids = await verifiedClaims('ASG', ['ana', 'ana', 'ben', 'ben', 'ben']);
    const assigned = await batchOf('Assigned five', 'ASSIGNED', ids, { ana: 2, ben: 3 });
    const loose = await verifiedClaims('LOOSE', [null]);
    const chosen = [ids[0], ids[2], ...loose];

    const leaving = await call('POST', '/claim/batch/leaving', { claims: chosen, organization: 'vitraya' });
    expect(leaving.statusCode).toBe(200);
    expect(leaving.json<BatchLeaving[]>()).toEqual([
      { id: assigned.id, batchName: 'Assigned five', status: 'ASSIGNED', allocation_status: 'ASSIGNED', leaving: 2, total_claims_count: 5 },
    ]);

    const refused = await fromList(chosen, 'Unconfirmed move');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      "Some of the selected claims are in other batches: 'Assigned five' (ASSIGNED, 2 of its 5 claims). Confirm to move them into the new batch.",
    );
    expect(await db().select().from(batches).where(eq(batches.batchName, 'Unconfirmed move'))).toEqual([]);
    expect(await claimsIn(assigned.id)).toEqual(ids);
  });

  test('claims moved out of an assigned batch leave its status, counts and allocation true to the claims it keeps', async () => {
    const ids = await verifiedClaims('ASG2', ['ana', 'ana', 'ben', 'ben', 'ben']);
    const assigned = await batchOf('Assigned again', 'ASSIGNED', ids, { ana: 2, ben: 3 });

    const moved = await fromList([ids[0], ids[2], ids[3]], 'Moved from assigned', { moveFromBatches: true });
    expect(moved.statusCode).toBe(200);

    expect(await claimsIn(assigned.id)).toEqual([ids[1], ids[4]]);
    expect(await batchRow(assigned.id)).toMatchObject({ status: 'ASSIGNED', allocationStatus: 'ASSIGNED', allocation: { ana: 1, ben: 1 } });
    const movedClaims = await db()
      .select()
      .from(claims)
      .where(inArray(claims.id, [ids[0], ids[2], ids[3]]));
    expect(movedClaims.map((c) => [c.batchId, c.assignedTo])).toEqual(Array(3).fill([moved.json().id, null]));
    // The Batch Summary counts what the batch keeps.
    const [row] = (await call('GET', '/claim/batch?downloaded=true&org=vitraya&limit=100&page_number=1', undefined, ADMIN))
      .json<{ id: number; total_claims_count: number }[]>()
      .filter((b) => b.id === assigned.id);
    expect(row.total_claims_count).toBe(2);
  });

  test('a fully processed batch keeps its status with fewer claims, and one left with none is discarded saying where they went', async () => {
    const ids = await verifiedClaims('FIN', [null, null, null]);
    const finished = await batchOf('Finished three', 'FULLY_PROCESSED', ids.slice(0, 2));
    const emptied = await batchOf('Emptied one', 'ASSIGNED', ids.slice(2), { ana: 1 });

    const moved = await fromList([ids[0], ids[2]], 'Takes from both', { moveFromBatches: true });
    expect(moved.statusCode).toBe(200);

    expect(await batchRow(finished.id)).toMatchObject({ status: 'FULLY_PROCESSED', allocationStatus: null });
    expect(await claimsIn(finished.id)).toEqual([ids[1]]);
    expect(await batchRow(emptied.id)).toMatchObject({
      status: 'DISCARDED',
      allocation: null,
      allocationStatus: null,
      reason: `All its claims were moved to batch 'Takes from both' by ${REVIEWER}`,
    });
    expect(await claimsIn(emptied.id)).toEqual([]);
  });

  test('claims moved out of a batch that runs take their queued verification along, and the batch finishes', async () => {
    const ids = await verifiedClaims('RUN', [null, null]);
    const running = await fromList(ids, 'Running two');
    expect(running.statusCode).toBe(200);
    const runningId = running.json<{ id: number }>().id;
    // The first claim's verification ended; the second one's still waits.
    await db().update(jobs).set({ status: 'done' }).where(eq(jobs.claimId, ids[0]));
    await db().update(claims).set({ status: 'ADJUDICATED', rerunStatus: null }).where(eq(claims.id, ids[0]));

    const moved = await fromList([ids[1]], 'Takes the waiting one', { moveFromBatches: true });
    expect(moved.statusCode).toBe(200);
    const movedId = moved.json<{ id: number }>().id;

    expect((await queuedJobs([ids[1]])).map((j) => j.batchId)).toEqual([movedId]);
    expect(await batchRow(runningId)).toMatchObject({ status: 'FULLY_PROCESSED' });
    expect(await batchRow(movedId)).toMatchObject({ status: 'TO_BE_PROCESSED' });
  });

  /** A claims-list batch verifying these claims, then paused (as the priority dialog pauses a waiting batch): its claims wait on the queue. */
  async function pausedBatch(batchName: string, prefix: string): Promise<{ id: number; ids: number[] }> {
    const ids = await verifiedClaims(prefix, [null, null]);
    const created = await fromList(ids, batchName);
    expect(created.statusCode).toBe(200);
    const { id } = created.json<{ id: number }>();
    await db().update(batches).set({ status: 'PAUSED' }).where(eq(batches.id, id));
    expect((await queuedJobs(ids)).length).toBe(2);
    return { id, ids };
  }

  /** The claim is off the queue, says why, and can be verified again. */
  async function expectReleased(claimId: number, why: string) {
    expect(await queuedJobs([claimId])).toEqual([]);
    const claim = (await call('GET', `/claims/${claimId}?org=vitraya`)).json<Claim>();
    expect(claim).toMatchObject({
      status: 'ADJUDICATED',
      adjudicationResult: 'ACCEPTED',
      rerunStatus: null,
      progress: null,
      error_code: 'VERIFICATION_STOPPED',
      error_message: why,
    });
    const rerun = await call('PUT', `/claims/${claimId}?org=vitraya`, { status: 'OCRED' });
    expect(rerun.statusCode).toBe(200);
    const rerunning = (await call('GET', `/claims/${claimId}?org=vitraya`)).json<Claim>();
    expect(rerunning).toMatchObject({ error_code: null, error_message: null, rerunStatus: 'INPROGRESS', progress: expect.any(Object) });
  }

  test('suspending a paused batch releases its queued claims: they can be verified again and say why', async () => {
    const { id, ids } = await pausedBatch('Paused then suspended', 'SUS');
    const suspended = await call('PUT', `/claim/batch/${id}?suspend=True&org=vitraya`);
    expect(suspended.statusCode).toBe(200);
    expect(await batchRow(id)).toMatchObject({ status: 'SUSPENDED' });
    for (const claimId of ids) {
      await expectReleased(claimId, `Verification stopped: batch 'Paused then suspended' was suspended by ${REVIEWER}`);
    }
  });

  test('archiving a paused batch from the console releases its queued claims, and so do discard and drop', async () => {
    const archived = await pausedBatch('Paused then archived', 'ARC');
    const archive = await call(
      'PUT',
      '/claim/batch/archive/batch?org=vitraya',
      { nameList: ['Paused then archived'], archive: true },
      ADMIN,
    );
    expect(archive.statusCode).toBe(200);
    await expectReleased(archived.ids[0], `Verification stopped: batch 'Paused then archived' was archived by ${ADMIN}`);

    const discarded = await pausedBatch('Paused then discarded', 'DIS');
    const discard = await call(
      'PUT',
      '/claim/batch/discard/batch?org=vitraya',
      { nameList: ['Paused then discarded'], discard: true, reason: 'Duplicate' },
      ADMIN,
    );
    expect(discard.statusCode).toBe(200);
    await expectReleased(discarded.ids[0], `Verification stopped: batch 'Paused then discarded' was discarded by ${ADMIN}`);

    const dropped = await pausedBatch('Paused then dropped', 'DRP');
    const drop = await call('DELETE', '/claim/batch/drop?org=vitraya', { nameList: ['Paused then dropped'] }, ADMIN);
    expect(drop.statusCode).toBe(200);
    await expectReleased(dropped.ids[0], `Verification stopped: batch 'Paused then dropped' was dropped by ${ADMIN}`);
  });

  test('pausing keeps the queue: a resumed batch goes on with its claims', async () => {
    const { id, ids } = await pausedBatch('Paused then resumed', 'RES');
    expect((await call('PUT', `/claim/batch/${id}?resume=True&org=vitraya`)).statusCode).toBe(200);
    expect((await queuedJobs(ids)).map((j) => j.batchId)).toEqual([id, id]);
  });
});
