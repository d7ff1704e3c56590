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
import { recordAudit } from '../audit/log';
import type { DbOrTx } from '../db';
import { hospitals } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { offsetOf } from '../http/paging';
import { andAll } from '../db/sql';
import { replies } from '../http/replies';
import { auditOf, createdBy, modifiedBy, refusingDuplicates, requireMasterWriter, textMatch } from '../masters/common';
import { assertUnreferenced, type ReferencedMaster, rewriteReferences } from '../masters/references';

type HospitalRow = typeof hospitals.$inferSelect;
const toHospital = (row: HospitalRow): Hospital => ({ id: row.id, hospital_code: row.hospitalCode, name: row.name, ...auditOf(row) });

/** A hospital as the references to it know it: overrides name it by its code. */
const referenced = (row: HospitalRow): ReferencedMaster => ({ module: 'hospitals', id: row.id, code: row.hospitalCode });

/** The unique key of the hospital code. */
const CODE_KEY = 'hospitals_hospital_code_unique';
const codeTaken = (field: string, code: string) => `${field}: Hospital code ${code} already exists`;

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

  /** By code; `lock` holds the row until the transaction ends (an edit or delete reads what it replaces). */
  async function byCode(db: DbOrTx, code: string, lock = false): Promise<HospitalRow> {
    const query = db.select().from(hospitals).where(eq(hospitals.hospitalCode, code));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(`Hospital ${code} not found`);
    return row;
  }

  async function assertCodeFree(db: DbOrTx, code: string, field: string, exceptId?: number): Promise<void> {
    const [taken] = await db
      .select({ id: hospitals.id })
      .from(hospitals)
      .where(and(eq(hospitals.hospitalCode, code), exceptId ? ne(hospitals.id, exceptId) : undefined));
    if (taken) throw badRequest(codeTaken(field, code));
  }

  const audit = (db: DbOrTx, user: string, action: 'create' | 'update' | 'delete', before: HospitalRow | null, after: HospitalRow | null) =>
    recordAudit(db, {
      entity: 'hospitals',
      key: String((after ?? before)?.id),
      action,
      user,
      before: before && toHospital(before),
      after: after && toHospital(after),
    });

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
    handler: async (request) => ({ result: toHospital(await byCode(app.db, request.params.code)) }),
  });

  app.post('/hospitals', {
    schema: { body: HospitalCreateBody, response: replies({ 201: HospitalResult }) },
    config: { access: requireMasterWriter },
    handler: async (request, reply) => {
      const { hospital_code, hospital_name } = request.body;
      const row = await refusingDuplicates(
        () =>
          app.db.transaction(async (tx) => {
            await assertCodeFree(tx, hospital_code, 'hospital_code');
            const [created] = await tx
              .insert(hospitals)
              .values({ hospitalCode: hospital_code, name: hospital_name, ...createdBy(request.auth) })
              .returning();
            await audit(tx, request.auth.username, 'create', null, created);
            return created;
          }),
        { [CODE_KEY]: () => codeTaken('hospital_code', hospital_code) },
      );
      return reply.code(201).send({ result: toHospital(row) });
    },
  });

  /**
   * One field at a time (spec 2 §5): the code or the name. A new code is written into the clinical attributes'
   * overrides that named the old one, in the same transaction.
   */
  app.put('/hospitals/:code', {
    schema: { params: HospitalCodeParams, body: HospitalUpdateBody, response: replies({ 200: HospitalResult }) },
    config: { access: requireMasterWriter },
    handler: async (request) => {
      const { field_name, value } = request.body;
      if (field_name === 'hospital_code' && value.length > 50) throw badRequest('value: Hospital Code is at most 50 characters');
      const user = request.auth.username;
      const updated = await refusingDuplicates(
        () =>
          app.db.transaction(async (tx) => {
            const row = await byCode(tx, request.params.code, true);
            if (field_name === 'hospital_code') await assertCodeFree(tx, value, 'value', row.id);
            const change = field_name === 'hospital_code' ? { hospitalCode: value } : { name: value };
            const [changed] = await tx
              .update(hospitals)
              .set({ ...change, ...modifiedBy(request.auth) })
              .where(eq(hospitals.id, row.id))
              .returning();
            await audit(tx, user, 'update', row, changed);
            await rewriteReferences(tx, referenced(row), referenced(changed), { username: user, zone: app.config.displayTimeZone });
            return changed;
          }),
        { [CODE_KEY]: () => codeTaken('value', value) },
      );
      return { result: toHospital(updated) };
    },
  });

  app.delete('/hospitals/:code', {
    schema: { params: HospitalCodeParams, body: DeleteBody, response: replies({ 200: DetailResponse }) },
    config: { access: requireMasterWriter },
    handler: async (request) => {
      await app.db.transaction(async (tx) => {
        const row = await byCode(tx, request.params.code, true);
        const id = request.body?.id;
        if (id !== undefined && Number(id) !== row.id) throw badRequest(`id: ${id} is not the id of hospital ${row.hospitalCode}`);
        // A document segregation's hospitals are what it applies to, an override's hospitals what it is for: dropping
        // one silently would change them.
        await assertUnreferenced(tx, referenced(row));
        await tx.delete(hospitals).where(eq(hospitals.id, row.id));
        await audit(tx, request.auth.username, 'delete', row, null);
      });
      return { detail: 'Deleted Successfully' };
    },
  });
};

export default hospitalRoutes;
