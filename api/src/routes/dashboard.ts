/** The dashboard's four tables (spec 1 §2 /dashboard, §7): super users only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSuperUser, scopeOrg, seesOnlyAdjudicated } from '../auth/access';
import { dashboardCounts } from '../claims/dashboard';
import { endpoint } from '../http/endpoint';

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/claims/dashboard/count', {
    schema: endpoint('POST /claims/dashboard/count'),
    config: { access: requireSuperUser },
    handler: async (request) => {
      const { auth } = request;
      const org = await scopeOrg(app.db, auth, request.query.org);
      return dashboardCounts(app.db, org, request.query.status, { adjudicatedOnly: seesOnlyAdjudicated(auth) });
    },
  });
};

export default dashboardRoutes;
