/** Hospitals (spec 2 §2.6, §7): paged and full lists, one by code, create, one-field edit, delete. */
import { and, asc, count, eq, ne, type SQL } from 'drizzle-orm';
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
  type PagedResults,
} from '@claims/shared-kernel/contract';
import { hospitals } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';
import { offsetOf } from '../http/paging';
import { andAll } from '../claims/queries';
import { replies } from '../http/replies';
import { auditOf, createdBy, modifiedBy, requireMasterWriter, textMatch } from '../masters/common';

type HospitalRow = typeof hospitals.$inferSelect;
const toHospital = (row: HospitalRow): Hospital => ({ id: row.id, hospital_code: row.hospitalCode, name: row.name, ...auditOf(row) });

const FILTER_COLUMNS = { hospital_code: hospitals.hospitalCode, name: hospitals.name, hospital_name: hospitals.name } as const;

const hospitalRoutes: FastifyPluginAsyncZod = async (app) => {
  async function page(where: SQL | undefined, limit: number, pageNumber: number): Promise<PagedResults<Hospital>> {
    const [{ total }] = await app.db.select({ total: count() }).from(hospitals).where(where);
    const rows = await app.db
      .select()
      .from(hospitals)
      .where(where)
      .orderBy(asc(hospitals.id))
      .limit(limit)
      .offset(offsetOf({ limit, page_number: pageNumber }));
    return { results: rows.map(toHospital), total_count: total, page_number: pageNumber };
  }

  async function byCode(code: string): Promise<HospitalRow> {
    const [row] = await app.db.select().from(hospitals).where(eq(hospitals.hospitalCode, code));
    if (!row) throw notFound(`Hospital ${code} not found`);
    return row;
  }

  async function assertCodeFree(code: string, exceptId?: number): Promise<void> {
    const [taken] = await app.db
      .select({ id: hospitals.id })
      .from(hospitals)
      .where(and(eq(hospitals.hospitalCode, code), exceptId ? ne(hospitals.id, exceptId) : undefined));
    if (taken) throw conflict(`Hospital code ${code} already exists`);
  }

  app.get('/hospitals', {
    schema: { querystring: MasterListQuery, response: replies({ 200: HospitalList }) },
    handler: async (request) => {
      const { getall, limit, page_number } = request.query;
      if (getall !== undefined) {
        const rows = await app.db.select().from(hospitals).orderBy(asc(hospitals.hospitalCode));
        return { results: rows.map(toHospital) };
      }
      return page(undefined, limit ?? 25, page_number ?? 1);
    },
  });

  app.post('/hospitals/search', {
    schema: { querystring: PageQuery, body: MasterSearchBody, response: replies({ 200: pagedResults(Hospital) }) },
    handler: async (request) => {
      const { query, filters = {} } = request.body;
      const conditions = [textMatch(query, [hospitals.hospitalCode, hospitals.name])];
      for (const [field, text] of Object.entries(filters)) {
        const column = FILTER_COLUMNS[field as keyof typeof FILTER_COLUMNS];
        if (!column) throw badRequest(`filters.${field}: not a hospital column`);
        conditions.push(textMatch(text, [column]));
      }
      return page(andAll(conditions.filter((c): c is SQL => !!c)), request.query.limit, request.query.page_number);
    },
  });

  app.get('/hospitals/:code', {
    schema: { params: HospitalCodeParams, response: replies({ 200: HospitalResult }) },
    handler: async (request) => ({ result: toHospital(await byCode(request.params.code)) }),
  });

  app.post('/hospitals', {
    schema: { body: HospitalCreateBody, response: replies({ 201: HospitalResult }) },
    config: { access: requireMasterWriter },
    handler: async (request, reply) => {
      const { hospital_code, hospital_name } = request.body;
      await assertCodeFree(hospital_code);
      const [row] = await app.db
        .insert(hospitals)
        .values({ hospitalCode: hospital_code, name: hospital_name, ...createdBy(request.auth) })
        .returning();
      return reply.code(201).send({ result: toHospital(row) });
    },
  });

  /** One field at a time (spec 2 §5): the code or the name. */
  app.put('/hospitals/:code', {
    schema: { params: HospitalCodeParams, body: HospitalUpdateBody, response: replies({ 200: HospitalResult }) },
    config: { access: requireMasterWriter },
    handler: async (request) => {
      const row = await byCode(request.params.code);
      const { field_name, value } = request.body;
      if (field_name === 'hospital_code') {
        if (value.length > 50) throw badRequest('value: Hospital Code is at most 50 characters');
        await assertCodeFree(value, row.id);
      }
      const change = field_name === 'hospital_code' ? { hospitalCode: value } : { name: value };
      const [updated] = await app.db
        .update(hospitals)
        .set({ ...change, ...modifiedBy(request.auth) })
        .where(eq(hospitals.id, row.id))
        .returning();
      return { result: toHospital(updated) };
    },
  });

  app.delete('/hospitals/:code', {
    schema: { params: HospitalCodeParams, body: DeleteBody, response: replies({ 200: DetailResponse }) },
    config: { access: requireMasterWriter },
    handler: async (request) => {
      const row = await byCode(request.params.code);
      const id = request.body?.id;
      if (id !== undefined && Number(id) !== row.id) throw badRequest(`id: ${id} is not the id of hospital ${row.hospitalCode}`);
      await app.db.delete(hospitals).where(eq(hospitals.id, row.id));
      return { detail: 'Deleted Successfully' };
    },
  });
};

export default hospitalRoutes;
