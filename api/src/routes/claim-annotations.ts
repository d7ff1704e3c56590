/** A claim's error flags (spec 1 §7 /claims/{id}/annotation): the provider's organisation only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClaimIdParams, ErrorAnnotationBody, ErrorAnnotations } from '@claims/shared-kernel/contract';
import { requireProvider } from '../auth/access';
import { claimErrors, saveClaimErrors } from '../claims/error-annotations';
import { replies } from '../http/replies';

const claimAnnotationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/claims/:claimId/annotation', {
    schema: { params: ClaimIdParams, response: replies({ 200: ErrorAnnotations }) },
    config: { access: requireProvider },
    handler: async (request) => {
      return claimErrors(app.db, request.auth, request.params.claimId);
    },
  });

  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: '/claims/:claimId/annotation',
      schema: { params: ClaimIdParams, body: ErrorAnnotationBody, response: replies({ 200: ErrorAnnotations }) },
      config: { access: requireProvider },
      handler: async (request) => {
        return saveClaimErrors(app.db, request.auth, request.params.claimId, request.body.errors);
      },
    });
  }
};

export default claimAnnotationRoutes;
