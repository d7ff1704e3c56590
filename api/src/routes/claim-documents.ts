/**
 * A claim's documents (spec 1 §3 original_document_url), behind the bearer token and the claim's access
 * rules: the stored file, whole or by byte range (the PDF viewer reads large files piece by piece), and
 * the words the adjudicator read on each page (search in the viewer).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { claimDocumentFile, claimDocumentText } from '../claims/documents';
import { gzipWhenAccepted } from '../http/compress';
import { notFound } from '../http/errors';
import { requestedRange } from '../http/range';
import { endpoint } from '../http/endpoint';
import { attachmentDisposition } from '../http/replies';
import { MissingDocumentError } from '../storage/store';

const claimDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = app.documentStore;

  app.get('/claims/:claimId/documents/:documentId', {
    schema: endpoint('GET /claims/:claimId/documents/:documentId', {
      description:
        'The document as uploaded. `Range: bytes=first-last` (or `first-`, `-count`) answers 206 with that part; ' +
        'a range outside the file 416 with `Content-Range: bytes */size`.',
    }),
    handler: async (request, reply) => {
      const { claimId, documentId } = request.params;
      const file = await claimDocumentFile(app.db, request.auth, claimId, documentId, request.query.org);
      try {
        const size = await store.size(file.storageKey);
        const range = requestedRange(request.headers.range, size);
        reply.header('Accept-Ranges', 'bytes');
        if (range.kind === 'unsatisfiable') {
          return reply.code(416).header('Content-Range', `bytes */${size}`).send({ detail: range.detail });
        }
        reply.type(file.contentType).header('Content-Disposition', attachmentDisposition(file.fileName));
        if (range.kind === 'whole') return reply.header('Content-Length', size).send(await store.stream(file.storageKey));
        return reply
          .code(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
          .header('Content-Length', range.end - range.start + 1)
          .send(await store.stream(file.storageKey, range));
      } catch (error) {
        if (error instanceof MissingDocumentError) throw notFound(`Document ${documentId} is no longer stored`);
        throw error;
      }
    },
  });

  app.get('/claims/:claimId/documents/:documentId/text', {
    schema: endpoint('GET /claims/:claimId/documents/:documentId/text', {
      description:
        'The words the adjudicator read on each page of the document (text layer or OCR), with their boxes in page units, ' +
        'for search in the viewer; `pages` is empty until the document is read. Gzipped when the client accepts it.',
    }),
    onSend: gzipWhenAccepted,
    handler: async (request) => {
      const { claimId, documentId } = request.params;
      return claimDocumentText(app.db, request.auth, claimId, documentId, request.query.org);
    },
  });
};

export default claimDocumentRoutes;
