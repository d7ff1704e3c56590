/**
 * Claims, on PGlite and PostgreSQL: what each organisation sees of the list and of one claim, the dashboard's
 * counts, the search and its CSV, re-running a verification; and the review edges: a re-run while one is in
 * progress answers 409 (also two at once), the creator of a claim in an insurer organisation opens it before it is
 * adjudicated, and UTF-8 document names survive the upload and the download.
 */
import { eq } from 'drizzle-orm';
import type { Claim, ClaimListRow, ClaimQuestions } from '@claims/shared-kernel/contract';
import { claimDocuments, claims, jobs, procedureQuestions, procedures } from '../../src/db/schema';
import { DATABASES } from '../../testing/databases';
import { BASE, claimForm, FORM, schemaDrifts, smallPdf } from '../../testing/http';
import { apiSuite } from '../../testing/suite';

describe.each(DATABASES)('claims on %s', (_name, open) => {
  const { app, testDb, as, errorLog, fixture } = apiSuite(open, {
    users: ['vitraya.admin', 'vitraya.reviewer', 'starhealth.admin', 'starhealth.reviewer', 'demo.reviewer'],
  });

  describe('organisation scoping', () => {
    const refs = (rows: ClaimListRow[]) => rows.map((r) => r.referenceClaimId);

    test('an insurer user sees only ADJUDICATED claims of its own organisation, whatever it asks', async () => {
      for (const query of ['', '?status=OPEN', '?org=vitraya', '?org=maxbupa&status=PENDING']) {
        const response = await app.inject({ method: 'GET', url: `${BASE}/claims${query}`, headers: as('starhealth.reviewer') });
        expect(response.statusCode).toBe(200);
        const rows = response.json<ClaimListRow[]>();
        expect(refs(rows)).toEqual(['SH-ADJ-1', 'SH-ADJ-2', 'SH-ADJ-3', 'SH-ADJ-4']);
        expect(rows[0].total_count).toBe(4);
        expect(rows.every((r) => r.status === 'ADJUDICATED')).toBe(true);
        // Insurers get the shorter rows without the provider's found counts.
        expect(rows[0]).not.toHaveProperty('proceduresFound');
      }
      const search = await app.inject({
        method: 'POST',
        url: `${BASE}/claims/search?org=vitraya`,
        headers: as('starhealth.reviewer'),
        payload: { status: ['OPEN', 'PENDING'] },
      });
      expect(refs(search.json())).toEqual(['SH-ADJ-1', 'SH-ADJ-2', 'SH-ADJ-3', 'SH-ADJ-4']);
    });

    test('an insurer user cannot open a claim that is not adjudicated or not its own', async () => {
      for (const ref of ['SH-OPEN-1', 'VT-ACC-1', 'MB-ADJ-1']) {
        const response = await app.inject({ method: 'GET', url: `${BASE}/claims/${fixture[ref]}`, headers: as('starhealth.reviewer') });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: `Claim ${fixture[ref]} not found` });
      }
      const own = await app.inject({ method: 'GET', url: `${BASE}/claims/${fixture['SH-ADJ-1']}`, headers: as('starhealth.reviewer') });
      expect(own.json<Claim>().referenceClaimId).toBe('SH-ADJ-1');
    });

    test('the provider acts on an insurer with ?org= and sees found counts', async () => {
      const response = await app.inject({ method: 'GET', url: `${BASE}/claims?org=starhealth&limit=100`, headers: as('vitraya.reviewer') });
      expect(refs(response.json())).toEqual(['SH-ADJ-1', 'SH-OPEN-1', 'SH-ADJ-2', 'SH-ADJ-3', 'SH-PEND-1', 'SH-ADJ-4']);
      const own = await app.inject({ method: 'GET', url: `${BASE}/claims?status=ADJUDICATED`, headers: as('vitraya.reviewer') });
      const [first] = own.json<ClaimListRow[]>();
      expect(first).toMatchObject({
        referenceClaimId: 'VT-ACC-1',
        proceduresFound: 1,
        diagnosisFound: 1,
        evidenceFound: 0,
        documentsFound: 2,
      });
      const unknown = await app.inject({ method: 'GET', url: `${BASE}/claims?org=nowhere`, headers: as('vitraya.reviewer') });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().detail).toMatch(/^org: /);
    });

    test('a demo organisation sees its own claims of any status', async () => {
      const response = await app.inject({ method: 'GET', url: `${BASE}/claims?org=vitraya`, headers: as('demo.reviewer') });
      expect(refs(response.json())).toEqual(['DEMO-OPEN-1']);
    });
  });

  describe('super user calls', () => {
    test('the dashboard counts claims by status for a super user', async () => {
      const response = await app.inject({
        method: 'POST',
        url: `${BASE}/claims/dashboard/count?status=getAll&org=starhealth`,
        headers: as('vitraya.admin'),
      });
      expect(response.json()).toEqual([
        { status: 'ADJUDICATED', count: 4 },
        { status: 'OPEN', count: 1 },
        { status: 'PENDING', count: 1 },
      ]);
      const accepted = await app.inject({
        method: 'POST',
        url: `${BASE}/claims/dashboard/count?status=accepted&org=starhealth`,
        headers: as('vitraya.admin'),
      });
      expect(accepted.json()).toEqual([{ procedureCode: 'P1', count: 2 }]);
    });

    test("an insurer's super user counts only its ADJUDICATED claims, as its lists show", async () => {
      const response = await app.inject({
        method: 'POST',
        url: `${BASE}/claims/dashboard/count?status=getAll`,
        headers: as('starhealth.admin'),
      });
      expect(response.json()).toEqual([{ status: 'ADJUDICATED', count: 4 }]);
    });
  });

  describe('re-running verification', () => {
    test('marks the claim in progress once and queues it', async () => {
      const url = `${BASE}/claims/${fixture['VT-REJ-1']}?org=vitraya`;
      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      const first = await app.inject({
        method: 'PUT',
        url,
        headers: { ...as('vitraya.reviewer'), ...form },
        payload: 'status=OCRED&rerunFlag=true&adjudicate=true',
      });
      expect(first.statusCode).toBe(200);
      expect(first.json<Claim>()).toMatchObject({ id: fixture['VT-REJ-1'], rerunStatus: 'INPROGRESS' });
      const again = await app.inject({
        method: 'PUT',
        url,
        headers: { ...as('vitraya.reviewer'), ...form },
        payload: 'status=OCRED&rerunFlag=true&adjudicate=true',
      });
      expect(again.statusCode).toBe(409);
      const wrongStatus = await app.inject({ method: 'PUT', url, headers: { ...as('vitraya.reviewer'), ...form }, payload: 'status=OPEN' });
      expect(wrongStatus.statusCode).toBe(400);
      expect(wrongStatus.json().detail).toMatch(/^status: /);
      const insurer = await app.inject({
        method: 'PUT',
        url: `${BASE}/claims/${fixture['SH-ADJ-1']}`,
        headers: { ...as('starhealth.reviewer'), ...form },
        payload: 'status=OCRED',
      });
      expect(insurer.statusCode).toBe(403);
    });
  });

  describe('claims search and download', () => {
    test('filters by result and downloads CSV', async () => {
      const headers = as('vitraya.admin');
      const search = await app.inject({
        method: 'POST',
        url: `${BASE}/claims/search?org=starhealth&limit=10&page_number=1`,
        headers,
        payload: { status: ['ADJUDICATED'], adjudicationResult: ['ACCEPTED'], startDate: '2025-03-01', endDate: '2025-03-31' },
      });
      expect(search.json<ClaimListRow[]>().map((r) => r.referenceClaimId)).toEqual(['SH-ADJ-1', 'SH-ADJ-4']);
      const csv = await app.inject({
        method: 'POST',
        url: `${BASE}/claims/search?org=starhealth&download=True`,
        headers,
        payload: { status: ['ADJUDICATED'] },
      });
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.headers['content-disposition']).toMatch(
        /^attachment; filename="claims_data_\d{2}-\d{2}-\d{4}\.csv"; filename\*=UTF-8''claims_data_\d{2}-\d{2}-\d{4}\.csv$/,
      );
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toMatch(/^Case No\.,Case Type,Patient Name,Procedure Code,Hospital Code,Annotation/);
      expect(lines).toHaveLength(5);
    });
  });

  test('every answer of the calls above passed its schema', () => {
    expect(schemaDrifts(errorLog)).toEqual([]);
  });

  /** A new claim; adjudicate 'false' leaves it OPEN with nothing queued. */
  async function createClaim(user: string, fields: Record<string, string>, fileName = 'discharge.pdf'): Promise<number> {
    const form = claimForm(
      { patientName: 'Asha', referenceClaimId: `EDGE-${Math.random()}`, caseType: 'SETTLEMENT', procedureName: 'P1', ...fields },
      [{ name: fileName, data: await smallPdf('Discharge Summary') }],
    );
    const response = await app.inject({ method: 'POST', url: `${BASE}/claims`, headers: as(user), payload: form });
    expect(response.statusCode).toBe(200);
    return response.json<{ id: number }>().id;
  }

  const rerun = (id: number, user = 'vitraya.reviewer') =>
    app.inject({
      method: 'PUT',
      url: `${BASE}/claims/${id}?org=vitraya`,
      headers: { ...as(user), ...FORM },
      payload: 'status=OCRED&rerunFlag=true&adjudicate=true',
    });

  const queuedJobs = (id: number) => testDb.database.db.select().from(jobs).where(eq(jobs.claimId, id));

  describe('re-run while a verification is in progress', () => {
    test('a second re-run answers 409 with a detail, and one job is queued', async () => {
      const id = await createClaim('vitraya.admin', { adjudicate: 'false' });
      const first = await rerun(id);
      expect(first.statusCode).toBe(200);
      expect(first.json<Claim>()).toMatchObject({ id, rerunStatus: 'INPROGRESS' });
      const second = await rerun(id);
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ detail: `Verification of claim ${id} is already in progress` });
      expect(await queuedJobs(id)).toHaveLength(1);
    });

    test('two concurrent re-runs give one 200 and one 409', async () => {
      const id = await createClaim('vitraya.admin', { adjudicate: 'false' });
      const answers = await Promise.all([rerun(id), rerun(id)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.statusCode === 409)?.json()).toEqual({ detail: `Verification of claim ${id} is already in progress` });
      expect(await queuedJobs(id)).toHaveLength(1);
    });

    test('a queued or running job (rerunStatus not set) also answers 409; once it is done a re-run is accepted', async () => {
      const id = await createClaim('vitraya.admin', {});
      const [job] = await queuedJobs(id);
      expect(job.status).toBe('queued');
      expect((await rerun(id)).statusCode).toBe(409);
      await testDb.database.db.update(jobs).set({ status: 'running' }).where(eq(jobs.id, job.id));
      expect((await rerun(id)).statusCode).toBe(409);
      await testDb.database.db.update(jobs).set({ status: 'done' }).where(eq(jobs.id, job.id));
      expect((await rerun(id)).statusCode).toBe(200);
    });

    test('Confirm Findings while a re-run is in progress answers 409', async () => {
      const id = await createClaim('vitraya.admin', { adjudicate: 'false' });
      expect((await rerun(id)).statusCode).toBe(200);
      const findings = await app.inject({
        method: 'POST',
        url: `${BASE}/claims/${id}/adjudicate?org=vitraya`,
        headers: as('vitraya.reviewer'),
        payload: { findings: ['Adenomyosis'] },
      });
      expect(findings.statusCode).toBe(409);
      expect(findings.json()).toEqual({ detail: `Verification of claim ${id} is already in progress` });
    });

    test('a claim with questions is verified at once with its answers requested; answering again joins the waiting verification', async () => {
      // Created by the insurer's super user, who opens the questions right after the upload (spec 1 §2).
      const id = await createClaim('starhealth.admin', { procedureName: 'P2' });
      const [reading] = await queuedJobs(id);
      // Questions never block a claim (issue 24): it is verified from its documents without waiting for answers.
      expect(reading.payload).toMatchObject({ adjudicate: true });
      const opened = await app.inject({ method: 'GET', url: `${BASE}/claims/${id}`, headers: as('starhealth.admin') });
      expect(opened.json<Claim>()).toMatchObject({ id, answersRequested: true });

      const asked = await app.inject({ method: 'GET', url: `${BASE}/claims/${id}/questions`, headers: as('starhealth.admin') });
      expect(asked.statusCode).toBe(200);
      const [question] = asked.json<ClaimQuestions>().questions;
      const answer = (choice: string) =>
        app.inject({
          method: 'POST',
          url: `${BASE}/claims/${id}/questions`,
          headers: as('starhealth.admin'),
          payload: { answers: { [String(question.id)]: [choice] } },
        });
      expect((await answer('Yes')).statusCode).toBe(200);
      const [joined] = await queuedJobs(id);
      expect(joined).toMatchObject({ id: reading.id, payload: expect.objectContaining({ adjudicate: true }) });
      // A corrected answer while the verification still waits is the one it reads.
      expect((await answer('No')).statusCode).toBe(200);
      expect(await queuedJobs(id)).toHaveLength(1);
      const saved = await app.inject({ method: 'GET', url: `${BASE}/claims/${id}/questions`, headers: as('starhealth.admin') });
      expect(saved.json<ClaimQuestions>().answers).toEqual({ [String(question.id)]: ['No'] });
      const reopened = await app.inject({ method: 'GET', url: `${BASE}/claims/${id}`, headers: as('starhealth.admin') });
      expect(reopened.json<Claim>().answersRequested).toBe(false);
    });

    test('answering while a verification runs queues one more after it, so the answers are always verified', async () => {
      const id = await createClaim('starhealth.admin', { procedureName: 'P2' });
      await testDb.database.db
        .update(jobs)
        .set({ status: 'running', lockedBy: 'another worker', lockedUntil: new Date(Date.now() + 60_000) })
        .where(eq(jobs.claimId, id));
      const asked = await app.inject({ method: 'GET', url: `${BASE}/claims/${id}/questions`, headers: as('starhealth.admin') });
      const [question] = asked.json<ClaimQuestions>().questions;
      const answered = await app.inject({
        method: 'POST',
        url: `${BASE}/claims/${id}/questions`,
        headers: as('starhealth.admin'),
        payload: { answers: { [String(question.id)]: ['Yes'] } },
      });
      expect(answered.statusCode).toBe(200);
      const statuses = (await queuedJobs(id)).map((job) => [job.status, (job.payload as { adjudicate: boolean }).adjudicate]);
      expect(statuses).toEqual(
        expect.arrayContaining([
          ['running', true],
          ['queued', true],
        ]),
      );
    });

    test("an insurer without questions of its own for a procedure is asked the provider's", async () => {
      const db = testDb.database.db;
      const [p1] = await db.select({ id: procedures.id }).from(procedures).where(eq(procedures.procedureCode, 'P1'));
      const [providerQuestion] = await db
        .insert(procedureQuestions)
        .values({
          org: 'vitraya',
          procedureId: p1.id,
          question: 'Was the lens implanted?',
          questionType: 'radio',
          answer: ['Yes', 'No'],
          entityType: 'other',
        })
        .returning();
      try {
        const created = await app.inject({
          method: 'POST',
          url: `${BASE}/claims`,
          headers: as('starhealth.admin'),
          payload: claimForm(
            { patientName: 'Asha', referenceClaimId: `EDGE-${Math.random()}`, caseType: 'SETTLEMENT', procedureName: 'P1' },
            [{ name: 'discharge.pdf', data: await smallPdf('Discharge Summary') }],
          ),
        });
        expect(created.json()).toMatchObject({ requestAdditoinalInput: true });
        const { id } = created.json<{ id: number }>();
        const asked = await app.inject({ method: 'GET', url: `${BASE}/claims/${id}/questions`, headers: as('starhealth.admin') });
        expect(asked.json<ClaimQuestions>().questions.map((q) => q.id)).toEqual([providerQuestion.id]);
      } finally {
        await db.delete(procedureQuestions).where(eq(procedureQuestions.id, providerQuestion.id));
      }
    });
  });

  describe('the creator of an insurer claim', () => {
    test('opens it while pending and once SUSPENDED; other users and the lists still see only ADJUDICATED claims', async () => {
      const id = await createClaim('starhealth.admin', { referenceClaimId: 'EDGE-SH-CREATOR' });
      const open = (user: string) => app.inject({ method: 'GET', url: `${BASE}/claims/${id}`, headers: as(user) });

      const pending = await open('starhealth.admin');
      expect(pending.statusCode).toBe(200);
      expect(pending.json<Claim>()).toMatchObject({ id, status: 'TO_BE_OCRED', createdBy: 'starhealth.admin' });
      expect((await open('starhealth.reviewer')).statusCode).toBe(404);

      const reason = 'Clinical Verification Fail- Case record not found';
      await testDb.database.db
        .update(claims)
        .set({ status: 'SUSPENDED', adjudicationResult: 'SUSPENDED', adjudicationReason: reason })
        .where(eq(claims.id, id));
      const suspended = await open('starhealth.admin');
      expect(suspended.statusCode).toBe(200);
      expect(suspended.json<Claim>()).toMatchObject({
        id,
        status: 'SUSPENDED',
        adjudicationResult: 'SUSPENDED',
        adjudicationReason: reason,
      });
      expect((await open('starhealth.reviewer')).statusCode).toBe(404);

      for (const user of ['starhealth.admin', 'starhealth.reviewer']) {
        const list = await app.inject({ method: 'GET', url: `${BASE}/claims?limit=500&page_number=1`, headers: as(user) });
        expect(list.statusCode).toBe(200);
        const rows = list.json<ClaimListRow[]>();
        expect(rows.some((row) => row.id === id)).toBe(false);
        expect(rows.every((row) => row.status === 'ADJUDICATED')).toBe(true);
        const search = await app.inject({
          method: 'POST',
          url: `${BASE}/claims/search?limit=500&page_number=1`,
          headers: as(user),
          payload: { status: ['SUSPENDED'] },
        });
        expect(search.statusCode).toBe(200);
        expect(search.json<ClaimListRow[]>().some((row) => row.id === id)).toBe(false);
      }

      await testDb.database.db.update(claims).set({ status: 'ADJUDICATED' }).where(eq(claims.id, id));
      expect((await open('starhealth.reviewer')).statusCode).toBe(200);
    });
  });

  describe('UTF-8 document names', () => {
    test('a Hindi name with an emoji is stored and sent back unchanged', async () => {
      const name = 'डिस्चार्ज सारांश 😀.pdf';
      const id = await createClaim('vitraya.admin', { adjudicate: 'false' }, name);
      const [stored] = await testDb.database.db.select().from(claimDocuments).where(eq(claimDocuments.claimId, id));
      expect(stored.fileName).toBe(name);

      const claim = (await app.inject({ method: 'GET', url: `${BASE}/claims/${id}`, headers: as('vitraya.admin') })).json<Claim>();
      expect(claim.documents).toHaveLength(1);
      expect(claim.documents[0]).toMatchObject({ file_name: name });

      const file = await app.inject({
        method: 'GET',
        url: `${BASE}${claim.documents[0].original_document_url}`,
        headers: as('vitraya.admin'),
      });
      expect(file.statusCode).toBe(200);
      const disposition = String(file.headers['content-disposition']);
      const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
      expect(encoded && decodeURIComponent(encoded)).toBe(name);
    });
  });
});
