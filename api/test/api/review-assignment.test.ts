/**
 * Review work (issue 23 §1-§3, docs/review-work.md): the review's clock, assignment on verdict, round robin with
 * limits, the sampling of ACCEPTED claims, due times per insurer and case type, reassignment by provider super users
 * with its audit entries, My queue and the claims list's review fields and filters.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { AdjudicationResult, CaseType } from '@claims/shared-kernel/constants';
import type { ClaimListRow, ReviewQueue, ReviewSettings } from '@claims/shared-kernel/contract';
import type { ReviewPolicy } from '../../src/config';
import { auditLog, batches, claims, users } from '../../src/db/schema';
import { startVerificationWorker } from '../../src/jobs';
import { ROUND_ROBIN_USER, sampledForReview, startReview } from '../../src/review/assignment';
import { closeReview, pauseClock, resumeClock } from '../../src/review/clock';
import { reviewQueue } from '../../src/review/queue';
import { DATABASES } from '../../testing/databases';
import { BASE, FORM, quiet, RERUN } from '../../testing/http';
import { apiSuite } from '../../testing/suite';

const HOUR = 3600_000;
const ARRIVAL = new Date('2025-03-10T04:00:00Z');
const after = (ms: number) => new Date(ARRIVAL.getTime() + ms);
const SETTINGS_DEFAULTS = [
  { org: null, caseType: 'PRE_AUTH', dueHours: 4 },
  { org: null, caseType: 'SETTLEMENT', dueHours: 120 },
] as const;

describe.each(DATABASES)('review assignment on %s', (_name, open) => {
  const { app, as, db, fixture: ids } = apiSuite(open, { users: ['vitraya.admin', 'vitraya.reviewer', 'starhealth.reviewer'] });
  const call = (user: string, method: InjectOptions['method'], url: string, payload?: InjectOptions['payload'], headers = {}) =>
    app.inject({ method, url: `${BASE}${url}`, headers: { ...as(user), ...headers }, payload });

  beforeAll(async () => {
    // Two more reviewers of the provider; neither an inactive user nor a super user reviews.
    const [{ passwordHash }] = await db().select({ passwordHash: users.passwordHash }).from(users).limit(1);
    await db()
      .insert(users)
      .values([
        { username: 'vitraya.ana', passwordHash, organization: 'vitraya', role: 'user' },
        { username: 'vitraya.bob', passwordHash, organization: 'vitraya', role: 'user' },
        { username: 'vitraya.gone', passwordHash, organization: 'vitraya', role: 'user', active: false },
      ]);
  });

  const review = async (id: number) => {
    const [row] = await db()
      .select({
        dueAt: claims.dueAt,
        pausedAt: claims.reviewPausedAt,
        pausedSeconds: claims.reviewPausedSeconds,
        closedAt: claims.reviewClosedAt,
        turnaround: claims.turnaroundSeconds,
        assignedTo: claims.assignedTo,
      })
      .from(claims)
      .where(eq(claims.id, id));
    return row;
  };

  let serial = 0;
  /** A new claim that arrived at ARRIVAL, with the verdict stored (status ADJUDICATED, or SUSPENDED for that verdict). */
  const newClaim = async (org: string, result: AdjudicationResult, caseType: CaseType = 'SETTLEMENT'): Promise<number> => {
    serial += 1;
    const [row] = await db()
      .insert(claims)
      .values({
        org,
        referenceClaimId: `RV-${serial}`,
        caseType,
        patientName: `Reviewed ${serial}`,
        status: result === 'SUSPENDED' ? 'SUSPENDED' : 'ADJUDICATED',
        adjudicationResult: result,
        arrivalDate: ARRIVAL,
        createdBy: 'fixture',
      })
      .returning({ id: claims.id });
    return row.id;
  };
  /** The verdict's transaction, as the verification job runs it. */
  const verdict = (id: number, result: AdjudicationResult, policy: ReviewPolicy, at = after(HOUR)) =>
    db().transaction((tx) => startReview(tx, id, result, policy, at));
  const assignmentAudit = async (id: number) =>
    db()
      .select({ username: auditLog.username, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'claims'), eq(auditLog.key, String(id)), eq(auditLog.action, 'assign')))
      .orderBy(auditLog.id);

  describe('the clock', () => {
    test('a pause moves the due time later by its span, and the turnaround leaves it out', async () => {
      const id = ids['VT-OPEN-1'];
      await db()
        .update(claims)
        .set({ arrivalDate: ARRIVAL, dueAt: after(4 * HOUR) })
        .where(eq(claims.id, id));

      await pauseClock(db(), id, after(HOUR));
      await pauseClock(db(), id, after(2 * HOUR)); // already paused: the first pause counts
      expect(await review(id)).toMatchObject({ pausedAt: after(HOUR), dueAt: after(4 * HOUR) });

      await resumeClock(db(), id, after(3 * HOUR));
      expect(await review(id)).toMatchObject({ pausedAt: null, pausedSeconds: 7200, dueAt: after(6 * HOUR) });
      await resumeClock(db(), id, after(4 * HOUR)); // running: nothing to resume
      expect(await review(id)).toMatchObject({ pausedSeconds: 7200, dueAt: after(6 * HOUR) });

      // Paused again and closed while paused: the open pause counts up to the close.
      await pauseClock(db(), id, after(5 * HOUR));
      await closeReview(db(), id, after(7 * HOUR));
      expect(await review(id)).toMatchObject({ closedAt: after(7 * HOUR), pausedSeconds: 4 * 3600, turnaround: 3 * 3600 });

      // Closed: the clock neither pauses nor closes again.
      await pauseClock(db(), id, after(8 * HOUR));
      await closeReview(db(), id, after(9 * HOUR));
      expect(await review(id)).toMatchObject({ pausedAt: null, closedAt: after(7 * HOUR), turnaround: 3 * 3600 });
    });

    test('without an arrival date the turnaround counts from the claim’s creation', async () => {
      const id = ids['SH-OPEN-1'];
      const [{ createdOn }] = await db().select({ createdOn: claims.createdOn }).from(claims).where(eq(claims.id, id));
      await closeReview(db(), id, new Date(createdOn.getTime() + 90 * 60_000));
      expect(await review(id)).toMatchObject({ turnaround: 5400, pausedSeconds: 0 });
    });
  });

  describe('assignment on verdict', () => {
    const everyone: ReviewPolicy = { sampleAcceptedPercent: 10, openClaimLimit: 2 };

    test('round robin over the organisation’s reviewers, skipping those at the limit; all full leaves it unassigned', async () => {
      const claimsInTurn = [];
      for (const result of ['REJECTED', 'QUERY', 'SUSPENDED', 'REJECTED', 'QUERY', 'REJECTED', 'REJECTED'] as const)
        claimsInTurn.push(await newClaim('vitraya', result));
      for (const [index, id] of claimsInTurn.entries()) await verdict(id, index === 2 ? 'SUSPENDED' : 'REJECTED', everyone);

      const holders = await Promise.all(claimsInTurn.map(async (id) => (await review(id)).assignedTo));
      expect(holders).toEqual(['vitraya.ana', 'vitraya.bob', 'vitraya.reviewer', 'vitraya.ana', 'vitraya.bob', 'vitraya.reviewer', null]);
      // Every assigned claim is open and due at arrival + the default SETTLEMENT time.
      expect(await review(claimsInTurn[0])).toMatchObject({ dueAt: after(120 * HOUR), closedAt: null });
      expect(await review(claimsInTurn[6])).toMatchObject({ dueAt: after(120 * HOUR), closedAt: null, assignedTo: null });
      expect(await assignmentAudit(claimsInTurn[1])).toEqual([
        { username: ROUND_ROBIN_USER, before: { assignedTo: null }, after: { assignedTo: 'vitraya.bob' } },
      ]);

      // One of Ana's claims is decided: the unassigned claim's next verdict finds her turn free again.
      await closeReview(db(), claimsInTurn[0], after(2 * HOUR));
      await verdict(claimsInTurn[6], 'REJECTED', everyone);
      expect((await review(claimsInTurn[6])).assignedTo).toBe('vitraya.ana');
    });

    test('ACCEPTED claims need a person only when sampled; the others are closed at the verdict', async () => {
      const candidates = [];
      for (let i = 0; i < 30; i++) candidates.push(await newClaim('maxbupa', 'ACCEPTED'));
      const sampled = candidates.find((id) => sampledForReview(id, 10));
      const notSampled = candidates.find((id) => !sampledForReview(id, 10));
      expect(sampled).toBeDefined();
      expect(notSampled).toBeDefined();
      const policy: ReviewPolicy = { sampleAcceptedPercent: 10, openClaimLimit: 40 };
      await verdict(sampled!, 'ACCEPTED', policy);
      await verdict(notSampled!, 'ACCEPTED', policy, after(3 * HOUR));
      expect(await review(sampled!)).toMatchObject({ assignedTo: 'maxbupa.reviewer', closedAt: null });
      expect(await review(notSampled!)).toMatchObject({ assignedTo: null, closedAt: after(3 * HOUR), turnaround: 3 * 3600 });
      // All or none by the percentage.
      expect(candidates.every((id) => sampledForReview(id, 100) && !sampledForReview(id, 0))).toBe(true);
    });

    test('an insurer’s claims go to its reviewers, its SUSPENDED ones (which it cannot see) to the provider', async () => {
      const policy: ReviewPolicy = { sampleAcceptedPercent: 0, openClaimLimit: 40 };
      const rejected = await newClaim('starhealth', 'REJECTED');
      const suspended = await newClaim('starhealth', 'SUSPENDED');
      await verdict(rejected, 'REJECTED', policy);
      await verdict(suspended, 'SUSPENDED', policy);
      expect((await review(rejected)).assignedTo).toBe('starhealth.reviewer');
      expect((await review(suspended)).assignedTo).toMatch(/^vitraya\./);
    });

    test('a verdict stored by the verification job starts the review', async () => {
      const id = ids['VT-REJ-1'];
      await db().update(claims).set({ arrivalDate: ARRIVAL }).where(eq(claims.id, id));
      expect((await call('vitraya.admin', 'PUT', `/claims/${id}`, RERUN, FORM)).statusCode).toBe(200);
      const worker = startVerificationWorker({ db: db(), store: app.documentStore, concurrency: 1, pollMs: 25, log: quiet });
      await worker.drain();
      await worker.stop();
      const [row] = await db().select({ result: claims.adjudicationResult }).from(claims).where(eq(claims.id, id));
      expect(row.result).not.toBe('ACCEPTED');
      expect(await review(id)).toMatchObject({ dueAt: after(120 * HOUR), closedAt: null, assignedTo: expect.stringMatching(/^vitraya\./) });
    });
  });

  describe('due times per insurer and case type', () => {
    test('provider super users edit them; the insurer’s own row wins over the default', async () => {
      const dueTimes = [...SETTINGS_DEFAULTS, { org: 'starhealth', caseType: 'SETTLEMENT', dueHours: 48 }];
      expect((await call('vitraya.reviewer', 'PUT', '/review/settings', { dueTimes })).statusCode).toBe(403);
      expect((await call('starhealth.reviewer', 'GET', '/review/settings')).statusCode).toBe(403);
      const missingDefault = await call('vitraya.admin', 'PUT', '/review/settings', { dueTimes: dueTimes.slice(1) });
      expect(missingDefault.statusCode).toBe(400);
      expect(missingDefault.json()).toEqual({ detail: 'dueTimes: the default due time of PRE_AUTH is required' });
      const twice = await call('vitraya.admin', 'PUT', '/review/settings', { dueTimes: [...dueTimes, dueTimes[2]] });
      expect(twice.json()).toEqual({ detail: 'dueTimes: starhealth SETTLEMENT is given twice' });
      const unknown = await call('vitraya.admin', 'PUT', '/review/settings', {
        dueTimes: [...SETTINGS_DEFAULTS, { org: 'nobody', caseType: 'PRE_AUTH', dueHours: 2 }],
      });
      expect(unknown.json()).toEqual({ detail: "dueTimes: unknown organisation 'nobody'" });
      const zero = await call('vitraya.admin', 'PUT', '/review/settings', { dueTimes: [{ ...SETTINGS_DEFAULTS[0], dueHours: 0 }] });
      expect(zero.statusCode).toBe(400);

      const saved = await call('vitraya.admin', 'PUT', '/review/settings', { dueTimes });
      expect(saved.statusCode).toBe(200);
      expect(saved.json<ReviewSettings>()).toMatchObject({ dueTimes, lastModifiedBy: 'vitraya.admin', sampleAcceptedPercent: 10 });
      expect((await call('vitraya.reviewer', 'GET', '/review/settings')).json<ReviewSettings>().dueTimes).toEqual(dueTimes);

      const policy: ReviewPolicy = { sampleAcceptedPercent: 0, openClaimLimit: 40 };
      const own = await newClaim('starhealth', 'REJECTED');
      const preAuth = await newClaim('starhealth', 'REJECTED', 'PRE_AUTH');
      const other = await newClaim('maxbupa', 'REJECTED');
      for (const id of [own, preAuth, other]) await verdict(id, 'REJECTED', policy);
      expect((await review(own)).dueAt).toEqual(after(48 * HOUR));
      expect((await review(preAuth)).dueAt).toEqual(after(4 * HOUR));
      expect((await review(other)).dueAt).toEqual(after(120 * HOUR));
    });
  });

  describe('reassignment and My queue', () => {
    test('only provider super users reassign, to a reviewer of the claim’s reviewing organisation; each move is audited', async () => {
      const id = await newClaim('vitraya', 'REJECTED');
      await verdict(id, 'REJECTED', { sampleAcceptedPercent: 0, openClaimLimit: 40 });
      const from = (await review(id)).assignedTo;
      const to = from === 'vitraya.reviewer' ? 'vitraya.bob' : 'vitraya.reviewer';

      expect((await call('vitraya.reviewer', 'POST', '/review/assign', { claimIds: [id], reviewer: to })).statusCode).toBe(403);
      const unknown = await call('vitraya.admin', 'POST', '/review/assign', { claimIds: [id], reviewer: 'nobody' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ detail: "reviewer: unknown reviewer 'nobody'" });
      const otherOrg = await call('vitraya.admin', 'POST', '/review/assign', { claimIds: [id], reviewer: 'starhealth.reviewer' });
      expect(otherOrg.statusCode).toBe(400);
      expect(otherOrg.json().detail).toBe(`reviewer: starhealth.reviewer is of starhealth; claim ${id} is reviewed by vitraya`);
      const missing = await call('vitraya.admin', 'POST', '/review/assign', { claimIds: [id, 999_999], reviewer: to });
      expect(missing.json()).toEqual({ detail: 'claimIds: unknown claim 999999' });
      expect((await review(id)).assignedTo).toBe(from);

      const moved = await call('vitraya.admin', 'POST', '/review/assign', { claimIds: [id], reviewer: to });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toEqual({ assigned: [{ claimId: id, from, to }] });
      expect((await review(id)).assignedTo).toBe(to);
      expect((await assignmentAudit(id)).at(-1)).toEqual({
        username: 'vitraya.admin',
        before: { assignedTo: from },
        after: { assignedTo: to },
      });

      await closeReview(db(), id, after(2 * HOUR));
      const closed = await call('vitraya.admin', 'POST', '/review/assign', { claimIds: [id], reviewer: from });
      expect(closed.json()).toEqual({ detail: `claimIds: the review of claim ${id} is closed` });
    });

    test('a reviewer’s queue by due time with the day’s counts; the super user sees every load and the unassigned', async () => {
      const now = new Date('2025-03-20T12:00:00Z'); // 17:30 in Asia/Kolkata
      const overdue = await newClaim('vitraya', 'REJECTED');
      const dueTonight = await newClaim('vitraya', 'QUERY');
      const dueLater = await newClaim('vitraya', 'REJECTED');
      const paused = await newClaim('vitraya', 'REJECTED');
      const nobody = await newClaim('vitraya', 'REJECTED');
      const due = {
        [overdue]: '2025-03-20T11:00:00Z',
        [dueTonight]: '2025-03-20T18:00:00Z',
        [dueLater]: '2025-03-21T12:00:00Z',
        [paused]: '2025-03-19T00:00:00Z',
      };
      await db()
        .update(claims)
        .set({ assignedTo: null, reviewClosedAt: after(0) })
        .where(eq(claims.assignedTo, 'vitraya.bob'));
      for (const [id, at] of Object.entries(due))
        await db()
          .update(claims)
          .set({ assignedTo: 'vitraya.bob', dueAt: new Date(at) })
          .where(eq(claims.id, Number(id)));
      await pauseClock(db(), paused, new Date('2025-03-18T00:00:00Z'));
      await db()
        .update(claims)
        .set({ dueAt: new Date('2025-03-19T00:00:00Z') })
        .where(eq(claims.id, nobody));

      const bob = { username: 'vitraya.bob', organization: 'vitraya', role: 'user' as const, jti: 'j', exp: 0, ver: 0 };
      const mine = await reviewQueue(db(), bob, undefined, now, 'Asia/Kolkata');
      // Due tonight at 23:30 Kolkata counts today; the paused claim is never overdue.
      expect(mine.counts).toEqual({ open: 4, dueToday: 1, overdue: 1 });
      expect(mine.claims.map((c) => [c.id, c.overdue, c.paused])).toEqual([
        [paused, false, true],
        [overdue, true, false],
        [dueTonight, false, false],
        [dueLater, false, false],
      ]);
      expect(mine.reviewers).toBeUndefined();

      // Through HTTP, at the real now (long after these due times): another reviewer's queue is the super user's to see.
      expect((await call('vitraya.reviewer', 'GET', '/review/queue?reviewer=vitraya.bob')).statusCode).toBe(403);
      const supervised = (await call('vitraya.admin', 'GET', '/review/queue?reviewer=vitraya.bob')).json<ReviewQueue>();
      expect(supervised.claims.map((c) => c.id)).toEqual([paused, overdue, dueTonight, dueLater]);
      expect(supervised.reviewers).toContainEqual({ username: 'vitraya.bob', organization: 'vitraya', open: 4, overdue: 3 });
      expect(supervised.unassigned?.claims.map((c) => c.id)).toContain(nobody);
      const own = (await call('vitraya.reviewer', 'GET', '/review/queue')).json<ReviewQueue>();
      expect(own.reviewer).toBe('vitraya.reviewer');
      expect(own.claims.every((c) => c.assignedTo === 'vitraya.reviewer')).toBe(true);

      // The claims list carries the review's fields and filters by them (overdue at the database's now: long past).
      const search = async (body: object) =>
        (await call('vitraya.admin', 'POST', '/claims/search?limit=100&page_number=1', body)).json<ClaimListRow[]>();
      const overdueRows = await search({ overdue: true, assignedTo: ['vitraya.bob'] });
      expect(overdueRows.map((r) => r.id).sort()).toEqual([overdue, dueTonight, dueLater].sort());
      expect(overdueRows.find((r) => r.id === overdue)).toMatchObject({
        assignedTo: 'vitraya.bob',
        dueAt: '2025-03-20T11:00:00.000Z',
        overdue: true,
      });
      const unassigned = await search({ assignedTo: [''], overdue: true });
      expect(unassigned.map((r) => r.id)).toContain(nobody);
      expect(unassigned.every((r) => r.assignedTo === null)).toBe(true);

      // A batch's claims list marks them too.
      const [batch] = await db().insert(batches).values({ batchName: 'Review batch', org: 'vitraya' }).returning({ id: batches.id });
      await db()
        .update(claims)
        .set({ batchId: batch.id })
        .where(inArray(claims.id, [overdue, paused]));
      const inBatch = (await call('vitraya.admin', 'GET', `/claim/batch/${batch.id}?org=vitraya`)).json<ClaimListRow[]>();
      expect(Object.fromEntries(inBatch.map((r) => [r.id, r.overdue]))).toEqual({ [overdue]: true, [paused]: false });
    });
  });
});
