/** A claim's documents (spec 1 §3 original_document_url): the stored file, behind the bearer token. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CLAIM_UPLOAD_TYPES, ClaimDocumentParams, OrgQuery } from '@claims/shared-kernel/contract';
import { claimDocumentFile } from '../claims/access';
import { attachmentDisposition, fileContent, replies } from '../http/replies';

const claimDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/claims/:claimId/documents/:documentId', {
    schema: {
      params: ClaimDocumentParams,
      querystring: OrgQuery,
      response: replies({ 200: fileContent('The document as uploaded', CLAIM_UPLOAD_TYPES) }),
    },
    handler: async (request, reply) => {
      const { claimId, documentId } = request.params;
      const file = await claimDocumentFile(app.db, request.auth, claimId, documentId, request.query.org);
      return reply
        .type(file.contentType)
        .header('Content-Disposition', attachmentDisposition(file.fileName))
        .header('Cache-Control', 'private, max-age=3600')
        .send(file.data);
    },
  });
};

export default claimDocumentRoutes;
