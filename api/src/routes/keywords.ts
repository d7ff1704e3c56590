/**
 * The keyword masters (spec 2 §2.5): procedure groups, diagnoses (with ICD code), documents,
 * evidence, drugs, tissues and pre-existing diseases. One shape, one table, one set of routes each.
 */
import { and, asc, count, eq, ne, or, sql, type SQL } from 'drizzle-orm';
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
import { andAll } from '../claims/queries';
import { KEYWORD_KINDS, type KeywordKind, masterKind } from '@claims/shared-kernel/constants';
import { recordAudit } from '../audit/log';
import type { DbOrTx } from '../db';
import { docgroupConfigs, keywordMasters, procedures, rules } from '../db/schema';
import type { RuleSelections } from '@claims/shared-kernel/contract';
import { badRequest, conflict, notFound } from '../http/errors';
import { firstRowCarriesTotal, offsetOf } from '../http/paging';
import { replies } from '../http/replies';
import { asId, auditOf, createdBy, modifiedBy, requireMasterWriter, textMatch } from '../masters/common';

type KeywordRow = typeof keywordMasters.$inferSelect;

export const toKeyword = (row: KeywordRow): KeywordEntity => ({
  id: row.id,
  name: row.name,
  alias: row.alias,
  ...(row.kind === 'diagnoses' ? { ICD_code: row.icdCode } : {}),
  ...auditOf(row),
});

/** Which rule selections point at each kind (a row in use by a rule cannot be deleted). */
const RULE_REFERENCES: Partial<Record<KeywordKind, (keyof RuleSelections)[]>> = {
  diagnoses: ['fk_diagnosis'],
  document: ['fk_document', 'fk_clinical_inc_document', 'fk_clinical_exc_document', 'fk_exc_document'],
  evidence: ['fk_evidence'],
  drugs: ['fk_drug'],
  tissues: ['fk_tissue'],
};

/** What one item of a kind is called in messages: 'Diagnosis ICD-99 not found'. */
const LABEL = (kind: KeywordKind): string => masterKind(kind).noun;

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

    const assertNameFree = async (db: DbOrTx, name: string, exceptId?: number) => {
      const [taken] = await db
        .select({ id: keywordMasters.id })
        .from(keywordMasters)
        .where(and(ofKind, sql`lower(${keywordMasters.name}) = lower(${name})`, exceptId ? ne(keywordMasters.id, exceptId) : undefined));
      if (taken) throw badRequest(`name: ${LABEL(kind)} '${name}' already exists`);
    };

    /** Why the record cannot be deleted (rules, procedures or document groups use it), or null. */
    const inUse = async (db: DbOrTx, row: KeywordRow): Promise<string | null> => {
      const fields = RULE_REFERENCES[kind] ?? [];
      if (fields.length) {
        const uses = or(...fields.map((field) => sql`${rules.selections} -> ${field} @> ${JSON.stringify([row.id])}::jsonb`));
        const [{ n }] = await db.select({ n: count() }).from(rules).where(uses);
        if (n > 0) return `${LABEL(kind)} '${row.name}' is used by ${n} rule(s)`;
      }
      if (kind === 'procedureGroup') {
        const [{ n }] = await db.select({ n: count() }).from(procedures).where(eq(procedures.procedureGroupId, row.id));
        if (n > 0) return `Procedure group '${row.name}' has ${n} procedure(s)`;
      }
      if (kind === 'document') {
        const [{ n }] = await db.select({ n: count() }).from(docgroupConfigs).where(eq(docgroupConfigs.documentId, row.id));
        if (n > 0) return `Document '${row.name}' is configured in ${n} document group(s)`;
      }
      return null;
    };

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
      return { name: body.name, alias: body.alias, icdCode: kind === 'diagnoses' ? body.ICD_code : null };
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
        const row = await app.db.transaction(async (tx) => {
          await assertNameFree(tx, values.name);
          const [created] = await tx
            .insert(keywordMasters)
            .values({ kind, ...values, ...createdBy(request.auth) })
            .returning();
          await audit(tx, request.auth.username, 'create', null, created);
          return created;
        });
        return reply.code(201).send(toKeyword(row));
      },
    });

    app.put(`/${kind}/:id`, {
      schema: { params: MasterIdParams, body: KeywordSaveBody, response: OneKeyword },
      config: { access: requireMasterWriter },
      handler: async (request) => {
        const values = parse(request.body);
        const updated = await app.db.transaction(async (tx) => {
          const row = await find(tx, request.params.id, true);
          await assertNameFree(tx, values.name, row.id);
          const [changed] = await tx
            .update(keywordMasters)
            .set({ ...values, ...modifiedBy(request.auth) })
            .where(eq(keywordMasters.id, row.id))
            .returning();
          await audit(tx, request.auth.username, 'update', row, changed);
          return changed;
        });
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
          const reason = await inUse(tx, row);
          if (reason) throw conflict(reason);
          await tx.delete(keywordMasters).where(eq(keywordMasters.id, row.id));
          await audit(tx, request.auth.username, 'delete', row, null);
        });
        return { detail: 'Deleted Successfully' };
      },
    });
  }
};

export default keywordRoutes;
