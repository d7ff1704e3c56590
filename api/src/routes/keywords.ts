/**
 * The keyword masters (spec 2 §2.5): procedure groups, diagnoses (with ICD code), documents, evidence, drugs,
 * tissues and pre-existing diseases. One shape, one table, one set of routes each (src/masters/keywords.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CountResponse,
  DeleteBody,
  DetailResponse,
  KeywordEntity,
  KeywordSaveBody,
  ListQuery,
  MasterIdParams,
  MasterItemQuery,
  MasterListQuery,
  MasterSearchBody,
  pagedList,
} from '@claims/shared-kernel/contract';
import { KEYWORD_KINDS } from '@claims/shared-kernel/constants';
import { replies } from '../http/replies';
import { requireMasterWriter } from '../masters/common';
import { countKeywords, createKeyword, deleteKeyword, findKeyword, listKeywords, searchKeywords, updateKeyword } from '../masters/keywords';

const KeywordList = replies({ 200: pagedList(KeywordEntity) });
const OneKeyword = replies({ 200: KeywordEntity });

const keywordRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of KEYWORD_KINDS) {
    app.get(`/${kind}`, {
      schema: { querystring: MasterListQuery, response: KeywordList },
      handler: async (request) => listKeywords(app.db, kind, request.query),
    });

    app.get(`/${kind}/count`, {
      schema: { response: replies({ 200: CountResponse }) },
      handler: async () => countKeywords(app.db, kind),
    });

    app.post(`/${kind}/search`, {
      schema: { querystring: ListQuery, body: MasterSearchBody, response: KeywordList },
      handler: async (request) => searchKeywords(app.db, kind, request.body, request.query),
    });

    app.get(`/${kind}/:id`, {
      schema: { params: MasterIdParams, querystring: MasterItemQuery, response: OneKeyword },
      handler: async (request) => findKeyword(app.db, kind, request.params.id),
    });

    app.post(`/${kind}`, {
      schema: { body: KeywordSaveBody, response: replies({ 201: KeywordEntity }) },
      config: { access: requireMasterWriter },
      handler: async (request, reply) => reply.code(201).send(await createKeyword(app.db, kind, request.auth, request.body)),
    });

    app.put(`/${kind}/:id`, {
      schema: { params: MasterIdParams, body: KeywordSaveBody, response: OneKeyword },
      config: { access: requireMasterWriter },
      handler: async (request) => updateKeyword(app.db, kind, request.auth, request.params.id, request.body, app.config.displayTimeZone),
    });

    app.delete(`/${kind}/:id`, {
      schema: { params: MasterIdParams, body: DeleteBody, response: replies({ 200: DetailResponse }) },
      config: { access: requireMasterWriter },
      handler: async (request) => {
        await deleteKeyword(app.db, kind, request.auth, request.params.id, request.body);
        return { detail: 'Deleted Successfully' };
      },
    });
  }
};

export default keywordRoutes;
