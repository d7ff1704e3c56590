/**
 * The dashboard's charts (issue 23 §5) over a period of the display zone: the verdicts given per day, and the open
 * reviews by how long they have waited. Scoped like the dashboard's counts (src/claims/dashboard.ts): one
 * organisation, and for insurer users its ADJUDICATED claims alone.
 */
import { and, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { ADJUDICATION_RESULTS, type AdjudicationResult } from '@claims/shared-kernel/constants';
import type { DashboardCharts, OpenAgeBucket, OpenAgeRow, VerdictCounts, VerdictDay } from '@claims/shared-kernel/contract';
import { rowsOf, type DbOrTx } from '../db';
import { claims } from '../db/schema';
import type { QualityPeriod } from './quality';

export interface ChartsScope {
  org: string;
  /** Insurer users: only the organisation's ADJUDICATED claims count, as their lists show them. */
  adjudicatedOnly: boolean;
}

const noVerdicts = (): VerdictCounts => ({ ACCEPTED: 0, REJECTED: 0, QUERY: 0, SUSPENDED: 0 });

/** The days from `from` to `to`, both included (YYYY-MM-DD, calendar days without a zone). */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = new Date(`${from}T00:00:00Z`); day.toISOString().slice(0, 10) <= to; day.setUTCDate(day.getUTCDate() + 1))
    days.push(day.toISOString().slice(0, 10));
  return days;
}

/** Each day of the period with the ADJUDICATED claims whose latest verdict was given that day (in `zone`), by verdict. */
async function verdictsByDay(db: DbOrTx, scope: ChartsScope, period: QualityPeriod, zone: string): Promise<VerdictDay[]> {
  const day = sql<string>`to_char(${claims.lastVerifiedOn} at time zone ${zone}, 'YYYY-MM-DD')`;
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
    if (counts && (ADJUDICATION_RESULTS as readonly string[]).includes(row.verdict ?? ''))
      counts[row.verdict as AdjudicationResult] += row.count;
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
  const instant = sql`${at.toISOString()}::timestamptz`;
  const arrival = sql`coalesce(${claims.arrivalDate}, ${claims.createdOn})`;
  const waited = sql`extract(epoch from (${instant} - ${arrival}))`;
  const bucket = sql<string>`case ${sql.join(
    AGE_FROM.slice(1)
      .reverse()
      .map(([name, from]) => sql`when ${waited} >= ${from} then ${name}::text`),
    sql` `,
  )} else ${AGE_FROM[0][0]}::text end`;
  const conditions: SQL[] = [
    sql`${claims.org} = ${scope.org}`,
    sql`${claims.dueAt} is not null`,
    sql`${arrival} <= ${instant}`,
    sql`(${claims.reviewClosedAt} is null or ${claims.reviewClosedAt} > ${instant})`,
  ];
  if (scope.adjudicatedOnly) conditions.push(sql`${claims.status} = 'ADJUDICATED'`);
  const rows = await rowsOf<{ age: OpenAgeBucket; count: number; overdue: number }>(
    db,
    sql`select ${bucket} as "age", count(*)::int as "count", count(*) filter (where ${claims.dueAt} < ${instant})::int as "overdue"
        from ${claims} where ${sql.join(conditions, sql` and `)} group by 1`,
  );
  return AGE_FROM.map(([age]) => {
    const row = rows.find((r) => r.age === age);
    return { age, count: row?.count ?? 0, overdue: row?.overdue ?? 0 };
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
  };
}
