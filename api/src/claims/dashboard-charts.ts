/**
 * The dashboard's charts (issue 23 §5) over a period of the display zone: the verdicts given per day, the open
 * reviews by how long they have waited, the reviews decided per day on time or late, and the people's decisions
 * against the adjudicator's verdicts. Scoped like the dashboard's counts (src/claims/dashboard.ts): one
 * organisation, and for insurer users its ADJUDICATED claims alone.
 */
import { and, eq, gte, isNotNull, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { ADJUDICATION_RESULTS, type AdjudicationResult } from '@claims/shared-kernel/constants';
import {
  DECISIONS,
  type DashboardCharts,
  type Decision,
  type DecisionVerdictRow,
  type OpenAgeBucket,
  type OpenAgeRow,
  type TurnaroundDay,
  type VerdictCounts,
  type VerdictDay,
} from '@claims/shared-kernel/contract';
import { rowsOf, type DbOrTx } from '../db';
import { claimDecisions, claims } from '../db/schema';
import type { QualityPeriod } from './quality';

export interface ChartsScope {
  org: string;
  /** Insurer users: only the organisation's ADJUDICATED claims count, as their lists show them. */
  adjudicatedOnly: boolean;
}

const noVerdicts = (): VerdictCounts => ({ ACCEPTED: 0, REJECTED: 0, QUERY: 0, SUSPENDED: 0 });
const isVerdict = (value: string | null): value is AdjudicationResult => (ADJUDICATION_RESULTS as readonly string[]).includes(value ?? '');

/** The organisation's claims the charts count: for insurer users, its ADJUDICATED ones alone. */
const inScope = (scope: ChartsScope): SQL =>
  scope.adjudicatedOnly ? sql`${claims.org} = ${scope.org} and ${claims.status} = 'ADJUDICATED'` : sql`${claims.org} = ${scope.org}`;

/** An instant as a SQL timestamptz (the same text on PGlite and PostgreSQL). */
const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** A timestamp's day in the zone, YYYY-MM-DD. */
const dayIn = (column: AnyColumn, zone: string) => sql<string>`to_char(${column} at time zone ${zone}, 'YYYY-MM-DD')`;

/** The days from `from` to `to`, both included (YYYY-MM-DD, calendar days without a zone). */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = new Date(`${from}T00:00:00Z`); day.toISOString().slice(0, 10) <= to; day.setUTCDate(day.getUTCDate() + 1))
    days.push(day.toISOString().slice(0, 10));
  return days;
}

/** Each day of the period with the ADJUDICATED claims whose latest verdict was given that day (in `zone`), by verdict. */
async function verdictsByDay(db: DbOrTx, scope: ChartsScope, period: QualityPeriod, zone: string): Promise<VerdictDay[]> {
  const day = dayIn(claims.lastVerifiedOn, zone);
  const rows = await db
    .select({ day, verdict: claims.adjudicationResult, count: sql<number>`count(*)::int` })
    .from(claims)
    .where(
      and(
        eq(claims.org, scope.org),
        eq(claims.status, 'ADJUDICATED'),
        isNotNull(claims.adjudicationResult),
        gte(claims.lastVerifiedOn, period.start),
        lt(claims.lastVerifiedOn, period.end),
      ),
    )
    // By position: the day's expression carries the zone as a parameter, which PostgreSQL does not match to the select's.
    .groupBy(sql`1`, sql`2`);
  const byDay = new Map(daysOf(period.from, period.to).map((d) => [d, noVerdicts()]));
  for (const row of rows) {
    const counts = byDay.get(row.day);
    if (counts && isVerdict(row.verdict)) counts[row.verdict] += row.count;
  }
  return [...byDay].map(([d, verdicts]) => ({ day: d, verdicts }));
}

const HOUR = 3600;
/** Each bucket's lower bound in seconds of waiting, in OPEN_AGE_BUCKETS' order. */
const AGE_FROM: readonly [OpenAgeBucket, number][] = [
  ['under4h', 0],
  ['4to24h', 4 * HOUR],
  ['1to3d', 24 * HOUR],
  ['3to7d', 72 * HOUR],
  ['over7d', 168 * HOUR],
];

/**
 * The reviews open at `at` (arrived by then, due time set, not closed by then), by how long they had waited since
 * arrival, and how many of each were past their due time.
 */
async function openByAge(db: DbOrTx, scope: ChartsScope, at: Date): Promise<OpenAgeRow[]> {
  const then = instant(at);
  const arrival = sql`coalesce(${claims.arrivalDate}, ${claims.createdOn})`;
  const waited = sql`extract(epoch from (${then} - ${arrival}))`;
  const bucket = sql<string>`case ${sql.join(
    AGE_FROM.slice(1)
      .reverse()
      .map(([name, from]) => sql`when ${waited} >= ${from} then ${name}::text`),
    sql` `,
  )} else ${AGE_FROM[0][0]}::text end`;
  // Overdue as my queue counts it: past the due time with the clock running (a review paused since is not).
  const overdue = sql`${claims.dueAt} < ${then} and (${claims.reviewPausedAt} is null or ${claims.reviewPausedAt} > ${then})`;
  const rows = await rowsOf<{ age: OpenAgeBucket; count: number; overdue: number }>(
    db,
    sql`select ${bucket} as "age", count(*)::int as "count", count(*) filter (where ${overdue})::int as "overdue"
        from ${claims}
        where ${inScope(scope)} and ${claims.dueAt} is not null and ${arrival} <= ${then}
          and (${claims.reviewClosedAt} is null or ${claims.reviewClosedAt} > ${then})
        group by 1`,
  );
  return AGE_FROM.map(([age]) => {
    const row = rows.find((r) => r.age === age);
    return { age, count: row?.count ?? 0, overdue: row?.overdue ?? 0 };
  });
}

/** A person decided the claim: its review was closed by a decision, not at the verdict. */
const decidedByPerson = sql`exists (select 1 from ${claimDecisions} where ${claimDecisions.claimId} = ${claims.id})`;

/** Each day of the period with the reviews a person closed that day, by their due time or after it. */
async function turnaroundByDay(db: DbOrTx, scope: ChartsScope, period: QualityPeriod, zone: string): Promise<TurnaroundDay[]> {
  const rows = await rowsOf<TurnaroundDay>(
    db,
    sql`select ${dayIn(claims.reviewClosedAt, zone)} as "day",
          count(*) filter (where ${claims.reviewClosedAt} <= ${claims.dueAt})::int as "onTime",
          count(*) filter (where ${claims.reviewClosedAt} > ${claims.dueAt})::int as "late"
        from ${claims}
        where ${inScope(scope)} and ${claims.dueAt} is not null
          and ${claims.reviewClosedAt} >= ${instant(period.start)} and ${claims.reviewClosedAt} < ${instant(period.end)}
          and ${decidedByPerson}
        group by 1`,
  );
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return daysOf(period.from, period.to).map((day) => ({ day, onTime: byDay.get(day)?.onTime ?? 0, late: byDay.get(day)?.late ?? 0 }));
}

/**
 * Each decision with the procedures whose current decision (the newest record of the claim and procedure) was made in
 * the period, by the verdict the procedure had then.
 */
async function decisionsByVerdict(db: DbOrTx, scope: ChartsScope, period: QualityPeriod): Promise<DecisionVerdictRow[]> {
  const rows = await rowsOf<{ decision: Decision; verdict: string | null; count: number }>(
    db,
    sql`select current.decision as "decision", current.verdict as "verdict", count(*)::int as "count"
        from (
          select distinct on (${claimDecisions.claimId}, ${claimDecisions.procedureCode})
            ${claimDecisions.decision} as decision, ${claimDecisions.verdict} as verdict, ${claimDecisions.decidedAt} as decided_at
          from ${claimDecisions} join ${claims} on ${claims.id} = ${claimDecisions.claimId}
          where ${inScope(scope)}
          order by ${claimDecisions.claimId}, ${claimDecisions.procedureCode}, ${claimDecisions.id} desc
        ) current
        where current.decided_at >= ${instant(period.start)} and current.decided_at < ${instant(period.end)}
        group by 1, 2`,
  );
  return DECISIONS.map((decision) => {
    const verdicts = noVerdicts();
    for (const row of rows) if (row.decision === decision && isVerdict(row.verdict)) verdicts[row.verdict] += row.count;
    return { decision, verdicts };
  });
}

/**
 * The charts of the period. The open reviews are those open at the period's end, or at `now` when the period ends
 * today: a past period shows its backlog as it stood then.
 */
export async function dashboardCharts(
  db: DbOrTx,
  scope: ChartsScope,
  period: QualityPeriod,
  { zone, now }: { zone: string; now: Date },
): Promise<DashboardCharts> {
  const at = period.end < now ? period.end : now;
  return {
    organization: scope.org,
    from: period.from,
    to: period.to,
    at: at.toISOString(),
    verdictsByDay: await verdictsByDay(db, scope, period, zone),
    openByAge: await openByAge(db, scope, at),
    turnaroundByDay: await turnaroundByDay(db, scope, period, zone),
    decisionsByVerdict: await decisionsByVerdict(db, scope, period),
  };
}
