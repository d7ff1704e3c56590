/**
 * A small, fixed data set for the api tests (not the full seed): the organisations and demo logins,
 * a few masters, rules for two organisations, a question, and claims of several organisations and
 * statuses with distinct modification times.
 */
import { eq, inArray } from 'drizzle-orm';
import type { ProcedureVerification } from '@claims/shared-kernel/contract';
import type { DbOrTx } from '../src/db';
import { claims, hospitals, keywordMasters, procedureQuestions, procedures, rules } from '../src/db/schema';
import { seedBase } from '../src/seed/base';

export const PASSWORD = 'demo-password';

const found = (name: string) => ({ name, found: true });
const DETAILS: Record<string, ProcedureVerification> = {
  P1: {
    ruleId: 1,
    primary: true,
    adjudicationResult: 'ACCEPTED',
    procedures: [found('Cataract Surgery')],
    diagnoses: [found('Cataract'), { name: 'Glaucoma', found: false }],
    evidence: [],
    document: [found('Discharge Summary'), found('Final Bill')],
  },
};

interface FixtureClaim {
  ref: string;
  org: string;
  status: string;
  result?: 'ACCEPTED' | 'REJECTED' | 'QUERY' | 'SUSPENDED';
  downloaded?: boolean;
  hospital?: string;
  codes?: string[];
}

/** Newest first in this order (each one minute older than the one before). */
export const FIXTURE_CLAIMS: FixtureClaim[] = [
  { ref: 'VT-ACC-1', org: 'vitraya', status: 'ADJUDICATED', result: 'ACCEPTED', hospital: 'HOSP-A' },
  { ref: 'VT-OPEN-1', org: 'vitraya', status: 'OPEN' },
  { ref: 'VT-REJ-1', org: 'vitraya', status: 'ADJUDICATED', result: 'REJECTED', hospital: 'HOSP-B' },
  { ref: 'SH-ADJ-1', org: 'starhealth', status: 'ADJUDICATED', result: 'ACCEPTED' },
  { ref: 'SH-OPEN-1', org: 'starhealth', status: 'OPEN' },
  { ref: 'SH-ADJ-2', org: 'starhealth', status: 'ADJUDICATED', result: 'QUERY' },
  { ref: 'SH-ADJ-3', org: 'starhealth', status: 'ADJUDICATED', result: 'REJECTED' },
  { ref: 'SH-PEND-1', org: 'starhealth', status: 'PENDING' },
  { ref: 'SH-ADJ-4', org: 'starhealth', status: 'ADJUDICATED', result: 'ACCEPTED' },
  { ref: 'MB-ADJ-1', org: 'maxbupa', status: 'ADJUDICATED', result: 'ACCEPTED' },
  { ref: 'DEMO-OPEN-1', org: 'vitraya-demo', status: 'OPEN' },
  { ref: 'DL-1', org: 'vitraya', status: 'DOWNLOADED', downloaded: true, codes: [] },
  { ref: 'DL-2', org: 'vitraya', status: 'DOWNLOAD_FAILED', downloaded: true, codes: [] },
  { ref: 'DL-3', org: 'vitraya', status: 'DOWNLOADED', downloaded: true, codes: ['P1'] },
];

export async function seedFixture(db: DbOrTx): Promise<void> {
  await seedBase(db, { password: PASSWORD });
  await db.insert(hospitals).values([
    { hospitalCode: 'HOSP-A', name: 'Alpha Hospital', createdBy: 'fixture' },
    { hospitalCode: 'HOSP-B', name: 'Beta Hospital', createdBy: 'fixture' },
  ]);
  const [group] = await db
    .insert(keywordMasters)
    .values({ kind: 'procedureGroup', name: 'Ophthalmology', alias: ['Eye'] })
    .returning();
  const [diagnosis] = await db
    .insert(keywordMasters)
    .values({ kind: 'diagnoses', name: 'Cataract', alias: ['senile cataract'], icdCode: 'H25' })
    .returning();
  const [document] = await db
    .insert(keywordMasters)
    .values({ kind: 'document', name: 'Discharge Summary', alias: ['DISCHARGE SUMMARY'] })
    .returning();
  const inserted = await db
    .insert(procedures)
    .values([
      { procedureCode: 'P1', name: 'Cataract Surgery', snomedctCode: '110473004', procedureGroupId: group.id },
      { procedureCode: 'P2', name: 'Appendectomy', snomedctCode: '80146002', procedureGroupId: group.id },
    ])
    .returning();
  const p1 = inserted.find((p) => p.procedureCode === 'P1')!;
  const p2 = inserted.find((p) => p.procedureCode === 'P2')!;
  const selections = {
    fk_diagnosis: [diagnosis.id],
    fk_document: [document.id],
    fk_tissue: [],
    fk_drug: [],
    fk_evidence: [],
    fk_clinical_attribute: [],
    fk_clinical_inc_document: [],
    fk_clinical_exc_document: [],
    fk_exc_document: [],
  };
  const procedureRule = {
    booleanOperator: 'AND' as const,
    statements: [
      {
        operator: 'ANY_OF_N_VALUES_IS_PRESENT' as const,
        entityName: 'procedures' as const,
        numberOfValues: 1,
        valuesToFind: ['Cataract Surgery'],
      },
    ],
  };
  await db.insert(rules).values([
    { org: 'vitraya', procedureId: p1.id, caseType: 'SETTLEMENT', procedureRule, selections },
    { org: 'vitraya', procedureId: p1.id, caseType: 'PRE_AUTH', procedureRule, selections },
    { org: 'starhealth', procedureId: p1.id, caseType: 'SETTLEMENT', procedureRule, selections },
  ]);
  await db.insert(procedureQuestions).values({
    org: 'starhealth',
    procedureId: p2.id,
    question: 'Was an ultrasound done?',
    questionType: 'radio',
    answer: ['Yes', 'No'],
    entityType: 'other',
  });
  const base = Date.parse('2025-03-10T10:00:00Z');
  await db.insert(claims).values(
    FIXTURE_CLAIMS.map((c, i) => {
      const at = new Date(base - i * 60_000);
      const codes = c.codes ?? ['P1'];
      return {
        org: c.org,
        referenceClaimId: c.ref,
        caseType: 'SETTLEMENT' as const,
        patientName: `Patient ${c.ref}`,
        procedureCodes: codes,
        procedureNames: codes.map((code) => (code === 'P1' ? 'Cataract Surgery' : 'Appendectomy')),
        hospitalCode: c.hospital ?? null,
        status: c.status,
        adjudicationResult: c.result ?? null,
        adjudicationDetails: c.result ? DETAILS : null,
        downloaded: c.downloaded ?? false,
        intimationNumber: c.downloaded ? `INT-${c.ref}` : null,
        errorCode: c.status === 'DOWNLOAD_FAILED' ? '404' : null,
        errorMessage: c.status === 'DOWNLOAD_FAILED' ? 'Documents not received' : null,
        createdBy: 'fixture',
        createdOn: at,
        lastModifiedOn: at,
      };
    }),
  );
}

/** The fixture's claim ids by reference. */
export async function claimIds(db: DbOrTx): Promise<Record<string, number>> {
  const rows = await db
    .select({ id: claims.id, ref: claims.referenceClaimId })
    .from(claims)
    .where(
      inArray(
        claims.referenceClaimId,
        FIXTURE_CLAIMS.map((c) => c.ref),
      ),
    );
  return Object.fromEntries(rows.map((r) => [r.ref, r.id]));
}

export async function ruleId(db: DbOrTx, org: string): Promise<number> {
  const [row] = await db.select({ id: rules.id }).from(rules).where(eq(rules.org, org)).limit(1);
  return row.id;
}
