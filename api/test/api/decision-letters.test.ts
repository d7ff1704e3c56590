/**
 * Decision letters (issue 24 §4), on PGlite and PostgreSQL: a letter made from a claim's verdict names each
 * procedure's verdict, the reviewer's decision, the reasons, the evidence (document and page), what a QUERY misses
 * and the rule version (its text read back with pdf.js); it is kept with the claim (who, when) and downloads again
 * byte for byte; another organisation is refused, and a claim without a verdict has no letter yet.
 */
import type { InjectOptions } from 'fastify';
import type { DecisionLetter, ProcedureVerification } from '@claims/shared-kernel/contract';
import { eq } from 'drizzle-orm';
import { claimDecisions, claims, decisionLetters } from '../../src/db/schema';
import { pdfPages } from '../../src/seed/synthetic/readback';
import { MissingDocumentError } from '../../src/storage/store';
import { DATABASES } from '../../testing/databases';
import { BASE, onlyDetail, schemaDrifts } from '../../testing/http';
import { apiSuite } from '../../testing/suite';

const at = (pageNumber: number) => ({ x: 10, y: 20, width: 50, height: 12, pageNumber, pageWidth: 595, pageHeight: 842 });

const DETAILS: Record<string, ProcedureVerification> = {
  P1: {
    ruleId: 7,
    ruleVersion: 3,
    ruleOrganization: 'starhealth',
    primary: true,
    adjudicationResult: 'ACCEPTED',
    procedures: [{ name: 'Cataract Surgery', found: true, referenceToDocument: 'discharge.pdf', position: at(2) }],
    diagnoses: [{ name: 'Cataract', found: true, referenceToDocument: 'discharge.pdf', position: at(1) }],
    document: [{ name: 'Discharge Summary', found: true, referenceToDocument: 'discharge.pdf', position: at(1) }],
  },
  P2: {
    ruleId: 9,
    ruleVersion: 1,
    ruleOrganization: 'vitraya',
    primary: false,
    adjudicationResult: 'QUERY',
    adjudicationReason: 'Required Document not found: Lab Report',
    rejectionReasons: ['Lab Report not found in any document'],
    document: [{ name: 'Lab Report', found: false }],
  },
};

describe.each(DATABASES)('decision letters on %s', (_name, open) => {
  const { app, as, db, errorLog, fixture } = apiSuite(open, { users: ['vitraya.admin', 'starhealth.reviewer', 'bajaj.reviewer'] });
  let claimId: number;

  beforeAll(async () => {
    const [row] = await db()
      .insert(claims)
      .values({
        org: 'starhealth',
        referenceClaimId: 'LETTER-1',
        caseType: 'SETTLEMENT',
        patientName: 'Asha Rao',
        procedureCodes: ['P1', 'P2'],
        procedureNames: ['Cataract Surgery', 'Appendectomy'],
        hospitalCode: 'HOSP-A',
        status: 'ADJUDICATED',
        adjudicationResult: 'QUERY',
        adjudicationReason: 'Required Document not found: Lab Report',
        adjudicationDetails: DETAILS,
        createdBy: 'fixture',
        createdOn: new Date('2026-03-01T20:00:00Z'),
        lastVerifiedOn: new Date('2026-03-01T20:05:00Z'),
      })
      .returning({ id: claims.id });
    claimId = row.id;
    await db()
      .insert(claimDecisions)
      .values({
        claimId,
        procedureCode: 'P1',
        decision: 'APPROVE',
        reasonCode: 'MEETS',
        reasonDescription: 'Meets protocol criteria',
        verdict: 'ACCEPTED',
        differs: false,
        decidedBy: 'starhealth.reviewer',
        decidedAt: new Date('2026-03-02T04:00:00Z'),
      });
  });

  const call = (user: string, method: InjectOptions['method'], url: string) =>
    app.inject({ method, url: `${BASE}${url}`, headers: as(user) });
  const make = async (user = 'starhealth.reviewer') => {
    const made = await call(user, 'POST', `/claims/${claimId}/letters`);
    expect(made.statusCode).toBe(201);
    return made.json<DecisionLetter>();
  };
  const download = async (letter: DecisionLetter, user = 'starhealth.reviewer') => {
    const file = await call(user, 'GET', `/claims/${claimId}/letters/${letter.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    return file.rawPayload;
  };

  test("the letter names each verdict, the reviewer's decision, the reasons, the evidence, what is missing and the rule", async () => {
    const letter = await make();
    expect(letter).toMatchObject({ claimId, adjudicationResult: 'QUERY', createdBy: 'starhealth.reviewer' });
    expect(letter.fileName).toMatch(/^decision-letter-LETTER-1-\d{8}T\d{6}\.pdf$/);
    const text = (await pdfPages(new Uint8Array(await download(letter)))).join('\n').replace(/\s+/g, ' ');
    for (const expected of [
      'Case No.: LETTER-1',
      'Patient: Asha Rao',
      'Insurer: Star Health',
      'Case type: Settlement',
      // Shown in Asia/Kolkata: 20:00 UTC is 01:30 the next day.
      'Received: 02-03-2026 01:30 IST',
      'Overall result: QUERY',
      'Procedure P1 Cataract Surgery',
      'Verdict: ACCEPTED',
      "Reviewer's decision: Approve (Meets protocol criteria), by starhealth.reviewer on 02-03-2026 09:30 IST",
      'Every rule of the protocol for this procedure is satisfied.',
      'Cataract Surgery: discharge.pdf, page 2',
      'Cataract: discharge.pdf, page 1',
      "Rule 7, version 3 (Star Health's rule).",
      'Procedure P2 Appendectomy',
      'Verdict: QUERY',
      'Lab Report not found in any document.',
      'Missing for this query',
      '- Lab Report',
      "Rule 9, version 1 (the provider's rule).",
    ])
      expect(text).toContain(expected);
  });

  test('each letter is kept with the claim (who, when) and downloads again byte for byte', async () => {
    const first = await make();
    const second = await make('vitraya.admin');
    const listed = await call('starhealth.reviewer', 'GET', `/claims/${claimId}/letters`);
    expect(listed.statusCode).toBe(200);
    const letters = listed.json<DecisionLetter[]>();
    expect(letters.slice(0, 2).map((l) => [l.id, l.createdBy])).toEqual([
      [second.id, 'vitraya.admin'],
      [first.id, 'starhealth.reviewer'],
    ]);
    const once = await download(first);
    const again = await download(first);
    expect(once.length).toBe(first.size);
    expect(Buffer.compare(once, again)).toBe(0);
  });

  test('another organisation is refused as for the claim; a claim without a verdict has no letter yet', async () => {
    const letter = await make();
    for (const [method, url] of [
      ['POST', `/claims/${claimId}/letters`],
      ['GET', `/claims/${claimId}/letters`],
      ['GET', `/claims/${claimId}/letters/${letter.id}`],
    ] as const) {
      const refused = await call('bajaj.reviewer', method, url);
      expect(refused.statusCode).toBe(404);
      onlyDetail(refused);
    }
    const otherClaims = await call('vitraya.admin', 'GET', `/claims/${fixture['SH-ADJ-1']}/letters/${letter.id}`);
    expect(otherClaims.statusCode).toBe(404);
    const unverified = await call('vitraya.admin', 'POST', `/claims/${fixture['VT-OPEN-1']}/letters`);
    expect(unverified.statusCode).toBe(409);
    expect(unverified.json()).toEqual({ detail: `Claim ${fixture['VT-OPEN-1']} has no verdict yet: a letter is made once it is verified` });
  });

  test("a dropped claim's letters leave the document store with it", async () => {
    const [dropped] = await db()
      .insert(claims)
      .values({
        org: 'vitraya',
        referenceClaimId: 'LETTER-DROP-1',
        intimationNumber: 'LETTER-DROP-1',
        caseType: 'SETTLEMENT',
        procedureCodes: ['P1'],
        procedureNames: ['Cataract Surgery'],
        status: 'ADJUDICATED',
        adjudicationResult: 'ACCEPTED',
        adjudicationDetails: { P1: DETAILS.P1 },
        downloaded: true,
        createdBy: 'fixture',
      })
      .returning({ id: claims.id });
    const made = await call('vitraya.admin', 'POST', `/claims/${dropped.id}/letters?org=vitraya`);
    expect(made.statusCode).toBe(201);
    const [stored] = await db()
      .select({ key: decisionLetters.storageKey })
      .from(decisionLetters)
      .where(eq(decisionLetters.id, made.json<DecisionLetter>().id));
    expect((await app.documentStore.read(stored.key)).length).toBe(made.json<DecisionLetter>().size);
    const drop = await app.inject({
      method: 'DELETE',
      url: `${BASE}/claims/drop?downloaded=true&org=vitraya`,
      headers: as('vitraya.admin'),
      payload: { claimIdList: [dropped.id] },
    });
    expect(drop.statusCode).toBe(200);
    await expect(app.documentStore.read(stored.key)).rejects.toBeInstanceOf(MissingDocumentError);
  });

  test('every answer above passed its schema', () => {
    expect(schemaDrifts(errorLog)).toEqual([]);
  });
});
