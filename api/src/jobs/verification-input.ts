/**
 * Gathers what the adjudicator needs for one claim from the database: the claim, its read documents,
 * the master data, the rule per procedure code and the confirmed facts.
 *
 * Which rule judges a procedure: the rule of the claim's own organisation for that procedure and case
 * type when one exists, otherwise the provider's (vitraya) rule. So a vitraya claim uses the vitraya
 * rules, an insurer's claim its insurer's override where the insurer configured one, and the demo
 * organisation (which has no rules of its own) the provider's.
 */
import { and, asc, eq, inArray, max } from 'drizzle-orm';
import { masterListOf, PROVIDER_ORG } from '@claims/shared-kernel/constants';
import { claimDocumentPath } from '@claims/shared-kernel/contract';
import type { DbOrTx } from '../db';
import { answerFacts } from '../questions/facts';
import {
  auditLog,
  claimAnswers,
  claimDocuments,
  clinicalAttributes,
  clinicalUnits,
  docgroupConfigs,
  docgroupHospitals,
  hospitals,
  keywordMasters,
  procedures,
  rules,
} from '../db/schema';
import type {
  ClinicalAttributeMaster,
  KeywordMaster,
  MasterData,
  ReadDocument,
  RuleDefinition,
  VerificationInput,
} from '../verification/types';

/** Evidence points at the same address as the claim's original_document_url, so the claim page can match them. */
export const documentUrl = claimDocumentPath;

/** The claim as the adjudicator sees it, from its row (the organisation under the adjudicator's name for it). */
export const verificationClaim = (claim: {
  id: number;
  caseType: 'PRE_AUTH' | 'SETTLEMENT';
  procedureCodes: string[];
  hospitalCode: string | null;
  org: string;
}): VerificationInput['claim'] => ({
  id: claim.id,
  caseType: claim.caseType,
  procedureCodes: claim.procedureCodes,
  hospitalCode: claim.hospitalCode,
  organization: claim.org,
});

export async function loadReadDocuments(db: DbOrTx, claimId: number): Promise<ReadDocument[]> {
  const rows = await db
    .select({
      id: claimDocuments.id,
      fileName: claimDocuments.fileName,
      readPages: claimDocuments.readPages,
      readError: claimDocuments.readError,
    })
    .from(claimDocuments)
    .where(eq(claimDocuments.claimId, claimId))
    .orderBy(asc(claimDocuments.id));
  return rows.map((d) => ({
    documentId: d.id,
    fileName: d.fileName,
    url: documentUrl(claimId, d.id),
    pages: d.readPages ?? [],
    ...(d.readError ? { error: d.readError } : {}),
  }));
}

export async function loadMasterData(db: DbOrTx, hospitalCode: string | null): Promise<MasterData> {
  const [keywordRows, procedureRows, attributeRows, unitRows, docgroups] = await Promise.all([
    db
      .select({
        id: keywordMasters.id,
        kind: keywordMasters.kind,
        name: keywordMasters.name,
        alias: keywordMasters.alias,
        icd: keywordMasters.icdCode,
      })
      .from(keywordMasters)
      .orderBy(asc(keywordMasters.id)),
    db
      .select({ id: procedures.id, name: procedures.name, alias: procedures.alias, code: procedures.procedureCode })
      .from(procedures)
      .orderBy(asc(procedures.id)),
    db.select().from(clinicalAttributes).orderBy(asc(clinicalAttributes.id)),
    db.select({ id: clinicalUnits.id, name: clinicalUnits.name, alias: clinicalUnits.alias }).from(clinicalUnits),
    loadDocgroups(db, hospitalCode),
  ]);

  const masters: MasterData = {
    procedures: procedureRows.map((p) => ({ id: p.id, name: p.name, alias: p.alias, procedure_code: p.code })),
    diagnoses: [],
    evidence: [],
    drugs: [],
    tissues: [],
    documents: [],
    preExistingDiseases: [],
    clinicalAttributes: [],
    docgroups,
  };
  for (const row of keywordRows) {
    // Kinds the adjudicator does not read (procedure groups) have no list.
    const list = masterListOf(row.kind);
    if (!list) continue;
    const item: KeywordMaster = {
      id: row.id,
      name: row.name,
      alias: row.alias,
      ...(row.kind === 'diagnoses' ? { ICD_code: row.icd } : {}),
    };
    (masters[list] as KeywordMaster[]).push(item);
  }
  const unitsById = new Map(unitRows.map((u) => [u.id, u]));
  masters.clinicalAttributes = attributeRows.map(
    (a): ClinicalAttributeMaster => ({
      id: a.id,
      name: a.name,
      alias: a.alias,
      value_type: a.valueType,
      tabular: a.tabular,
      distributed_attribute_value: a.distributedAttributeValue,
      units: a.clinicalUnitIds.flatMap((id) => unitsById.get(id) ?? []),
      number_range: a.numberRange,
      text_possible_values: a.textPossibleValues,
      overrides: a.overrides,
      patternOverridesForValues: a.patternOverrides,
    }),
  );
  return masters;
}

/** The masters of a hospital, as loadMasterData gives them. */
export type MasterDataSource = (db: DbOrTx, hospitalCode: string | null) => Promise<MasterData>;

/**
 * loadMasterData kept while no master changes, for a worker that verifies claim after claim (the masters are
 * the larger part of a job's reading from the database). Every master, rule and question write records an
 * audit entry in its own transaction (src/audit/log.ts), so the audit log's last id tells whether any changed:
 * one look at an index instead of the masters each time, and the next verification after a write reads them anew.
 */
export function cachedMasterData(): MasterDataSource {
  let generation: number | null = null;
  const byHospital = new Map<string, Promise<MasterData>>();
  return async (db, hospitalCode) => {
    const [{ last }] = await db.select({ last: max(auditLog.id) }).from(auditLog);
    const current = last ?? 0;
    if (current !== generation) {
      byHospital.clear();
      generation = current;
    }
    const key = hospitalCode ?? '';
    let masters = byHospital.get(key);
    if (!masters) {
      masters = loadMasterData(db, hospitalCode);
      byHospital.set(key, masters);
      masters.catch(() => byHospital.delete(key));
    }
    return masters;
  };
}

/** The document segregation of the claim's hospital, keyed by document (master) name. */
async function loadDocgroups(db: DbOrTx, hospitalCode: string | null): Promise<MasterData['docgroups']> {
  if (!hospitalCode) return {};
  const rows = await db
    .select({ name: keywordMasters.name, config: docgroupConfigs.config })
    .from(hospitals)
    .innerJoin(docgroupHospitals, eq(docgroupHospitals.hospitalId, hospitals.id))
    .innerJoin(docgroupConfigs, eq(docgroupConfigs.docgroupId, docgroupHospitals.docgroupId))
    .innerJoin(keywordMasters, eq(keywordMasters.id, docgroupConfigs.documentId))
    .where(eq(hospitals.hospitalCode, hospitalCode))
    .orderBy(asc(docgroupConfigs.id));
  return Object.fromEntries(rows.map((r) => [r.name, r.config]));
}

/** The rule per procedure code (see the header for the organisation fallback); null where none. */
export async function loadRules(
  db: DbOrTx,
  claim: { org: string; caseType: 'PRE_AUTH' | 'SETTLEMENT'; procedureCodes: string[] },
): Promise<Record<string, RuleDefinition | null>> {
  const result: Record<string, RuleDefinition | null> = Object.fromEntries(claim.procedureCodes.map((c) => [c, null]));
  if (claim.procedureCodes.length === 0) return result;
  const orgs = [...new Set([claim.org, PROVIDER_ORG])];
  const rows = await db
    .select({ rule: rules, code: procedures.procedureCode })
    .from(rules)
    .innerJoin(procedures, eq(procedures.id, rules.procedureId))
    .where(and(inArray(procedures.procedureCode, claim.procedureCodes), eq(rules.caseType, claim.caseType), inArray(rules.org, orgs)));

  const documentIds = new Set(
    rows.flatMap(({ rule }) => [
      ...rule.selections.fk_exc_document,
      ...rule.selections.fk_clinical_inc_document,
      ...rule.selections.fk_clinical_exc_document,
    ]),
  );
  const documentNames = new Map(
    documentIds.size === 0
      ? []
      : (
          await db
            .select({ id: keywordMasters.id, name: keywordMasters.name })
            .from(keywordMasters)
            .where(inArray(keywordMasters.id, [...documentIds]))
        ).map((d) => [d.id, d.name]),
  );
  const names = (ids: number[]) => ids.flatMap((id) => documentNames.get(id) ?? []);

  for (const code of claim.procedureCodes) {
    const candidates = rows.filter((r) => r.code === code);
    const chosen = candidates.find((r) => r.rule.org === claim.org) ?? candidates.find((r) => r.rule.org === PROVIDER_ORG);
    if (!chosen) continue;
    const { rule } = chosen;
    result[code] = {
      id: rule.id,
      version: rule.version,
      organization: rule.org,
      procedureRule: rule.procedureRule,
      diagnosisRule: rule.diagnosisRule,
      documentRule: rule.documentRule,
      clinicalTermsRule: rule.clinicalTermsRule,
      documentExclusionList: names(rule.selections.fk_exc_document),
      clinicalInclusionDocuments: names(rule.selections.fk_clinical_inc_document),
      clinicalExclusionDocuments: names(rule.selections.fk_clinical_exc_document),
    };
  }
  return result;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];

/**
 * Facts from the database: the confirmed findings (POST /claims/{id}/adjudicate, FindingsBody) with
 * their measurements, and the answers to procedure questions (claim_answers kind 'questions': either
 * `{answers: {key: string | string[]}}` or that record itself; keys are question ids, read by answerFacts).
 */
export async function loadFacts(db: DbOrTx, claimId: number): Promise<NonNullable<VerificationInput['facts']>> {
  const rows = await db
    .select({ kind: claimAnswers.kind, payload: claimAnswers.payload })
    .from(claimAnswers)
    .where(eq(claimAnswers.claimId, claimId));
  const facts: NonNullable<VerificationInput['facts']> = {};
  for (const { kind, payload } of rows) {
    if (kind === 'findings') {
      facts.findings = strings(payload.findings);
      const measurements: Record<string, { value: number; unit: string }> = {};
      if (isNumber(payload.fibroidSize)) {
        measurements.fibroidSize = {
          value: payload.fibroidSize,
          unit: typeof payload.fibroidSizeUnit === 'string' ? payload.fibroidSizeUnit : 'mm',
        };
      }
      if (isNumber(payload.uterusSize)) measurements.uterusSize = { value: payload.uterusSize, unit: 'weeks' };
      if (isNumber(payload.transitionZone)) measurements.transitionZone = { value: payload.transitionZone, unit: 'mm' };
      // Confirmed findings win over the answers to questions for the same attribute (see forProcedure).
      if (Object.keys(measurements).length > 0) facts.measurements = { ...facts.measurements, ...measurements };
    } else {
      const source =
        payload.answers && typeof payload.answers === 'object' && !Array.isArray(payload.answers)
          ? (payload.answers as Record<string, unknown>)
          : payload;
      const answered = await answerFacts(db, Object.fromEntries(Object.entries(source).map(([key, value]) => [key, strings(value)])));
      if (answered.answers) facts.answers = answered.answers;
      if (answered.byProcedure) facts.byProcedure = answered.byProcedure;
    }
  }
  return facts;
}
