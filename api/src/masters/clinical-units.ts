/**
 * Test units, path clinicalUnit (spec 3 §2.6, §3.2, §7): a name and its keywords with their conversions. Each write
 * runs in one transaction with its audit entry; a unit in use is removed from the attributes that list it.
 */
import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ClinicalUnit,
  ClinicalUnitSaveBody,
  DeleteBody,
  MasterListQuery,
  MasterSearchBody,
  Paged,
} from '@claims/shared-kernel/contract';
import { recordAudit } from '../audit/log';
import type { AuthContext } from '../auth/tokens';
import type { Db, DbOrTx } from '../db';
import { clinicalAttributes, clinicalUnits } from '../db/schema';
import { andAll, selectPage } from '../db/sql';
import { badRequest, notFound } from '../http/errors';
import { firstRowCarriesTotal, type Page } from '../http/paging';
import { asId, auditOf, createdBy, filterConditions, modifiedBy, refusingDuplicates, textMatch } from './common';

type UnitRow = typeof clinicalUnits.$inferSelect;
type SaveBody = z.output<typeof ClinicalUnitSaveBody>;

/** The unique key of the test unit's name. */
const UNIT_NAME_KEY = 'clinical_units_name_unique';
const unitNameTaken = (name: string) => `name: Test unit '${name}' already exists`;

const toUnit = (row: UnitRow): ClinicalUnit => ({ id: row.id, name: row.name, alias: row.alias, ...auditOf(row) });

const FILTERS = { name: clinicalUnits.name, alias: clinicalUnits.alias } as const;

/** By id or name; `lock` holds the row until the transaction ends (an edit or delete reads what it replaces). */
async function findUnit(db: DbOrTx, idOrName: string, lock = false): Promise<UnitRow> {
  const id = asId(idOrName);
  const query = db
    .select()
    .from(clinicalUnits)
    .where(id !== null ? eq(clinicalUnits.id, id) : sql`lower(${clinicalUnits.name}) = lower(${idOrName})`);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(`Test unit ${idOrName} not found`);
  return row;
}

export const readUnit = async (db: DbOrTx, idOrName: string): Promise<ClinicalUnit> => toUnit(await findUnit(db, idOrName));

async function assertUnitNameFree(db: DbOrTx, name: string, exceptId?: number): Promise<void> {
  const [taken] = await db
    .select({ id: clinicalUnits.id })
    .from(clinicalUnits)
    .where(and(sql`lower(${clinicalUnits.name}) = lower(${name})`, exceptId ? ne(clinicalUnits.id, exceptId) : undefined));
  if (taken) throw badRequest(unitNameTaken(name));
}

/** A keyword may appear once in a unit: the adjudicator converts by the first row that matches. */
function assertKeywordsDistinct(alias: SaveBody['alias']): void {
  const seen = new Set<string>();
  alias.forEach(({ keyword }, index) => {
    const folded = keyword.toLowerCase();
    if (seen.has(folded)) throw badRequest(`alias.${index}.keyword: Keyword '${keyword}' is listed twice`);
    seen.add(folded);
  });
}

const auditUnit = (db: DbOrTx, user: string, action: 'create' | 'update' | 'delete', before: UnitRow | null, after: UnitRow | null) =>
  recordAudit(db, {
    entity: 'clinicalUnit',
    key: String((after ?? before)?.id),
    action,
    user,
    before: before && toUnit(before),
    after: after && toUnit(after),
  });

async function unitPage(db: DbOrTx, where: SQL | undefined, page: Page): Promise<Paged<ClinicalUnit>[]> {
  const { rows, total } = await selectPage(db, db.select().from(clinicalUnits).where(where).$dynamic(), [asc(clinicalUnits.id)], page);
  return firstRowCarriesTotal(rows.map(toUnit), total, page.page_number);
}

/** GET /clinicalUnit: every unit by name with `getall`, otherwise a page in id order. */
export async function listUnits(db: DbOrTx, query: z.output<typeof MasterListQuery>): Promise<Paged<ClinicalUnit>[]> {
  const { getall, limit, page_number } = query;
  if (getall !== undefined) return (await db.select().from(clinicalUnits).orderBy(asc(clinicalUnits.name))).map(toUnit);
  return unitPage(db, undefined, { limit: limit ?? 25, page_number: page_number ?? 1 });
}

export async function searchUnits(db: DbOrTx, body: MasterSearchBody, page: Page): Promise<Paged<ClinicalUnit>[]> {
  const { query, filters = {} } = body;
  const conditions = [textMatch(query, [clinicalUnits.name, clinicalUnits.alias]), ...filterConditions(FILTERS, filters, 'clinicalUnit')];
  return unitPage(db, andAll(conditions), page);
}

export async function createUnit(db: Db, auth: AuthContext, body: SaveBody): Promise<ClinicalUnit> {
  assertKeywordsDistinct(body.alias);
  const row = await refusingDuplicates(
    () =>
      db.transaction(async (tx) => {
        await assertUnitNameFree(tx, body.name);
        const [created] = await tx
          .insert(clinicalUnits)
          .values({ name: body.name, alias: body.alias, ...createdBy(auth) })
          .returning();
        await auditUnit(tx, auth.username, 'create', null, created);
        return created;
      }),
    { [UNIT_NAME_KEY]: () => unitNameTaken(body.name) },
  );
  return toUnit(row);
}

export async function updateUnit(db: Db, auth: AuthContext, idOrName: string, body: SaveBody): Promise<ClinicalUnit> {
  assertKeywordsDistinct(body.alias);
  const row = await refusingDuplicates(
    () =>
      db.transaction(async (tx) => {
        const existing = await findUnit(tx, idOrName, true);
        await assertUnitNameFree(tx, body.name, existing.id);
        const [updated] = await tx
          .update(clinicalUnits)
          .set({ name: body.name, alias: body.alias, ...modifiedBy(auth) })
          .where(eq(clinicalUnits.id, existing.id))
          .returning();
        await auditUnit(tx, auth.username, 'update', existing, updated);
        return updated;
      }),
    { [UNIT_NAME_KEY]: () => unitNameTaken(body.name) },
  );
  return toUnit(row);
}

/** A unit in use is removed from the attributes that list it; the log records those attributes' change too. */
export async function deleteUnit(db: Db, auth: AuthContext, idOrName: string, body: z.output<typeof DeleteBody>): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await findUnit(tx, idOrName, true);
    const id = body?.id;
    if (id !== undefined && Number(id) !== existing.id) throw badRequest(`id: ${id} is not the id of test unit ${existing.name}`);
    const user = auth.username;
    const listing = await tx
      .select({ id: clinicalAttributes.id, clinicalUnitIds: clinicalAttributes.clinicalUnitIds })
      .from(clinicalAttributes)
      .where(sql`${clinicalAttributes.clinicalUnitIds} @> ${JSON.stringify([existing.id])}::jsonb`)
      .for('update');
    for (const attribute of listing) {
      const remaining = attribute.clinicalUnitIds.filter((unitId) => unitId !== existing.id);
      await tx.update(clinicalAttributes).set({ clinicalUnitIds: remaining }).where(eq(clinicalAttributes.id, attribute.id));
      await recordAudit(tx, {
        entity: 'clinicalAttribute',
        key: String(attribute.id),
        action: 'update',
        user,
        before: { fk_clinical_unit: attribute.clinicalUnitIds },
        after: { fk_clinical_unit: remaining },
      });
    }
    await tx.delete(clinicalUnits).where(eq(clinicalUnits.id, existing.id));
    await auditUnit(tx, user, 'delete', existing, null);
  });
}
