/**
 * The verification quality report through HTTP (on PGlite and PostgreSQL): claims annotated through POST
 * /annotation as the annotation user, with the verdicts and found items set in the database as a verification
 * leaves them; the confusion matrix, precision and recall per entity type and per procedure code with names matched
 * through case and the masters' aliases, the disagreeing claims, the period in the display zone, the dashboard's
 * scoping, and the refusals (403 for users, 400 naming the field).
 */
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import type { AdjudicationResult } from '@claims/shared-kernel/constants';
import type { Annotation, EntityGroup, FoundItem, ProcedureVerification, QualityReport } from '@claims/shared-kernel/contract';
import { annotations, claims, clinicalAttributes, keywordMasters } from '../../src/db/schema';
import { todayIn } from '../../src/http/time';
import { DATABASES } from '../../testing/databases';
import { BASE, testConfig } from '../../testing/http';
import { apiSuite } from '../../testing/suite';

const ANNOTATOR = 'vitraya.reviewer';
const PROCEDURE_NAMES: Record<string, string> = { P1: 'Cataract Surgery', P2: 'Appendectomy' };

const item = (name: string, standardName?: string, found = true): FoundItem => ({ name, ...(standardName ? { standardName } : {}), found });
const verifiedAs = (result: AdjudicationResult, groups: Partial<Record<EntityGroup, FoundItem[]>> = {}): ProcedureVerification => ({
  ruleId: 1,
  primary: true,
  adjudicationResult: result,
  ...groups,
});

/** A day YYYY-MM-DD `days` before another. */
const daysBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

describe.each(DATABASES)('verification quality report on %s', (_name, open) => {
  const { app, testDb, as, fixture } = apiSuite(open, { users: ['vitraya.admin', ANNOTATOR, 'starhealth.admin', 'starhealth.reviewer'] });
  /** The annotation of each claim this file annotated, by reference. */
  const annotated: Record<string, Annotation> = {};
  const ids: Record<string, number> = {};

  const report = (user: string, query = '') =>
    app.inject({ method: 'GET', url: `${BASE}/claims/dashboard/quality${query}`, headers: as(user) });

  /** A claim as a verification leaves it (no documents: the annotations below place no entity on a page). */
  async function verifiedClaim(
    reference: string,
    codes: string[],
    verdict: { status?: string; result?: AdjudicationResult; details?: Record<string, ProcedureVerification> },
  ): Promise<number> {
    const [row] = await testDb.database.db
      .insert(claims)
      .values({
        org: 'vitraya',
        referenceClaimId: reference,
        caseType: 'SETTLEMENT',
        patientName: `Patient ${reference}`,
        procedureCodes: codes,
        procedureNames: codes.map((code) => PROCEDURE_NAMES[code]),
        status: verdict.status ?? 'ADJUDICATED',
        adjudicationResult: verdict.result ?? null,
        adjudicationDetails: verdict.details ?? null,
        createdBy: 'quality-test',
      })
      .returning({ id: claims.id });
    ids[reference] = row.id;
    return row.id;
  }

  async function annotate(claimId: number, reference: string, code: string, expected: string, slots: Record<string, string> = {}) {
    const payload = { claim_id: claimId, reference_claim_id: reference, procedure_code: code, expected_result: expected, ...slots };
    const response = await app.inject({
      method: 'POST',
      url: `${BASE}/annotation`,
      headers: as(ANNOTATOR),
      payload: payload as InjectOptions['payload'],
    });
    expect({ reference, status: response.statusCode, body: response.json() }).toMatchObject({ reference, status: 201 });
    annotated[reference] = response.json<Annotation>();
  }

  beforeAll(async () => {
    const db = testDb.database.db;
    // Masters whose aliases are what the annotator typed (the fixture has Cataract with the alias 'senile cataract').
    await db.insert(keywordMasters).values({ kind: 'evidence', name: 'Slit lamp examination', alias: ['SLE'] });
    await db.insert(clinicalAttributes).values({ name: 'Haemoglobin', alias: ['Hb'], valueType: 'Number' });
    // Agrees; names differ from the found ones only in case and spacing, or are a master's alias of them.
    await annotate(
      await verifiedClaim('QA-ACCEPT', ['P1'], {
        result: 'ACCEPTED',
        details: {
          P1: verifiedAs('ACCEPTED', {
            procedures: [item('Cataract Surgery', 'Cataract Surgery')],
            diagnoses: [item('senile cataract', 'Cataract'), item('Glaucoma', 'Glaucoma', false)],
            document: [item('Discharge Summary', 'Discharge Summary')],
            // The annotation names no evidence: this item is neither right nor wrong.
            evidence: [item('Fundus photograph')],
          }),
        },
      }),
      'QA-ACCEPT',
      'P1',
      'accept',
      {
        procedure_name_1: 'CATARACT SURGERY',
        diagnosis_name_1: 'Senile   Cataract',
        diagnosis_name_2: 'Glaucoma',
        document_name_1: 'discharge summary',
      },
    );
    // A wrong procedure asks for REJECTED; the annotated procedure was looked for and not found.
    await annotate(
      await verifiedClaim('QA-WRONG', ['P1'], {
        result: 'REJECTED',
        details: { P1: verifiedAs('REJECTED', { procedures: [item('Cataract Surgery', 'Cataract Surgery', false)] }) },
      }),
      'QA-WRONG',
      'P1',
      'wrongProcedure',
      { procedure_name_1: 'Cataract Surgery' },
    );
    // Disagrees: a document query the adjudicator accepted, one document missed and one it found that nobody named.
    await annotate(
      await verifiedClaim('QA-DOCQUERY', ['P1'], {
        result: 'ACCEPTED',
        details: {
          P1: verifiedAs('ACCEPTED', {
            document: [item('DISCHARGE SUMMARY', 'Discharge Summary'), item('Final Bill', 'Final Bill')],
            evidence: [item('Slit lamp examination', 'Slit lamp examination')],
            clinicalAttribute: [{ ...item('Haemoglobin', 'Haemoglobin'), valueFound: 9.1, unitFound: 'g/dL' }],
          }),
        },
      }),
      'QA-DOCQUERY',
      'P1',
      'docQuery',
      {
        document_name_1: 'Histopathology Report',
        document_name_2: 'Discharge Summary',
        evidence_name_1: 'SLE',
        clinical_attribute_name_1: 'Hb',
        clinical_attribute_value_1: '9.1',
      },
    );
    // The annotated procedure's own verdict counts, not the claim's worst (REJECTED would disagree).
    await annotate(
      await verifiedClaim('QA-INFOQUERY', ['P2'], {
        result: 'REJECTED',
        details: { P2: verifiedAs('QUERY', { procedures: [item('Appendectomy', 'Appendectomy')] }) },
      }),
      'QA-INFOQUERY',
      'P2',
      'infoQuery',
      { procedure_name_1: 'appendectomy' },
    );
    // Annotated before any verification: counted, compared with nothing.
    await annotate(await verifiedClaim('QA-UNVERIFIED', ['P1'], { status: 'OPEN' }), 'QA-UNVERIFIED', 'P1', 'accept', {
      procedure_name_1: 'Cataract Surgery',
    });
    // Annotated at 00:30 on 1 February 2024 in Kolkata (still 31 January in UTC).
    await annotate(
      await verifiedClaim('QA-OLD', ['P1'], { result: 'SUSPENDED', details: { P1: verifiedAs('SUSPENDED') } }),
      'QA-OLD',
      'P1',
      'reject',
    );
    await db
      .update(annotations)
      .set({ annotatedOn: new Date('2024-01-31T19:00:00Z') })
      .where(eq(annotations.id, annotated['QA-OLD'].id));
    // Star Health: one adjudicated claim (the fixture's, accepted), one still open.
    await annotate(fixture['SH-ADJ-1'], 'SH-ADJ-1', 'P1', 'reject', { diagnosis_name_1: 'senile cataract' });
    await annotate(fixture['SH-OPEN-1'], 'SH-OPEN-1', 'P1', 'accept');
  });

  test("the provider's last 90 days: the matrix, per entity type, per procedure and the claim that disagreed", async () => {
    const response = await report('vitraya.admin');
    expect(response.statusCode).toBe(200);
    const today = todayIn(testConfig().displayTimeZone);
    const body = response.json<QualityReport>();
    expect(body).toMatchObject({
      organization: 'vitraya',
      from: daysBefore(today, 89),
      to: today,
      annotatedClaims: 5,
      notVerified: 1,
      compared: 4,
      agreed: 3,
      agreement: 0.75,
    });
    const none = { ACCEPTED: 0, REJECTED: 0, QUERY: 0, SUSPENDED: 0 };
    expect(body.matrix).toEqual([
      { expectedResult: 'accept', countsAs: 'ACCEPTED', verdicts: { ...none, ACCEPTED: 1 }, total: 1 },
      { expectedResult: 'reject', countsAs: 'REJECTED', verdicts: none, total: 0 },
      { expectedResult: 'infoQuery', countsAs: 'QUERY', verdicts: { ...none, QUERY: 1 }, total: 1 },
      { expectedResult: 'docQuery', countsAs: 'QUERY', verdicts: { ...none, ACCEPTED: 1 }, total: 1 },
      { expectedResult: 'wrongProcedure', countsAs: 'REJECTED', verdicts: { ...none, REJECTED: 1 }, total: 1 },
    ]);
    expect(body.entities).toEqual([
      { entity: 'procedure', claims: 3, annotated: 3, found: 2, matched: 2, precision: 1, recall: 2 / 3 },
      { entity: 'diagnosis', claims: 1, annotated: 2, found: 1, matched: 1, precision: 1, recall: 0.5 },
      { entity: 'evidence', claims: 1, annotated: 1, found: 1, matched: 1, precision: 1, recall: 1 },
      { entity: 'document', claims: 2, annotated: 3, found: 3, matched: 2, precision: 2 / 3, recall: 2 / 3 },
      { entity: 'clinical_attribute', claims: 1, annotated: 1, found: 1, matched: 1, precision: 1, recall: 1 },
    ]);
    expect(body.procedures).toEqual([
      {
        procedureCode: 'P1',
        procedureName: 'Cataract Surgery',
        claims: 3,
        agreed: 2,
        agreement: 2 / 3,
        annotated: 9,
        found: 7,
        matched: 6,
        precision: 6 / 7,
        recall: 6 / 9,
      },
      {
        procedureCode: 'P2',
        procedureName: 'Appendectomy',
        claims: 1,
        agreed: 1,
        agreement: 1,
        annotated: 1,
        found: 1,
        matched: 1,
        precision: 1,
        recall: 1,
      },
    ]);
    expect(body.disagreements).toEqual([
      {
        claimId: ids['QA-DOCQUERY'],
        referenceClaimId: 'QA-DOCQUERY',
        organization: 'vitraya',
        procedureCode: 'P1',
        procedureName: 'Cataract Surgery',
        expectedResult: 'docQuery',
        countsAs: 'QUERY',
        verificationResult: 'ACCEPTED',
        annotatedOn: annotated['QA-DOCQUERY'].annotated_on,
        annotatedBy: ANNOTATOR,
        missed: [{ entity: 'document', name: 'Histopathology Report' }],
        unexpected: [{ entity: 'document', name: 'Final Bill' }],
      },
    ]);
  });

  test('a re-verification changes the report: the current verdict counts, not the one the annotator saw', async () => {
    const db = testDb.database.db;
    const [{ details }] = await db.select({ details: claims.adjudicationDetails }).from(claims).where(eq(claims.id, ids['QA-DOCQUERY']));
    const rerun = { P1: { ...details!.P1, adjudicationResult: 'QUERY' as const } };
    await db.update(claims).set({ adjudicationResult: 'QUERY', adjudicationDetails: rerun }).where(eq(claims.id, ids['QA-DOCQUERY']));
    try {
      const body = (await report('vitraya.admin')).json<QualityReport>();
      expect(body).toMatchObject({ compared: 4, agreed: 4, agreement: 1, disagreements: [] });
      expect(body.matrix.find((row) => row.expectedResult === 'docQuery')?.verdicts.QUERY).toBe(1);
    } finally {
      await db
        .update(claims)
        .set({ adjudicationResult: 'ACCEPTED', adjudicationDetails: details })
        .where(eq(claims.id, ids['QA-DOCQUERY']));
    }
  });

  test('the period is days of the display zone: an annotation at 00:30 IST on 1 February is not one of January', async () => {
    const january = (await report('vitraya.admin', '?from=2024-01-01&to=2024-01-31')).json<QualityReport>();
    expect(january).toMatchObject({ from: '2024-01-01', to: '2024-01-31', annotatedClaims: 0, compared: 0, agreement: null });
    expect(january.procedures).toEqual([]);
    expect(january.disagreements).toEqual([]);
    expect(january.entities.every((row) => row.claims === 0 && row.precision === null && row.recall === null)).toBe(true);

    const february = (await report('vitraya.admin', '?from=2024-02-01&to=2024-02-01')).json<QualityReport>();
    expect(february).toMatchObject({ annotatedClaims: 1, compared: 1, agreed: 0, agreement: 0 });
    expect(february.disagreements).toEqual([
      expect.objectContaining({
        referenceClaimId: 'QA-OLD',
        expectedResult: 'reject',
        countsAs: 'REJECTED',
        verificationResult: 'SUSPENDED',
      }),
    ]);
    // Only the last day given: the 90 days up to it.
    const upTo = (await report('vitraya.admin', '?to=2024-02-01')).json<QualityReport>();
    expect(upTo).toMatchObject({ from: '2023-11-04', to: '2024-02-01', annotatedClaims: 1 });
  });

  test("the provider reads an insurer's claims with ?org=, its own organisation's stay out", async () => {
    const body = (await report('vitraya.admin', '?org=starhealth')).json<QualityReport>();
    expect(body).toMatchObject({ organization: 'starhealth', annotatedClaims: 2, notVerified: 1, compared: 1, agreed: 0 });
    expect(body.disagreements.map((d) => [d.referenceClaimId, d.organization])).toEqual([['SH-ADJ-1', 'starhealth']]);
  });

  test("an insurer's super user counts only its own ADJUDICATED claims, whatever ?org= names", async () => {
    for (const query of ['', '?org=vitraya']) {
      const response = await report('starhealth.admin', query);
      expect(response.statusCode).toBe(200);
      const body = response.json<QualityReport>();
      expect(body).toMatchObject({ organization: 'starhealth', annotatedClaims: 1, notVerified: 0, compared: 1, agreed: 0 });
      // The fixture found 'Cataract'; the annotator typed its alias.
      expect(body.entities.find((row) => row.entity === 'diagnosis')).toEqual({
        entity: 'diagnosis',
        claims: 1,
        annotated: 1,
        found: 1,
        matched: 1,
        precision: 1,
        recall: 1,
      });
      expect(body.disagreements).toEqual([
        expect.objectContaining({
          claimId: fixture['SH-ADJ-1'],
          expectedResult: 'reject',
          countsAs: 'REJECTED',
          verificationResult: 'ACCEPTED',
          missed: [],
          unexpected: [],
        }),
      ]);
    }
  });

  test('users who are not super users are refused with 403', async () => {
    for (const user of [ANNOTATOR, 'starhealth.reviewer']) {
      const response = await report(user);
      expect({ user, status: response.statusCode }).toEqual({ user, status: 403 });
      expect(response.json()).toEqual({ detail: 'You are not authorized to perform this action: only a super user may do this' });
    }
  });

  test.each([
    ['a period that ends before it starts', '?from=2025-03-10&to=2025-03-01', 'to: the period must end on or after its first day'],
    ['a period over a year', '?from=2024-01-01&to=2025-01-01', 'to: the period covers 367 days; choose at most 366'],
    ['a day that does not exist', '?from=2025-02-30&to=2025-03-01', "querystring from: '2025-02-30' is not a calendar date"],
    ['a date in another format', '?from=01-03-2025', 'querystring from: must be a date as YYYY-MM-DD'],
    ['an organisation that does not exist', '?org=nowhere', "org: unknown organisation 'nowhere'"],
  ])('%s answers 400 with a detail naming the field', async (_case, query, detail) => {
    const response = await report('vitraya.admin', query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail });
  });

  test('a whole leap year is allowed', async () => {
    const response = await report('vitraya.admin', '?from=2024-01-01&to=2024-12-31');
    expect(response.statusCode).toBe(200);
    expect(response.json<QualityReport>()).toMatchObject({ from: '2024-01-01', to: '2024-12-31', annotatedClaims: 1 });
  });
});
