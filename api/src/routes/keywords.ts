/**
 * The keyword masters (spec 2 §2.5): procedure groups, diagnoses (with ICD code), documents, evidence, drugs,
 * tissues and pre-existing diseases. One shape, one table, one set of routes each (src/masters/keywords.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { KEYWORD_KINDS } from '@claims/shared-kernel/constants';
import { endpoint } from '../http/endpoint';
import { requireMasterWriter } from '../masters/common';
import { countKeywords, createKeyword, deleteKeyword, findKeyword, listKeywords, searchKeywords, updateKeyword } from '../masters/keywords';

const keywordRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of KEYWORD_KINDS) {
    app.get(`/${kind}`, {
      schema: endpoint(`GET /${kind}`),
      handler: async (request) => listKeywords(app.db, kind, request.query),
    });

    app.get(`/${kind}/count`, {
      schema: endpoint(`GET /${kind}/count`),
      handler: async () => countKeywords(app.db, kind),
    });

    app.post(`/${kind}/search`, {
      schema: endpoint(`POST /${kind}/search`),
      handler: async (request) => searchKeywords(app.db, kind, request.body, request.query),
    });

    app.get(`/${kind}/:id`, {
      schema: endpoint(`GET /${kind}/:id`),
      handler: async (request) => findKeyword(app.db, kind, request.params.id),
    });

    app.post(`/${kind}`, {
      schema: endpoint(`POST /${kind}`),
      config: { access: requireMasterWriter },
      handler: async (request, reply) => reply.code(201).send(await createKeyword(app.db, kind, request.auth, request.body)),
    });

    app.put(`/${kind}/:id`, {
      schema: endpoint(`PUT /${kind}/:id`),
      config: { access: requireMasterWriter },
      handler: async (request) => updateKeyword(app.db, kind, request.auth, request.params.id, request.body, app.config.displayTimeZone),
    });

    app.delete(`/${kind}/:id`, {
      schema: endpoint(`DELETE /${kind}/:id`),
      config: { access: requireMasterWriter },
      handler: async (request) => {
        await deleteKeyword(app.db, kind, request.auth, request.params.id, request.body);
        return { detail: 'Deleted Successfully' };
      },
    });
  }
};

export default keywordRoutes;
