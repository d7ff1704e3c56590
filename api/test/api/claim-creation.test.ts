/**
 * POST /claims: a PDF upload creates the claim and queues its verification, what the form must hold, who may create
 * claims, and one case number per organisation with free text within its limits (issue 25 §4).
 */
import { eq } from 'drizzle-orm';
import { LIMITS } from '@claims/shared-kernel/constants';
import type { Claim } from '@claims/shared-kernel/contract';
import { jobs } from '../../src/db/schema';
import { DATABASES } from '../../testing/databases';
import { BASE, bearer, claimForm, login, schemaDrifts, smallPdf } from '../../testing/http';
import { apiSuite } from '../../testing/suite';

describe.each(DATABASES)('claim creation on %s', (_name, open) => {
  const { app, testDb, tokens, as, errorLog } = apiSuite(open, {
    users: ['vitraya.admin', 'starhealth.admin', 'starhealth.reviewer', 'ml.admin'],
  });
  let pdf: Uint8Array;

  beforeAll(async () => {
    pdf = await smallPdf('Discharge Summary');
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

  describe('super user calls', () => {
    test('claim creation is for super users of the organisations that create claims', async () => {
      for (const user of ['starhealth.reviewer', 'ml.admin']) {
        const form = claimForm({ referenceClaimId: 'X', patientName: 'Y', caseType: 'SETTLEMENT', procedureName: 'P1' }, []);
        const response = await app.inject({ method: 'POST', url: `${BASE}/claims`, headers: as(user), payload: form });
        expect(response.statusCode).toBe(403);
      }
    });
  });

  test('every answer of the calls above passed its schema', () => {
    expect(schemaDrifts(errorLog)).toEqual([]);
  });

  const create = (user: string, fields: Record<string, string>, org?: string) => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ caseType: 'SETTLEMENT', procedureName: 'P1', adjudicate: 'false', ...fields }))
      form.append(key, value);
    form.append('documents', new Blob([pdf], { type: 'application/pdf' }), 'discharge.pdf');
    return app.inject({ method: 'POST', url: `${BASE}/claims${org ? `?org=${org}` : ''}`, headers: bearer(tokens[user]), payload: form });
  };

  test('a second claim with the same Case No. in the organisation is refused with 409 naming the first', async () => {
    const first = await create('vitraya.admin', { patientName: 'Asha', referenceClaimId: 'DUP-1' });
    expect(first.statusCode).toBe(200);
    const { id } = first.json<{ id: number }>();

    const again = await create('vitraya.admin', { patientName: 'Ravi', referenceClaimId: ' DUP-1 ' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: `referenceClaimId: Case No. DUP-1 already exists: claim ${id}` });

    // Another organisation has case numbers of its own.
    expect((await create('starhealth.admin', { patientName: 'Asha', referenceClaimId: 'DUP-1' })).statusCode).toBe(200);
  });

  test('two creations of one Case No. at the same moment store one claim', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => create('vitraya.admin', { patientName: 'Asha', referenceClaimId: 'RACE-1' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
  });

  test('free text past its limit is refused with the limit named, and nothing is stored', async () => {
    const longName = await create('vitraya.admin', { patientName: 'A'.repeat(300), referenceClaimId: 'LONG-1' });
    expect(longName.statusCode).toBe(400);
    expect(longName.json().detail).toBe(`patientName: Patient Name can be at most ${LIMITS.patientNameMaxLength} characters`);
    const longCase = await create('vitraya.admin', { patientName: 'Asha', referenceClaimId: 'C'.repeat(LIMITS.caseNumberMaxLength + 1) });
    expect(longCase.statusCode).toBe(400);
    expect(longCase.json().detail).toBe(`referenceClaimId: Case No. can be at most ${LIMITS.caseNumberMaxLength} characters`);
    // The refused case number is free: nothing was stored under it.
    expect((await create('vitraya.admin', { patientName: 'Asha', referenceClaimId: 'LONG-1' })).statusCode).toBe(200);
  });
});
