/** A person's decisions on a claim's procedures (issue 23 §4, src/claims/decisions.ts). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadVisibleClaim } from '../claims/access';
import { claimDecisionsOf, recordDecisions } from '../claims/decisions';
import { endpoint } from '../http/endpoint';

const claimDecisionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/claims/:claimId/decisions', {
    schema: endpoint('GET /claims/:claimId/decisions', {
      description: "Each procedure with the adjudicator's verdict, its current decision and every decision, newest first.",
    }),
    handler: async (request) =>
      claimDecisionsOf(app.db, await loadVisibleClaim(app.db, request.auth, request.params.claimId, request.query.org)),
  });

  app.post('/claims/:claimId/decisions', {
    schema: endpoint('POST /claims/:claimId/decisions', {
      description:
        'Records one decision per procedure named, all or none; a change is a new record. A denial needs a reason code, and a ' +
        'reason must be active and apply to the decision. The last procedure decided closes the claim’s review.',
    }),
    handler: async (request, reply) => {
      const claim = await loadVisibleClaim(app.db, request.auth, request.params.claimId, request.query.org);
      return reply.code(201).send(await recordDecisions(app.db, request.auth, claim, request.body.decisions, new Date()));
    },
  });
};

export default claimDecisionRoutes;
