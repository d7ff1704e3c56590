/**
 * Clinical attributes (with document-precedence and pattern overrides and an audit trail) and test
 * units, path clinicalUnit (spec 3 §2.3-2.6, §3.1-3.2, §7).
 */
import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  ClinicalAttribute,
  ClinicalAttributeSaveBody,
  ClinicalUnit,
  ClinicalUnitSaveBody,
  DeleteBody,
  DetailResponse,
  FlagText,
  ListQuery,
  MasterIdParams,
  MasterItemQuery,
  MasterListQuery,
  MasterSearchBody,
  pagedList,
} from '@claims/shared-kernel/contract';
import { andAll } from '../db/sql';
import { recordAudit } from '../audit/log';
import type { DbOrTx } from '../db';
import { clinicalAttributes, clinicalUnits } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { firstRowCarriesTotal, offsetOf } from '../http/paging';
import { replies } from '../http/replies';
import {
  ATTRIBUTE_NAME_KEY,
  attributeNameTaken,
  auditedFields,
  checkClinicalAttribute,
  findClinicalAttribute,
  toClinicalAttribute,
  unitNames,
} from '../masters/clinical-attributes';
import { asId, auditOf, createdBy, modifiedBy, refusingDuplicates, requireMasterWriter, textMatch } from '../masters/common';
import { assertUnreferenced, type ReferencedMaster, rewriteReferences } from '../masters/references';

type UnitRow = typeof clinicalUnits.$inferSelect;

/** An attribute as the references to it know it: rule statements name it (or hold its id in valueToCompare). */
const referenced = (row: { id: number; name: string; alias: string[] }): ReferencedMaster => ({
  module: 'clinicalAttribute',
  id: row.id,
  name: row.name,
  alias: row.alias,
});

/** The unique key of the test unit's name. */
const UNIT_NAME_KEY = 'clinical_units_name_unique';
const unitNameTaken = (name: string) => `name: Test unit '${name}' already exists`;

const toUnit = (row: UnitRow): ClinicalUnit => ({ id: row.id, name: row.name, alias: row.alias, ...auditOf(row) });

const ATTRIBUTE_FILTERS = {
  name: clinicalAttributes.name,
  alias: clinicalAttributes.alias,
  value_type: clinicalAttributes.valueType,
} as const;
const UNIT_FILTERS = { name: clinicalUnits.name, alias: clinicalUnits.alias } as const;

function filtersFor<T extends Record<string, Parameters<typeof textMatch>[1][number]>>(
  columns: T,
  filters: Record<string, string>,
  what: string,
) {
  return Object.entries(filters).map(([field, text]) => {
    const column = columns[field];
    if (!column) throw badRequest(`filters.${field}: not a column of ${what}`);
    return textMatch(text, [column]);
  });
}

const Deleted = replies({ 200: DetailResponse });
const AttributeList = replies({ 200: pagedList(ClinicalAttribute) });
const UnitList = replies({ 200: pagedList(ClinicalUnit) });

const clinicalRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---- clinical attributes ----

  const attributePage = async (where: SQL | undefined, limit: number, pageNumber: number) => {
    const [{ total }] = await app.db.select({ total: count() }).from(clinicalAttributes).where(where);
    const rows = await app.db
      .select()
      .from(clinicalAttributes)
      .where(where)
      .orderBy(asc(clinicalAttributes.id))
      .limit(limit)
      .offset(offsetOf({ limit, page_number: pageNumber }));
    const units = await unitNames(app.db);
    return firstRowCarriesTotal(
      rows.map((r) => toClinicalAttribute(r, units, false)),
      total,
      pageNumber,
    );
  };

  app.get('/clinicalAttribute', {
    schema: { querystring: MasterListQuery, response: AttributeList },
    handler: async (request) => {
      const { getall, limit, page_number } = request.query;
      if (getall !== undefined) {
        const rows = await app.db.select().from(clinicalAttributes).orderBy(asc(clinicalAttributes.name));
        const units = await unitNames(app.db);
        return rows.map((r) => toClinicalAttribute(r, units, false));
      }
      return attributePage(undefined, limit ?? 25, page_number ?? 1);
    },
  });

  app.post('/clinicalAttribute/search', {
    schema: { querystring: ListQuery, body: MasterSearchBody, response: AttributeList },
    handler: async (request) => {
      const { query, filters = {} } = request.body;
      const conditions = [
        textMatch(query, [clinicalAttributes.name, clinicalAttributes.alias]),
        ...filtersFor(ATTRIBUTE_FILTERS, filters, 'clinicalAttribute'),
      ];
      return attributePage(andAll(conditions.filter((c): c is SQL => !!c)), request.query.limit, request.query.page_number);
    },
  });

  /** With ?audit=True the answer carries audit_trail, the editor's last-update caption (spec 3 §7). */
  app.get('/clinicalAttribute/:id', {
    schema: {
      params: MasterIdParams,
      querystring: MasterItemQuery.extend({ audit: FlagText.optional() }),
      response: replies({ 200: ClinicalAttribute }),
    },
    handler: async (request) =>
      toClinicalAttribute(await findClinicalAttribute(app.db, request.params.id), await unitNames(app.db), request.query.audit ?? false),
  });

  /** Checks, write and audit entry in one transaction: a refused save writes nothing. */
  app.post('/clinicalAttribute', {
    schema: { body: ClinicalAttributeSaveBody, response: replies({ 201: ClinicalAttribute }) },
    config: { access: requireMasterWriter },
    handler: async (request, reply) => {
      const user = request.auth.username;
      const created = await refusingDuplicates(
        () =>
          app.db.transaction(async (tx) => {
            const values = await checkClinicalAttribute(tx, request.body);
            const change = createdBy(request.auth);
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
        { [ATTRIBUTE_NAME_KEY]: () => attributeNameTaken(request.body.name) },
      );
      return reply.code(201).send(created);
    },
  });

  app.put('/clinicalAttribute/:id', {
    schema: { params: MasterIdParams, body: ClinicalAttributeSaveBody, response: replies({ 200: ClinicalAttribute }) },
    config: { access: requireMasterWriter },
    handler: async (request) => {
      const user = request.auth.username;
      return refusingDuplicates(
        () =>
          app.db.transaction(async (tx) => {
            const existing = await findClinicalAttribute(tx, request.params.id, true);
            const values = await checkClinicalAttribute(tx, request.body, existing.id);
            const change = modifiedBy(request.auth);
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
            await rewriteReferences(tx, referenced(existing), referenced(row), { username: user, zone: app.config.displayTimeZone });
            return toClinicalAttribute(row, units, true);
          }),
        { [ATTRIBUTE_NAME_KEY]: () => attributeNameTaken(request.body.name) },
      );
    },
  });

  /** An attribute a rule uses (selects it, or names it in a statement) is not deleted: the rule would compare a value nobody reads. */
  app.delete('/clinicalAttribute/:id', {
    schema: { params: MasterIdParams, body: DeleteBody, response: Deleted },
    config: { access: requireMasterWriter },
    handler: async (request) => {
      await app.db.transaction(async (tx) => {
        const existing = await findClinicalAttribute(tx, request.params.id, true);
        const id = request.body?.id;
        if (id !== undefined && Number(id) !== existing.id)
          throw badRequest(`id: ${id} is not the id of clinical attribute '${existing.name}'`);
        await assertUnreferenced(tx, referenced(existing));
        await tx.delete(clinicalAttributes).where(eq(clinicalAttributes.id, existing.id));
        await recordAudit(tx, {
          entity: 'clinicalAttribute',
          key: String(existing.id),
          action: 'delete',
          user: request.auth.username,
          before: auditedFields(existing, await unitNames(tx)),
          after: null,
        });
      });
      return { detail: 'Deleted Successfully' };
    },
  });

  // ---- test units ----

  /** By id or name; `lock` holds the row until the transaction ends (an edit or delete reads what it replaces). */
  const findUnit = async (db: DbOrTx, idOrName: string, lock = false): Promise<UnitRow> => {
    const id = asId(idOrName);
    const query = db
      .select()
      .from(clinicalUnits)
      .where(id !== null ? eq(clinicalUnits.id, id) : sql`lower(${clinicalUnits.name}) = lower(${idOrName})`);
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(`Test unit ${idOrName} not found`);
    return row;
  };

  const assertUnitNameFree = async (db: DbOrTx, name: string, exceptId?: number) => {
    const [taken] = await db
      .select({ id: clinicalUnits.id })
      .from(clinicalUnits)
      .where(and(sql`lower(${clinicalUnits.name}) = lower(${name})`, exceptId ? ne(clinicalUnits.id, exceptId) : undefined));
    if (taken) throw badRequest(unitNameTaken(name));
  };

  /** A keyword may appear once in a unit: the adjudicator converts by the first row that matches. */
  const assertKeywordsDistinct = (alias: z.infer<typeof ClinicalUnitSaveBody>['alias']) => {
    const seen = new Set<string>();
    alias.forEach(({ keyword }, index) => {
      const folded = keyword.toLowerCase();
      if (seen.has(folded)) throw badRequest(`alias.${index}.keyword: Keyword '${keyword}' is listed twice`);
      seen.add(folded);
    });
  };

  const auditUnit = (db: DbOrTx, user: string, action: 'create' | 'update' | 'delete', before: UnitRow | null, after: UnitRow | null) =>
    recordAudit(db, {
      entity: 'clinicalUnit',
      key: String((after ?? before)?.id),
      action,
      user,
      before: before && toUnit(before),
      after: after && toUnit(after),
    });

  const unitPage = async (where: SQL | undefined, limit: number, pageNumber: number) => {
    const [{ total }] = await app.db.select({ total: count() }).from(clinicalUnits).where(where);
    const rows = await app.db
      .select()
      .from(clinicalUnits)
      .where(where)
      .orderBy(asc(clinicalUnits.id))
      .limit(limit)
      .offset(offsetOf({ limit, page_number: pageNumber }));
    return firstRowCarriesTotal(rows.map(toUnit), total, pageNumber);
  };

  app.get('/clinicalUnit', {
    schema: { querystring: MasterListQuery, response: UnitList },
    handler: async (request) => {
      const { getall, limit, page_number } = request.query;
      if (getall !== undefined) return (await app.db.select().from(clinicalUnits).orderBy(asc(clinicalUnits.name))).map(toUnit);
      return unitPage(undefined, limit ?? 25, page_number ?? 1);
    },
  });

  app.post('/clinicalUnit/search', {
    schema: { querystring: ListQuery, body: MasterSearchBody, response: UnitList },
    handler: async (request) => {
      const { query, filters = {} } = request.body;
      const conditions = [
        textMatch(query, [clinicalUnits.name, clinicalUnits.alias]),
        ...filtersFor(UNIT_FILTERS, filters, 'clinicalUnit'),
      ];
      return unitPage(andAll(conditions.filter((c): c is SQL => !!c)), request.query.limit, request.query.page_number);
    },
  });

  app.get('/clinicalUnit/:id', {
    schema: { params: MasterIdParams, querystring: MasterItemQuery, response: replies({ 200: ClinicalUnit }) },
    handler: async (request) => toUnit(await findUnit(app.db, request.params.id)),
  });

  app.post('/clinicalUnit', {
    schema: { body: ClinicalUnitSaveBody, response: replies({ 201: ClinicalUnit }) },
    config: { access: requireMasterWriter },
    handler: async (request, reply) => {
      assertKeywordsDistinct(request.body.alias);
      const row = await refusingDuplicates(
        () =>
          app.db.transaction(async (tx) => {
            await assertUnitNameFree(tx, request.body.name);
            const [created] = await tx
              .insert(clinicalUnits)
              .values({ name: request.body.name, alias: request.body.alias, ...createdBy(request.auth) })
              .returning();
            await auditUnit(tx, request.auth.username, 'create', null, created);
            return created;
          }),
        { [UNIT_NAME_KEY]: () => unitNameTaken(request.body.name) },
      );
      return reply.code(201).send(toUnit(row));
    },
  });

  app.put('/clinicalUnit/:id', {
    schema: { params: MasterIdParams, body: ClinicalUnitSaveBody, response: replies({ 200: ClinicalUnit }) },
    config: { access: requireMasterWriter },
    handler: async (request) => {
      assertKeywordsDistinct(request.body.alias);
      const row = await refusingDuplicates(
        () =>
          app.db.transaction(async (tx) => {
            const existing = await findUnit(tx, request.params.id, true);
            await assertUnitNameFree(tx, request.body.name, existing.id);
            const [updated] = await tx
              .update(clinicalUnits)
              .set({ name: request.body.name, alias: request.body.alias, ...modifiedBy(request.auth) })
              .where(eq(clinicalUnits.id, existing.id))
              .returning();
            await auditUnit(tx, request.auth.username, 'update', existing, updated);
            return updated;
          }),
        { [UNIT_NAME_KEY]: () => unitNameTaken(request.body.name) },
      );
      return toUnit(row);
    },
  });

  /** A unit in use is removed from the attributes that list it; the log records those attributes' change too. */
  app.delete('/clinicalUnit/:id', {
    schema: { params: MasterIdParams, body: DeleteBody, response: Deleted },
    config: { access: requireMasterWriter },
    handler: async (request) => {
      await app.db.transaction(async (tx) => {
        const existing = await findUnit(tx, request.params.id, true);
        const id = request.body?.id;
        if (id !== undefined && Number(id) !== existing.id) throw badRequest(`id: ${id} is not the id of test unit ${existing.name}`);
        const user = request.auth.username;
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
      return { detail: 'Deleted Successfully' };
    },
  });
};

export default clinicalRoutes;
