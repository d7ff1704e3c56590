/** The dashboard's four tables (spec 1 §2 /dashboard, §7) and its charts (issue 23 §5): super users only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSuperUser, scopeOrg, seesOnlyAdjudicated } from '../auth/access';
import { dashboardCounts } from '../claims/dashboard';
import { dashboardCharts } from '../claims/dashboard-charts';
import { qualityPeriod } from '../claims/quality';
import { endpoint } from '../http/endpoint';
import { perUserLimit } from '../http/rate-limits';

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const zone = app.config.displayTimeZone;

  app.post('/claims/dashboard/count', {
    schema: endpoint('POST /claims/dashboard/count'),
    config: { access: requireSuperUser },
    handler: async (request) => {
      const { auth } = request;
      const org = await scopeOrg(app.db, auth, request.query.org);
      return dashboardCounts(app.db, org, request.query.status, { adjudicatedOnly: seesOnlyAdjudicated(auth) });
    },
  });

  app.get('/claims/dashboard/charts', {
    schema: endpoint('GET /claims/dashboard/charts', {
      description:
        'The charts of the period (from and to are days of the display zone, both included; by default the last 90 days, ' +
        'at most 366): the ADJUDICATED claims by the day of their latest verdict and by verdict, and the reviews open at ' +
        "the period's end (now when it ends today) by the time waited since arrival, with how many are overdue.",
    }),
    // Reads up to a year of the organisation's claims: limited per user like the other reports.
    config: { access: requireSuperUser, rateLimit: perUserLimit() },
    handler: async (request) => {
      const { auth } = request;
      const period = qualityPeriod(request.query, zone);
      const org = await scopeOrg(app.db, auth, request.query.org);
      return dashboardCharts(app.db, { org, adjudicatedOnly: seesOnlyAdjudicated(auth) }, period, { zone, now: new Date() });
    },
  });
};

export default dashboardRoutes;
