/**
 * Clinical attributes, with document-precedence and pattern overrides and an audit trail (spec 3 §2.3-2.5, §3.1,
 * §7); what they do is in src/masters/clinical-attribute-store.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ClinicalAttribute,
  ClinicalAttributeSaveBody,
  DeleteBody,
  DetailResponse,
  FlagText,
  ListQuery,
  MasterIdParams,
  MasterItemQuery,
  MasterListQuery,
  MasterSearchBody,
  pagedList,
} from '@claims/shared-kernel/contract';
import { replies } from '../http/replies';
import {
  createClinicalAttribute,
  deleteClinicalAttribute,
  listClinicalAttributes,
  readClinicalAttribute,
  searchClinicalAttributes,
  updateClinicalAttribute,
} from '../masters/clinical-attribute-store';
import { requireMasterWriter } from '../masters/common';

const AttributeList = replies({ 200: pagedList(ClinicalAttribute) });

const clinicalAttributeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/clinicalAttribute', {
    schema: { querystring: MasterListQuery, response: AttributeList },
    handler: async (request) => listClinicalAttributes(app.db, request.query),
  });

  app.post('/clinicalAttribute/search', {
    schema: { querystring: ListQuery, body: MasterSearchBody, response: AttributeList },
    handler: async (request) => searchClinicalAttributes(app.db, request.body, request.query),
  });

  /** With ?audit=True the answer carries audit_trail, the editor's last-update caption (spec 3 §7). */
  app.get('/clinicalAttribute/:id', {
    schema: {
      params: MasterIdParams,
      querystring: MasterItemQuery.extend({ audit: FlagText.optional() }),
      response: replies({ 200: ClinicalAttribute }),
    },
    handler: async (request) => readClinicalAttribute(app.db, request.params.id, request.query.audit ?? false),
  });

  /** Checks, write and audit entry in one transaction: a refused save writes nothing. */
  app.post('/clinicalAttribute', {
    schema: { body: ClinicalAttributeSaveBody, response: replies({ 201: ClinicalAttribute }) },
    config: { access: requireMasterWriter },
    handler: async (request, reply) => reply.code(201).send(await createClinicalAttribute(app.db, request.auth, request.body)),
  });

  app.put('/clinicalAttribute/:id', {
    schema: { params: MasterIdParams, body: ClinicalAttributeSaveBody, response: replies({ 200: ClinicalAttribute }) },
    config: { access: requireMasterWriter },
    handler: async (request) => updateClinicalAttribute(app.db, request.auth, request.params.id, request.body, app.config.displayTimeZone),
  });

  /** An attribute a rule uses (selects it, or names it in a statement) is not deleted: the rule would compare a value nobody reads. */
  app.delete('/clinicalAttribute/:id', {
    schema: { params: MasterIdParams, body: DeleteBody, response: replies({ 200: DetailResponse }) },
    config: { access: requireMasterWriter },
    handler: async (request) => {
      await deleteClinicalAttribute(app.db, request.auth, request.params.id, request.body);
      return { detail: 'Deleted Successfully' };
    },
  });
};

export default clinicalAttributeRoutes;
