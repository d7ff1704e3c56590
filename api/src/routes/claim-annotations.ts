/**
 * A claim's error flags (spec 1 §7 /claims/{id}/annotation): the provider's organisation only, refused
 * before anything is looked up; a claim the caller cannot see answers 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClaimIdParams, ErrorAnnotationBody, ErrorAnnotations, OrgQuery } from '@claims/shared-kernel/contract';
import { requireProvider } from '../auth/access';
import { claimErrors, saveClaimErrors } from '../claims/error-annotations';
import { replies } from '../http/replies';

const claimAnnotationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/claims/:claimId/annotation', {
    schema: { params: ClaimIdParams, querystring: OrgQuery, response: replies({ 200: ErrorAnnotations }) },
    config: { access: requireProvider },
    handler: async (request) => claimErrors(app.db, request.auth, request.params.claimId, request.query.org),
  });

  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: '/claims/:claimId/annotation',
      schema: { params: ClaimIdParams, querystring: OrgQuery, body: ErrorAnnotationBody, response: replies({ 200: ErrorAnnotations }) },
      config: { access: requireProvider },
      handler: async (request) => saveClaimErrors(app.db, request.auth, request.params.claimId, request.body.errors, request.query.org),
    });
  }
};

export default claimAnnotationRoutes;
