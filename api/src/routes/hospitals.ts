/** Hospitals (spec 2 §2.6, §7): paged and full lists, one by code, create, one-field edit, delete (src/masters/hospitals.ts). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../http/endpoint';
import { requireMasterWriter } from '../masters/common';
import { createHospital, deleteHospital, findHospital, listHospitals, searchHospitals, updateHospital } from '../masters/hospitals';

const hospitalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/hospitals', {
    schema: endpoint('GET /hospitals'),
    handler: async (request) => listHospitals(app.db, request.query),
  });

  app.post('/hospitals/search', {
    schema: endpoint('POST /hospitals/search'),
    handler: async (request) => searchHospitals(app.db, request.body, request.query),
  });

  app.get('/hospitals/:code', {
    schema: endpoint('GET /hospitals/:code'),
    handler: async (request) => ({ result: await findHospital(app.db, request.params.code) }),
  });

  app.post('/hospitals', {
    schema: endpoint('POST /hospitals'),
    config: { access: requireMasterWriter },
    handler: async (request, reply) => reply.code(201).send({ result: await createHospital(app.db, request.auth, request.body) }),
  });

  app.put('/hospitals/:code', {
    schema: endpoint('PUT /hospitals/:code'),
    config: { access: requireMasterWriter },
    handler: async (request) => ({
      result: await updateHospital(app.db, request.auth, request.params.code, request.body, app.config.displayTimeZone),
    }),
  });

  app.delete('/hospitals/:code', {
    schema: endpoint('DELETE /hospitals/:code'),
    config: { access: requireMasterWriter },
    handler: async (request) => {
      await deleteHospital(app.db, request.auth, request.params.code, request.body);
      return { detail: 'Deleted Successfully' };
    },
  });
};

export default hospitalRoutes;
