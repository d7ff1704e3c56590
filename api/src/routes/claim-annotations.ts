/**
 * A claim's error flags (spec 1 §7 /claims/{id}/annotation): the provider's organisation only, refused
 * before anything is looked up; a claim the caller cannot see answers 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireProvider } from '../auth/access';
import { claimErrors, saveClaimErrors } from '../claims/error-annotations';
import { endpoint } from '../http/endpoint';

const claimAnnotationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/claims/:claimId/annotation', {
    schema: endpoint('GET /claims/:claimId/annotation'),
    config: { access: requireProvider },
    handler: async (request) => claimErrors(app.db, request.auth, request.params.claimId, request.query.org),
  });

  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: '/claims/:claimId/annotation',
      schema: endpoint(`${method} /claims/:claimId/annotation`),
      config: { access: requireProvider },
      handler: async (request) => saveClaimErrors(app.db, request.auth, request.params.claimId, request.body.errors, request.query.org),
    });
  }
};

export default claimAnnotationRoutes;
