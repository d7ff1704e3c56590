/**
 * Inserts the synthetic master catalog (./synthetic/catalog.ts) into an empty database.
 *
 * Procedures, hospitals, test units and clinical attributes keep the catalog's ids (rule trees refer
 * to attributes by id). The keyword masters share one table, so their per-kind catalog ids become
 * new ids; every reference (rule selections, docgroups) is translated.
 */
import { sql } from 'drizzle-orm';
import type { Catalog, CatalogKeyword } from './synthetic/catalog';
import type { DbOrTx } from '../db';
import type { KeywordKind } from '@claims/shared-kernel/constants';
import {
  clinicalAttributes,
  clinicalUnits,
  docgroupConfigs,
  docgroupHospitals,
  docgroups,
  hospitals,
  keywordMasters,
  procedureQuestions,
  procedures,
  rules,
} from '../db/schema';
import { cleanStatement } from '../rules/store';

const SEEDED_BY = 'seed';

type IdMap = Map<number, number>;
type Audit = { createdBy: string; lastModifiedBy: string; lastModifiedAt: Date };

async function insertKeywords(db: DbOrTx, kind: KeywordKind, rows: CatalogKeyword[], audit: Audit): Promise<IdMap> {
  const map: IdMap = new Map();
  if (!rows.length) return map;
  const inserted = await db
    .insert(keywordMasters)
    .values(rows.map((r) => ({ kind, name: r.name, alias: r.alias, icdCode: r.ICD_code ?? null, ...audit })))
    .returning({ id: keywordMasters.id, name: keywordMasters.name });
  for (const row of rows) map.set(row.id, inserted.find((i) => i.name === row.name)!.id);
  return map;
}

const translate = (map: IdMap, ids: number[], what: string): number[] =>
  ids.map((id) => {
    const mapped = map.get(id);
    if (mapped === undefined) throw new Error(`seed: catalog refers to unknown ${what} ${id}`);
    return mapped;
  });

/** Sequences continue after the explicit ids. */
async function resetSequence(db: DbOrTx, table: string): Promise<void> {
  await db.execute(
    sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from "${table}"), 0) + 1, false)`),
  );
}

export async function seedCatalog(db: DbOrTx, catalog: Catalog): Promise<void> {
  const audit: Audit = { createdBy: SEEDED_BY, lastModifiedBy: SEEDED_BY, lastModifiedAt: new Date() };
  const groupIds = await insertKeywords(db, 'procedureGroup', catalog.procedureGroups, audit);
  const diagnosisIds = await insertKeywords(db, 'diagnoses', catalog.diagnoses, audit);
  const evidenceIds = await insertKeywords(db, 'evidence', catalog.evidence, audit);
  const drugIds = await insertKeywords(db, 'drugs', catalog.drugs, audit);
  const tissueIds = await insertKeywords(db, 'tissues', catalog.tissues, audit);
  const documentIds = await insertKeywords(db, 'document', catalog.documents, audit);
  await insertKeywords(db, 'preExistingDiseases', catalog.preExistingDiseases, audit);

  await db.insert(procedures).values(
    catalog.procedures.map((p) => ({
      id: p.id,
      procedureCode: p.procedure_code,
      name: p.name,
      snomedctCode: p.snomedct_code,
      procedureGroupId: translate(groupIds, [p.fk_procedure_group], 'procedure group')[0],
      alias: p.alias,
      ...audit,
    })),
  );
  await db.insert(hospitals).values(catalog.hospitals.map((h) => ({ id: h.id, hospitalCode: h.hospital_code, name: h.name, ...audit })));
  await db.insert(clinicalUnits).values(catalog.clinicalUnits.map((u) => ({ id: u.id, name: u.name, alias: u.alias, ...audit })));
  await db.insert(clinicalAttributes).values(
    catalog.clinicalAttributes.map((a) => ({
      id: a.id,
      name: a.name,
      alias: a.alias,
      valueType: a.value_type,
      tabular: a.tabular,
      distributedAttributeValue: a.distributed_attribute_value,
      clinicalUnitIds: a.fk_clinical_unit,
      numberRange: a.number_range,
      textPossibleValues: a.text_possible_values,
      overrides: a.overrides,
      overrideMessage: a.override_message,
      patternOverrides: a.patternOverridesForValues,
      auditTrail: [{ last_modified_by: SEEDED_BY, last_modified_on: audit.lastModifiedAt.toISOString() }],
      ...audit,
    })),
  );
  for (const table of ['procedures', 'hospitals', 'clinical_units', 'clinical_attributes']) await resetSequence(db, table);

  for (const group of catalog.docgroups) {
    const [row] = await db.insert(docgroups).values(audit).returning({ id: docgroups.id });
    await db.insert(docgroupHospitals).values(group.hospital_id.map((hospitalId) => ({ docgroupId: row.id, hospitalId })));
    const configs = Object.entries(group.docgroupConfig_id).map(([documentName, config]) => {
      const document = catalog.documents.find((d) => d.name === documentName);
      if (!document) throw new Error(`seed: docgroup configures unknown document '${documentName}'`);
      return { docgroupId: row.id, documentId: translate(documentIds, [document.id], 'document')[0], config };
    });
    if (configs.length) await db.insert(docgroupConfigs).values(configs);
  }

  if (catalog.rules.length) {
    await db.insert(rules).values(
      catalog.rules.map((r) => ({
        org: r.org,
        procedureId: r.fk_procedure,
        caseType: r.case_type,
        version: r.version,
        procedureRule: cleanStatement(r.procedureRule),
        diagnosisRule: cleanStatement(r.diagnosisRule),
        documentRule: cleanStatement(r.documentRule),
        clinicalTermsRule: cleanStatement(r.clinicalTermsRule),
        selections: {
          fk_diagnosis: translate(diagnosisIds, r.fk_diagnosis, 'diagnosis'),
          fk_document: translate(documentIds, r.fk_document, 'document'),
          fk_tissue: translate(tissueIds, r.fk_tissue, 'tissue'),
          fk_drug: translate(drugIds, r.fk_drug, 'drug'),
          fk_evidence: translate(evidenceIds, r.fk_evidence, 'evidence'),
          fk_clinical_attribute: r.fk_clinical_attribute,
          fk_clinical_inc_document: translate(documentIds, r.fk_clinical_inc_document, 'document'),
          fk_clinical_exc_document: translate(documentIds, r.fk_clinical_exc_document, 'document'),
          fk_exc_document: translate(documentIds, r.fk_exc_document, 'document'),
        },
        modificationHistory: [{ last_modified_by: SEEDED_BY, last_modified_on: audit.lastModifiedAt.toISOString() }],
        ...audit,
      })),
    );
  }
  if (catalog.procedureQuestions.length) {
    await db.insert(procedureQuestions).values(
      catalog.procedureQuestions.map((q) => ({
        org: q.org,
        procedureId: q.fk_procedure,
        question: q.question,
        questionType: q.questionType,
        answer: q.answer,
        entityType: q.entityType,
        ...audit,
      })),
    );
  }
}
