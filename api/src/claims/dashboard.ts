/** The dashboard's four tables (spec 1 §2 /dashboard, §7): counts of an organisation's claims. */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { LIMITS, type AdjudicationResult } from '@claims/shared-kernel/constants';
import type { DASHBOARD_KINDS, DashboardRow } from '@claims/shared-kernel/contract';
import { rowsOf, type DbOrTx } from '../db';
import { claims } from '../db/schema';

const FAIL_RESULTS: AdjudicationResult[] = ['REJECTED', 'QUERY', 'SUSPENDED'];

/**
 * getAll: by status; adjudicated: by result; accepted / rejected: the top procedure codes of those results.
 * `adjudicatedOnly` (insurer users, who see only ADJUDICATED claims): every table counts those alone.
 */
export async function dashboardCounts(
  db: DbOrTx,
  org: string,
  kind: (typeof DASHBOARD_KINDS)[number],
  { adjudicatedOnly }: { adjudicatedOnly: boolean },
): Promise<DashboardRow[]> {
  const ofOrg = adjudicatedOnly ? and(eq(claims.org, org), eq(claims.status, 'ADJUDICATED')) : eq(claims.org, org);
  const adjudicated = and(ofOrg, eq(claims.status, 'ADJUDICATED'));
  switch (kind) {
    case 'getAll':
      return db
        .select({ status: claims.status, count: count() })
        .from(claims)
        .where(ofOrg)
        .groupBy(claims.status)
        .orderBy(desc(count()), claims.status);
    case 'adjudicated': {
      const rows = await db
        .select({ adjudicationResult: claims.adjudicationResult, count: count() })
        .from(claims)
        .where(adjudicated)
        .groupBy(claims.adjudicationResult)
        .orderBy(desc(count()));
      return rows.map((r) => ({ adjudicationResult: r.adjudicationResult ?? 'NONE', count: r.count }));
    }
    case 'accepted':
    case 'rejected': {
      const results: AdjudicationResult[] = kind === 'accepted' ? ['ACCEPTED'] : FAIL_RESULTS;
      return rowsOf<DashboardRow>(
        db,
        sql`select pc.code as "procedureCode", count(*)::int as "count"
            from ${claims} cross join lateral jsonb_array_elements_text(${claims.procedureCodes}) as pc(code)
            where ${and(adjudicated, inArray(claims.adjudicationResult, results))}
            group by pc.code order by count(*) desc, pc.code limit ${LIMITS.dashboardTopProcedures}`,
      );
    }
  }
}
