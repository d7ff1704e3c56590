/** Procedures (spec 2 §2.4, §7; spec 1 §7 lookups); what they do is in src/masters/procedures.ts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CountResponse,
  DeleteBody,
  DetailResponse,
  ListQuery,
  MasterItemQuery,
  MasterListQuery,
  MasterSearchBody,
  pagedList,
  Procedure,
  ProcedureCounterpart,
  ProcedureIdParams,
  ProcedureSaveBody,
  ProcedureSearchResponse,
} from '@claims/shared-kernel/contract';
import { replies } from '../http/replies';
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

const CodesBody = z.object({ procedureCodes: z.array(z.string()).max(1000) });
const SearchBody = MasterSearchBody.extend({ procedureCodes: z.array(z.string()).max(1000).optional() });

const OneProcedure = replies({ 200: Procedure });

const procedureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/procedures', {
    schema: { querystring: MasterListQuery, response: replies({ 200: pagedList(Procedure) }) },
    handler: async (request) => listProcedures(app.db, request.query),
  });

  app.get('/procedures/count', {
    schema: { response: replies({ 200: CountResponse }) },
    handler: async () => countProcedures(app.db),
  });

  /** With procedureCodes: their codes and names (spec 1 §7); otherwise the list's filter, paged. */
  app.post('/procedures/search', {
    schema: {
      querystring: ListQuery.partial(),
      body: SearchBody,
      response: replies({ 200: ProcedureSearchResponse }),
    },
    handler: async (request) => searchProcedures(app.db, request.body, request.query),
  });

  /** The pre-authorisation / settlement counterpart of each code (X <-> X_preauth) that exists. */
  app.post('/procedures/allProcedureSearch', {
    schema: { body: CodesBody, response: replies({ 200: z.array(ProcedureCounterpart) }) },
    handler: async (request) => counterparts(app.db, request.body.procedureCodes),
  });

  app.get('/procedures/:id', {
    schema: { params: ProcedureIdParams, querystring: MasterItemQuery, response: OneProcedure },
    handler: async (request) => findProcedure(app.db, request.params.id),
  });

  app.post('/procedures', {
    schema: { body: ProcedureSaveBody, response: replies({ 201: Procedure }) },
    config: { access: requireMasterWriter },
    handler: async (request, reply) => reply.code(201).send(await createProcedure(app.db, request.auth, request.body)),
  });

  /** A new code or name is written into the rule statements and overrides that named the old one, in the same transaction. */
  app.put('/procedures/:id', {
    schema: { params: ProcedureIdParams, body: ProcedureSaveBody, response: OneProcedure },
    config: { access: requireMasterWriter },
    handler: async (request) => updateProcedure(app.db, request.auth, request.params.id, request.body, app.config.displayTimeZone),
  });

  /** A procedure that rules, questions, rule statements or overrides still need is not deleted (409 naming them). */
  app.delete('/procedures/:id', {
    schema: { params: ProcedureIdParams, body: DeleteBody, response: replies({ 200: DetailResponse }) },
    config: { access: requireMasterWriter },
    handler: async (request) => {
      await deleteProcedure(app.db, request.auth, request.params.id, request.body);
      return { detail: 'Deleted Successfully' };
    },
  });
};

export default procedureRoutes;
