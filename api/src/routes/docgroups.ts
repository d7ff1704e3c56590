/**
 * Document segregation groups (spec 2 §2.7, §3): hospitals, the document types cut out of their
 * claims and, per document type, the configuration. docgroupConfig_id is keyed by document name on
 * the way out and accepts a document id or name on the way in.
 */
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  DeleteBody,
  DetailResponse,
  Docgroup,
  DocgroupSaveBody,
  IdParams,
  ListQuery,
  MasterListQuery,
  MasterSearchBody,
  pagedList,
  type DocgroupConfig,
} from '@claims/shared-kernel/contract';
import type { DbOrTx } from '../db';
import { docgroupConfigs, docgroupHospitals, docgroups, hospitals, keywordMasters } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { firstRowCarriesTotal, offsetOf } from '../http/paging';
import { replies } from '../http/replies';
import { auditOf, containsPattern, createdBy, modifiedBy, requireMasterWriter } from '../masters/common';

const DocgroupList = replies({ 200: pagedList(Docgroup) });
const OneDocgroup = replies({ 200: Docgroup });

/** Whole docgroups with their hospitals, documents and configurations. */
async function loadDocgroups(db: DbOrTx, ids: number[]): Promise<Docgroup[]> {
  if (!ids.length) return [];
  const groups = await db.select().from(docgroups).where(inArray(docgroups.id, ids)).orderBy(asc(docgroups.id));
  const hospitalRows = await db
    .select({ docgroupId: docgroupHospitals.docgroupId, id: hospitals.id, hospital_code: hospitals.hospitalCode, name: hospitals.name })
    .from(docgroupHospitals)
    .innerJoin(hospitals, eq(hospitals.id, docgroupHospitals.hospitalId))
    .where(inArray(docgroupHospitals.docgroupId, ids))
    .orderBy(asc(hospitals.hospitalCode));
  const configRows = await db
    .select({
      docgroupId: docgroupConfigs.docgroupId,
      documentId: keywordMasters.id,
      name: keywordMasters.name,
      config: docgroupConfigs.config,
    })
    .from(docgroupConfigs)
    .innerJoin(keywordMasters, eq(keywordMasters.id, docgroupConfigs.documentId))
    .where(inArray(docgroupConfigs.docgroupId, ids))
    .orderBy(asc(docgroupConfigs.id));
  return groups.map((group) => ({
    id: group.id,
    hospital_id: hospitalRows.filter((h) => h.docgroupId === group.id).map(({ id, hospital_code, name }) => ({ id, hospital_code, name })),
    docgroup_id: configRows.filter((c) => c.docgroupId === group.id).map((c) => ({ id: c.documentId, name: c.name })),
    docgroupConfig_id: Object.fromEntries(configRows.filter((c) => c.docgroupId === group.id).map((c) => [c.name, c.config])),
    ...auditOf(group),
  }));
}

const docgroupRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Checks the body and returns the configuration per document id. */
  async function resolve(body: z.infer<typeof DocgroupSaveBody>): Promise<Map<number, DocgroupConfig>> {
    const knownHospitals = await app.db.select({ id: hospitals.id }).from(hospitals).where(inArray(hospitals.id, body.hospital_id));
    const unknownHospitals = body.hospital_id.filter((id) => !knownHospitals.some((h) => h.id === id));
    if (unknownHospitals.length) throw badRequest(`hospital_id: unknown hospital ${unknownHospitals.join(', ')}`);
    const documents = await app.db
      .select({ id: keywordMasters.id, name: keywordMasters.name })
      .from(keywordMasters)
      .where(sql`${keywordMasters.kind} = 'document' and ${inArray(keywordMasters.id, body.docgroup_id)}`);
    const unknownDocuments = body.docgroup_id.filter((id) => !documents.some((d) => d.id === id));
    if (unknownDocuments.length) throw badRequest(`docgroup_id: unknown document ${unknownDocuments.join(', ')}`);
    const configs = new Map<number, DocgroupConfig>();
    for (const [key, config] of Object.entries(body.docgroupConfig_id)) {
      const document = documents.find((d) => String(d.id) === key || d.name.toLowerCase() === key.toLowerCase());
      if (!document) throw badRequest(`docgroupConfig_id.${key}: not one of the chosen documents`);
      if (!config.begin_alias[0]?.some((alias) => alias.trim()))
        throw badRequest(`docgroupConfig_id.${key}.begin_alias: Beginning Alias is required`);
      configs.set(document.id, config);
    }
    const unconfigured = documents.filter((d) => !configs.has(d.id));
    if (unconfigured.length) throw badRequest(`docgroupConfig_id: add a configuration for ${unconfigured.map((d) => d.name).join(', ')}`);
    return configs;
  }

  async function write(db: DbOrTx, docgroupId: number, body: z.infer<typeof DocgroupSaveBody>, configs: Map<number, DocgroupConfig>) {
    await db.delete(docgroupHospitals).where(eq(docgroupHospitals.docgroupId, docgroupId));
    await db.delete(docgroupConfigs).where(eq(docgroupConfigs.docgroupId, docgroupId));
    await db.insert(docgroupHospitals).values([...new Set(body.hospital_id)].map((hospitalId) => ({ docgroupId, hospitalId })));
    await db.insert(docgroupConfigs).values([...configs].map(([documentId, config]) => ({ docgroupId, documentId, config })));
  }

  const findOr404 = async (id: number): Promise<Docgroup> => {
    const [group] = await loadDocgroups(app.db, [id]);
    if (!group) throw notFound(`Document segregation ${id} not found`);
    return group;
  };

  const page = async (ids: number[] | null, limit: number, pageNumber: number) => {
    const where = ids ? inArray(docgroups.id, ids.length ? ids : [-1]) : undefined;
    const [{ total }] = await app.db.select({ total: count() }).from(docgroups).where(where);
    const rows = await app.db
      .select({ id: docgroups.id })
      .from(docgroups)
      .where(where)
      .orderBy(asc(docgroups.id))
      .limit(limit)
      .offset(offsetOf({ limit, page_number: pageNumber }));
    return firstRowCarriesTotal(
      await loadDocgroups(
        app.db,
        rows.map((r) => r.id),
      ),
      total,
      pageNumber,
    );
  };

  app.get('/docgroups', {
    schema: { querystring: MasterListQuery, response: DocgroupList },
    handler: async (request) => {
      const { getall, limit, page_number } = request.query;
      if (getall !== undefined) {
        const ids = await app.db.select({ id: docgroups.id }).from(docgroups);
        return loadDocgroups(
          app.db,
          ids.map((r) => r.id),
        );
      }
      return page(null, limit ?? 25, page_number ?? 1);
    },
  });

  /** Matches hospital codes and names and document names. */
  app.post('/docgroups/search', {
    schema: { querystring: ListQuery, body: MasterSearchBody, response: DocgroupList },
    handler: async (request) => {
      const text = [request.body.query, ...Object.values(request.body.filters ?? {})].find((t) => t?.trim());
      if (!text) return page(null, request.query.limit, request.query.page_number);
      const pattern = containsPattern(text);
      const matches = await app.db
        .selectDistinct({ id: docgroups.id })
        .from(docgroups)
        .leftJoin(docgroupHospitals, eq(docgroupHospitals.docgroupId, docgroups.id))
        .leftJoin(hospitals, eq(hospitals.id, docgroupHospitals.hospitalId))
        .leftJoin(docgroupConfigs, eq(docgroupConfigs.docgroupId, docgroups.id))
        .leftJoin(keywordMasters, eq(keywordMasters.id, docgroupConfigs.documentId))
        .where(
          sql`${hospitals.hospitalCode} ilike ${pattern} or ${hospitals.name} ilike ${pattern} or ${keywordMasters.name} ilike ${pattern}`,
        );
      return page(
        matches.map((m) => m.id),
        request.query.limit,
        request.query.page_number,
      );
    },
  });

  app.get('/docgroups/:id', {
    schema: { params: IdParams, response: OneDocgroup },
    handler: async (request) => findOr404(request.params.id),
  });

  app.post('/docgroups', {
    schema: { body: DocgroupSaveBody, response: replies({ 201: Docgroup }) },
    config: { access: requireMasterWriter },
    handler: async (request, reply) => {
      const configs = await resolve(request.body);
      const id = await app.db.transaction(async (tx) => {
        const [group] = await tx.insert(docgroups).values(createdBy(request.auth)).returning({ id: docgroups.id });
        await write(tx, group.id, request.body, configs);
        return group.id;
      });
      return reply.code(201).send(await findOr404(id));
    },
  });

  /** Replaces the group's hospitals and configurations; a document left out loses its configuration. */
  app.put('/docgroups/:id', {
    schema: { params: IdParams, body: DocgroupSaveBody, response: OneDocgroup },
    config: { access: requireMasterWriter },
    handler: async (request) => {
      const existing = await findOr404(request.params.id);
      const configs = await resolve(request.body);
      await app.db.transaction(async (tx) => {
        await write(tx, existing.id, request.body, configs);
        await tx.update(docgroups).set(modifiedBy(request.auth)).where(eq(docgroups.id, existing.id));
      });
      return findOr404(existing.id);
    },
  });

  app.delete('/docgroups/:id', {
    schema: { params: IdParams, body: DeleteBody, response: replies({ 200: DetailResponse }) },
    config: { access: requireMasterWriter },
    handler: async (request) => {
      const existing = await findOr404(request.params.id);
      await app.db.delete(docgroups).where(eq(docgroups.id, existing.id));
      return { detail: 'Deleted Successfully' };
    },
  });
};

export default docgroupRoutes;
