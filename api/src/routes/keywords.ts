/**
 * The keyword masters (spec 2 §2.5): procedure groups, diagnoses (with ICD code), documents,
 * evidence, drugs, tissues and pre-existing diseases. One shape, one table, one set of routes each.
 */
import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  CountResponse,
  DeleteBody,
  DetailResponse,
  KeywordEntity,
  KeywordSaveBody,
  ListQuery,
  MasterIdParams,
  MasterItemQuery,
  MasterListQuery,
  MasterSearchBody,
  pagedList,
} from '@claims/shared-kernel/contract';
import { andAll } from '../db/sql';
import { KEYWORD_KINDS, type KeywordKind, masterKind } from '@claims/shared-kernel/constants';
import { recordAudit } from '../audit/log';
import type { DbOrTx } from '../db';
import { keywordMasters } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { firstRowCarriesTotal, offsetOf } from '../http/paging';
import { replies } from '../http/replies';
import { asId, auditOf, createdBy, modifiedBy, refusingDuplicates, requireMasterWriter, textMatch } from '../masters/common';
import { assertUnreferenced, type ReferencedMaster, rewriteReferences } from '../masters/references';

type KeywordRow = typeof keywordMasters.$inferSelect;

export const toKeyword = (row: KeywordRow): KeywordEntity => ({
  id: row.id,
  name: row.name,
  alias: row.alias,
  ...(row.kind === 'diagnoses' ? { ICD_code: row.icdCode } : {}),
  ...auditOf(row),
});

/** What one item of a kind is called in messages: 'Diagnosis ICD-99 not found'. */
const LABEL = (kind: KeywordKind): string => masterKind(kind).noun;

/** A keyword as the references to it know it (rule statements name it, overrides name documents). */
const referenced = (row: KeywordRow): ReferencedMaster => ({ module: row.kind, id: row.id, name: row.name, alias: row.alias });

/**
 * The unique keys of the table: a name once per kind, and (a decision of ours) an ICD code once among the diagnoses,
 * since the code names one condition: two diagnoses with one code would split that condition's aliases between two
 * records, and a rule choosing one would miss what the other's aliases find.
 */
const NAME_KEY = 'keyword_masters_kind_name_idx';
const ICD_KEY = 'keyword_masters_icd_code_idx';

const FILTER_COLUMNS = { name: keywordMasters.name, alias: keywordMasters.alias, ICD_code: keywordMasters.icdCode } as const;

const KeywordList = replies({ 200: pagedList(KeywordEntity) });
const OneKeyword = replies({ 200: KeywordEntity });

const keywordRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of KEYWORD_KINDS) {
    const ofKind = eq(keywordMasters.kind, kind);

    /** By id or name; `lock` holds the row until the transaction ends (an edit or delete reads what it replaces). */
    const find = async (db: DbOrTx, idOrName: string, lock = false): Promise<KeywordRow> => {
      const id = asId(idOrName);
      const query = db
        .select()
        .from(keywordMasters)
        .where(and(ofKind, id !== null ? eq(keywordMasters.id, id) : sql`lower(${keywordMasters.name}) = lower(${idOrName})`));
      const [row] = lock ? await query.for('update') : await query;
      if (!row) throw notFound(`${LABEL(kind)} ${idOrName} not found`);
      return row;
    };

    const nameTaken = (name: string) => `name: ${LABEL(kind)} '${name}' already exists`;
    const assertNameFree = async (db: DbOrTx, name: string, exceptId?: number) => {
      const [taken] = await db
        .select({ id: keywordMasters.id })
        .from(keywordMasters)
        .where(and(ofKind, sql`lower(${keywordMasters.name}) = lower(${name})`, exceptId ? ne(keywordMasters.id, exceptId) : undefined));
      if (taken) throw badRequest(nameTaken(name));
    };

    const icdTaken = (code: string) => `ICD_code: ICD code ${code} already exists`;
    const assertIcdFree = async (db: DbOrTx, code: string | null, exceptId?: number) => {
      if (code === null) return;
      const [taken] = await db
        .select({ id: keywordMasters.id })
        .from(keywordMasters)
        .where(and(ofKind, sql`lower(${keywordMasters.icdCode}) = lower(${code})`, exceptId ? ne(keywordMasters.id, exceptId) : undefined));
      if (taken) throw badRequest(icdTaken(code));
    };
    /** What a duplicate that got past the checks (saved at the same instant as another) answers. */
    const duplicateDetails = (values: { name: string; icdCode: string | null }) => ({
      [NAME_KEY]: () => nameTaken(values.name),
      [ICD_KEY]: () => icdTaken(values.icdCode ?? ''),
    });

    const audit = (db: DbOrTx, user: string, action: 'create' | 'update' | 'delete', before: KeywordRow | null, after: KeywordRow | null) =>
      recordAudit(db, {
        entity: kind,
        key: String((after ?? before)?.id),
        action,
        user,
        before: before && toKeyword(before),
        after: after && toKeyword(after),
      });

    const parse = (body: z.infer<typeof KeywordSaveBody>) => {
      if (kind === 'diagnoses' && !body.ICD_code) throw badRequest('ICD_code: ICD code is required');
      return { name: body.name, alias: body.alias, icdCode: kind === 'diagnoses' ? (body.ICD_code ?? null) : null };
    };

    const page = async (where: SQL | undefined, limit: number, pageNumber: number) => {
      const [{ total }] = await app.db.select({ total: count() }).from(keywordMasters).where(where);
      const rows = await app.db
        .select()
        .from(keywordMasters)
        .where(where)
        .orderBy(asc(keywordMasters.id))
        .limit(limit)
        .offset(offsetOf({ limit, page_number: pageNumber }));
      return firstRowCarriesTotal(rows.map(toKeyword), total, pageNumber);
    };

    app.get(`/${kind}`, {
      schema: { querystring: MasterListQuery, response: KeywordList },
      handler: async (request) => {
        const { getall, limit, page_number } = request.query;
        if (getall !== undefined) {
          const rows = await app.db.select().from(keywordMasters).where(ofKind).orderBy(asc(keywordMasters.name));
          return rows.map(toKeyword);
        }
        return page(ofKind, limit ?? 25, page_number ?? 1);
      },
    });

    app.get(`/${kind}/count`, {
      schema: { response: replies({ 200: CountResponse }) },
      handler: async () => (await app.db.select({ n: count() }).from(keywordMasters).where(ofKind))[0].n,
    });

    app.post(`/${kind}/search`, {
      schema: { querystring: ListQuery, body: MasterSearchBody, response: KeywordList },
      handler: async (request) => {
        const { query, filters = {} } = request.body;
        const conditions = [ofKind, textMatch(query, [keywordMasters.name, keywordMasters.alias, keywordMasters.icdCode])];
        for (const [field, text] of Object.entries(filters)) {
          const column = FILTER_COLUMNS[field as keyof typeof FILTER_COLUMNS];
          if (!column) throw badRequest(`filters.${field}: not a column of ${kind}`);
          conditions.push(textMatch(text, [column]));
        }
        return page(andAll(conditions.filter((c): c is SQL => !!c)), request.query.limit, request.query.page_number);
      },
    });

    app.get(`/${kind}/:id`, {
      schema: { params: MasterIdParams, querystring: MasterItemQuery, response: OneKeyword },
      handler: async (request) => toKeyword(await find(app.db, request.params.id)),
    });

    app.post(`/${kind}`, {
      schema: { body: KeywordSaveBody, response: replies({ 201: KeywordEntity }) },
      config: { access: requireMasterWriter },
      handler: async (request, reply) => {
        const values = parse(request.body);
        const row = await refusingDuplicates(
          () =>
            app.db.transaction(async (tx) => {
              await assertNameFree(tx, values.name);
              await assertIcdFree(tx, values.icdCode);
              const [created] = await tx
                .insert(keywordMasters)
                .values({ kind, ...values, ...createdBy(request.auth) })
                .returning();
              await audit(tx, request.auth.username, 'create', null, created);
              return created;
            }),
          duplicateDetails(values),
        );
        return reply.code(201).send(toKeyword(row));
      },
    });

    app.put(`/${kind}/:id`, {
      schema: { params: MasterIdParams, body: KeywordSaveBody, response: OneKeyword },
      config: { access: requireMasterWriter },
      handler: async (request) => {
        const values = parse(request.body);
        const user = request.auth.username;
        const renamer = { username: user, zone: app.config.displayTimeZone };
        const updated = await refusingDuplicates(
          () =>
            app.db.transaction(async (tx) => {
              const row = await find(tx, request.params.id, true);
              await assertNameFree(tx, values.name, row.id);
              await assertIcdFree(tx, values.icdCode, row.id);
              const [changed] = await tx
                .update(keywordMasters)
                .set({ ...values, ...modifiedBy(request.auth) })
                .where(eq(keywordMasters.id, row.id))
                .returning();
              await audit(tx, user, 'update', row, changed);
              // Rule statements and overrides that named it by the old name name it by the new one.
              await rewriteReferences(tx, referenced(row), referenced(changed), renamer);
              return changed;
            }),
          duplicateDetails(values),
        );
        return toKeyword(updated);
      },
    });

    app.delete(`/${kind}/:id`, {
      schema: { params: MasterIdParams, body: DeleteBody, response: replies({ 200: DetailResponse }) },
      config: { access: requireMasterWriter },
      handler: async (request) => {
        await app.db.transaction(async (tx) => {
          const row = await find(tx, request.params.id, true);
          const id = request.body?.id;
          if (id !== undefined && Number(id) !== row.id)
            throw badRequest(`id: ${id} is not the id of ${LABEL(kind).toLowerCase()} ${row.name}`);
          await assertUnreferenced(tx, referenced(row));
          await tx.delete(keywordMasters).where(eq(keywordMasters.id, row.id));
          await audit(tx, request.auth.username, 'delete', row, null);
        });
        return { detail: 'Deleted Successfully' };
      },
    });
  }
};

export default keywordRoutes;
