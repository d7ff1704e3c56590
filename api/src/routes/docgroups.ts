/**
 * Document segregation groups (spec 2 §2.7, §7): paged and full lists, search, one by id, and the super user's
 * create (POST, or PUT without an id), replace (PUT with the id in the path or the body; it also removes a document's
 * configuration), delete and 'Try on claims' of an edited group. What they do is in src/masters/docgroups.ts and
 * src/masters/segregation-preview.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SEGREGATION_PREVIEW_DEFAULT_CLAIMS } from '@claims/shared-kernel/contract';
import { perUserLimit } from '../http/rate-limits';
import { endpoint } from '../http/endpoint';
import { requireMasterWriter } from '../masters/common';
import {
  allDocgroups,
  createDocgroup,
  deleteDocgroup,
  docgroupPage,
  docgroupSearch,
  findDocgroup,
  updateDocgroup,
} from '../masters/docgroups';
import { previewSegregation } from '../masters/segregation-preview';

const docgroupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/docgroups', {
    schema: endpoint('GET /docgroups'),
    handler: async (request) => {
      const { getall, limit, page_number } = request.query;
      if (getall !== undefined) return allDocgroups(app.db);
      return docgroupPage(app.db, undefined, limit ?? 25, page_number ?? 1);
    },
  });

  app.post('/docgroups/search', {
    schema: endpoint('POST /docgroups/search'),
    handler: async (request) => docgroupPage(app.db, docgroupSearch(request.body), request.query.limit, request.query.page_number),
  });

  app.get('/docgroups/:id', {
    schema: endpoint('GET /docgroups/:id'),
    handler: async (request) => findDocgroup(app.db, request.params.id),
  });

  app.post('/docgroups', {
    schema: endpoint('POST /docgroups'),
    config: { access: requireMasterWriter },
    handler: async (request, reply) => reply.code(201).send(await createDocgroup(app.db, request.auth, request.body)),
  });

  app.put('/docgroups', {
    schema: endpoint('PUT /docgroups'),
    config: { access: requireMasterWriter },
    handler: async (request, reply) => {
      const { id, ...body } = request.body;
      if (id !== undefined) return updateDocgroup(app.db, request.auth, id, body);
      return reply.code(201).send(await createDocgroup(app.db, request.auth, body));
    },
  });

  /**
   * 'Try on claims': the group as edited (not saved) against the most recent verified claims of its hospitals,
   * beside the segregation stored now. Judged in the api's own process: limited per user like the other expensive
   * calls, and stopped at the dry run's time allowance (DRY_RUN_BUDGET_MS; the answer says how many were tried).
   */
  app.post('/docgroups/dryRun', {
    schema: endpoint('POST /docgroups/dryRun'),
    config: { access: requireMasterWriter, rateLimit: perUserLimit() },
    handler: async (request) => {
      const { limit, ...draft } = request.body;
      return previewSegregation(app.db, draft, {
        limit: limit ?? SEGREGATION_PREVIEW_DEFAULT_CLAIMS,
        budgetMs: app.config.dryRunBudgetMs,
      });
    },
  });

  app.put('/docgroups/:id', {
    schema: endpoint('PUT /docgroups/:id'),
    config: { access: requireMasterWriter },
    handler: async (request) => updateDocgroup(app.db, request.auth, request.params.id, request.body),
  });

  app.delete('/docgroups/:id', {
    schema: endpoint('DELETE /docgroups/:id'),
    config: { access: requireMasterWriter },
    handler: async (request) => {
      await deleteDocgroup(app.db, request.auth, request.params.id, request.body?.id);
      return { detail: 'Deleted Successfully' };
    },
  });
};

export default docgroupRoutes;
