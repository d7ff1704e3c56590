/**
 * Clinical attributes (spec 3 §2.3-2.5, §3.1, §7): the lists and the writes. Checks, write and audit entry run in
 * one transaction, so a refused save writes nothing; each save appends to the attribute's own audit trail. The
 * shape and the checks are in clinical-attributes.ts.
 */
import { asc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ClinicalAttribute,
  ClinicalAttributeSaveBody,
  DeleteBody,
  MasterListQuery,
  MasterSearchBody,
  Paged,
} from '@claims/shared-kernel/contract';
import { recordAudit } from '../audit/log';
import type { AuthContext } from '../auth/tokens';
import type { Db, DbOrTx } from '../db';
import { clinicalAttributes } from '../db/schema';
import { andAll, selectPage } from '../db/sql';
import { badRequest } from '../http/errors';
import { firstRowCarriesTotal, type Page } from '../http/paging';
import {
  ATTRIBUTE_NAME_KEY,
  attributeNameTaken,
  auditedFields,
  checkClinicalAttribute,
  findClinicalAttribute,
  toClinicalAttribute,
  unitNames,
} from './clinical-attributes';
import { createdBy, filterConditions, modifiedBy, refusingDuplicates, textMatch } from './common';
import { assertUnreferenced, type ReferencedMaster, rewriteReferences } from './references';

type SaveBody = z.output<typeof ClinicalAttributeSaveBody>;

/** An attribute as the references to it know it: rule statements name it (or hold its id in valueToCompare). */
const referenced = (row: { id: number; name: string; alias: string[] }): ReferencedMaster => ({
  module: 'clinicalAttribute',
  id: row.id,
  name: row.name,
  alias: row.alias,
});

const FILTERS = {
  name: clinicalAttributes.name,
  alias: clinicalAttributes.alias,
  value_type: clinicalAttributes.valueType,
} as const;

async function attributePage(db: DbOrTx, where: SQL | undefined, page: Page): Promise<Paged<ClinicalAttribute>[]> {
  const { rows, total } = await selectPage(
    db,
    db.select().from(clinicalAttributes).where(where).$dynamic(),
    [asc(clinicalAttributes.id)],
    page,
  );
  const units = await unitNames(db);
  return firstRowCarriesTotal(
    rows.map((r) => toClinicalAttribute(r, units, false)),
    total,
    page.page_number,
  );
}

/** GET /clinicalAttribute: every attribute by name with `getall`, otherwise a page in id order. */
export async function listClinicalAttributes(db: DbOrTx, query: z.output<typeof MasterListQuery>): Promise<Paged<ClinicalAttribute>[]> {
  const { getall, limit, page_number } = query;
  if (getall !== undefined) {
    const rows = await db.select().from(clinicalAttributes).orderBy(asc(clinicalAttributes.name));
    const units = await unitNames(db);
    return rows.map((r) => toClinicalAttribute(r, units, false));
  }
  return attributePage(db, undefined, { limit: limit ?? 25, page_number: page_number ?? 1 });
}

export async function searchClinicalAttributes(db: DbOrTx, body: MasterSearchBody, page: Page): Promise<Paged<ClinicalAttribute>[]> {
  const { query, filters = {} } = body;
  const conditions = [
    textMatch(query, [clinicalAttributes.name, clinicalAttributes.alias]),
    ...filterConditions(FILTERS, filters, 'clinicalAttribute'),
  ];
  return attributePage(db, andAll(conditions), page);
}

/** With `withAudit` the answer carries audit_trail, the editor's last-update caption (spec 3 §7). */
export async function readClinicalAttribute(db: DbOrTx, idOrName: string, withAudit: boolean): Promise<ClinicalAttribute> {
  return toClinicalAttribute(await findClinicalAttribute(db, idOrName), await unitNames(db), withAudit);
}

export async function createClinicalAttribute(db: Db, auth: AuthContext, body: SaveBody): Promise<ClinicalAttribute> {
  const user = auth.username;
  return refusingDuplicates(
    () =>
      db.transaction(async (tx) => {
        const values = await checkClinicalAttribute(tx, body);
        const change = createdBy(auth);
        const [row] = await tx
          .insert(clinicalAttributes)
          .values({
            ...values,
            ...change,
            auditTrail: [{ last_modified_by: user, last_modified_on: change.lastModifiedAt.toISOString() }],
          })
          .returning();
        const units = await unitNames(tx);
        await recordAudit(tx, {
          entity: 'clinicalAttribute',
          key: String(row.id),
          action: 'create',
          user,
          before: null,
          after: auditedFields(row, units),
        });
        return toClinicalAttribute(row, units, true);
      }),
    { [ATTRIBUTE_NAME_KEY]: () => attributeNameTaken(body.name) },
  );
}

/** `zone` is the display zone the rules a rename rewrites are versioned in. */
export async function updateClinicalAttribute(
  db: Db,
  auth: AuthContext,
  idOrName: string,
  body: SaveBody,
  zone: string,
): Promise<ClinicalAttribute> {
  const user = auth.username;
  return refusingDuplicates(
    () =>
      db.transaction(async (tx) => {
        const existing = await findClinicalAttribute(tx, idOrName, true);
        const values = await checkClinicalAttribute(tx, body, existing.id);
        const change = modifiedBy(auth);
        const [row] = await tx
          .update(clinicalAttributes)
          .set({
            ...values,
            ...change,
            auditTrail: [...existing.auditTrail, { last_modified_by: user, last_modified_on: change.lastModifiedAt.toISOString() }],
          })
          .where(eq(clinicalAttributes.id, existing.id))
          .returning();
        const units = await unitNames(tx);
        await recordAudit(tx, {
          entity: 'clinicalAttribute',
          key: String(existing.id),
          action: 'update',
          user,
          before: auditedFields(existing, units),
          after: auditedFields(row, units),
        });
        // Rule statements that named it by the old name name it by the new one.
        await rewriteReferences(tx, referenced(existing), referenced(row), { username: user, zone });
        return toClinicalAttribute(row, units, true);
      }),
    { [ATTRIBUTE_NAME_KEY]: () => attributeNameTaken(body.name) },
  );
}

/** An attribute a rule uses (selects it, or names it in a statement) is not deleted: the rule would compare a value nobody reads. */
export async function deleteClinicalAttribute(
  db: Db,
  auth: AuthContext,
  idOrName: string,
  body: z.output<typeof DeleteBody>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await findClinicalAttribute(tx, idOrName, true);
    const id = body?.id;
    if (id !== undefined && Number(id) !== existing.id)
      throw badRequest(`id: ${id} is not the id of clinical attribute '${existing.name}'`);
    await assertUnreferenced(tx, referenced(existing));
    await tx.delete(clinicalAttributes).where(eq(clinicalAttributes.id, existing.id));
    await recordAudit(tx, {
      entity: 'clinicalAttribute',
      key: String(existing.id),
      action: 'delete',
      user: auth.username,
      before: auditedFields(existing, await unitNames(tx)),
      after: null,
    });
  });
}
