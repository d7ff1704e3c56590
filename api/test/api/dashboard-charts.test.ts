/**
 * The dashboard's charts through HTTP (on PGlite and PostgreSQL): claims whose verdict, arrival, due and close
 * times are set in the test, in a period long before the fixture's claims (which arrive when the database is made),
 * so nothing depends on the machine's clock. Verdicts by the display zone's day, open reviews by age at the
 * period's end with the overdue ones, the dashboard's scoping, and the refusals (403 for users, 400 naming the field).
 */
import type { AdjudicationResult } from '@claims/shared-kernel/constants';
import { decisionDiffers, type Decision } from '@claims/shared-kernel/contract';
import type { DashboardCharts, VerdictCounts } from '@claims/shared-kernel/contract';
import { claimDecisions, claims } from '../../src/db/schema';
import { DATABASES } from '../../testing/databases';
import { BASE } from '../../testing/http';
import { apiSuite } from '../../testing/suite';

const HOUR = 3_600_000;
/** The period every test below reads: three days of Asia/Kolkata (UTC+05:30). */
const PERIOD = '?from=2025-03-10&to=2025-03-12';
/** Its end: 2025-03-13 00:00 in Kolkata. */
const PERIOD_END = Date.parse('2025-03-12T18:30:00Z');
const hoursBeforeEnd = (hours: number) => new Date(PERIOD_END - hours * HOUR);

const none: VerdictCounts = { ACCEPTED: 0, REJECTED: 0, QUERY: 0, SUSPENDED: 0 };

interface TestClaim {
  org?: string;
  status?: string;
  result?: AdjudicationResult;
  verifiedOn?: string;
  /** Arrival (creation; `arrivalDate` when `downloadedArrival`). */
  arrived?: Date;
  downloadedArrival?: boolean;
  dueAt?: Date;
  closedAt?: Date;
  pausedAt?: Date;
  /** A person's decision records, oldest first: [procedure, decision, the verdict then, when]. */
  decisions?: [string, Decision, AdjudicationResult | null, string][];
}

describe.each(DATABASES)('dashboard charts on %s', (_name, open) => {
  const { app, as, db } = apiSuite(open, { users: ['vitraya.admin', 'vitraya.reviewer', 'starhealth.admin'] });
  let made = 0;

  const charts = (user: string, query = PERIOD) =>
    app.inject({ method: 'GET', url: `${BASE}/claims/dashboard/charts${query}`, headers: as(user) });
  const chartsOf = async (user: string, query = PERIOD) => {
    const response = await charts(user, query);
    expect([response.statusCode, response.statusCode === 200 ? null : response.json()]).toEqual([200, null]);
    return response.json<DashboardCharts>();
  };

  async function claim(values: TestClaim): Promise<void> {
    made += 1;
    const arrived = values.arrived ?? new Date('2025-01-01T00:00:00Z');
    const [{ id }] = await db()
      .insert(claims)
      .values({
        org: values.org ?? 'vitraya',
        referenceClaimId: `CHART-${made}`,
        caseType: 'PRE_AUTH',
        status: values.status ?? 'ADJUDICATED',
        adjudicationResult: values.result ?? null,
        lastVerifiedOn: values.verifiedOn ? new Date(values.verifiedOn) : null,
        // A downloaded claim arrived at the insurer before it was made here; the clock counts from its arrival.
        createdOn: values.downloadedArrival ? new Date(arrived.getTime() + 48 * HOUR) : arrived,
        arrivalDate: values.downloadedArrival ? arrived : null,
        dueAt: values.dueAt ?? null,
        reviewClosedAt: values.closedAt ?? null,
        reviewPausedAt: values.pausedAt ?? null,
        createdBy: 'charts-test',
      })
      .returning({ id: claims.id });
    for (const [procedureCode, decision, verdict, at] of values.decisions ?? [])
      await db()
        .insert(claimDecisions)
        .values({
          claimId: id,
          procedureCode,
          decision,
          verdict,
          differs: decisionDiffers(decision, verdict),
          decidedBy: 'vitraya.reviewer',
          decidedAt: new Date(at),
        });
  }

  beforeAll(async () => {
    // Verdicts: 18:29 UTC is 23:59 in Kolkata, 18:30 UTC the next day's midnight.
    await claim({ result: 'ACCEPTED', verifiedOn: '2025-03-10T18:29:00Z' });
    await claim({ result: 'ACCEPTED', verifiedOn: '2025-03-10T18:30:00Z' });
    await claim({ result: 'REJECTED', verifiedOn: '2025-03-11T02:00:00Z' });
    await claim({ result: 'QUERY', verifiedOn: '2025-03-12T18:29:59Z' });
    // Outside the period on either side.
    await claim({ result: 'SUSPENDED', verifiedOn: '2025-03-09T18:29:59Z' });
    await claim({ result: 'SUSPENDED', verifiedOn: '2025-03-12T18:30:00Z' });
    // Verified in the period but no longer ADJUDICATED (a re-run under way): not counted.
    await claim({ status: 'OCRED', result: 'REJECTED', verifiedOn: '2025-03-11T06:00:00Z' });
    // Insurers' claims.
    await claim({ org: 'starhealth', result: 'QUERY', verifiedOn: '2025-03-11T06:00:00Z' });
    await claim({ org: 'starhealth', status: 'OCRED', result: 'ACCEPTED', verifiedOn: '2025-03-11T07:00:00Z' });

    // Open reviews at the period's end, by the time waited since arrival; a bucket holds its lower bound.
    await claim({ result: 'QUERY', arrived: hoursBeforeEnd(2), dueAt: hoursBeforeEnd(-2) });
    await claim({ result: 'QUERY', arrived: hoursBeforeEnd(4), dueAt: hoursBeforeEnd(0.5) });
    await claim({ result: 'REJECTED', arrived: hoursBeforeEnd(24), dueAt: hoursBeforeEnd(20) });
    // Closed after the period's end: still open at its end.
    await claim({ result: 'REJECTED', arrived: hoursBeforeEnd(71), dueAt: hoursBeforeEnd(-49), closedAt: hoursBeforeEnd(-1) });
    // Downloaded: the arrival date counts, not the day it was made here (which is after the end).
    await claim({ result: 'SUSPENDED', arrived: hoursBeforeEnd(40), downloadedArrival: true, dueAt: hoursBeforeEnd(-80) });
    await claim({ result: 'QUERY', arrived: hoursBeforeEnd(72), dueAt: hoursBeforeEnd(-48) });
    await claim({ result: 'QUERY', arrived: hoursBeforeEnd(167), dueAt: hoursBeforeEnd(47) });
    await claim({ result: 'QUERY', arrived: hoursBeforeEnd(168), dueAt: hoursBeforeEnd(48) });
    await claim({ result: 'QUERY', arrived: hoursBeforeEnd(24 * 30), dueAt: hoursBeforeEnd(24 * 29) });
    // Not open at the end: closed before it, arrived after it, or needing no review (no due time).
    await claim({ result: 'REJECTED', arrived: hoursBeforeEnd(30), dueAt: hoursBeforeEnd(26), closedAt: hoursBeforeEnd(1) });
    await claim({ result: 'QUERY', arrived: hoursBeforeEnd(-1), dueAt: hoursBeforeEnd(-5) });
    await claim({ result: 'ACCEPTED', arrived: hoursBeforeEnd(10) });
    // Paused since before the end: open, but not overdue while its clock stands.
    await claim({ result: 'QUERY', arrived: hoursBeforeEnd(12), dueAt: hoursBeforeEnd(8), pausedAt: hoursBeforeEnd(9) });

    // Reviews a person decided, closed by their due time or after it; one closed at the verdict, by nobody.
    const decided = { result: 'REJECTED', arrived: new Date('2025-03-01T00:00:00Z') } as const;
    await claim({
      ...decided,
      dueAt: new Date('2025-03-10T12:00:00Z'),
      closedAt: new Date('2025-03-10T10:00:00Z'),
      decisions: [['P1', 'APPROVE', 'ACCEPTED', '2025-03-10T10:00:00Z']],
    });
    // Closed at 00:10 on the 12th in Kolkata, after its due time.
    await claim({
      ...decided,
      dueAt: new Date('2025-03-11T18:00:00Z'),
      closedAt: new Date('2025-03-11T18:40:00Z'),
      decisions: [
        ['P1', 'DENY', 'ACCEPTED', '2025-03-11T18:40:00Z'],
        ['P2', 'QUERY', 'QUERY', '2025-03-11T18:40:00Z'],
      ],
    });
    // A decision changed: only the newest counts.
    await claim({
      ...decided,
      dueAt: new Date('2025-03-12T00:00:00Z'),
      closedAt: new Date('2025-03-11T05:00:00Z'),
      decisions: [
        ['P1', 'DENY', 'REJECTED', '2025-03-11T04:00:00Z'],
        ['P1', 'APPROVE', 'REJECTED', '2025-03-11T05:00:00Z'],
      ],
    });
    // Closed at its due time to the second: on time.
    await claim({
      ...decided,
      dueAt: new Date('2025-03-11T06:00:00Z'),
      closedAt: new Date('2025-03-11T06:00:00Z'),
      decisions: [
        ['P1', 'DENY', 'REJECTED', '2025-03-11T06:00:00Z'],
        ['P2', 'QUERY', 'SUSPENDED', '2025-03-11T06:00:00Z'],
        // A procedure decided before any verdict: no verdict to count it against.
        ['P3', 'APPROVE', null, '2025-03-11T06:00:00Z'],
      ],
    });
    // Closed at the verdict (it needed nobody): no decision, not in the turnaround.
    await claim({ ...decided, dueAt: new Date('2025-03-11T12:00:00Z'), closedAt: new Date('2025-03-11T05:00:00Z') });
    // Its current decision was made after the period, its earlier one in it: neither counts.
    await claim({
      ...decided,
      decisions: [
        ['P1', 'DENY', 'REJECTED', '2025-03-11T05:00:00Z'],
        ['P1', 'APPROVE', 'REJECTED', '2025-03-12T18:30:00Z'],
      ],
    });

    // An insurer's open review, and one not ADJUDICATED (its insurer's users do not see it).
    await claim({ org: 'starhealth', result: 'QUERY', arrived: hoursBeforeEnd(3), dueAt: hoursBeforeEnd(1) });
    await claim({ org: 'starhealth', status: 'OCRED', result: 'QUERY', arrived: hoursBeforeEnd(3), dueAt: hoursBeforeEnd(-1) });
    // An insurer's decided reviews, one ADJUDICATED and one not.
    await claim({
      ...decided,
      org: 'starhealth',
      dueAt: new Date('2025-03-11T00:00:00Z'),
      closedAt: new Date('2025-03-11T08:00:00Z'),
      decisions: [['P1', 'DENY', 'QUERY', '2025-03-11T08:00:00Z']],
    });
    await claim({
      ...decided,
      org: 'starhealth',
      status: 'OCRED',
      dueAt: new Date('2025-03-12T00:00:00Z'),
      closedAt: new Date('2025-03-11T08:00:00Z'),
      decisions: [['P1', 'APPROVE', 'ACCEPTED', '2025-03-11T08:00:00Z']],
    });
  });

  test('counts the ADJUDICATED claims by the display zone’s day of their latest verdict, every day of the period listed', async () => {
    const body = await chartsOf('vitraya.admin');
    expect(body).toMatchObject({ organization: 'vitraya', from: '2025-03-10', to: '2025-03-12' });
    expect(body.verdictsByDay).toEqual([
      { day: '2025-03-10', verdicts: { ...none, ACCEPTED: 1 } },
      { day: '2025-03-11', verdicts: { ...none, ACCEPTED: 1, REJECTED: 1 } },
      { day: '2025-03-12', verdicts: { ...none, QUERY: 1 } },
    ]);
    const quiet = await chartsOf('vitraya.admin', '?from=2025-02-01&to=2025-02-02');
    expect(quiet.verdictsByDay).toEqual([
      { day: '2025-02-01', verdicts: none },
      { day: '2025-02-02', verdicts: none },
    ]);
  });

  test('counts the reviews open at the period’s end by the time waited since arrival, and the overdue ones', async () => {
    const body = await chartsOf('vitraya.admin');
    expect(body.at).toBe(new Date(PERIOD_END).toISOString());
    expect(body.openByAge).toEqual([
      { age: 'under4h', count: 1, overdue: 0 },
      { age: '4to24h', count: 2, overdue: 1 },
      { age: '1to3d', count: 3, overdue: 1 },
      { age: '3to7d', count: 2, overdue: 1 },
      { age: 'over7d', count: 2, overdue: 2 },
    ]);
    // A day earlier: the reviews that arrived on the last day were not there yet; two closed since were open and overdue.
    const dayBefore = await chartsOf('vitraya.admin', '?from=2025-03-10&to=2025-03-11');
    expect(dayBefore.at).toBe(new Date(PERIOD_END - 24 * HOUR).toISOString());
    expect(dayBefore.openByAge.map((row) => [row.age, row.count, row.overdue])).toEqual([
      ['under4h', 1, 0],
      ['4to24h', 2, 1],
      ['1to3d', 2, 0],
      ['3to7d', 2, 2],
      // A decided review closed ten minutes after this end, overdue then, with the one waiting a month.
      ['over7d', 2, 2],
    ]);
  });

  test('counts the reviews a person decided by the day they closed, on time or late', async () => {
    const body = await chartsOf('vitraya.admin');
    expect(body.turnaroundByDay).toEqual([
      { day: '2025-03-10', onTime: 1, late: 0 },
      { day: '2025-03-11', onTime: 2, late: 0 },
      { day: '2025-03-12', onTime: 0, late: 1 },
    ]);
  });

  test('counts the current decisions made in the period against the verdicts they stood beside', async () => {
    const body = await chartsOf('vitraya.admin');
    expect(body.decisionsByVerdict).toEqual([
      { decision: 'APPROVE', verdicts: { ...none, ACCEPTED: 1, REJECTED: 1 } },
      { decision: 'DENY', verdicts: { ...none, ACCEPTED: 1, REJECTED: 1 } },
      { decision: 'QUERY', verdicts: { ...none, QUERY: 1, SUSPENDED: 1 } },
    ]);
    const after = await chartsOf('vitraya.admin', '?from=2025-03-13&to=2025-03-13');
    expect(after.decisionsByVerdict[0]).toEqual({ decision: 'APPROVE', verdicts: { ...none, REJECTED: 1 } });
    expect(after.decisionsByVerdict[1]).toEqual({ decision: 'DENY', verdicts: none });
  });

  test("the provider reads an insurer's charts with ?org=, with its claims in every state", async () => {
    const body = await chartsOf('vitraya.admin', `${PERIOD}&org=starhealth`);
    expect(body.organization).toBe('starhealth');
    expect(body.verdictsByDay[1]).toEqual({ day: '2025-03-11', verdicts: { ...none, QUERY: 1 } });
    expect(body.openByAge[0]).toEqual({ age: 'under4h', count: 2, overdue: 1 });
    expect(body.turnaroundByDay[1]).toEqual({ day: '2025-03-11', onTime: 1, late: 1 });
    expect(body.decisionsByVerdict.map((row) => row.verdicts)).toEqual([{ ...none, ACCEPTED: 1 }, { ...none, QUERY: 1 }, none]);
  });

  test("an insurer's super user sees only its own ADJUDICATED claims, whatever ?org= names", async () => {
    for (const query of [PERIOD, `${PERIOD}&org=vitraya`]) {
      const body = await chartsOf('starhealth.admin', query);
      expect(body.organization).toBe('starhealth');
      expect(body.verdictsByDay.map((day) => day.verdicts)).toEqual([none, { ...none, QUERY: 1 }, none]);
      expect(body.openByAge.map((row) => row.count)).toEqual([1, 0, 0, 0, 0]);
      expect(body.openByAge[0].overdue).toBe(1);
      expect(body.turnaroundByDay.map((day) => [day.onTime, day.late])).toEqual([
        [0, 0],
        [0, 1],
        [0, 0],
      ]);
      expect(body.decisionsByVerdict.map((row) => row.verdicts)).toEqual([none, { ...none, QUERY: 1 }, none]);
    }
  });

  test('users who are not super users are refused with 403', async () => {
    const response = await charts('vitraya.reviewer');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'You are not authorized to perform this action: only a super user may do this' });
  });

  test.each([
    ['a period that ends before it starts', '?from=2025-03-10&to=2025-03-01', 'to: the period must end on or after its first day'],
    ['a period over a year', '?from=2024-01-01&to=2025-01-01', 'to: the period covers 367 days; choose at most 366'],
    ['a day that does not exist', '?from=2025-02-30&to=2025-03-01', "querystring from: '2025-02-30' is not a calendar date"],
    ['an organisation that does not exist', `${PERIOD}&org=nowhere`, "org: unknown organisation 'nowhere'"],
  ])('%s answers 400 with a detail naming the field', async (_case, query, detail) => {
    const response = await charts('vitraya.admin', query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail });
  });
});
