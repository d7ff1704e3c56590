/**
 * The verification quality report on the dashboard (issue 12 'The quality users can see'): super users only,
 * scoped like the dashboard's counts (the provider may name an insurer with ?org=; an insurer's super user sees
 * only its own ADJUDICATED claims). The work is in src/claims/quality.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSuperUser, scopeOrg, seesOnlyAdjudicated } from '../auth/access';
import { qualityPeriod, qualityReport } from '../claims/quality';
import { perUserLimit } from '../http/rate-limits';
import { endpoint } from '../http/endpoint';

const qualityRoutes: FastifyPluginAsyncZod = async (app) => {
  const zone = app.config.displayTimeZone;

  app.get('/claims/dashboard/quality', {
    schema: endpoint('GET /claims/dashboard/quality', {
      description:
        "The adjudicator's verdicts and found items against the annotations of the organisation's claims annotated in a period " +
        '(from and to are days of the display zone, both included; by default the last 90 days, at most 366): the confusion ' +
        'matrix of verdicts against expected results, precision and recall per entity type and per procedure code, and the ' +
        'claims whose verdict disagreed.',
    }),
    // A report over up to a year of annotated claims: limited per user like the other reports.
    config: { access: requireSuperUser, rateLimit: perUserLimit() },
    handler: async (request) => {
      const { auth } = request;
      const period = qualityPeriod(request.query, zone);
      const org = await scopeOrg(app.db, auth, request.query.org);
      return qualityReport(app.db, { org, adjudicatedOnly: seesOnlyAdjudicated(auth) }, period);
    },
  });
};

export default qualityRoutes;
