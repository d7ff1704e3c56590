/**
 * A claim's decision letters (issue 24 §4): make one from the claim's verdict, list them (who, when), download one
 * exactly as it was made. The work is in src/letters; access is the claim's own.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MEDIA } from '@claims/shared-kernel/contract';
import { endpoint } from '../http/endpoint';
import { notFound } from '../http/errors';
import { attachmentDisposition } from '../http/replies';
import { letterFile, listLetters, makeLetter } from '../letters/letters';
import { MissingDocumentError } from '../storage/store';

const decisionLetterRoutes: FastifyPluginAsyncZod = async (app) => {
  const zone = app.config.displayTimeZone;

  app.post('/claims/:claimId/letters', {
    schema: endpoint('POST /claims/:claimId/letters', {
      description:
        "A decision letter (PDF) of the claim's verdict as it stands: identity, each procedure's verdict and decision, reasons, " +
        'evidence, what a QUERY misses, the rule version. Kept with the claim; 409 before the claim has a verdict.',
    }),
    handler: async (request, reply) => {
      const { claimId } = request.params;
      const letter = await makeLetter(app.db, app.documentStore, request.auth, claimId, request.query.org, zone, new Date());
      return reply.code(201).send(letter);
    },
  });

  app.get('/claims/:claimId/letters', {
    schema: endpoint('GET /claims/:claimId/letters', { description: "The claim's decision letters, newest first." }),
    handler: async (request) => listLetters(app.db, request.auth, request.params.claimId, request.query.org),
  });

  app.get('/claims/:claimId/letters/:letterId', {
    schema: endpoint('GET /claims/:claimId/letters/:letterId', { description: 'One decision letter, byte for byte as it was made.' }),
    handler: async (request, reply) => {
      const { claimId, letterId } = request.params;
      const file = await letterFile(app.db, request.auth, claimId, letterId, request.query.org);
      try {
        const bytes = await app.documentStore.read(file.storageKey);
        return reply.type(MEDIA.pdf).header('Content-Disposition', attachmentDisposition(file.fileName)).send(bytes);
      } catch (error) {
        if (error instanceof MissingDocumentError) throw notFound(`Letter ${letterId} is no longer stored`);
        throw error;
      }
    },
  });
};

export default decisionLetterRoutes;
