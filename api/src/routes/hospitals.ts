/** Hospitals (spec 2 §2.6, §7): paged and full lists, one by code, create, one-field edit, delete (src/masters/hospitals.ts). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DeleteBody,
  DetailResponse,
  Hospital,
  HospitalCodeParams,
  HospitalCreateBody,
  HospitalList,
  HospitalResult,
  HospitalUpdateBody,
  MasterListQuery,
  MasterSearchBody,
  PageQuery,
  pagedResults,
} from '@claims/shared-kernel/contract';
import { replies } from '../http/replies';
import { requireMasterWriter } from '../masters/common';
import { createHospital, deleteHospital, findHospital, listHospitals, searchHospitals, updateHospital } from '../masters/hospitals';

const hospitalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/hospitals', {
    schema: { querystring: MasterListQuery, response: replies({ 200: HospitalList }) },
    handler: async (request) => listHospitals(app.db, request.query),
  });

  app.post('/hospitals/search', {
    schema: { querystring: PageQuery, body: MasterSearchBody, response: replies({ 200: pagedResults(Hospital) }) },
    handler: async (request) => searchHospitals(app.db, request.body, request.query),
  });

  app.get('/hospitals/:code', {
    schema: { params: HospitalCodeParams, response: replies({ 200: HospitalResult }) },
    handler: async (request) => ({ result: await findHospital(app.db, request.params.code) }),
  });

  app.post('/hospitals', {
    schema: { body: HospitalCreateBody, response: replies({ 201: HospitalResult }) },
    config: { access: requireMasterWriter },
    handler: async (request, reply) => reply.code(201).send({ result: await createHospital(app.db, request.auth, request.body) }),
  });

  app.put('/hospitals/:code', {
    schema: { params: HospitalCodeParams, body: HospitalUpdateBody, response: replies({ 200: HospitalResult }) },
    config: { access: requireMasterWriter },
    handler: async (request) => ({
      result: await updateHospital(app.db, request.auth, request.params.code, request.body, app.config.displayTimeZone),
    }),
  });

  app.delete('/hospitals/:code', {
    schema: { params: HospitalCodeParams, body: DeleteBody, response: replies({ 200: DetailResponse }) },
    config: { access: requireMasterWriter },
    handler: async (request) => {
      await deleteHospital(app.db, request.auth, request.params.code, request.body);
      return { detail: 'Deleted Successfully' };
    },
  });
};

export default hospitalRoutes;
