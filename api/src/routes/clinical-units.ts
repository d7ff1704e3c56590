/** Test units, path clinicalUnit (spec 3 §2.6, §3.2, §7); what they do is in src/masters/clinical-units.ts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../http/endpoint';
import { createUnit, deleteUnit, listUnits, readUnit, searchUnits, updateUnit } from '../masters/clinical-units';
import { requireMasterWriter } from '../masters/common';

const clinicalUnitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/clinicalUnit', {
    schema: endpoint('GET /clinicalUnit'),
    handler: async (request) => listUnits(app.db, request.query),
  });

  app.post('/clinicalUnit/search', {
    schema: endpoint('POST /clinicalUnit/search'),
    handler: async (request) => searchUnits(app.db, request.body, request.query),
  });

  app.get('/clinicalUnit/:id', {
    schema: endpoint('GET /clinicalUnit/:id'),
    handler: async (request) => readUnit(app.db, request.params.id),
  });

  app.post('/clinicalUnit', {
    schema: endpoint('POST /clinicalUnit'),
    config: { access: requireMasterWriter },
    handler: async (request, reply) => reply.code(201).send(await createUnit(app.db, request.auth, request.body)),
  });

  app.put('/clinicalUnit/:id', {
    schema: endpoint('PUT /clinicalUnit/:id'),
    config: { access: requireMasterWriter },
    handler: async (request) => updateUnit(app.db, request.auth, request.params.id, request.body),
  });

  /** A unit in use is removed from the attributes that list it; the log records those attributes' change too. */
  app.delete('/clinicalUnit/:id', {
    schema: endpoint('DELETE /clinicalUnit/:id'),
    config: { access: requireMasterWriter },
    handler: async (request) => {
      await deleteUnit(app.db, request.auth, request.params.id, request.body);
      return { detail: 'Deleted Successfully' };
    },
  });
};

export default clinicalUnitRoutes;
