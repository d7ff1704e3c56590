/** The Decision Reasons master (issue 23 §4): paged and full lists, one by code, create and edit (src/masters/decision-reasons.ts). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../http/endpoint';
import { requireMasterWriter } from '../masters/common';
import {
  createDecisionReason,
  findDecisionReason,
  listDecisionReasons,
  searchDecisionReasons,
  updateDecisionReason,
} from '../masters/decision-reasons';

const decisionReasonRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/decisionReasons', {
    schema: endpoint('GET /decisionReasons', {
      description: 'A page in code order, or with getall every reason (the decision panel picks the active ones).',
    }),
    handler: async (request) => listDecisionReasons(app.db, request.query),
  });

  app.post('/decisionReasons/search', {
    schema: endpoint('POST /decisionReasons/search'),
    handler: async (request) => searchDecisionReasons(app.db, request.body, request.query),
  });

  app.get('/decisionReasons/:code', {
    schema: endpoint('GET /decisionReasons/:code'),
    handler: async (request) => ({ result: await findDecisionReason(app.db, request.params.code) }),
  });

  app.post('/decisionReasons', {
    schema: endpoint('POST /decisionReasons'),
    config: { access: requireMasterWriter },
    handler: async (request, reply) => reply.code(201).send({ result: await createDecisionReason(app.db, request.auth, request.body) }),
  });

  app.put('/decisionReasons/:code', {
    schema: endpoint('PUT /decisionReasons/:code', { description: 'The whole reason; recorded decisions keep the reason as it read.' }),
    config: { access: requireMasterWriter },
    handler: async (request) => ({ result: await updateDecisionReason(app.db, request.auth, request.params.code, request.body) }),
  });
};

export default decisionReasonRoutes;
