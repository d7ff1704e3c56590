/**
 * Procedures (spec 2 §2.4, §7; spec 1 §7 lookups): the lists with each procedure's group, the lookups by code, and
 * the writes, each in one transaction with its audit entry. A new code or name is written into what named the old
 * one; a procedure something still names or keeps rules for is not deleted.
 */
import { and, asc, count, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type {
  DeleteBody,
  MasterListQuery,
  MasterSearchBody,
  Paged,
  Procedure,
  ProcedureCounterpart,
  ProcedureName,
  ProcedureSaveBody,
} from '@claims/shared-kernel/contract';
import { recordAudit } from '../audit/log';
import type { AuthContext } from '../auth/tokens';
import type { Db, DbOrTx } from '../db';
import { keywordMasters, procedures } from '../db/schema';
import { andAll, selectPage } from '../db/sql';
import { badRequest, notFound } from '../http/errors';
import { firstRowCarriesTotal, type Page } from '../http/paging';
import { asId, auditOf, createdBy, modifiedBy, refusingDuplicates, textMatch } from './common';
import { assertUnreferenced, type ReferencedMaster, rewriteReferences } from './references';

type SaveBody = z.output<typeof ProcedureSaveBody>;

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

/** The procedures with their groups, for a select to narrow. */
const withGroups = (db: DbOrTx) =>
  db.select(PROCEDURE_COLUMNS).from(procedures).leftJoin(groups, eq(groups.id, procedures.procedureGroupId));

/** A procedure with its group, by id or code. */
async function loadProcedure(db: DbOrTx, idOrCode: string): Promise<Procedure | null> {
  const id = asId(idOrCode);
  const match = id !== null ? or(eq(procedures.id, id), eq(procedures.procedureCode, idOrCode)) : eq(procedures.procedureCode, idOrCode);
  const rows = await withGroups(db)
    .where(match)
    .orderBy(id !== null ? sql`${procedures.id} = ${id} desc` : asc(procedures.id));
  return rows[0] ? toProcedure(rows[0]) : null;
}

export async function findProcedure(db: DbOrTx, idOrCode: string): Promise<Procedure> {
  const procedure = await loadProcedure(db, idOrCode);
  if (!procedure) throw notFound(`Procedure ${idOrCode} not found`);
  return procedure;
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
const counterpartCode = (code: string): string =>
  code.endsWith(PREAUTH_SUFFIX) ? code.slice(0, -PREAUTH_SUFFIX.length) : `${code}${PREAUTH_SUFFIX}`;

const FILTER_COLUMNS = {
  name: procedures.name,
  procedure_code: procedures.procedureCode,
  snomedct_code: procedures.snomedctCode,
  procedure_group: groups.name,
  alias: procedures.alias,
} as const;

async function procedurePage(db: DbOrTx, where: SQL | undefined, page: Page): Promise<Paged<Procedure>[]> {
  const { rows, total } = await selectPage(db, withGroups(db).where(where).$dynamic(), [asc(procedures.id)], page);
  return firstRowCarriesTotal(rows.map(toProcedure), total, page.page_number);
}

/** GET /procedures: every procedure by code with `getall`, otherwise a page in id order. */
export async function listProcedures(db: DbOrTx, query: z.output<typeof MasterListQuery>): Promise<Paged<Procedure>[]> {
  const { getall, limit, page_number } = query;
  if (getall !== undefined) return (await withGroups(db).orderBy(asc(procedures.procedureCode))).map(toProcedure);
  return procedurePage(db, undefined, { limit: limit ?? 25, page_number: page_number ?? 1 });
}

export async function countProcedures(db: DbOrTx): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(procedures);
  return n;
}

/** POST /procedures/search: with procedureCodes their codes and names (spec 1 §7); otherwise the list's filter, paged. */
export async function searchProcedures(
  db: DbOrTx,
  body: MasterSearchBody & { procedureCodes?: string[] },
  page: Partial<Page>,
): Promise<Paged<Procedure>[] | z.output<typeof ProcedureName>[]> {
  const { procedureCodes, query, filters = {} } = body;
  if (procedureCodes) {
    if (!procedureCodes.length) return [];
    return db
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
  return procedurePage(db, andAll(conditions), { limit: page.limit ?? 25, page_number: page.page_number ?? 1 });
}

/** The pre-authorisation / settlement counterpart of each code (X <-> X_preauth) that exists. */
export async function counterparts(db: DbOrTx, codes: string[]): Promise<z.output<typeof ProcedureCounterpart>[]> {
  const wanted = codes.map(counterpartCode);
  if (!wanted.length) return [];
  return db
    .select({ id: procedures.id, procedure_code: procedures.procedureCode, name: procedures.name })
    .from(procedures)
    .where(inArray(procedures.procedureCode, wanted));
}

/** The row to write, after the checks a save needs (a known group, a free code); aliases left out are kept. */
async function checkSave(db: DbOrTx, body: SaveBody, exceptId?: number) {
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
}

export async function createProcedure(db: Db, auth: AuthContext, body: SaveBody): Promise<Procedure> {
  return refusingDuplicates(
    () =>
      db.transaction(async (tx) => {
        const values = await checkSave(tx, body);
        const [row] = await tx
          .insert(procedures)
          .values({ ...values, ...createdBy(auth) })
          .returning({ id: procedures.id });
        const procedure = await findProcedure(tx, String(row.id));
        await recordAudit(tx, {
          entity: 'procedures',
          key: String(row.id),
          action: 'create',
          user: auth.username,
          before: null,
          after: procedure,
        });
        return procedure;
      }),
    { [CODE_KEY]: () => codeTaken(body.procedure_code) },
  );
}

/**
 * A new code or name is written into the rule statements and overrides that named the old one, in the same
 * transaction; `zone` is the display zone the rewritten rules are versioned in.
 */
export async function updateProcedure(db: Db, auth: AuthContext, idOrCode: string, body: SaveBody, zone: string): Promise<Procedure> {
  return refusingDuplicates(
    () =>
      db.transaction(async (tx) => {
        const { id } = await findProcedure(tx, idOrCode);
        // Held until the end, so the record the log calls 'before' is the one this update replaced.
        await tx.select({ id: procedures.id }).from(procedures).where(eq(procedures.id, id)).for('update');
        const existing = await findProcedure(tx, String(id));
        const values = await checkSave(tx, body, existing.id);
        await tx
          .update(procedures)
          .set({ ...values, ...modifiedBy(auth) })
          .where(eq(procedures.id, existing.id));
        const updated = await findProcedure(tx, String(existing.id));
        const user = auth.username;
        await recordAudit(tx, { entity: 'procedures', key: String(existing.id), action: 'update', user, before: existing, after: updated });
        await rewriteReferences(tx, referenced(existing), referenced(updated), { username: user, zone });
        return updated;
      }),
    { [CODE_KEY]: () => codeTaken(body.procedure_code) },
  );
}

/**
 * A procedure that rules (of any organisation) or questions are kept for, or that rule statements or overrides name,
 * is not deleted: 409 naming them (deleting it would silently take every organisation's protocol with it).
 */
export async function deleteProcedure(db: Db, auth: AuthContext, idOrCode: string, body: z.output<typeof DeleteBody>): Promise<void> {
  await db.transaction(async (tx) => {
    const { id: procedureId } = await findProcedure(tx, idOrCode);
    await tx.select({ id: procedures.id }).from(procedures).where(eq(procedures.id, procedureId)).for('update');
    const existing = await findProcedure(tx, String(procedureId));
    const id = body?.id;
    if (id !== undefined && Number(id) !== existing.id) throw badRequest(`id: ${id} is not the id of procedure ${existing.procedure_code}`);
    await assertUnreferenced(tx, referenced(existing));
    await tx.delete(procedures).where(eq(procedures.id, existing.id));
    await recordAudit(tx, {
      entity: 'procedures',
      key: String(existing.id),
      action: 'delete',
      user: auth.username,
      before: existing,
      after: null,
    });
  });
}
