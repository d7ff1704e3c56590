/**
 * The api's behaviour through HTTP (fastify.inject), run once per database driver: sign-in and
 * sessions, permissions and organisation scoping, paging, hospitals, claim creation and documents,
 * re-runs, the console and rules, and bad input answering 4xx with a detail naming the field.
 */
import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import {
  ClaimCreateResponse,
  Hospital,
  type BatchRow,
  type Claim,
  type ClaimListRow,
  type ConsoleClaimRow,
  type PagedResults,
  type Rule,
  type RuleListRow,
} from '@claims/shared-kernel/contract';
import { buildApp } from '../../src/app';
import { batches, claimDocuments, jobs, rules, users } from '../../src/db/schema';
import { replies } from '../../src/http/replies';
import { defineAnnotationEdges } from './annotation-edges';
import { defineClaimDocumentEdges } from './claim-document-edges';
import { defineClaimReviewEdges } from './claim-review-edges';
import { defineConsoleEdges } from './console-edges';
import { defineMasterEdges } from './master-edges';
import { defineQuestionEdges } from './question-edges';
import { defineRuleEdges } from './rule-edges';
import { claimIds, ruleId } from '../../testing/fixture';
import { defineSessionEdges } from './session-edges';
import { defineListEdges } from './list-edges';
import { bearer, collectingLogger, login, testApp, testConfig, type TestDatabase } from '../../testing/http';

const BASE = '/v0.3.0';

async function smallPdf(text: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([400, 300]);
  page.drawText(text, { x: 40, y: 250, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return pdf.save();
}

function claimForm(fields: Record<string, string | string[]>, files: { name: string; type: string; data: Uint8Array }[]): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) form.append(key, v);
  for (const file of files) form.append('documents', new Blob([file.data], { type: file.type }), file.name);
  return form;
}

export function defineApiSuite(open: () => Promise<TestDatabase>): void {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let ids: Record<string, number>;
  const tokens: Record<string, string> = {};
  /** Every route as registered, and what the app logged at error level (a refused answer among it). */
  const routes: RouteOptions[] = [];
  const errorLog: string[] = [];
  const as = (user: string) => bearer(tokens[user]);

  beforeAll(async () => {
    testDb = await open();
    app = await testApp(testDb.database, { onRoute: (route) => routes.push(route), logger: collectingLogger(errorLog) });
    ids = await claimIds(testDb.database.db);
    for (const user of ['vitraya.admin', 'vitraya.reviewer', 'starhealth.reviewer', 'starhealth.admin', 'demo.reviewer', 'ml.admin']) {
      tokens[user] = await login(app, user);
    }
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
  });

  describe('sign-in and session', () => {
    test('version needs no token', async () => {
      const response = await app.inject({ method: 'GET', url: `${BASE}/version` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ name: expect.any(String), version: 'v0.3.0' });
    });

    test('login with the form answers token, organisation, role and user', async () => {
      const response = await app.inject({
        method: 'POST',
        url: `${BASE}/login`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'username=starhealth.reviewer&password=demo-password',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        access_token: expect.any(String),
        token_type: 'bearer',
        organization: 'starhealth',
        role: 'user',
        user: 'starhealth.reviewer',
      });
    });

    test('wrong password and unknown user answer 401 with a detail', async () => {
      for (const username of ['vitraya.admin', 'nobody.here']) {
        const response = await app.inject({ method: 'POST', url: `${BASE}/login`, payload: { username, password: 'wrong' } });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ detail: 'Invalid username or password' });
      }
    });

    test('every other call needs a valid token', async () => {
      expect((await app.inject({ method: 'GET', url: `${BASE}/claims` })).statusCode).toBe(401);
      const forged = await app.inject({ method: 'GET', url: `${BASE}/claims`, headers: bearer('not.a.token') });
      expect(forged.statusCode).toBe(401);
      expect(forged.json()).toEqual({ detail: expect.any(String) });
    });

    test('logout revokes the token', async () => {
      const token = await login(app, 'bajaj.reviewer');
      expect((await app.inject({ method: 'GET', url: `${BASE}/me`, headers: bearer(token) })).json()).toEqual({
        user: 'bajaj.reviewer',
        organization: 'bajaj',
        role: 'user',
      });
      expect((await app.inject({ method: 'POST', url: `${BASE}/logout`, headers: bearer(token) })).statusCode).toBe(200);
      const after = await app.inject({ method: 'GET', url: `${BASE}/me`, headers: bearer(token) });
      expect(after.statusCode).toBe(401);
      expect(after.json().detail).toMatch(/revoked/);
    });

    test('signup thanks a valid visitor and names the invalid field', async () => {
      const form = (body: string) =>
        app.inject({
          method: 'POST',
          url: `${BASE}/marketing/signup`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: body,
        });
      const ok = await form('name=Asha%20Rao&organization=Acme_Health&email=asha%40example.com');
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ message: 'Thank you for signing up. Our team will reach out to you by e-mail.' });
      const badName = await form('name=1asha&organization=Acme&email=asha%40example.com');
      expect(badName.statusCode).toBe(400);
      expect(badName.json().detail).toMatch(/^name: /);
      const badEmail = await form('name=Asha&organization=Acme&email=not-an-email');
      expect(badEmail.statusCode).toBe(400);
      expect(badEmail.json().detail).toBe('email: Enter valid email');
    });
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
        const response = await app.inject({ method: 'GET', url: `${BASE}/claims/${ids[ref]}`, headers: as('starhealth.reviewer') });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: `Claim ${ids[ref]} not found` });
      }
      const own = await app.inject({ method: 'GET', url: `${BASE}/claims/${ids['SH-ADJ-1']}`, headers: as('starhealth.reviewer') });
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
    test('answer 403 with a detail to other roles', async () => {
      const calls = [
        { method: 'POST' as const, url: `${BASE}/hospitals`, payload: { hospital_code: 'X1', hospital_name: 'X' } },
        { method: 'GET' as const, url: `${BASE}/downloadedCount` },
        { method: 'POST' as const, url: `${BASE}/claims/dashboard/count?status=getAll` },
        { method: 'GET' as const, url: `${BASE}/claims?downloaded=true` },
        { method: 'PUT' as const, url: `${BASE}/rules/1`, payload: { fk_procedure: 1, case_type: 'SETTLEMENT' } },
      ];
      for (const call of calls) {
        const response = await app.inject({ ...call, headers: as('vitraya.reviewer') });
        expect(response.statusCode).toBe(403);
        expect(response.json().detail).toMatch(/not authorized/);
      }
    });

    test('claim creation is for super users of the organisations that create claims', async () => {
      for (const user of ['starhealth.reviewer', 'ml.admin']) {
        const form = claimForm({ referenceClaimId: 'X', patientName: 'Y', caseType: 'SETTLEMENT', procedureName: 'P1' }, []);
        const response = await app.inject({ method: 'POST', url: `${BASE}/claims`, headers: as(user), payload: form });
        expect(response.statusCode).toBe(403);
      }
    });

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

  describe('paging', () => {
    test('the first row carries total_count and the 1-based page_number', async () => {
      const response = await app.inject({
        method: 'GET',
        url: `${BASE}/claims?org=starhealth&limit=2&page_number=2`,
        headers: as('vitraya.admin'),
      });
      const rows = response.json<ClaimListRow[]>();
      expect(rows.map((r) => r.referenceClaimId)).toEqual(['SH-ADJ-2', 'SH-ADJ-3']);
      expect(rows[0]).toMatchObject({ total_count: 6, page_number: 2 });
      expect(rows[1]).not.toHaveProperty('total_count');
      const past = await app.inject({
        method: 'GET',
        url: `${BASE}/claims?org=starhealth&limit=2&page_number=9`,
        headers: as('vitraya.admin'),
      });
      expect(past.json()).toEqual([]);
    });
  });

  describe('hospitals', () => {
    test('create, duplicate, read, edit one field, list and delete', async () => {
      const headers = as('vitraya.admin');
      const created = await app.inject({
        method: 'POST',
        url: `${BASE}/hospitals`,
        headers,
        payload: { hospital_code: 'HOSP-C', hospital_name: 'Gamma Hospital' },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().result).toMatchObject({ hospital_code: 'HOSP-C', name: 'Gamma Hospital', created_by: 'vitraya.admin' });

      const duplicate = await app.inject({
        method: 'POST',
        url: `${BASE}/hospitals`,
        headers,
        payload: { hospital_code: 'HOSP-C', hospital_name: 'Again' },
      });
      expect(duplicate.statusCode).toBe(400);
      expect(duplicate.json()).toEqual({ detail: 'hospital_code: Hospital code HOSP-C already exists' });

      const renamed = await app.inject({
        method: 'PUT',
        url: `${BASE}/hospitals/HOSP-C`,
        headers,
        payload: { field_name: 'hospital_name', value: 'Gamma Care' },
      });
      expect(renamed.json().result).toMatchObject({ hospital_code: 'HOSP-C', name: 'Gamma Care', last_modified_by: 'vitraya.admin' });
      const recoded = await app.inject({
        method: 'PUT',
        url: `${BASE}/hospitals/HOSP-C`,
        headers,
        payload: { field_name: 'hospital_code', value: 'HOSP-G' },
      });
      expect(recoded.json().result).toMatchObject({ hospital_code: 'HOSP-G', name: 'Gamma Care' });
      const clash = await app.inject({
        method: 'PUT',
        url: `${BASE}/hospitals/HOSP-G`,
        headers,
        payload: { field_name: 'hospital_code', value: 'HOSP-A' },
      });
      expect(clash.statusCode).toBe(400);
      const badField = await app.inject({
        method: 'PUT',
        url: `${BASE}/hospitals/HOSP-G`,
        headers,
        payload: { field_name: 'colour', value: 'x' },
      });
      expect(badField.statusCode).toBe(400);
      expect(badField.json().detail).toMatch(/^field_name: /);

      expect((await app.inject({ method: 'GET', url: `${BASE}/hospitals/HOSP-C`, headers })).statusCode).toBe(404);
      const one = await app.inject({ method: 'GET', url: `${BASE}/hospitals/HOSP-G`, headers });
      expect(one.json<{ result: Hospital }>().result.name).toBe('Gamma Care');

      const page = await app.inject({ method: 'GET', url: `${BASE}/hospitals?limit=2&page_number=2`, headers });
      expect(page.json<PagedResults<Hospital>>()).toMatchObject({ total_count: 3, page_number: 2, results: [{ hospital_code: 'HOSP-G' }] });
      const all = await app.inject({ method: 'GET', url: `${BASE}/hospitals?getall`, headers });
      expect(all.json().results.map((h: Hospital) => h.hospital_code)).toEqual(['HOSP-A', 'HOSP-B', 'HOSP-G']);

      const removed = await app.inject({ method: 'DELETE', url: `${BASE}/hospitals/HOSP-G`, headers });
      expect(removed.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: `${BASE}/hospitals/HOSP-G`, headers })).statusCode).toBe(404);
    });

    test('missing fields answer 400 naming the field', async () => {
      const response = await app.inject({
        method: 'POST',
        url: `${BASE}/hospitals`,
        headers: as('vitraya.admin'),
        payload: { hospital_code: 'H9' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/^hospital_name: /);
    });
  });

  describe('claim creation', () => {
    test('a PDF upload creates the claim, stores the file and queues verification', async () => {
      const pdf = await smallPdf('Discharge Summary: Cataract Surgery');
      const form = claimForm(
        {
          patientName: 'Ravi Kumar',
          referenceClaimId: 'NEW-1',
          caseType: 'SETTLEMENT',
          procedureName: ['P1'],
          hospitalCode: 'HOSP-A',
          delete_after_adjudication: 'false',
          adjudicate: 'true',
        },
        [{ name: 'discharge.pdf', type: 'application/pdf', data: pdf }],
      );
      const response = await app.inject({ method: 'POST', url: `${BASE}/claims`, headers: as('vitraya.admin'), payload: form });
      expect(response.statusCode).toBe(200);
      const { id, requestAdditoinalInput } = response.json<{ id: number; requestAdditoinalInput: boolean }>();
      expect(requestAdditoinalInput).toBe(false);

      const claim = (await app.inject({ method: 'GET', url: `${BASE}/claims/${id}`, headers: as('vitraya.admin') })).json<Claim>();
      expect(claim).toMatchObject({
        referenceClaimId: 'NEW-1',
        procedureCodes: ['P1'],
        procedureName: ['Cataract Surgery'],
        organization: 'vitraya',
        createdBy: 'vitraya.admin',
      });
      expect(claim.documents).toHaveLength(1);
      const file = await app.inject({
        method: 'GET',
        url: `${BASE}${claim.documents[0].original_document_url}`,
        headers: as('vitraya.admin'),
      });
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(Buffer.compare(file.rawPayload, Buffer.from(pdf))).toBe(0);
      expect((await app.inject({ method: 'GET', url: `${BASE}${claim.documents[0].original_document_url}` })).statusCode).toBe(401);
      expect(
        (await app.inject({ method: 'GET', url: `${BASE}${claim.documents[0].original_document_url}`, headers: as('starhealth.reviewer') }))
          .statusCode,
      ).toBe(404);

      const queued = await testDb.database.db.select().from(jobs).where(eq(jobs.claimId, id));
      expect(queued).toHaveLength(1);
      expect(queued[0].status).toBe('queued');
    });

    test('procedures with questions for the insurer ask for additional input', async () => {
      const form = claimForm({ patientName: 'Meena', referenceClaimId: 'NEW-2', caseType: 'SETTLEMENT', procedureName: 'P2' }, [
        { name: 'scan.pdf', type: 'application/pdf', data: await smallPdf('Appendectomy') },
      ]);
      const response = await app.inject({ method: 'POST', url: `${BASE}/claims`, headers: as('starhealth.admin'), payload: form });
      expect(response.json()).toEqual({ id: expect.any(Number), requestAdditoinalInput: true });
    });

    test('a text file is refused by its content, whatever its declared type', async () => {
      const form = claimForm({ patientName: 'Ravi', referenceClaimId: 'NEW-3', caseType: 'SETTLEMENT', procedureName: 'P1' }, [
        { name: 'notes.pdf', type: 'application/pdf', data: new TextEncoder().encode('just some text, not a PDF') },
      ]);
      const response = await app.inject({ method: 'POST', url: `${BASE}/claims`, headers: as('vitraya.admin'), payload: form });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ detail: "documents: 'notes.pdf' is not a PNG, JPEG or PDF file" });
    });

    test('missing and unknown fields answer 400 naming the field; too large a file 413', async () => {
      const pdf = await smallPdf('x');
      const cases: [Record<string, string>, RegExp][] = [
        [{ patientName: 'A', caseType: 'SETTLEMENT', procedureName: 'P1' }, /^referenceClaimId: /],
        [{ patientName: 'A', referenceClaimId: 'R', caseType: 'OTHER', procedureName: 'P1' }, /^caseType: /],
        [
          { patientName: 'A', referenceClaimId: 'R', caseType: 'SETTLEMENT', procedureName: 'NOPE' },
          /^procedureName: unknown procedure code 'NOPE'/,
        ],
        [{ referenceClaimId: 'R', caseType: 'SETTLEMENT', procedureName: 'P1' }, /^patientName: /],
      ];
      for (const [fields, detail] of cases) {
        const form = claimForm(fields, [{ name: 'a.pdf', type: 'application/pdf', data: pdf }]);
        const response = await app.inject({ method: 'POST', url: `${BASE}/claims`, headers: as('vitraya.admin'), payload: form });
        expect(response.statusCode).toBe(400);
        expect(response.json().detail).toMatch(detail);
      }
      const noFile = await app.inject({
        method: 'POST',
        url: `${BASE}/claims`,
        headers: as('vitraya.admin'),
        payload: claimForm({ patientName: 'A', referenceClaimId: 'R', caseType: 'SETTLEMENT', procedureName: 'P1' }, []),
      });
      expect(noFile.json()).toEqual({ detail: 'documents: at least one document is required' });
      const big = new Uint8Array(600 * 1024);
      big.set(new TextEncoder().encode('%PDF-1.4'));
      const tooLarge = await app.inject({
        method: 'POST',
        url: `${BASE}/claims`,
        headers: as('vitraya.admin'),
        payload: claimForm({ patientName: 'A', referenceClaimId: 'R', caseType: 'SETTLEMENT', procedureName: 'P1' }, [
          { name: 'big.pdf', type: 'application/pdf', data: big },
        ]),
      });
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json().detail).toMatch(/^documents: /);
    });

    test('a demo organisation may leave the patient name empty', async () => {
      const demoAdmin = await login(app, 'demo.admin');
      const form = claimForm({ referenceClaimId: 'DEMO-2', caseType: 'PRE_AUTH', procedureName: 'P1' }, [
        { name: 'a.pdf', type: 'application/pdf', data: await smallPdf('Cataract') },
      ]);
      const response = await app.inject({ method: 'POST', url: `${BASE}/claims`, headers: bearer(demoAdmin), payload: form });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('re-running verification', () => {
    test('marks the claim in progress once and queues it', async () => {
      const url = `${BASE}/claims/${ids['VT-REJ-1']}?org=vitraya`;
      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      const first = await app.inject({
        method: 'PUT',
        url,
        headers: { ...as('vitraya.reviewer'), ...form },
        payload: 'status=OCRED&rerunFlag=true&adjudicate=true',
      });
      expect(first.statusCode).toBe(200);
      expect(first.json<Claim>()).toMatchObject({ id: ids['VT-REJ-1'], rerunStatus: 'INPROGRESS' });
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
        url: `${BASE}/claims/${ids['SH-ADJ-1']}`,
        headers: { ...as('starhealth.reviewer'), ...form },
        payload: 'status=OCRED',
      });
      expect(insurer.statusCode).toBe(403);
    });
  });

  describe('bad input', () => {
    test('answers 400 with a detail naming the field, never 500', async () => {
      const headers = as('vitraya.admin');
      const cases: [InjectOptions, number, RegExp][] = [
        [{ method: 'GET', url: `${BASE}/claims?limit=0` }, 400, /limit/],
        [{ method: 'GET', url: `${BASE}/claims?page_number=abc` }, 400, /page_number/],
        [{ method: 'GET', url: `${BASE}/claims?status=NOPE` }, 400, /^status: unknown status 'NOPE'/],
        [{ method: 'GET', url: `${BASE}/claims/abc` }, 400, /claimId/],
        [{ method: 'GET', url: `${BASE}/claims/999999` }, 404, /Claim 999999 not found/],
        [{ method: 'POST', url: `${BASE}/claims/search`, payload: { startDate: '10-03-2025' } }, 400, /^startDate: /],
        [{ method: 'POST', url: `${BASE}/claims/search`, payload: { startDate: '2025-01-01', endDate: '2025-06-01' } }, 400, /90 days/],
        [{ method: 'POST', url: `${BASE}/claims/search`, payload: { status: 'ADJUDICATED' } }, 400, /^status: /],
        [
          { method: 'POST', url: `${BASE}/hospitals`, payload: '{"hospital_code": ', headers: { 'content-type': 'application/json' } },
          400,
          /Malformed JSON/,
        ],
        [{ method: 'POST', url: `${BASE}/hospitals`, payload: 'hello', headers: { 'content-type': 'text/plain' } }, 415, /content type/i],
        [{ method: 'GET', url: `${BASE}/rules/424242` }, 404, /Rule 424242 not found/],
        [{ method: 'GET', url: `${BASE}/nothing/here` }, 404, /Not found/],
      ];
      for (const [request, status, detail] of cases) {
        const response = await app.inject({ ...request, headers: { ...headers, ...request.headers } });
        expect({ url: request.url, status: response.statusCode }).toEqual({ url: request.url, status });
        expect(response.json().detail).toMatch(detail);
      }
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

  describe('console and batches', () => {
    test("lists downloaded claims, failures, batches with counts, and today's figures", async () => {
      const headers = as('vitraya.admin');
      const all = (await app.inject({ method: 'GET', url: `${BASE}/claims?downloaded=true&limit=25&page_number=1`, headers })).json<
        ConsoleClaimRow[]
      >();
      expect(all.map((r) => r.intimation_number)).toEqual(['INT-DL-1', 'INT-DL-2', 'INT-DL-3']);
      expect(all[0]).toMatchObject({ vitraya_claim_status: 'DOWNLOADED', total_count: 3, page_number: 1 });
      const failed = (await app.inject({ method: 'GET', url: `${BASE}/claims?downloaded=true&status=DOWNLOAD_FAILED`, headers })).json<
        ConsoleClaimRow[]
      >();
      expect(failed).toEqual([
        expect.objectContaining({ intimation_number: 'INT-DL-2', error_code: '404', error_message: 'Documents not received' }),
      ]);
      const searched = await app.inject({
        method: 'POST',
        url: `${BASE}/claim/batch/downloadFailed/search?limit=25&page_number=1`,
        headers,
        payload: { error: ['404'] },
      });
      expect(searched.json<ConsoleClaimRow[]>()).toHaveLength(1);

      const noProcedure = await app.inject({
        method: 'POST',
        url: `${BASE}/claim/batch/create`,
        headers,
        payload: { claims: [ids['DL-1']], batchName: 'b0', downloadedClaimFlag: 'true', organization: 'vitraya' },
      });
      expect(noProcedure.statusCode).toBe(400);
      expect(noProcedure.json().detail).toMatch(/^claims: add procedure names first/);

      const created = await app.inject({
        method: 'POST',
        url: `${BASE}/claim/batch/create`,
        headers,
        payload: { claims: [ids['DL-3']], batchName: 'Morning batch', downloadedClaimFlag: 'true', organization: 'vitraya' },
      });
      expect(created.json()).toEqual({
        id: expect.any(Number),
        batchName: 'Morning batch',
        Message: 'Batch created and verification process initiated successfully',
      });
      const again = await app.inject({
        method: 'POST',
        url: `${BASE}/claim/batch/create`,
        headers,
        payload: { claims: [ids['DL-3']], batchName: 'Second', downloadedClaimFlag: 'true', organization: 'vitraya' },
      });
      expect(again.statusCode).toBe(409);

      const batches = (
        await app.inject({ method: 'GET', url: `${BASE}/claim/batch?downloaded=true&limit=25&page_number=1`, headers })
      ).json<BatchRow[]>();
      expect(batches).toEqual([
        expect.objectContaining({
          batchName: 'Morning batch',
          total_claims_count: 1,
          createdBy: 'vitraya.admin',
          status_info: { status: 'TO_BE_PROCESSED' },
          processing: { accepted: 0, rejected: 0, query: 0, toBeVerified: 1, inProgress: 0, verificationFailed: 0 },
          total_count: 1,
        }),
      ]);
      const filtered = await app.inject({
        method: 'POST',
        url: `${BASE}/claim/batch/search?limit=25&page_number=1&downloaded=true`,
        headers,
        payload: { batchName: ['Other'] },
      });
      expect(filtered.json()).toEqual([]);

      const counts = (await app.inject({ method: 'GET', url: `${BASE}/downloadedCount`, headers })).json();
      expect(counts).toEqual({
        downloadedClaims: 0,
        downloadedFailedClaims: 0,
        batchDataCount: 1,
        batchFailedDataCount: 0,
        userLastBatch: 'vitraya.admin',
        uploadedFailedClaims: 0,
        totalDownloadFailedClaims: 1,
      });
    });
  });

  describe('annotation', () => {
    test('an annotation user annotates a claim; others may not', async () => {
      const claimId = ids['VT-ACC-1'];
      const body = {
        claim_id: claimId,
        reference_claim_id: 'VT-ACC-1',
        procedure_code: 'P1',
        procedure_name: 'Cataract Surgery',
        expected_result: 'accept',
        remarks: 'as verified',
        procedure_name_1: 'Cataract Surgery',
        procedure_page_number_1: '2',
        diagnosis_name_1: 'Cataract',
      };
      const created = await app.inject({ method: 'POST', url: `${BASE}/annotation`, headers: as('vitraya.reviewer'), payload: body });
      expect(created.statusCode).toBe(201);
      const annotation = created.json();
      expect(annotation).toMatchObject({ ...body, username: 'vitraya.reviewer', verification_result: 'ACCEPTED' });
      const claim = (await app.inject({ method: 'GET', url: `${BASE}/claims/${claimId}`, headers: as('vitraya.reviewer') })).json<Claim>();
      expect(claim).toMatchObject({ annotated: true, annotation_id: annotation.id });
      const list = (
        await app.inject({ method: 'GET', url: `${BASE}/annotation?limit=10&page_number=1`, headers: as('vitraya.admin') })
      ).json();
      expect(list[0]).toMatchObject({ id: annotation.id, total_count: 1 });

      const edited = await app.inject({
        method: 'PUT',
        url: `${BASE}/annotation/${annotation.id}`,
        headers: as('vitraya.admin'),
        payload: { ...body, expected_result: 'docQuery', procedure_name_1: 'Cataract Surgery', diagnosis_name_1: undefined },
      });
      expect(edited.json()).toMatchObject({ expected_result: 'docQuery' });
      expect(edited.json()).not.toHaveProperty('diagnosis_name_1');

      const badSlot = await app.inject({
        method: 'POST',
        url: `${BASE}/annotation`,
        headers: as('vitraya.reviewer'),
        payload: { ...body, colour_1: 'x' },
      });
      expect(badSlot.statusCode).toBe(400);
      expect(badSlot.json()).toEqual({ detail: 'colour_1: not an annotation field' });
      const insurer = await app.inject({ method: 'POST', url: `${BASE}/annotation`, headers: as('starhealth.admin'), payload: body });
      expect(insurer.statusCode).toBe(403);
    });

    test('error flags are kept per procedure and entity with a known category', async () => {
      const claimId = ids['VT-ACC-1'];
      const categories = (
        await app.inject({ method: 'GET', url: `${BASE}/annotationErrorCategory`, headers: as('vitraya.reviewer') })
      ).json();
      expect(categories[0]).toEqual({
        id: expect.any(Number),
        category: expect.any(String),
        colour: expect.any(String),
        iconText: expect.any(String),
      });
      const errors = { P1: { diagnoses: [{ keyword: 0, category: categories[0].id, comment: 'Cataract is on page 3, not 1' }] } };
      const saved = await app.inject({
        method: 'POST',
        url: `${BASE}/claims/${claimId}/annotation`,
        headers: as('vitraya.reviewer'),
        payload: { errors },
      });
      expect(saved.json()).toEqual({ claim_id: claimId, errors });
      expect(
        (await app.inject({ method: 'GET', url: `${BASE}/claims/${claimId}/annotation`, headers: as('vitraya.reviewer') })).json().errors,
      ).toEqual(errors);
      const unknown = await app.inject({
        method: 'PUT',
        url: `${BASE}/claims/${claimId}/annotation`,
        headers: as('vitraya.reviewer'),
        payload: { errors: { P1: { diagnoses: [{ keyword: 0, category: 9999, comment: 'x' }] } } },
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().detail).toMatch(/^errors\.P1\.diagnoses: unknown error category 9999/);
    });
  });

  describe('rule writes', () => {
    test('create, duplicate case type, update with history, delete', async () => {
      const headers = as('vitraya.admin');
      const procedures = (await app.inject({ method: 'GET', url: `${BASE}/procedures?getall`, headers })).json();
      const p2 = procedures.find((p: { procedure_code: string }) => p.procedure_code === 'P2');
      const body = {
        fk_procedure: p2.id,
        case_type: 'PRE_AUTH',
        procedureRule: {
          booleanOperator: 'AND',
          id: 'n1',
          level: 0,
          statements: [
            {
              operator: 'ANY_OF_N_VALUES_IS_PRESENT',
              entityName: 'procedures',
              numberOfValues: 1,
              valuesToFind: ['Appendectomy'],
              id: 'n2',
              parentId: 'n1',
            },
            { id: 'n3', parentId: 'n1' },
          ],
        },
      };
      const created = await app.inject({ method: 'POST', url: `${BASE}/rules?org=maxbupa`, headers, payload: body });
      expect(created.statusCode).toBe(201);
      const rule = created.json<Rule>();
      expect(rule).toMatchObject({ org: 'maxbupa', case_type: 'PRE_AUTH', version: 1, procedures: { procedure_code: 'P2' } });
      // Editor-only fields and empty leaves are not saved.
      expect(rule.procedureRule).toEqual({
        booleanOperator: 'AND',
        statements: [
          { operator: 'ANY_OF_N_VALUES_IS_PRESENT', entityName: 'procedures', numberOfValues: 1, valuesToFind: ['Appendectomy'] },
        ],
      });
      const duplicate = await app.inject({ method: 'POST', url: `${BASE}/rules?org=maxbupa`, headers, payload: body });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toEqual({ detail: 'For Appendectomy PREAUTH caseType is present already' });
      const badSelection = await app.inject({
        method: 'POST',
        url: `${BASE}/rules?org=maxbupa`,
        headers,
        payload: { ...body, case_type: 'SETTLEMENT', fk_diagnosis: [999999] },
      });
      expect(badSelection.statusCode).toBe(400);
      expect(badSelection.json().detail).toMatch(/^fk_diagnosis: unknown id 999999/);

      const updated = await app.inject({
        method: 'PUT',
        url: `${BASE}/rules/${rule.id}?org=maxbupa`,
        headers,
        payload: { ...body, rule_template: 'appendix' },
      });
      expect(updated.json<Rule>()).toMatchObject({ version: 2, rule_template: 'appendix' });
      expect(updated.json<Rule>().modification_history).toHaveLength(2);
      const otherOrg = await app.inject({ method: 'PUT', url: `${BASE}/rules/${rule.id}?org=starhealth`, headers, payload: body });
      expect(otherOrg.statusCode).toBe(404);
      const insurerAdmin = await app.inject({
        method: 'DELETE',
        url: `${BASE}/rules/${rule.id}?org=maxbupa`,
        headers: as('starhealth.admin'),
      });
      // An insurer's super user may change only its own organisation's rules.
      expect(insurerAdmin.statusCode).toBe(403);
      expect((await app.inject({ method: 'DELETE', url: `${BASE}/rules/${rule.id}?org=maxbupa`, headers })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: `${BASE}/rules/${rule.id}?org=maxbupa`, headers })).statusCode).toBe(404);
    });
  });

  describe('rules and masters', () => {
    test('rule lists and one rule, scoped by organisation', async () => {
      const list = (
        await app.inject({ method: 'GET', url: `${BASE}/rules?org=vitraya&limit=10&page_number=1`, headers: as('vitraya.admin') })
      ).json<RuleListRow[]>();
      expect(list.map((r) => [r.procedures.procedure_code, r.case_type])).toEqual([
        ['P1', 'PRE_AUTH'],
        ['P1', 'SETTLEMENT'],
      ]);
      expect(list[0]).toMatchObject({ diagnosisList: ['Cataract'], document: ['Discharge Summary'], total_count: 2 });
      const id = await ruleId(testDb.database.db, 'starhealth');
      const rule = (
        await app.inject({ method: 'GET', url: `${BASE}/rules/${id}?org=starhealth`, headers: as('starhealth.reviewer') })
      ).json<Rule>();
      expect(rule).toMatchObject({
        org: 'starhealth',
        case_type: 'SETTLEMENT',
        procedures: { procedure_code: 'P1' },
        diagnosis: [{ name: 'Cataract' }],
      });
      const search = await app.inject({
        method: 'POST',
        url: `${BASE}/rules/search?org=vitraya&limit=10&page_number=1`,
        headers: as('vitraya.admin'),
        payload: { diagnosis: ['Cataract'] },
      });
      expect(search.json()).toHaveLength(2);
      // The provider's rule that starhealth's own SETTLEMENT rule overrides (see 'security edges' for the ones it is judged by).
      const [vitrayaRule] = await testDb.database.db
        .select({ id: rules.id })
        .from(rules)
        .where(and(eq(rules.org, 'vitraya'), eq(rules.caseType, 'SETTLEMENT')));
      const foreign = await app.inject({ method: 'GET', url: `${BASE}/rules/${vitrayaRule.id}`, headers: as('starhealth.reviewer') });
      expect(foreign.statusCode).toBe(404);
    });

    test('pickers, counts and procedure lookups', async () => {
      const headers = as('vitraya.reviewer');
      expect((await app.inject({ method: 'GET', url: `${BASE}/procedures/count`, headers })).json()).toBe(2);
      const lookup = await app.inject({
        method: 'POST',
        url: `${BASE}/procedures/search`,
        headers,
        payload: { procedureCodes: ['P2', 'NOPE'] },
      });
      expect(lookup.json()).toEqual([{ procedure_code: 'P2', name: 'Appendectomy' }]);
      const procedures = (await app.inject({ method: 'GET', url: `${BASE}/procedures?getall`, headers })).json();
      expect(procedures[0]).toMatchObject({ procedure_code: 'P1', procedure_group: { name: 'Ophthalmology' } });
      for (const module of [
        'procedureGroup',
        'diagnoses',
        'document',
        'evidence',
        'drugs',
        'tissues',
        'clinicalAttribute',
        'clinicalUnit',
      ]) {
        const response = await app.inject({ method: 'GET', url: `${BASE}/${module}?getall`, headers });
        expect({ module, status: response.statusCode, array: Array.isArray(response.json()) }).toEqual({
          module,
          status: 200,
          array: true,
        });
      }
      expect((await app.inject({ method: 'GET', url: `${BASE}/annotation/getUsers`, headers })).json()).toEqual([
        'vitraya.reviewer',
        'vitraya.admin',
      ]);
    });
  });

  // Last: it also checks what every call of the describes above answered.
  describe('security edges', () => {
    const onlyDetail = (response: { json: () => unknown }) => expect(Object.keys(response.json() as object)).toEqual(['detail']);

    test('answering questions re-queues verification, so it needs the same right as a re-run', async () => {
      const url = `${BASE}/claims/${ids['SH-ADJ-1']}/questions`;
      const refused = await app.inject({ method: 'POST', url, headers: as('starhealth.reviewer'), payload: { answers: {} } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toMatch(/not authorized/);
      const rerun = await app.inject({
        method: 'PUT',
        url: `${BASE}/claims/${ids['SH-ADJ-1']}`,
        headers: { ...as('starhealth.reviewer'), 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'status=OCRED',
      });
      expect(rerun.statusCode).toBe(403);
      const queued = await testDb.database.db.select().from(jobs).where(eq(jobs.claimId, ids['SH-ADJ-1']));
      expect(queued).toHaveLength(0);
      const allowed = await app.inject({
        method: 'POST',
        url: `${BASE}/claims/${ids['VT-ACC-1']}/questions`,
        headers: as('vitraya.reviewer'),
        payload: { answers: {} },
      });
      expect(allowed.statusCode).toBe(200);
    });

    test('one rule and its existence only for the organisations that may see it', async () => {
      const db = testDb.database.db;
      const [own] = await db.select().from(rules).where(eq(rules.org, 'starhealth'));
      const byCase = async (org: string, caseType: 'SETTLEMENT' | 'PRE_AUTH') =>
        (
          await db
            .select()
            .from(rules)
            .where(and(eq(rules.org, org), eq(rules.procedureId, own.procedureId), eq(rules.caseType, caseType)))
        )[0];
      const overridden = await byCase('vitraya', 'SETTLEMENT');
      const judgedBy = await byCase('vitraya', 'PRE_AUTH');
      const get = (user: string, url: string) => app.inject({ method: 'GET', url: `${BASE}${url}`, headers: as(user) });

      // starhealth has its own SETTLEMENT rule: the provider's is none of its business; another insurer's neither.
      for (const url of [`/rules/${overridden.id}`, `/rules/exists/${overridden.id}`]) {
        const response = await get('starhealth.reviewer', url);
        expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
        expect(response.json()).toEqual({ detail: `Rule ${overridden.id} not found` });
      }
      for (const url of [`/rules/${own.id}`, `/rules/exists/${own.id}`, `/rules/${own.id}?case_type=PRE_AUTH`]) {
        const response = await get('ml.admin', url);
        expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
        expect(response.json()).toEqual({ detail: `Rule ${own.id} not found` });
      }
      // The provider's PRE_AUTH rule judges starhealth's PRE_AUTH claims: readable, and it has no own one.
      const provider = await get('starhealth.reviewer', `/rules/${judgedBy.id}`);
      expect(provider.statusCode).toBe(200);
      expect(provider.json<Rule>()).toMatchObject({ id: judgedBy.id, org: 'vitraya', case_type: 'PRE_AUTH' });
      expect((await get('starhealth.reviewer', `/rules/exists/${judgedBy.id}`)).json()).toBe(false);
      // ML has no rules of its own: it is judged by (and sees) every provider rule.
      expect((await get('ml.admin', `/rules/${overridden.id}`)).json<Rule>()).toMatchObject({ id: overridden.id, org: 'vitraya' });
      // Its own rules, and the provider sees everything.
      expect((await get('starhealth.reviewer', `/rules/${own.id}?case_type=PRE_AUTH`)).json<Rule>()).toMatchObject({ id: judgedBy.id });
      expect((await get('starhealth.reviewer', `/rules/exists/${own.id}`)).json()).toBe(true);
      expect((await get('vitraya.admin', `/rules/exists/${own.id}?org=starhealth`)).json()).toBe(true);
      expect((await get('vitraya.admin', `/rules/${own.id}?org=starhealth`)).json<Rule>()).toMatchObject({ id: own.id });
    });

    test('work allocation takes only active users of the batch organisation, without saying who exists elsewhere', async () => {
      const db = testDb.database.db;
      const [batch] = await db
        .insert(batches)
        .values({ batchName: 'Allocation', org: 'vitraya', status: 'FULLY_PROCESSED', createdBy: 'vitraya.admin' })
        .returning();
      await db
        .insert(users)
        .values({ username: 'vitraya.former', passwordHash: 'x', organization: 'vitraya', role: 'user', active: false });
      const assign = (analysts: string[]) =>
        app.inject({
          method: 'POST',
          url: `${BASE}/claim/batch/assignBatches/equally`,
          headers: as('vitraya.admin'),
          payload: { batchId: batch.id, analysts, date: '2025-03-10' },
        });
      const details: string[] = [];
      for (const name of ['starhealth.reviewer', 'nobody.anywhere', 'vitraya.former']) {
        const response = await assign([name]);
        expect({ name, status: response.statusCode }).toEqual({ name, status: 400 });
        onlyDetail(response);
        details.push(response.json().detail.replace(name, '<name>'));
      }
      expect(new Set(details).size).toBe(1);
      expect(details[0]).toMatch(/^analysts: /);
      expect((await assign(['vitraya.reviewer'])).statusCode).toBe(200);
    });

    test('the annotation users are listed only to annotation users', async () => {
      const refused = await app.inject({ method: 'GET', url: `${BASE}/annotation/getUsers`, headers: as('starhealth.reviewer') });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: expect.stringMatching(/only annotation users/) });
      const fewer = await buildApp({ ...testConfig(), annotationUsers: ['vitraya.admin'] }, { database: testDb.database, logger: false });
      try {
        const provider = await fewer.inject({ method: 'GET', url: `${BASE}/annotation/getUsers`, headers: as('vitraya.reviewer') });
        expect(provider.statusCode).toBe(403);
        const annotator = await fewer.inject({ method: 'GET', url: `${BASE}/annotation/getUsers`, headers: as('vitraya.admin') });
        expect(annotator.json()).toEqual(['vitraya.admin']);
      } finally {
        await fewer.close();
      }
    });

    test('a refused caller gets 403 before its input is read, validated or looked up', async () => {
      const calls: InjectOptions[] = [
        { method: 'POST', url: `${BASE}/hospitals`, payload: { hospital_code: 42 } },
        { method: 'POST', url: `${BASE}/hospitals`, payload: '{"hospital_code": ', headers: { 'content-type': 'application/json' } },
        { method: 'POST', url: `${BASE}/hospitals`, payload: 'hello', headers: { 'content-type': 'text/plain' } },
        { method: 'DELETE', url: `${BASE}/hospitals/NO-SUCH-CODE`, payload: {} },
        { method: 'PUT', url: `${BASE}/rules/abc`, payload: { case_type: 'NOPE' } },
        { method: 'DELETE', url: `${BASE}/rules/424242`, payload: {} },
        { method: 'POST', url: `${BASE}/claims/dashboard/count?status=NOPE` },
        { method: 'PUT', url: `${BASE}/claim/batch/assignDate/update`, payload: { batchId: 'x' } },
        { method: 'POST', url: `${BASE}/claim/batch/assignBatches/equally`, payload: { batchId: 424242, analysts: [], date: 'x' } },
        { method: 'PUT', url: `${BASE}/claims/status`, payload: { status: 'NOPE' } },
        { method: 'GET', url: `${BASE}/annotation/424242` },
      ];
      for (const call of calls) {
        const response = await app.inject({ ...call, headers: { ...as('starhealth.reviewer'), ...call.headers } });
        expect({ url: call.url, status: response.statusCode }).toEqual({ url: call.url, status: 403 });
        onlyDetail(response);
      }
      // The allowed caller still gets the validation answer.
      const invalid = await app.inject({
        method: 'POST',
        url: `${BASE}/hospitals`,
        headers: as('vitraya.admin'),
        payload: { hospital_code: 42 },
      });
      expect(invalid.statusCode).toBe(400);
    });

    test('NUL characters and absurdly deep trees answer 400 with a detail, never 500', async () => {
      const headers = as('vitraya.admin');
      const deep = (n: number, leaf = '1') => `${'{"a":'.repeat(n)}${leaf}${'}'.repeat(n)}`;
      const json = { 'content-type': 'application/json' };
      const cases: [InjectOptions, RegExp][] = [
        [
          { method: 'POST', url: `${BASE}/hospitals`, payload: { hospital_code: 'NUL\u0000', hospital_name: 'X' } },
          /^hospital_code: .*NUL/,
        ],
        [{ method: 'GET', url: `${BASE}/hospitals/AB%00C` }, /^code: .*NUL/],
        [{ method: 'GET', url: `${BASE}/rules?org=vit%00raya` }, /^querystring org: .*NUL/],
        [{ method: 'POST', url: `${BASE}/claims/search?limit=10&page_number=1`, payload: { searchText: 'a\u0000' } }, /NUL/],
        [
          {
            method: 'POST',
            url: `${BASE}/rules?org=vitraya`,
            headers: json,
            payload: `{"fk_procedure": 1, "case_type": "SETTLEMENT", "procedureRule": ${deep(5000, '{"booleanOperator":"AND","statements":[]}')}}`,
          },
          /^procedureRule\..*nested too deeply/,
        ],
        [
          {
            method: 'POST',
            url: `${BASE}/rules?org=vitraya&id=1`,
            headers: json,
            payload: `{"rules_configuration": ${'['.repeat(5000)}${']'.repeat(5000)}}`,
          },
          /^rules_configuration\..*nested too deeply/,
        ],
      ];
      for (const [request, detail] of cases) {
        const response = await app.inject({ ...request, headers: { ...headers, ...request.headers } });
        expect({ url: request.url, status: response.statusCode }).toEqual({ url: request.url, status: 400 });
        expect(response.json().detail).toMatch(detail);
        onlyDetail(response);
      }
    });

    test('documents named in Hindi or with emoji download with an RFC 6266 name', async () => {
      const pdf = await smallPdf('Discharge Summary');
      const form = claimForm({ patientName: 'Asha', referenceClaimId: 'UNICODE-1', caseType: 'SETTLEMENT', procedureName: ['P1'] }, [
        { name: 'discharge.pdf', type: 'application/pdf', data: pdf },
      ]);
      const created = await app.inject({ method: 'POST', url: `${BASE}/claims`, headers: as('vitraya.admin'), payload: form });
      expect(created.statusCode).toBe(200);
      const { id } = created.json<{ id: number }>();
      const name = 'डिस्चार्ज "सारांश" 😀 (1).pdf';
      await testDb.database.db.update(claimDocuments).set({ fileName: name }).where(eq(claimDocuments.claimId, id));
      const claim = (await app.inject({ method: 'GET', url: `${BASE}/claims/${id}`, headers: as('vitraya.admin') })).json<Claim>();
      const file = await app.inject({
        method: 'GET',
        url: `${BASE}${claim.documents[0].original_document_url}`,
        headers: as('vitraya.admin'),
      });
      expect(file.statusCode).toBe(200);
      const disposition = String(file.headers['content-disposition']);
      const match = /^attachment; filename="([\x20-\x7e]*)"; filename\*=UTF-8''([A-Za-z0-9%!._~-]+)$/.exec(disposition);
      expect(match).not.toBeNull();
      expect(match![1]).not.toMatch(/["\\]/);
      expect(match![1]).toMatch(/\(1\)\.pdf$/);
      expect(decodeURIComponent(match![2])).toBe(name);
    });
  });

  describe('the api describes itself', () => {
    type Operation = {
      security?: unknown[];
      requestBody?: { content: Record<string, { schema?: unknown }> };
      responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
    };
    type Document = {
      openapi: string;
      servers: { url: string }[];
      security: unknown[];
      components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
      paths: Record<string, Record<string, Operation>>;
    };
    /** `/v0.3.0/claims/:claimId` as the document names it: `/claims/{claimId}` under the server's base path. */
    const documentPath = (url: string) => url.slice(BASE.length).replace(/:(\w+)/g, '{$1}');
    const methodsOf = (route: RouteOptions) => [route.method].flat().filter((m) => m !== 'HEAD');
    const apiRoutes = () => routes.filter((r) => r.url.startsWith(`${BASE}/`) && !r.schema?.hide && methodsOf(r).length);
    let document: Document;

    beforeAll(async () => {
      const response = await app.inject({ method: 'GET', url: `${BASE}/openapi.json` });
      expect(response.statusCode).toBe(200);
      document = response.json<Document>();
    });

    test('the OpenAPI document is public and describes the bearer scheme', () => {
      expect(document).toMatchObject({
        openapi: expect.stringMatching(/^3\./),
        servers: [{ url: BASE }],
        security: [{ bearerAuth: [] }],
        components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
      });
      // Calls without a token say so; the others inherit the bearer scheme.
      expect(document.paths['/login'].post.security).toEqual([]);
      expect(document.paths['/version'].get.security).toEqual([]);
      expect(document.paths['/claims'].get.security).toBeUndefined();
    });

    test('every registered route appears with its request and response schemas', () => {
      const hidden = routes.filter((r) => r.schema?.hide).map((r) => r.url);
      // Only the documentation itself (and CORS preflights) are left out.
      expect(hidden.every((url) => url === '*' || url === `${BASE}/openapi.json` || url.startsWith(`${BASE}/docs`))).toBe(true);
      expect(apiRoutes().length).toBeGreaterThan(100);
      const missing: string[] = [];
      for (const route of apiRoutes()) {
        for (const method of methodsOf(route)) {
          const operation = document.paths[documentPath(route.url)]?.[method.toLowerCase()];
          const success = Object.entries(operation?.responses ?? {}).filter(([status]) => /^2/.test(status));
          const described =
            success.length > 0 &&
            success.every(
              ([, answer]) => Object.values(answer.content ?? {}).length > 0 && Object.values(answer.content!).every((m) => m.schema),
            );
          const errors = operation?.responses['4XX']?.content?.['application/json']?.schema;
          if (!described || !errors) missing.push(`${method} ${route.url}`);
          else expect(errors).toMatchObject({ type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] });
          if (route.schema?.params) expect(JSON.stringify(operation)).toMatch(/"in":"path"/);
          if (route.schema?.body) expect(operation).toHaveProperty('requestBody');
        }
      }
      expect(missing).toEqual([]);
      // Nothing is described that is not served.
      const served = new Set(apiRoutes().flatMap((r) => methodsOf(r).map((m) => `${m.toLowerCase()} ${documentPath(r.url)}`)));
      const described = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((m) => `${m} ${path}`));
      expect(described.filter((operation) => !served.has(operation))).toEqual([]);
    });

    test('every schema reference resolves', () => {
      const refs = [...JSON.stringify(document.paths).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
      expect(refs.length).toBeGreaterThan(0);
      expect([...new Set(refs)].filter((name) => !(name in document.components.schemas))).toEqual([]);
    });

    test('files are described as files, not JSON', () => {
      // Claims are created from a multipart form with the documents.
      const upload = document.paths['/claims'].post.requestBody!.content;
      expect(Object.keys(upload)).toEqual(['multipart/form-data']);
      expect(upload['multipart/form-data'].schema).toMatchObject({
        properties: { documents: { type: 'array', items: { type: 'string', format: 'binary' } }, referenceClaimId: { type: 'string' } },
      });
      const csv = document.paths['/claims/search'].post.responses['200'].content!;
      expect(Object.keys(csv).sort()).toEqual(['application/json', 'text/csv']);
      expect(csv['text/csv'].schema).toEqual({ type: 'string', format: 'binary' });
      const doc = document.paths['/claims/{claimId}/documents/{documentId}'].get.responses['200'].content!;
      expect(Object.keys(doc).sort()).toEqual(['application/pdf', 'image/jpeg', 'image/png']);
    });

    test('the reference page is public and loads everything from its own origin, as the CSP allows', async () => {
      const page = await app.inject({ method: 'GET', url: `${BASE}/docs` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).not.toMatch(/upgrade-insecure-requests/);
      // No inline script: every script and stylesheet is a file of the page's origin, served without a token.
      expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
      const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
      expect(assets.length).toBeGreaterThan(3);
      for (const asset of [...assets, `${BASE}/docs/json`]) {
        expect(asset).toMatch(new RegExp(`^${BASE}/docs/`));
        const response = await app.inject({ method: 'GET', url: asset });
        expect({ asset, status: response.statusCode }).toEqual({ asset, status: 200 });
      }
    });

    test('an answer that drifts from its contract schema is refused; undeclared fields are not sent', async () => {
      const logged: string[] = [];
      const probe = await buildApp(testConfig(), { database: testDb.database, logger: collectingLogger(logged) });
      const publicRoute = { config: { public: true } };
      // The spec's spelling is requestAdditoinalInput: the corrected one is a drift from the contract.
      probe.post(`${BASE}/drifted`, { ...publicRoute, schema: { response: replies({ 200: ClaimCreateResponse }) } }, async () => ({
        id: 1,
        requestAdditionalInput: true,
      }));
      probe.get(`${BASE}/wrong-type`, { ...publicRoute, schema: { response: replies({ 200: Hospital }) } }, async () => ({
        id: '7',
        hospital_code: 'H1',
        name: 'Alpha',
      }));
      probe.get(`${BASE}/extra-field`, { ...publicRoute, schema: { response: replies({ 200: Hospital }) } }, async () => ({
        id: 7,
        hospital_code: 'H1',
        name: 'Alpha',
        password_hash: 'secret',
      }));
      try {
        for (const [method, url] of [
          ['POST', `${BASE}/drifted`],
          ['GET', `${BASE}/wrong-type`],
        ] as const) {
          const refused = await probe.inject({ method, url });
          expect({ url, status: refused.statusCode, body: refused.json() }).toEqual({
            url,
            status: 500,
            body: { detail: 'Internal server error' },
          });
        }
        expect(logged.filter((line) => line.includes('response does not match its schema'))).toHaveLength(2);
        const trimmed = await probe.inject({ method: 'GET', url: `${BASE}/extra-field` });
        expect(trimmed.statusCode).toBe(200);
        expect(trimmed.json()).toEqual({ id: 7, hospital_code: 'H1', name: 'Alpha' });
      } finally {
        await probe.close();
      }
    });

    test('every answer of the calls above passed its schema', () => {
      expect(errorLog.filter((line) => line.includes('response does not match its schema'))).toEqual([]);
    });
  });

  defineClaimReviewEdges(open);
  defineConsoleEdges(open);
  defineClaimDocumentEdges(open);
  defineAnnotationEdges(open);
  defineSessionEdges(open);
  defineMasterEdges(open);
  defineRuleEdges(open);
  defineQuestionEdges(open);
  defineListEdges(open);
}
