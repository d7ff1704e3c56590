/**
 * Clinical attributes (with document-precedence and pattern overrides and an audit trail) and test
 * units, path clinicalUnit (spec 3 §2.3-2.6, §3.1-3.2, §7).
 */
import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
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
import { andAll } from '../claims/queries';
import { clinicalAttributes, clinicalUnits, rules } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';
import { firstRowCarriesTotal, offsetOf } from '../http/paging';
import { replies } from '../http/replies';
import { asId, auditOf, createdBy, modifiedBy, requireMasterWriter, textMatch } from '../masters/common';

type AttributeRow = typeof clinicalAttributes.$inferSelect;
type UnitRow = typeof clinicalUnits.$inferSelect;

const toUnit = (row: UnitRow): ClinicalUnit => ({ id: row.id, name: row.name, alias: row.alias, ...auditOf(row) });

function toAttribute(row: AttributeRow, units: Map<number, string>, withAudit: boolean): ClinicalAttribute {
  return {
    id: row.id,
    name: row.name,
    alias: row.alias,
    value_type: row.valueType,
    tabular: row.tabular,
    distributed_attribute_value: row.distributedAttributeValue,
    fk_clinical_unit: row.clinicalUnitIds,
    clinical_unit: row.clinicalUnitIds.filter((id) => units.has(id)).map((id) => ({ id, name: units.get(id)! })),
    number_range: row.numberRange ?? null,
    text_possible_values: row.textPossibleValues,
    overrides: row.overrides,
    override_message: row.overrideMessage,
    patternOverridesForValues: row.patternOverrides,
    ...(withAudit ? { audit_trail: row.auditTrail } : {}),
    ...auditOf(row),
  };
}

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
  const unitNames = async (): Promise<Map<number, string>> =>
    new Map((await app.db.select({ id: clinicalUnits.id, name: clinicalUnits.name }).from(clinicalUnits)).map((u) => [u.id, u.name]));

  // ---- clinical attributes ----

  const findAttribute = async (idOrName: string): Promise<AttributeRow> => {
    const id = asId(idOrName);
    const [row] = await app.db
      .select()
      .from(clinicalAttributes)
      .where(id !== null ? eq(clinicalAttributes.id, id) : sql`lower(${clinicalAttributes.name}) = lower(${idOrName})`);
    if (!row) throw notFound(`Clinical attribute ${idOrName} not found`);
    return row;
  };

  const attributeValues = async (body: z.infer<typeof ClinicalAttributeSaveBody>, exceptId?: number) => {
    const [taken] = await app.db
      .select({ id: clinicalAttributes.id })
      .from(clinicalAttributes)
      .where(and(sql`lower(${clinicalAttributes.name}) = lower(${body.name})`, exceptId ? ne(clinicalAttributes.id, exceptId) : undefined));
    if (taken) throw conflict(`Clinical attribute '${body.name}' already exists`);
    if (body.fk_clinical_unit.length) {
      const known = await app.db
        .select({ id: clinicalUnits.id })
        .from(clinicalUnits)
        .where(inArray(clinicalUnits.id, body.fk_clinical_unit));
      const unknown = body.fk_clinical_unit.filter((id) => !known.some((k) => k.id === id));
      if (unknown.length) throw badRequest(`fk_clinical_unit: unknown test unit ${unknown.join(', ')}`);
    }
    const range = body.number_range;
    if (range && range.lower_limit != null && range.upper_limit != null && range.lower_limit > range.upper_limit) {
      throw badRequest('number_range: lower_limit must not exceed upper_limit');
    }
    return {
      name: body.name,
      alias: body.alias,
      valueType: body.value_type,
      tabular: body.tabular,
      distributedAttributeValue: body.distributed_attribute_value,
      clinicalUnitIds: body.fk_clinical_unit,
      numberRange: body.value_type === 'Text' ? null : (range ?? null),
      // Text values with neither text nor alias are dropped (spec 3 §5).
      textPossibleValues:
        body.value_type === 'Text'
          ? (body.text_possible_values ?? [])
              .map((v) => ({ text_value: v.text_value.trim(), text_value_alias: v.text_value_alias.map((a) => a.trim()).filter(Boolean) }))
              .filter((v) => v.text_value || v.text_value_alias.length)
          : [],
      overrides: body.overrides,
      overrideMessage: body.override_message ?? null,
      patternOverrides: body.patternOverridesForValues,
    };
  };

  const attributePage = async (where: SQL | undefined, limit: number, pageNumber: number) => {
    const [{ total }] = await app.db.select({ total: count() }).from(clinicalAttributes).where(where);
    const rows = await app.db
      .select()
      .from(clinicalAttributes)
      .where(where)
      .orderBy(asc(clinicalAttributes.id))
      .limit(limit)
      .offset(offsetOf({ limit, page_number: pageNumber }));
    const units = await unitNames();
    return firstRowCarriesTotal(
      rows.map((r) => toAttribute(r, units, false)),
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
        const units = await unitNames();
        return rows.map((r) => toAttribute(r, units, false));
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

  app.get('/clinicalAttribute/:id', {
    schema: {
      params: MasterIdParams,
      querystring: MasterItemQuery.extend({ audit: FlagText.optional() }),
      response: replies({ 200: ClinicalAttribute }),
    },
    handler: async (request) => toAttribute(await findAttribute(request.params.id), await unitNames(), request.query.audit ?? false),
  });

  app.post('/clinicalAttribute', {
    schema: { body: ClinicalAttributeSaveBody, response: replies({ 201: ClinicalAttribute }) },
    config: { access: requireMasterWriter },
    handler: async (request, reply) => {
      const values = await attributeValues(request.body);
      const now = new Date();
      const [row] = await app.db
        .insert(clinicalAttributes)
        .values({
          ...values,
          ...createdBy(request.auth),
          auditTrail: [{ last_modified_by: request.auth.username, last_modified_on: now.toISOString() }],
        })
        .returning();
      return reply.code(201).send(toAttribute(row, await unitNames(), true));
    },
  });

  app.put('/clinicalAttribute/:id', {
    schema: { params: MasterIdParams, body: ClinicalAttributeSaveBody, response: replies({ 200: ClinicalAttribute }) },
    config: { access: requireMasterWriter },
    handler: async (request) => {
      const existing = await findAttribute(request.params.id);
      const values = await attributeValues(request.body, existing.id);
      const change = modifiedBy(request.auth);
      const [row] = await app.db
        .update(clinicalAttributes)
        .set({
          ...values,
          ...change,
          auditTrail: [
            ...existing.auditTrail,
            { last_modified_by: request.auth.username, last_modified_on: change.lastModifiedAt.toISOString() },
          ],
        })
        .where(eq(clinicalAttributes.id, existing.id))
        .returning();
      return toAttribute(row, await unitNames(), true);
    },
  });

  app.delete('/clinicalAttribute/:id', {
    schema: { params: MasterIdParams, body: DeleteBody, response: Deleted },
    config: { access: requireMasterWriter },
    handler: async (request) => {
      const existing = await findAttribute(request.params.id);
      const [{ n }] = await app.db
        .select({ n: count() })
        .from(rules)
        .where(sql`${rules.selections} -> 'fk_clinical_attribute' @> ${JSON.stringify([existing.id])}::jsonb`);
      if (n > 0) throw conflict(`Clinical attribute '${existing.name}' is used by ${n} rule(s)`);
      await app.db.delete(clinicalAttributes).where(eq(clinicalAttributes.id, existing.id));
      return { detail: 'Deleted Successfully' };
    },
  });

  // ---- test units ----

  const findUnit = async (idOrName: string): Promise<UnitRow> => {
    const id = asId(idOrName);
    const [row] = await app.db
      .select()
      .from(clinicalUnits)
      .where(id !== null ? eq(clinicalUnits.id, id) : sql`lower(${clinicalUnits.name}) = lower(${idOrName})`);
    if (!row) throw notFound(`Test unit ${idOrName} not found`);
    return row;
  };

  const assertUnitNameFree = async (name: string, exceptId?: number) => {
    const [taken] = await app.db
      .select({ id: clinicalUnits.id })
      .from(clinicalUnits)
      .where(and(sql`lower(${clinicalUnits.name}) = lower(${name})`, exceptId ? ne(clinicalUnits.id, exceptId) : undefined));
    if (taken) throw conflict(`Test unit '${name}' already exists`);
  };

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
    handler: async (request) => toUnit(await findUnit(request.params.id)),
  });

  app.post('/clinicalUnit', {
    schema: { body: ClinicalUnitSaveBody, response: replies({ 201: ClinicalUnit }) },
    config: { access: requireMasterWriter },
    handler: async (request, reply) => {
      await assertUnitNameFree(request.body.name);
      const [row] = await app.db
        .insert(clinicalUnits)
        .values({ name: request.body.name, alias: request.body.alias, ...createdBy(request.auth) })
        .returning();
      return reply.code(201).send(toUnit(row));
    },
  });

  app.put('/clinicalUnit/:id', {
    schema: { params: MasterIdParams, body: ClinicalUnitSaveBody, response: replies({ 200: ClinicalUnit }) },
    config: { access: requireMasterWriter },
    handler: async (request) => {
      const existing = await findUnit(request.params.id);
      await assertUnitNameFree(request.body.name, existing.id);
      const [row] = await app.db
        .update(clinicalUnits)
        .set({ name: request.body.name, alias: request.body.alias, ...modifiedBy(request.auth) })
        .where(eq(clinicalUnits.id, existing.id))
        .returning();
      return toUnit(row);
    },
  });

  /** A unit in use is removed from the attributes that list it. */
  app.delete('/clinicalUnit/:id', {
    schema: { params: MasterIdParams, body: DeleteBody, response: Deleted },
    config: { access: requireMasterWriter },
    handler: async (request) => {
      const existing = await findUnit(request.params.id);
      await app.db.transaction(async (tx) => {
        await tx
          .update(clinicalAttributes)
          .set({
            clinicalUnitIds: sql`(select coalesce(jsonb_agg(e), '[]'::jsonb) from jsonb_array_elements(${clinicalAttributes.clinicalUnitIds}) e where e <> ${String(existing.id)}::jsonb)`,
          })
          .where(sql`${clinicalAttributes.clinicalUnitIds} @> ${JSON.stringify([existing.id])}::jsonb`);
        await tx.delete(clinicalUnits).where(eq(clinicalUnits.id, existing.id));
      });
      return { detail: 'Deleted Successfully' };
    },
  });
};

export default clinicalRoutes;
