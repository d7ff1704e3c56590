/** The dashboard's four tables (spec 1 §2 /dashboard, §7): super users only. */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS, type AdjudicationResult } from '@claims/shared-kernel/constants';
import { DASHBOARD_KINDS, type DashboardRow } from '@claims/shared-kernel/contract';
import { requireSuperUser, scopeOrg } from '../auth/access';
import { rowsOf } from '../db';
import { claims } from '../db/schema';

const FAIL_RESULTS: AdjudicationResult[] = ['REJECTED', 'QUERY', 'SUSPENDED'];

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/claims/dashboard/count', {
    schema: { querystring: z.object({ status: z.enum(DASHBOARD_KINDS), org: z.string().optional() }) },
    handler: async (request): Promise<DashboardRow[]> => {
      const { auth } = request;
      requireSuperUser(auth);
      const org = await scopeOrg(app.db, auth, request.query.org);
      const ofOrg = eq(claims.org, org);
      const adjudicated = and(ofOrg, eq(claims.status, 'ADJUDICATED'));
      switch (request.query.status) {
        case 'getAll':
          return app.db
            .select({ status: claims.status, count: count() })
            .from(claims)
            .where(ofOrg)
            .groupBy(claims.status)
            .orderBy(desc(count()), claims.status);
        case 'adjudicated': {
          const rows = await app.db
            .select({ adjudicationResult: claims.adjudicationResult, count: count() })
            .from(claims)
            .where(adjudicated)
            .groupBy(claims.adjudicationResult)
            .orderBy(desc(count()));
          return rows.map((r) => ({ adjudicationResult: r.adjudicationResult ?? 'NONE', count: r.count }));
        }
        case 'accepted':
        case 'rejected': {
          const results: AdjudicationResult[] = request.query.status === 'accepted' ? ['ACCEPTED'] : FAIL_RESULTS;
          return rowsOf<DashboardRow>(
            app.db,
            sql`select pc.code as "procedureCode", count(*)::int as "count"
                from ${claims} cross join lateral jsonb_array_elements_text(${claims.procedureCodes}) as pc(code)
                where ${and(adjudicated, inArray(claims.adjudicationResult, results))}
                group by pc.code order by count(*) desc, pc.code limit ${LIMITS.dashboardTopProcedures}`,
          );
        }
      }
    },
  });
};

export default dashboardRoutes;
