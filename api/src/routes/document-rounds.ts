/**
 * Document rounds of a claim (issue 24 §1-§2): the provider's reviewers request the documents a QUERY claim lacks;
 * the claim's organisation (and the provider) add documents to the claim, which verifies it again. The work is in
 * src/claims/document-rounds.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireProvider } from '../auth/access';
import { loadVisibleClaim } from '../claims/access';
import { addDocuments, claimHolding, listDocumentRounds, requestDocuments } from '../claims/document-rounds';
import { readMultipart } from '../claims/upload';
import { endpoint, multipartOf } from '../http/endpoint';

const documentRoundRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/claims/:claimId/documentRequests', {
    schema: endpoint('GET /claims/:claimId/documentRequests', {
      description: "The claim's document rounds, oldest first, and the documents its verdict found missing (a request's pre-fill).",
    }),
    handler: async (request) => {
      const row = await loadVisibleClaim(app.db, request.auth, request.params.claimId, request.query.org);
      return listDocumentRounds(app.db, row);
    },
  });

  app.post('/claims/:claimId/documentRequests', {
    schema: endpoint('POST /claims/:claimId/documentRequests', {
      description:
        "Requests documents for a QUERY claim (the provider's users): 409 on another verdict or while a request is open. " +
        "The claim's review clock pauses until documents are added.",
    }),
    config: { access: requireProvider },
    handler: async (request, reply) => {
      const row = await loadVisibleClaim(app.db, request.auth, request.params.claimId, request.query.org);
      return reply.code(201).send(await requestDocuments(app.db, request.auth, row, request.body, new Date()));
    },
  });

  app.post('/claims/:claimId/documents', {
    config: {
      rateLimit: { max: 60, timeWindow: '1 minute' },
      multipartBody: multipartOf('POST /claims/:claimId/documents'),
    },
    schema: endpoint('POST /claims/:claimId/documents', {
      description:
        'Adds documents to the claim (`documents` parts, PDF, PNG or JPEG, within GET /claims/uploadLimits counting the ' +
        "claim's documents): answers its open request and verifies the claim again. The claim's organisation and the provider.",
    }),
    handler: async (request, reply) => {
      const { auth } = request;
      const row = await loadVisibleClaim(app.db, auth, request.params.claimId, request.query.org);
      const form = await readMultipart(request, 'documents', app.config.uploadLimits, await claimHolding(app.db, row.id));
      return reply.code(201).send(await addDocuments(app.db, app.documentStore, auth, row, form, request.id, new Date()));
    },
  });
};

export default documentRoundRoutes;
