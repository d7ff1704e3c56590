/**
 * Hospitals (spec 2 §2.6, §7): the lists, one by code, and the writes, each write in one transaction with its audit
 * entry. A new code is written into what named the old one (rules, clinical attribute overrides) in the same
 * transaction; a hospital something still names is not deleted.
 */
import { and, asc, eq, ne, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  DeleteBody,
  Hospital,
  HospitalCreateBody,
  HospitalList,
  HospitalUpdateBody,
  MasterListQuery,
  MasterSearchBody,
  PagedResults,
} from '@claims/shared-kernel/contract';
import { recordAudit } from '../audit/log';
import type { AuthContext } from '../auth/tokens';
import type { Db, DbOrTx } from '../db';
import { hospitals } from '../db/schema';
import { andAll, selectPage } from '../db/sql';
import { badRequest, notFound } from '../http/errors';
import type { Page } from '../http/paging';
import { auditOf, createdBy, modifiedBy, refusingDuplicates, textMatch } from './common';
import { assertUnreferenced, type ReferencedMaster, rewriteReferences } from './references';

type HospitalRow = typeof hospitals.$inferSelect;
const toHospital = (row: HospitalRow): Hospital => ({ id: row.id, hospital_code: row.hospitalCode, name: row.name, ...auditOf(row) });

/** A hospital as the references to it know it: overrides name it by its code. */
const referenced = (row: HospitalRow): ReferencedMaster => ({ module: 'hospitals', id: row.id, code: row.hospitalCode });

/** The unique key of the hospital code. */
const CODE_KEY = 'hospitals_hospital_code_unique';
const codeTaken = (field: string, code: string) => `${field}: Hospital code ${code} already exists`;

const FILTER_COLUMNS = { hospital_code: hospitals.hospitalCode, name: hospitals.name, hospital_name: hospitals.name } as const;

async function hospitalPage(db: DbOrTx, where: SQL | undefined, page: Page): Promise<PagedResults<Hospital>> {
  const { rows, total } = await selectPage(db, db.select().from(hospitals).where(where).$dynamic(), [asc(hospitals.id)], page);
  return { results: rows.map(toHospital), total_count: total, page_number: page.page_number };
}

/** GET /hospitals: every hospital by code with `getall`, otherwise a page in id order. */
export async function listHospitals(db: DbOrTx, query: z.output<typeof MasterListQuery>): Promise<z.output<typeof HospitalList>> {
  const { getall, limit, page_number } = query;
  if (getall !== undefined) {
    const rows = await db.select().from(hospitals).orderBy(asc(hospitals.hospitalCode));
    return { results: rows.map(toHospital) };
  }
  return hospitalPage(db, undefined, { limit: limit ?? 25, page_number: page_number ?? 1 });
}

/** POST /hospitals/search: the text in the code or name, and each filter in its column. */
export async function searchHospitals(db: DbOrTx, body: MasterSearchBody, page: Page): Promise<PagedResults<Hospital>> {
  const { query, filters = {} } = body;
  const conditions = [textMatch(query, [hospitals.hospitalCode, hospitals.name])];
  for (const [field, text] of Object.entries(filters)) {
    const column = FILTER_COLUMNS[field as keyof typeof FILTER_COLUMNS];
    if (!column) throw badRequest(`filters.${field}: not a hospital column`);
    conditions.push(textMatch(text, [column]));
  }
  return hospitalPage(db, andAll(conditions), page);
}

/** By code; `lock` holds the row until the transaction ends (an edit or delete reads what it replaces). */
async function byCode(db: DbOrTx, code: string, lock = false): Promise<HospitalRow> {
  const query = db.select().from(hospitals).where(eq(hospitals.hospitalCode, code));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(`Hospital ${code} not found`);
  return row;
}

export const findHospital = async (db: DbOrTx, code: string): Promise<Hospital> => toHospital(await byCode(db, code));

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

export async function createHospital(db: Db, auth: AuthContext, body: HospitalCreateBody): Promise<Hospital> {
  const { hospital_code, hospital_name } = body;
  const row = await refusingDuplicates(
    () =>
      db.transaction(async (tx) => {
        await assertCodeFree(tx, hospital_code, 'hospital_code');
        const [created] = await tx
          .insert(hospitals)
          .values({ hospitalCode: hospital_code, name: hospital_name, ...createdBy(auth) })
          .returning();
        await audit(tx, auth.username, 'create', null, created);
        return created;
      }),
    { [CODE_KEY]: () => codeTaken('hospital_code', hospital_code) },
  );
  return toHospital(row);
}

/**
 * One field at a time (spec 2 §5): the code or the name. A new code is written into the clinical attributes'
 * overrides that named the old one, in the same transaction. `zone` is the display zone the rewritten rules are
 * versioned in.
 */
export async function updateHospital(db: Db, auth: AuthContext, code: string, body: HospitalUpdateBody, zone: string): Promise<Hospital> {
  const { field_name, value } = body;
  if (field_name === 'hospital_code' && value.length > 50) throw badRequest('value: Hospital Code is at most 50 characters');
  const user = auth.username;
  const updated = await refusingDuplicates(
    () =>
      db.transaction(async (tx) => {
        const row = await byCode(tx, code, true);
        if (field_name === 'hospital_code') await assertCodeFree(tx, value, 'value', row.id);
        const change = field_name === 'hospital_code' ? { hospitalCode: value } : { name: value };
        const [changed] = await tx
          .update(hospitals)
          .set({ ...change, ...modifiedBy(auth) })
          .where(eq(hospitals.id, row.id))
          .returning();
        await audit(tx, user, 'update', row, changed);
        await rewriteReferences(tx, referenced(row), referenced(changed), { username: user, zone });
        return changed;
      }),
    { [CODE_KEY]: () => codeTaken('value', value) },
  );
  return toHospital(updated);
}

export async function deleteHospital(db: Db, auth: AuthContext, code: string, body: z.output<typeof DeleteBody>): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await byCode(tx, code, true);
    const id = body?.id;
    if (id !== undefined && Number(id) !== row.id) throw badRequest(`id: ${id} is not the id of hospital ${row.hospitalCode}`);
    // A document segregation's hospitals are what it applies to, an override's hospitals what it is for: dropping
    // one silently would change them.
    await assertUnreferenced(tx, referenced(row));
    await tx.delete(hospitals).where(eq(hospitals.id, row.id));
    await audit(tx, auth.username, 'delete', row, null);
  });
}
