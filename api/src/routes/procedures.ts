/** Procedures (spec 2 §2.4, §7; spec 1 §7 lookups). */
import { and, asc, count, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CountResponse,
  DeleteBody,
  DetailResponse,
  ListQuery,
  MasterItemQuery,
  MasterListQuery,
  MasterSearchBody,
  pagedList,
  Procedure,
  ProcedureCounterpart,
  ProcedureIdParams,
  ProcedureSaveBody,
  ProcedureSearchResponse,
} from '@claims/shared-kernel/contract';
import { andAll } from '../db/sql';
import { recordAudit } from '../audit/log';
import type { DbOrTx } from '../db';
import { keywordMasters, procedures } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { firstRowCarriesTotal, offsetOf } from '../http/paging';
import { replies } from '../http/replies';
import { asId, auditOf, createdBy, modifiedBy, refusingDuplicates, requireMasterWriter, textMatch } from '../masters/common';
import { assertUnreferenced, type ReferencedMaster, rewriteReferences } from '../masters/references';

const groups = alias(keywordMasters, 'procedure_group');
const PROCEDURE_COLUMNS = { procedure: procedures, groupId: groups.id, groupName: groups.name };
const PREAUTH_SUFFIX = '_preauth';

type ProcedureRow = typeof procedures.$inferSelect;
const toProcedure = ({
  procedure,
  groupId,
  groupName,
}: {
  procedure: ProcedureRow;
  groupId: number | null;
  groupName: string | null;
}): Procedure => ({
  id: procedure.id,
  name: procedure.name,
  procedure_code: procedure.procedureCode,
  snomedct_code: procedure.snomedctCode,
  procedure_group: groupId != null && groupName != null ? { id: groupId, name: groupName } : null,
  alias: procedure.alias,
  ...auditOf(procedure),
});

/** A procedure with its group, by id or code. */
export async function loadProcedure(db: DbOrTx, idOrCode: string): Promise<Procedure | null> {
  const id = asId(idOrCode);
  const match = id !== null ? or(eq(procedures.id, id), eq(procedures.procedureCode, idOrCode)) : eq(procedures.procedureCode, idOrCode);
  const rows = await db
    .select(PROCEDURE_COLUMNS)
    .from(procedures)
    .leftJoin(groups, eq(groups.id, procedures.procedureGroupId))
    .where(match)
    .orderBy(id !== null ? sql`${procedures.id} = ${id} desc` : asc(procedures.id));
  return rows[0] ? toProcedure(rows[0]) : null;
}

/** A procedure as the references to it know it: rule statements name it by name, alias or code, overrides by code. */
const referenced = (procedure: Procedure): ReferencedMaster => ({
  module: 'procedures',
  id: procedure.id,
  code: procedure.procedure_code,
  name: procedure.name,
  alias: procedure.alias,
});

/** The unique key of the procedure code. */
const CODE_KEY = 'procedures_code_idx';
const codeTaken = (code: string) => `procedure_code: Procedure code ${code} already exists`;

/** The counterpart code: X <-> X_preauth. */
export const counterpartCode = (code: string): string =>
  code.endsWith(PREAUTH_SUFFIX) ? code.slice(0, -PREAUTH_SUFFIX.length) : `${code}${PREAUTH_SUFFIX}`;

const CodesBody = z.object({ procedureCodes: z.array(z.string()).max(1000) });
const SearchBody = MasterSearchBody.extend({ procedureCodes: z.array(z.string()).max(1000).optional() });
const FILTER_COLUMNS = {
  name: procedures.name,
  procedure_code: procedures.procedureCode,
  snomedct_code: procedures.snomedctCode,
  procedure_group: groups.name,
  alias: procedures.alias,
} as const;

const OneProcedure = replies({ 200: Procedure });

const procedureRoutes: FastifyPluginAsyncZod = async (app) => {
  const page = async (where: SQL | undefined, limit: number, pageNumber: number) => {
    const [{ total }] = await app.db
      .select({ total: count() })
      .from(procedures)
      .leftJoin(groups, eq(groups.id, procedures.procedureGroupId))
      .where(where);
    const rows = await app.db
      .select(PROCEDURE_COLUMNS)
      .from(procedures)
      .leftJoin(groups, eq(groups.id, procedures.procedureGroupId))
      .where(where)
      .orderBy(asc(procedures.id))
      .limit(limit)
      .offset(offsetOf({ limit, page_number: pageNumber }));
    return firstRowCarriesTotal(rows.map(toProcedure), total, pageNumber);
  };

  const findOr404 = async (db: DbOrTx, idOrCode: string): Promise<Procedure> => {
    const procedure = await loadProcedure(db, idOrCode);
    if (!procedure) throw notFound(`Procedure ${idOrCode} not found`);
    return procedure;
  };

  /** The row to write, after the checks a save needs (a known group, a free code); aliases left out are kept. */
  const checkSave = async (db: DbOrTx, body: z.infer<typeof ProcedureSaveBody>, exceptId?: number) => {
    const [group] = await db
      .select({ id: keywordMasters.id })
      .from(keywordMasters)
      .where(and(eq(keywordMasters.id, body.fk_procedure_group), eq(keywordMasters.kind, 'procedureGroup')));
    if (!group) throw badRequest(`fk_procedure_group: unknown procedure group ${body.fk_procedure_group}`);
    const [taken] = await db
      .select({ id: procedures.id })
      .from(procedures)
      .where(and(eq(procedures.procedureCode, body.procedure_code), exceptId ? ne(procedures.id, exceptId) : undefined));
    if (taken) throw badRequest(codeTaken(body.procedure_code));
    return {
      name: body.name,
      procedureCode: body.procedure_code,
      snomedctCode: body.snomedct_code,
      procedureGroupId: body.fk_procedure_group,
      ...(body.alias ? { alias: body.alias } : {}),
    };
  };

  app.get('/procedures', {
    schema: { querystring: MasterListQuery, response: replies({ 200: pagedList(Procedure) }) },
    handler: async (request) => {
      const { getall, limit, page_number } = request.query;
      if (getall !== undefined) {
        const rows = await app.db
          .select(PROCEDURE_COLUMNS)
          .from(procedures)
          .leftJoin(groups, eq(groups.id, procedures.procedureGroupId))
          .orderBy(asc(procedures.procedureCode));
        return rows.map(toProcedure);
      }
      return page(undefined, limit ?? 25, page_number ?? 1);
    },
  });

  app.get('/procedures/count', {
    schema: { response: replies({ 200: CountResponse }) },
    handler: async () => (await app.db.select({ n: count() }).from(procedures))[0].n,
  });

  /** With procedureCodes: their codes and names (spec 1 §7); otherwise the list's filter, paged. */
  app.post('/procedures/search', {
    schema: {
      querystring: ListQuery.partial(),
      body: SearchBody,
      response: replies({ 200: ProcedureSearchResponse }),
    },
    handler: async (request) => {
      const { procedureCodes, query, filters = {} } = request.body;
      if (procedureCodes) {
        if (!procedureCodes.length) return [];
        return app.db
          .select({ procedure_code: procedures.procedureCode, name: procedures.name })
          .from(procedures)
          .where(inArray(procedures.procedureCode, procedureCodes))
          .orderBy(asc(procedures.procedureCode));
      }
      const conditions = [textMatch(query, [procedures.procedureCode, procedures.name, procedures.snomedctCode, procedures.alias])];
      for (const [field, text] of Object.entries(filters)) {
        const column = FILTER_COLUMNS[field as keyof typeof FILTER_COLUMNS];
        if (!column) throw badRequest(`filters.${field}: not a procedure column`);
        conditions.push(textMatch(text, [column]));
      }
      return page(andAll(conditions.filter((c): c is SQL => !!c)), request.query.limit ?? 25, request.query.page_number ?? 1);
    },
  });

  /** The pre-authorisation / settlement counterpart of each code (X <-> X_preauth) that exists. */
  app.post('/procedures/allProcedureSearch', {
    schema: { body: CodesBody, response: replies({ 200: z.array(ProcedureCounterpart) }) },
    handler: async (request) => {
      const wanted = request.body.procedureCodes.map(counterpartCode);
      if (!wanted.length) return [];
      return app.db
        .select({ id: procedures.id, procedure_code: procedures.procedureCode, name: procedures.name })
        .from(procedures)
        .where(inArray(procedures.procedureCode, wanted));
    },
  });

  app.get('/procedures/:id', {
    schema: { params: ProcedureIdParams, querystring: MasterItemQuery, response: OneProcedure },
    handler: async (request) => findOr404(app.db, request.params.id),
  });

  app.post('/procedures', {
    schema: { body: ProcedureSaveBody, response: replies({ 201: Procedure }) },
    config: { access: requireMasterWriter },
    handler: async (request, reply) => {
      const created = await refusingDuplicates(
        () =>
          app.db.transaction(async (tx) => {
            const values = await checkSave(tx, request.body);
            const [row] = await tx
              .insert(procedures)
              .values({ ...values, ...createdBy(request.auth) })
              .returning({ id: procedures.id });
            const procedure = await findOr404(tx, String(row.id));
            await recordAudit(tx, {
              entity: 'procedures',
              key: String(row.id),
              action: 'create',
              user: request.auth.username,
              before: null,
              after: procedure,
            });
            return procedure;
          }),
        { [CODE_KEY]: () => codeTaken(request.body.procedure_code) },
      );
      return reply.code(201).send(created);
    },
  });

  /** A new code or name is written into the rule statements and overrides that named the old one, in the same transaction. */
  app.put('/procedures/:id', {
    schema: { params: ProcedureIdParams, body: ProcedureSaveBody, response: OneProcedure },
    config: { access: requireMasterWriter },
    handler: async (request) =>
      refusingDuplicates(
        () =>
          app.db.transaction(async (tx) => {
            const { id } = await findOr404(tx, request.params.id);
            // Held until the end, so the record the log calls 'before' is the one this update replaced.
            await tx.select({ id: procedures.id }).from(procedures).where(eq(procedures.id, id)).for('update');
            const existing = await findOr404(tx, String(id));
            const values = await checkSave(tx, request.body, existing.id);
            await tx
              .update(procedures)
              .set({ ...values, ...modifiedBy(request.auth) })
              .where(eq(procedures.id, existing.id));
            const updated = await findOr404(tx, String(existing.id));
            const user = request.auth.username;
            await recordAudit(tx, {
              entity: 'procedures',
              key: String(existing.id),
              action: 'update',
              user,
              before: existing,
              after: updated,
            });
            await rewriteReferences(tx, referenced(existing), referenced(updated), { username: user, zone: app.config.displayTimeZone });
            return updated;
          }),
        { [CODE_KEY]: () => codeTaken(request.body.procedure_code) },
      ),
  });

  /**
   * A procedure that rules (of any organisation) or questions are kept for, or that rule statements or overrides name,
   * is not deleted: 409 naming them (deleting it would silently take every organisation's protocol with it).
   */
  app.delete('/procedures/:id', {
    schema: { params: ProcedureIdParams, body: DeleteBody, response: replies({ 200: DetailResponse }) },
    config: { access: requireMasterWriter },
    handler: async (request) => {
      await app.db.transaction(async (tx) => {
        const { id: procedureId } = await findOr404(tx, request.params.id);
        await tx.select({ id: procedures.id }).from(procedures).where(eq(procedures.id, procedureId)).for('update');
        const existing = await findOr404(tx, String(procedureId));
        const id = request.body?.id;
        if (id !== undefined && Number(id) !== existing.id)
          throw badRequest(`id: ${id} is not the id of procedure ${existing.procedure_code}`);
        await assertUnreferenced(tx, referenced(existing));
        await tx.delete(procedures).where(eq(procedures.id, existing.id));
        await recordAudit(tx, {
          entity: 'procedures',
          key: String(existing.id),
          action: 'delete',
          user: request.auth.username,
          before: existing,
          after: null,
        });
      });
      return { detail: 'Deleted Successfully' };
    },
  });
};

export default procedureRoutes;
