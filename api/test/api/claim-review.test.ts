/**
 * The claim's review on GET /claims/{claimId} (issue 23, docs/review-work.md): who holds it, the organisation that
 * reviews it, its due time, overdue or paused, and once closed its turnaround. The due times lie years away from any
 * test's run, so whether one has passed does not depend on the machine's clock.
 */
import { eq } from 'drizzle-orm';
import type { Claim } from '@claims/shared-kernel/contract';
import { claims } from '../../src/db/schema';
import { DATABASES } from '../../testing/databases';
import { BASE, schemaDrifts } from '../../testing/http';
import { apiSuite } from '../../testing/suite';

const LONG_PAST = new Date('2020-01-10T04:00:00Z');
const FAR_FUTURE = new Date('2100-01-10T04:00:00Z');

describe.each(DATABASES)('claim review on %s', (_name, open) => {
  const { app, as, db, errorLog, fixture } = apiSuite(open, { users: ['vitraya.admin', 'starhealth.reviewer'] });

  const claimAs = async (user: string, ref: string): Promise<Claim> => {
    const response = await app.inject({ method: 'GET', url: `${BASE}/claims/${fixture[ref]}`, headers: as(user) });
    expect(response.statusCode).toBe(200);
    return response.json<Claim>();
  };
  const setReview = (ref: string, values: Partial<typeof claims.$inferInsert>) =>
    db().update(claims).set(values).where(eq(claims.id, fixture[ref]));

  test('before the first verdict the review has not started', async () => {
    expect((await claimAs('vitraya.admin', 'VT-OPEN-1')).review).toEqual({
      reviewingOrg: 'vitraya',
      assignedTo: null,
      dueAt: null,
      overdue: false,
      paused: false,
      closedAt: null,
      turnaroundSeconds: null,
    });
  });

  test('an open review past its due time is overdue; one due later is not', async () => {
    await setReview('VT-REJ-1', { assignedTo: 'vitraya.reviewer', dueAt: LONG_PAST });
    expect((await claimAs('vitraya.admin', 'VT-REJ-1')).review).toEqual({
      reviewingOrg: 'vitraya',
      assignedTo: 'vitraya.reviewer',
      dueAt: LONG_PAST.toISOString(),
      overdue: true,
      paused: false,
      closedAt: null,
      turnaroundSeconds: null,
    });
    await setReview('VT-REJ-1', { dueAt: FAR_FUTURE });
    expect((await claimAs('vitraya.admin', 'VT-REJ-1')).review).toMatchObject({ dueAt: FAR_FUTURE.toISOString(), overdue: false });
  });

  test('a paused clock is never overdue', async () => {
    await setReview('VT-ACC-1', { assignedTo: 'vitraya.reviewer', dueAt: LONG_PAST, reviewPausedAt: LONG_PAST });
    expect((await claimAs('vitraya.admin', 'VT-ACC-1')).review).toMatchObject({ paused: true, overdue: false });
  });

  test("a closed review has its turnaround; an insurer's reviewer reads the review of its own claim", async () => {
    const closedAt = new Date(LONG_PAST.getTime() + 7200_000);
    await setReview('SH-ADJ-2', {
      assignedTo: 'starhealth.reviewer',
      dueAt: LONG_PAST,
      reviewClosedAt: closedAt,
      turnaroundSeconds: 7200,
    });
    const expected = {
      reviewingOrg: 'starhealth',
      assignedTo: 'starhealth.reviewer',
      dueAt: LONG_PAST.toISOString(),
      overdue: false,
      paused: false,
      closedAt: closedAt.toISOString(),
      turnaroundSeconds: 7200,
    };
    expect((await claimAs('vitraya.admin', 'SH-ADJ-2')).review).toEqual(expected);
    expect((await claimAs('starhealth.reviewer', 'SH-ADJ-2')).review).toEqual(expected);
    expect(schemaDrifts(errorLog)).toEqual([]);
  });
});
