/** Procedures (spec 2 §2.4, §7; spec 1 §7 lookups); what they do is in src/masters/procedures.ts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../http/endpoint';
import { requireMasterWriter } from '../masters/common';
import {
  counterparts,
  countProcedures,
  createProcedure,
  deleteProcedure,
  findProcedure,
  listProcedures,
  searchProcedures,
  updateProcedure,
} from '../masters/procedures';

const procedureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/procedures', {
    schema: endpoint('GET /procedures'),
    handler: async (request) => listProcedures(app.db, request.query),
  });

  app.get('/procedures/count', {
    schema: endpoint('GET /procedures/count'),
    handler: async () => countProcedures(app.db),
  });

  /** With procedureCodes: their codes and names (spec 1 §7); otherwise the list's filter, paged. */
  app.post('/procedures/search', {
    schema: endpoint('POST /procedures/search'),
    handler: async (request) => searchProcedures(app.db, request.body, request.query),
  });

  /** The pre-authorisation / settlement counterpart of each code (X <-> X_preauth) that exists. */
  app.post('/procedures/allProcedureSearch', {
    schema: endpoint('POST /procedures/allProcedureSearch'),
    handler: async (request) => counterparts(app.db, request.body.procedureCodes),
  });

  app.get('/procedures/:id', {
    schema: endpoint('GET /procedures/:id'),
    handler: async (request) => findProcedure(app.db, request.params.id),
  });

  app.post('/procedures', {
    schema: endpoint('POST /procedures'),
    config: { access: requireMasterWriter },
    handler: async (request, reply) => reply.code(201).send(await createProcedure(app.db, request.auth, request.body)),
  });

  /** A new code or name is written into the rule statements and overrides that named the old one, in the same transaction. */
  app.put('/procedures/:id', {
    schema: endpoint('PUT /procedures/:id'),
    config: { access: requireMasterWriter },
    handler: async (request) => updateProcedure(app.db, request.auth, request.params.id, request.body, app.config.displayTimeZone),
  });

  /** A procedure that rules, questions, rule statements or overrides still need is not deleted (409 naming them). */
  app.delete('/procedures/:id', {
    schema: endpoint('DELETE /procedures/:id'),
    config: { access: requireMasterWriter },
    handler: async (request) => {
      await deleteProcedure(app.db, request.auth, request.params.id, request.body);
      return { detail: 'Deleted Successfully' };
    },
  });
};

export default procedureRoutes;
