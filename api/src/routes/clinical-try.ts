/**
 * POST /clinicalAttribute/try: 'Try it before saving' for the clinical attribute editor. Reads, never writes;
 * for the editor's users only (the provider's super users), since it reads any organisation's claims.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../http/endpoint';
import { tryClinicalAttribute } from '../masters/clinical-try';
import { requireMasterWriter } from '../masters/common';

const clinicalTryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/clinicalAttribute/try', {
    schema: endpoint('POST /clinicalAttribute/try'),
    config: { access: requireMasterWriter },
    handler: async (request) => ({ results: await tryClinicalAttribute(app.db, request.auth, request.body) }),
  });
};

export default clinicalTryRoutes;
