/**
 * Clinical attributes (spec 3 §2.3-2.5, §3.1, §5): the stored row as the wire shows it, and the checks a save
 * passes before anything is written. Overrides name hospitals by code, procedures by code (or name, as the
 * adjudicator also accepts) and documents by the document master's name; a name the masters do not know is bad
 * input, since the adjudicator would silently never match it. Names are stored as the masters spell them.
 */
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ClinicalAttribute, ClinicalAttributeSaveBody, PatternPart } from '@claims/shared-kernel/contract';
import type { DbOrTx } from '../db';
import { clinicalAttributes, clinicalUnits, hospitals, keywordMasters, procedures } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { asId, auditOf } from './common';

export type AttributeRow = typeof clinicalAttributes.$inferSelect;
type SaveBody = z.output<typeof ClinicalAttributeSaveBody>;

/** Test unit names by id, for the answers (an attribute lists its units by id). */
export async function unitNames(db: DbOrTx): Promise<Map<number, string>> {
  const rows = await db.select({ id: clinicalUnits.id, name: clinicalUnits.name }).from(clinicalUnits);
  return new Map(rows.map((u) => [u.id, u.name]));
}

export function toClinicalAttribute(row: AttributeRow, units: Map<number, string>, withAudit: boolean): ClinicalAttribute {
  return {
    id: row.id,
    name: row.name,
    alias: row.alias,
    value_type: row.valueType,
    tabular: row.tabular,
    distributed_attribute_value: row.distributedAttributeValue,
    fk_clinical_unit: row.clinicalUnitIds,
    clinical_unit: row.clinicalUnitIds.flatMap((id) => {
      const name = units.get(id);
      return name === undefined ? [] : [{ id, name }];
    }),
    number_range: row.numberRange ?? null,
    text_possible_values: row.textPossibleValues,
    overrides: row.overrides,
    override_message: row.overrideMessage,
    patternOverridesForValues: row.patternOverrides,
    ...(withAudit ? { audit_trail: row.auditTrail } : {}),
    ...auditOf(row),
  };
}

/** The fields the audit log compares: the wire form without the who-and-when (recordAudit drops those). */
export const auditedFields = (row: AttributeRow, units: Map<number, string>): Record<string, unknown> =>
  toClinicalAttribute(row, units, false);

/** By id, or by name ignoring case; `lock` holds the row until the transaction ends (the audit's 'before' stays true). */
export async function findClinicalAttribute(db: DbOrTx, idOrName: string, lock = false): Promise<AttributeRow> {
  const id = asId(idOrName);
  const query = db
    .select()
    .from(clinicalAttributes)
    .where(id !== null ? eq(clinicalAttributes.id, id) : sql`lower(${clinicalAttributes.name}) = lower(${idOrName})`);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(`Clinical attribute ${idOrName} not found`);
  return row;
}

/** The unique key of the attribute's name, and what a duplicate name answers. */
export const ATTRIBUTE_NAME_KEY = 'clinical_attributes_name_unique';
export const attributeNameTaken = (name: string) => `name: Clinical attribute '${name}' already exists`;

const fold = (text: string) => text.trim().toLowerCase();

/** Each name as the master spells it; the first unknown one is bad input at `field`. */
function canonicalNames(names: string[], known: Map<string, string>, field: string, what: string): string[] {
  const result: string[] = [];
  for (const name of names) {
    const canonical = known.get(fold(name));
    if (canonical === undefined) throw badRequest(`${field}: unknown ${what} '${name}'`);
    if (!result.includes(canonical)) result.push(canonical);
  }
  return result;
}

interface Catalogue {
  hospitals: Map<string, string>;
  procedures: Map<string, string>;
  documents: Map<string, string>;
}

/** The names the body's overrides use, as the masters spell them (only those are looked up). */
async function catalogue(db: DbOrTx, body: SaveBody): Promise<Catalogue> {
  const folded = (names: string[]) => [...new Set(names.map(fold))];
  const hospitalNames = folded([
    ...body.overrides.flatMap((o) => o.hospitals),
    ...body.patternOverridesForValues.flatMap((p) => p.hospitals),
  ]);
  const procedureNames = folded(body.overrides.flatMap((o) => o.procedures));
  const documentNames = folded(body.overrides.flatMap((o) => [...o.override_value, ...o.exclude_document_headers]));
  const [hospitalRows, procedureRows, documentRows] = await Promise.all([
    hospitalNames.length
      ? db
          .select({ code: hospitals.hospitalCode })
          .from(hospitals)
          .where(inArray(sql`lower(${hospitals.hospitalCode})`, hospitalNames))
      : [],
    procedureNames.length
      ? db
          .select({ code: procedures.procedureCode, name: procedures.name })
          .from(procedures)
          .where(
            or(inArray(sql`lower(${procedures.procedureCode})`, procedureNames), inArray(sql`lower(${procedures.name})`, procedureNames)),
          )
      : [],
    documentNames.length
      ? db
          .select({ name: keywordMasters.name })
          .from(keywordMasters)
          .where(and(eq(keywordMasters.kind, 'document'), inArray(sql`lower(${keywordMasters.name})`, documentNames)))
      : [],
  ]);
  // A code wins over another procedure's name that reads the same.
  const byProcedure = new Map<string, string>([
    ...procedureRows.map((p): [string, string] => [fold(p.name), p.code]),
    ...procedureRows.map((p): [string, string] => [fold(p.code), p.code]),
  ]);
  return {
    hospitals: new Map(hospitalRows.map((h) => [fold(h.code), h.code])),
    procedures: byProcedure,
    documents: new Map(documentRows.map((d) => [fold(d.name), d.name])),
  };
}

/** Why a pattern can find nothing, or null (the adjudicator skips a pattern without a value part). */
export function patternProblem(parts: PatternPart[]): string | null {
  if (!parts.some((p) => p.type === 'valueExpression')) return 'a pattern needs a Value part';
  if (parts.some((p) => p.type === 'string' && !p.value?.trim() && !p.length)) return 'a String part needs a length or a fixed text';
  return null;
}

function checkedOverrides(body: SaveBody, known: Catalogue): Pick<AttributeRow, 'overrides' | 'patternOverrides'> {
  const overrides = body.overrides.map((override, i) => {
    const at = `overrides.${i}`;
    const ranked = canonicalNames(override.override_value, known.documents, `${at}.override_value`, 'document');
    const excluded = canonicalNames(override.exclude_document_headers, known.documents, `${at}.exclude_document_headers`, 'document');
    const both = excluded.find((d) => ranked.includes(d));
    if (both) throw badRequest(`${at}.exclude_document_headers: '${both}' cannot be both in the order and excluded`);
    return {
      hospitals: canonicalNames(override.hospitals, known.hospitals, `${at}.hospitals`, 'hospital code'),
      procedures: canonicalNames(override.procedures, known.procedures, `${at}.procedures`, 'procedure'),
      override_value: ranked,
      exclude_document_headers: excluded,
    };
  });
  const patternOverrides = body.patternOverridesForValues.map((pattern, i) => {
    const at = `patternOverridesForValues.${i}`;
    pattern.overrides.forEach((parts, j) => {
      const problem = patternProblem(parts);
      if (problem) throw badRequest(`${at}.overrides.${j}: ${problem}`);
    });
    return {
      hospitals: canonicalNames(pattern.hospitals, known.hospitals, `${at}.hospitals`, 'hospital code'),
      overrides: pattern.overrides,
    };
  });
  return { overrides, patternOverrides };
}

/**
 * The columns to write for a save, after every check: a free name, known test units, a range whose lower limit
 * does not exceed its upper one, overrides naming known hospitals, procedures and documents, patterns that can
 * find a value. Text values with neither text nor alias are dropped (spec 3 §5); a number type keeps no text
 * values and a text type no range.
 */
export async function checkClinicalAttribute(db: DbOrTx, body: SaveBody, exceptId?: number) {
  const [taken] = await db
    .select({ id: clinicalAttributes.id })
    .from(clinicalAttributes)
    .where(and(sql`lower(${clinicalAttributes.name}) = lower(${body.name})`, exceptId ? ne(clinicalAttributes.id, exceptId) : undefined));
  if (taken) throw badRequest(attributeNameTaken(body.name));
  const units = await unitNames(db);
  const unknownUnit = body.fk_clinical_unit.find((id) => !units.has(id));
  if (unknownUnit !== undefined) throw badRequest(`fk_clinical_unit: unknown test unit ${unknownUnit}`);
  if (new Set(body.fk_clinical_unit).size !== body.fk_clinical_unit.length)
    throw badRequest('fk_clinical_unit: a test unit is listed twice');
  const range = body.value_type === 'Text' ? null : (body.number_range ?? null);
  if (range && range.lower_limit !== null && range.upper_limit !== null && range.lower_limit > range.upper_limit) {
    throw badRequest('number_range: the lower limit must not exceed the upper limit');
  }
  const textValues =
    body.value_type === 'Text'
      ? (body.text_possible_values ?? [])
          .map((v) => ({ text_value: v.text_value.trim(), text_value_alias: v.text_value_alias.map((a) => a.trim()).filter(Boolean) }))
          .filter((v) => v.text_value || v.text_value_alias.length)
      : [];
  const unnamed = textValues.findIndex((v) => !v.text_value);
  if (unnamed >= 0) throw badRequest(`text_possible_values.${unnamed}.text_value: a text value with aliases needs its text`);
  const known = await catalogue(db, body);
  return {
    name: body.name,
    alias: body.alias,
    valueType: body.value_type,
    tabular: body.tabular,
    distributedAttributeValue: body.distributed_attribute_value,
    clinicalUnitIds: body.fk_clinical_unit,
    numberRange: range,
    textPossibleValues: textValues,
    ...checkedOverrides(body, known),
    overrideMessage: body.override_message?.trim() || null,
  };
}
