/** POST /claims: one case number per organisation, and free text within its limits (issue 25 §4). */
import type { FastifyInstance } from 'fastify';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { LIMITS } from '@claims/shared-kernel/constants';
import { DATABASES } from '../../testing/databases';
import { bearer, login, testApp, type TestDatabase } from '../../testing/http';

const BASE = '/v0.3.0';

async function onePagePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([400, 300]).drawText('Discharge Summary', { x: 40, y: 250, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return pdf.save();
}

describe.each(DATABASES)('claim creation on %s', (_name, open) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let pdf: Uint8Array;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    testDb = await open();
    app = await testApp(testDb.database);
    pdf = await onePagePdf();
    for (const user of ['vitraya.admin', 'starhealth.admin']) tokens[user] = await login(app, user);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
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
