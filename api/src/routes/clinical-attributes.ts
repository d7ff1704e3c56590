/**
 * Clinical attributes, with document-precedence and pattern overrides and an audit trail (spec 3 §2.3-2.5, §3.1,
 * §7); what they do is in src/masters/clinical-attribute-store.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../http/endpoint';
import {
  createClinicalAttribute,
  deleteClinicalAttribute,
  listClinicalAttributes,
  readClinicalAttribute,
  searchClinicalAttributes,
  updateClinicalAttribute,
} from '../masters/clinical-attribute-store';
import { requireMasterWriter } from '../masters/common';

const clinicalAttributeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/clinicalAttribute', {
    schema: endpoint('GET /clinicalAttribute'),
    handler: async (request) => listClinicalAttributes(app.db, request.query),
  });

  app.post('/clinicalAttribute/search', {
    schema: endpoint('POST /clinicalAttribute/search'),
    handler: async (request) => searchClinicalAttributes(app.db, request.body, request.query),
  });

  /** With ?audit=True the answer carries audit_trail, the editor's last-update caption (spec 3 §7). */
  app.get('/clinicalAttribute/:id', {
    schema: endpoint('GET /clinicalAttribute/:id'),
    handler: async (request) => readClinicalAttribute(app.db, request.params.id, request.query.audit ?? false),
  });

  /** Checks, write and audit entry in one transaction: a refused save writes nothing. */
  app.post('/clinicalAttribute', {
    schema: endpoint('POST /clinicalAttribute'),
    config: { access: requireMasterWriter },
    handler: async (request, reply) => reply.code(201).send(await createClinicalAttribute(app.db, request.auth, request.body)),
  });

  app.put('/clinicalAttribute/:id', {
    schema: endpoint('PUT /clinicalAttribute/:id'),
    config: { access: requireMasterWriter },
    handler: async (request) => updateClinicalAttribute(app.db, request.auth, request.params.id, request.body, app.config.displayTimeZone),
  });

  /** An attribute a rule uses (selects it, or names it in a statement) is not deleted: the rule would compare a value nobody reads. */
  app.delete('/clinicalAttribute/:id', {
    schema: endpoint('DELETE /clinicalAttribute/:id'),
    config: { access: requireMasterWriter },
    handler: async (request) => {
      await deleteClinicalAttribute(app.db, request.auth, request.params.id, request.body);
      return { detail: 'Deleted Successfully' };
    },
  });
};

export default clinicalAttributeRoutes;
