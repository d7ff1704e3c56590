/**
 * Document requests and documents added to the same claim (issue 24 §1-§2), on PGlite and PostgreSQL: a request on
 * a QUERY claim by the provider's reviewer, pre-filled from the verdict and refused on other verdicts, to other
 * organisations and while one is open; 'Documents requested' in the list and its filter; the review clock paused
 * while a request is open; documents added by the claim's organisation (refused to another, and held to the upload
 * limits counting the claim's documents); and, through the real worker, an insurer's QUERY claim for a missing lab
 * report that becomes ACCEPTED once the report is added, with the round's history.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Claim, ClaimListRow, DocumentRound, DocumentRounds, RuleStatement } from '@claims/shared-kernel/contract';
import { auditLog, claims, keywordMasters, procedures, rules } from '../../src/db/schema';
import { startVerificationWorker } from '../../src/jobs';
import { DATABASES } from '../../testing/databases';
import { BASE, claimForm, NOT_AUTHORIZED, onlyDetail, quiet, schemaDrifts, textPdf, type UploadFile } from '../../testing/http';
import { apiSuite } from '../../testing/suite';

const DISCHARGE = ['DISCHARGE SUMMARY', 'Diagnosis: Cataract', 'Procedure done: Cataract Surgery'];
const LAB_REPORT = ['LAB REPORT', 'Haemoglobin 13.2 g/dL'];

/** A file the upload takes for a PDF (its first bytes), of any size. */
function pdfSized(bytes: number): Uint8Array {
  const data = new Uint8Array(bytes);
  data.set(new TextEncoder().encode('%PDF-1.4\n'));
  return data;
}

describe.each(DATABASES)('document requests on %s', (_name, open) => {
  const { app, as, db, errorLog, fixture } = apiSuite(open, {
    users: ['vitraya.admin', 'vitraya.reviewer', 'starhealth.admin', 'starhealth.reviewer', 'maxbupa.reviewer'],
  });

  beforeAll(async () => {
    // Cataract surgery settled wants a discharge summary and a lab report, for the provider and for Star Health.
    await db()
      .insert(keywordMasters)
      .values({ kind: 'document', name: 'Lab Report', alias: ['LAB REPORT'] });
    const documentRule: RuleStatement = {
      booleanOperator: 'AND',
      statements: [
        { operator: 'ANY_OF_N_VALUES_IS_PRESENT', entityName: 'document', numberOfValues: 1, valuesToFind: ['Discharge Summary'] },
        { operator: 'ANY_OF_N_VALUES_IS_PRESENT', entityName: 'document', numberOfValues: 1, valuesToFind: ['Lab Report'] },
      ],
    };
    const [p1] = await db().select({ id: procedures.id }).from(procedures).where(eq(procedures.procedureCode, 'P1'));
    await db()
      .update(rules)
      .set({ documentRule })
      .where(and(eq(rules.procedureId, p1.id), eq(rules.caseType, 'SETTLEMENT')));
  });

  const drain = async () => {
    const worker = startVerificationWorker({ db: db(), store: app.documentStore, concurrency: 1, pollMs: 25, log: quiet });
    await worker.drain();
    await worker.stop();
  };
  const requestDocuments = (user: string, id: number, payload: object) =>
    app.inject({ method: 'POST', url: `${BASE}/claims/${id}/documentRequests`, headers: as(user), payload });
  const roundsOf = async (id: number, user = 'vitraya.reviewer') => {
    const response = await app.inject({ method: 'GET', url: `${BASE}/claims/${id}/documentRequests`, headers: as(user) });
    expect(response.statusCode).toBe(200);
    return response.json<DocumentRounds>();
  };
  const addDocuments = (user: string, id: number, files: UploadFile[], fields: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: `${BASE}/claims/${id}/documents`, headers: as(user), payload: claimForm(fields, files) });
  const getClaim = async (id: number, user = 'vitraya.admin') =>
    (await app.inject({ method: 'GET', url: `${BASE}/claims/${id}`, headers: as(user) })).json<Claim>();
  /** The claim's audit entries of the document rounds, oldest first. */
  const roundAudit = (id: number) =>
    db()
      .select({ action: auditLog.action, username: auditLog.username, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'claims'), eq(auditLog.key, String(id)), inArray(auditLog.action, ['documentRequest', 'documentsAdded'])),
      )
      .orderBy(auditLog.id);
  const search = async (user: string, body: object, org?: string) => {
    const response = await app.inject({
      method: 'POST',
      url: `${BASE}/claims/search?limit=100&page_number=1${org ? `&org=${org}` : ''}`,
      headers: as(user),
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    return response.json<ClaimListRow[]>();
  };

  describe('a request', () => {
    test('is refused on a claim whose verdict is not QUERY, and to users outside the provider', async () => {
      const accepted = await requestDocuments('vitraya.reviewer', fixture['VT-ACC-1'], { documents: ['Lab Report'] });
      expect(accepted.statusCode).toBe(409);
      expect(accepted.json().detail).toBe(
        `Documents are requested for QUERY claims only: claim ${fixture['VT-ACC-1']} is ADJUDICATED and its verdict is ACCEPTED`,
      );
      onlyDetail(accepted);
      const unverified = await requestDocuments('vitraya.reviewer', fixture['VT-OPEN-1'], { documents: ['Lab Report'] });
      expect(unverified.statusCode).toBe(409);
      expect(unverified.json().detail).toMatch(/is OPEN and it has no verdict yet$/);

      const insurer = await requestDocuments('starhealth.reviewer', fixture['SH-ADJ-2'], { documents: ['Lab Report'] });
      expect(insurer.statusCode).toBe(403);
      expect(insurer.json().detail).toBe(NOT_AUTHORIZED);
    });

    test('needs at least one document, each named once, and a note within its limit', async () => {
      const id = fixture['SH-ADJ-2'];
      for (const [payload, detail] of [
        [{ documents: [] }, 'documents: name at least one document'],
        [{ documents: ['Lab Report', 'lab report'] }, 'documents: a document is named twice'],
        [{ documents: ['  '] }, 'documents.0: a document name is empty'],
        [{ documents: ['Lab Report'], note: 'x'.repeat(2001) }, /^note: /],
      ] as const) {
        const response = await requestDocuments('vitraya.reviewer', id, payload);
        expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
        expect(response.json().detail).toMatch(detail);
      }
      expect((await roundsOf(id)).rounds).toEqual([]);
    });

    test("on a QUERY claim: recorded with who asked, what and the note; one open at a time; 'Documents requested' in the list", async () => {
      const id = fixture['SH-ADJ-2'];
      const sent = await requestDocuments('vitraya.reviewer', id, {
        documents: [' Lab Report ', 'Final Bill'],
        note: 'The lab report of 2 March',
      });
      expect(sent.statusCode).toBe(201);
      const round = sent.json<DocumentRound>();
      expect(round).toEqual({
        id: expect.any(Number),
        requestedBy: 'vitraya.reviewer',
        requestedAt: expect.any(String),
        documents: ['Lab Report', 'Final Bill'],
        note: 'The lab report of 2 March',
        answeredBy: null,
        answeredAt: null,
        files: [],
        verdictBefore: null,
        verdictAfter: null,
        verifiedAt: null,
      });
      expect((await roundsOf(id, 'starhealth.reviewer')).rounds).toEqual([round]);

      const second = await requestDocuments('vitraya.admin', id, { documents: ['Lab Report'] });
      expect(second.statusCode).toBe(409);
      expect(second.json().detail).toBe(
        `Claim ${id} already has an open document request (by vitraya.reviewer): documents must be added before another is sent`,
      );

      // The list marks it, and the filter finds it and nothing else.
      const rows = await search('vitraya.reviewer', {}, 'starhealth');
      expect(rows.find((row) => row.id === id)?.documentsRequested).toBe(true);
      expect(rows.find((row) => row.id === fixture['SH-ADJ-1'])?.documentsRequested).toBe(false);
      expect((await search('vitraya.reviewer', { documentsRequested: true }, 'starhealth')).map((row) => row.id)).toEqual([id]);
      expect((await search('starhealth.reviewer', { documentsRequested: true })).map((row) => row.id)).toEqual([id]);
      expect(await search('vitraya.reviewer', { documentsRequested: true })).toEqual([]);

      // Its review clock stopped when the request was sent.
      const [clock] = await db().select({ pausedAt: claims.reviewPausedAt }).from(claims).where(eq(claims.id, id));
      expect(clock.pausedAt?.toISOString()).toBe(round.requestedAt);

      // The request is in the claim's audit log, once: the refused second one wrote nothing.
      expect(await roundAudit(id)).toEqual([
        {
          action: 'documentRequest',
          username: 'vitraya.reviewer',
          before: { documentRound: null, documentsRequested: null, note: null },
          after: { documentRound: round.id, documentsRequested: ['Lab Report', 'Final Bill'], note: 'The lab report of 2 March' },
        },
      ]);
    });
  });

  describe('documents added', () => {
    test('are refused to another organisation (the claim is not revealed) and without a document', async () => {
      const pdf = await textPdf(LAB_REPORT);
      const other = await addDocuments('maxbupa.reviewer', fixture['SH-ADJ-1'], [{ name: 'lab.pdf', data: pdf }]);
      expect(other.statusCode).toBe(404);
      expect(other.json().detail).toBe(`Claim ${fixture['SH-ADJ-1']} not found`);
      const none = await addDocuments('starhealth.reviewer', fixture['SH-ADJ-1'], []);
      expect(none.statusCode).toBe(400);
      expect(none.json().detail).toBe('documents: at least one document is required');
      const field = await addDocuments('starhealth.reviewer', fixture['SH-ADJ-1'], [{ name: 'lab.pdf', data: pdf }], { note: 'x' });
      expect(field.statusCode).toBe(400);
      expect(field.json().detail).toBe('note: unexpected field (only documents are added)');
      expect((await roundsOf(fixture['SH-ADJ-1'])).rounds).toEqual([]);
    });

    test("by the provider answer the open request; the insurer's users see the claim again once it is verified", async () => {
      const id = fixture['SH-ADJ-2'];
      const added = await addDocuments('vitraya.admin', id, [{ name: 'lab.pdf', data: await textPdf(LAB_REPORT) }]);
      expect(added.statusCode).toBe(201);
      expect(added.json<DocumentRound>()).toMatchObject({
        requestedBy: 'vitraya.reviewer',
        answeredBy: 'vitraya.admin',
        verdictBefore: 'QUERY',
      });
      // Audited after the request, with the round they answer and the files' names.
      expect((await roundAudit(id)).map(({ action, username, after }) => ({ action, username, after }))).toEqual([
        { action: 'documentRequest', username: 'vitraya.reviewer', after: expect.any(Object) },
        {
          action: 'documentsAdded',
          username: 'vitraya.admin',
          after: { documentRound: added.json<DocumentRound>().id, documentsAdded: ['lab.pdf'] },
        },
      ]);
      // Neither its creator nor the one who added documents: an insurer's user sees verified claims only.
      const hidden = await app.inject({ method: 'GET', url: `${BASE}/claims/${id}`, headers: as('starhealth.reviewer') });
      expect(hidden.statusCode).toBe(404);
      await drain();
      const shown = await app.inject({ method: 'GET', url: `${BASE}/claims/${id}`, headers: as('starhealth.reviewer') });
      expect(shown.statusCode).toBe(200);
      expect(shown.json<Claim>().documentRounds).toEqual([
        expect.objectContaining({ verdictAfter: shown.json<Claim>().adjudicationResult }),
      ]);
    });

    test("are held to the creation's checks and limits, counting the claim's own documents", async () => {
      // testConfig: 0.5 MB a file, 1 MB and 4 files a claim.
      const id = fixture['VT-REJ-1'];
      const text = await addDocuments('vitraya.admin', id, [
        { name: 'notes.txt', data: new TextEncoder().encode('hello'), type: 'text/plain' },
      ]);
      expect(text.statusCode).toBe(415);
      expect(text.json().detail).toBe("documents: 'notes.txt' is not a PNG, JPEG or PDF file");
      const large = await addDocuments('vitraya.admin', id, [{ name: 'big.pdf', data: pdfSized(600_000) }]);
      expect(large.statusCode).toBe(413);
      expect(large.json().detail).toBe("documents: 'big.pdf' is larger than 0.5 MB, the limit per file");

      const three = [1, 2, 3].map((n) => ({ name: `part-${n}.pdf`, data: pdfSized(300_000) }));
      expect((await addDocuments('vitraya.admin', id, three)).statusCode).toBe(201);
      await drain();
      // Three of 0.3 MB held: a fourth of 0.3 MB passes the count but not the bytes per claim; a fifth file passes neither.
      const overBytes = await addDocuments('vitraya.admin', id, [{ name: 'part-4.pdf', data: pdfSized(300_000) }]);
      expect(overBytes.statusCode).toBe(413);
      expect(overBytes.json().detail).toBe("documents: with 'part-4.pdf' the documents come to more than 1 MB, the limit per claim");
      const small = await textPdf(LAB_REPORT);
      expect((await addDocuments('vitraya.admin', id, [{ name: 'lab.pdf', data: small }])).statusCode).toBe(201);
      await drain();
      const overCount = await addDocuments('vitraya.admin', id, [{ name: 'one-more.pdf', data: small }]);
      expect(overCount.statusCode).toBe(413);
      expect(overCount.json().detail).toBe("documents: 'one-more.pdf' is one file too many: a claim may have at most 4 files");
      expect((await getClaim(id)).documents.map((d) => d.file_name)).toEqual(['part-1.pdf', 'part-2.pdf', 'part-3.pdf', 'lab.pdf']);
      // Documents added without a request make rounds of their own.
      expect((await roundsOf(id)).rounds.map((round) => [round.requestedBy, round.files.map((f) => f.fileName)])).toEqual([
        [null, ['part-1.pdf', 'part-2.pdf', 'part-3.pdf']],
        [null, ['lab.pdf']],
      ]);
    });
  });

  test("an insurer's QUERY claim for a missing lab report: requested, the report added, verified again to ACCEPTED", async () => {
    const created = await app.inject({
      method: 'POST',
      url: `${BASE}/claims`,
      headers: as('starhealth.admin'),
      payload: claimForm({ patientName: 'Asha', referenceClaimId: 'ROUND-1', caseType: 'SETTLEMENT', procedureName: 'P1' }, [
        { name: 'discharge.pdf', data: await textPdf(DISCHARGE) },
      ]),
    });
    expect(created.statusCode).toBe(200);
    const { id } = created.json<{ id: number }>();
    await drain();
    expect(await getClaim(id)).toMatchObject({
      adjudicationResult: 'QUERY',
      adjudicationReason: 'Required Document not found: Lab Report',
    });
    const before = await roundsOf(id);
    expect(before).toEqual({ missingDocuments: ['Lab Report'], rounds: [] });

    const request = await requestDocuments('vitraya.reviewer', id, {
      documents: before.missingDocuments,
      note: 'Please send the lab report',
    });
    expect(request.statusCode).toBe(201);

    const added = await addDocuments('starhealth.reviewer', id, [{ name: 'lab-report.pdf', data: await textPdf(LAB_REPORT) }]);
    expect(added.statusCode).toBe(201);
    const answered = added.json<DocumentRound>();
    expect(answered).toMatchObject({
      id: request.json<DocumentRound>().id,
      requestedBy: 'vitraya.reviewer',
      documents: ['Lab Report'],
      answeredBy: 'starhealth.reviewer',
      answeredAt: expect.any(String),
      files: [{ documentId: expect.any(Number), fileName: 'lab-report.pdf' }],
      verdictBefore: 'QUERY',
      verdictAfter: null,
    });
    // Verified again at once: queued with the claim's documents, the request answered, the clock running again; the
    // insurer's user who added them follows it on the claim page.
    const queued = await getClaim(id, 'starhealth.reviewer');
    expect(queued).toMatchObject({ rerunStatus: 'INPROGRESS', progress: { stage: 'queued', documentsTotal: 2 } });
    expect((await search('vitraya.reviewer', { documentsRequested: true }, 'starhealth')).map((row) => row.id)).not.toContain(id);
    const [clock] = await db().select({ pausedAt: claims.reviewPausedAt }).from(claims).where(eq(claims.id, id));
    expect(clock.pausedAt).toBeNull();

    await drain();
    expect(await getClaim(id)).toMatchObject({ status: 'ADJUDICATED', adjudicationResult: 'ACCEPTED', rerunStatus: null });
    const after = await roundsOf(id, 'starhealth.reviewer');
    expect(after.missingDocuments).toEqual([]);
    expect(after.rounds).toEqual([{ ...answered, verdictAfter: 'ACCEPTED', verifiedAt: expect.any(String) }]);
    expect(Date.parse(after.rounds[0].verifiedAt!)).toBeGreaterThanOrEqual(Date.parse(answered.answeredAt!));
    // The claim page reads the rounds with the claim.
    expect((await getClaim(id)).documentRounds).toEqual(after.rounds);
  });

  test('every answer of the calls above passed its schema', () => {
    expect(schemaDrifts(errorLog)).toEqual([]);
  });
});
