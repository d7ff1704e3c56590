/** Test units, path clinicalUnit (spec 3 §2.6, §3.2, §7); what they do is in src/masters/clinical-units.ts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ClinicalUnit,
  ClinicalUnitSaveBody,
  DeleteBody,
  DetailResponse,
  ListQuery,
  MasterIdParams,
  MasterItemQuery,
  MasterListQuery,
  MasterSearchBody,
  pagedList,
} from '@claims/shared-kernel/contract';
import { replies } from '../http/replies';
import { createUnit, deleteUnit, listUnits, readUnit, searchUnits, updateUnit } from '../masters/clinical-units';
import { requireMasterWriter } from '../masters/common';

const UnitList = replies({ 200: pagedList(ClinicalUnit) });

const clinicalUnitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/clinicalUnit', {
    schema: { querystring: MasterListQuery, response: UnitList },
    handler: async (request) => listUnits(app.db, request.query),
  });

  app.post('/clinicalUnit/search', {
    schema: { querystring: ListQuery, body: MasterSearchBody, response: UnitList },
    handler: async (request) => searchUnits(app.db, request.body, request.query),
  });

  app.get('/clinicalUnit/:id', {
    schema: { params: MasterIdParams, querystring: MasterItemQuery, response: replies({ 200: ClinicalUnit }) },
    handler: async (request) => readUnit(app.db, request.params.id),
  });

  app.post('/clinicalUnit', {
    schema: { body: ClinicalUnitSaveBody, response: replies({ 201: ClinicalUnit }) },
    config: { access: requireMasterWriter },
    handler: async (request, reply) => reply.code(201).send(await createUnit(app.db, request.auth, request.body)),
  });

  app.put('/clinicalUnit/:id', {
    schema: { params: MasterIdParams, body: ClinicalUnitSaveBody, response: replies({ 200: ClinicalUnit }) },
    config: { access: requireMasterWriter },
    handler: async (request) => updateUnit(app.db, request.auth, request.params.id, request.body),
  });

  /** A unit in use is removed from the attributes that list it; the log records those attributes' change too. */
  app.delete('/clinicalUnit/:id', {
    schema: { params: MasterIdParams, body: DeleteBody, response: replies({ 200: DetailResponse }) },
    config: { access: requireMasterWriter },
    handler: async (request) => {
      await deleteUnit(app.db, request.auth, request.params.id, request.body);
      return { detail: 'Deleted Successfully' };
    },
  });
};

export default clinicalUnitRoutes;
