/**
 * Questions never block a claim (issue 24 §3), on PGlite and PostgreSQL: a claim whose procedure has questions
 * reaches a verdict without answers wherever it came from (created through the api, verified in a batch, imported
 * from the insurer inbox), shows 'Answers requested' on the claim and in the lists (and the filter finds it), its
 * review clock pauses; answering later verifies it again and resumes the clock.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Claim, ClaimListRow, ClaimQuestions } from '@claims/shared-kernel/contract';
import { claims } from '../../src/db/schema';
import { startVerificationWorker } from '../../src/jobs';
import { DATABASES } from '../../testing/databases';
import { BASE, claimForm, quiet, schemaDrifts, smallPdf } from '../../testing/http';
import { apiSuite } from '../../testing/suite';

/** The fixture's starhealth asks 'Was an ultrasound done?' for P2, which has no rule: its verdict is a QUERY. */
const ASKED_PROCEDURE = 'P2';

describe.each(DATABASES)('questions never block on %s', (_name, open) => {
  const inboxDir = join(tmpdir(), `claims-test-inbox-${randomUUID()}`);
  const { app, as, db, errorLog } = apiSuite(open, {
    users: ['vitraya.admin', 'starhealth.admin', 'starhealth.reviewer'],
    settings: { inboxDir },
  });

  afterAll(async () => {
    await rm(inboxDir, { recursive: true, force: true });
  });

  const call = (user: string, method: InjectOptions['method'], url: string, payload?: unknown) =>
    app.inject({
      method,
      url: `${BASE}${url}`,
      headers: as(user),
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  const drain = async () => {
    const worker = startVerificationWorker({ db: db(), store: app.documentStore, concurrency: 1, pollMs: 25, log: quiet });
    await worker.drain();
    await worker.stop();
  };
  const claim = async (id: number) => (await call('starhealth.admin', 'GET', `/claims/${id}`)).json<Claim>();
  const clockOf = async (id: number) => {
    const [row] = await db().select({ pausedAt: claims.reviewPausedAt }).from(claims).where(eq(claims.id, id));
    return row.pausedAt;
  };

  async function createThroughApi(reference: string, adjudicate = true): Promise<number> {
    const form = claimForm(
      {
        patientName: 'Asha',
        referenceClaimId: reference,
        caseType: 'SETTLEMENT',
        procedureName: ASKED_PROCEDURE,
        adjudicate: String(adjudicate),
      },
      [{ name: 'discharge.pdf', data: await smallPdf('Discharge Summary') }],
    );
    const created = await call('starhealth.admin', 'POST', '/claims', form);
    expect(created.statusCode).toBe(200);
    // The Create Claim screen still goes to the questions (spec 1 §2): the answer says they are asked.
    expect(created.json()).toMatchObject({ requestAdditoinalInput: true });
    return created.json<{ id: number }>().id;
  }

  async function verifyInBatch(id: number, batchName: string) {
    const batch = await call('vitraya.admin', 'POST', '/claim/batch/create', {
      claims: [id],
      batchName,
      downloadedClaimFlag: 'false',
      organization: 'starhealth',
    });
    expect(batch.statusCode).toBe(200);
  }

  const expectVerifiedWithAnswersRequested = async (id: number) => {
    const verified = await claim(id);
    expect(verified).toMatchObject({ status: 'ADJUDICATED', adjudicationResult: 'QUERY', answersRequested: true });
    expect(await clockOf(id)).toBeInstanceOf(Date);
  };

  test('a claim created through the api is verified without answers and shows its questions pending', async () => {
    const id = await createThroughApi('QNB-API-1');
    await drain();
    await expectVerifiedWithAnswersRequested(id);
    const asked = (await call('starhealth.admin', 'GET', `/claims/${id}/questions`)).json<ClaimQuestions>();
    expect(asked).toMatchObject({ questions: [expect.objectContaining({ question: 'Was an ultrasound done?' })], answers: {} });
  });

  test('a claim verified in a batch reaches a verdict without answers', async () => {
    const id = await createThroughApi('QNB-BATCH-1', false);
    expect((await claim(id)).status).toBe('OPEN');
    await verifyInBatch(id, `qnb-batch-${randomUUID().slice(0, 6)}`);
    await drain();
    await expectVerifiedWithAnswersRequested(id);
  });

  test('a claim imported from the insurer inbox reaches a verdict without answers', async () => {
    const folder = join(inboxDir, 'starhealth');
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'qnb.pdf'), await smallPdf('Discharge Summary'));
    await writeFile(
      join(folder, 'qnb.csv'),
      'intimation_number,caseType,patient_name,hospital_code,insurer_illness_name,insurer_procedure_name,insurer_claim_status,insurer_documents\r\n' +
        'QNB-INBOX-1,SETTLEMENT,Ravi,,,Appendectomy,Claim submitted,qnb.pdf\r\n',
    );
    const refreshed = await call('vitraya.admin', 'GET', '/claim/batch/refreshDownloads?org=starhealth');
    expect(refreshed.statusCode).toBe(200);
    const [imported] = await db().select().from(claims).where(eq(claims.referenceClaimId, 'QNB-INBOX-1'));
    expect(imported.status).toBe('DOWNLOADED');
    // The inbox's rows name the insurer's procedure only: the operator maps it to ours before verifying.
    await db()
      .update(claims)
      .set({ procedureCodes: [ASKED_PROCEDURE], procedureNames: ['Appendectomy'] })
      .where(eq(claims.id, imported.id));
    await verifyInBatch(imported.id, `qnb-inbox-${randomUUID().slice(0, 6)}`);
    await drain();
    await expectVerifiedWithAnswersRequested(imported.id);
  });

  test("the lists show 'Answers requested' and the filter finds those claims only", async () => {
    const id = await createThroughApi('QNB-LIST-1');
    await drain();
    const search = (body: object) => call('vitraya.admin', 'POST', '/claims/search?org=starhealth&limit=100&page_number=1', body);
    const requested = (await search({ answersRequested: true })).json<ClaimListRow[]>();
    expect(requested.map((row) => row.id)).toContain(id);
    expect(requested.every((row) => row.answersRequested === true)).toBe(true);
    const all = (await search({})).json<ClaimListRow[]>();
    expect(all.find((row) => row.id === id)?.answersRequested).toBe(true);
    expect(all.some((row) => row.answersRequested === false)).toBe(true);
    expect(all.length).toBeGreaterThan(requested.length);
  });

  test('answering later verifies the claim again with the answers, clears the request and resumes the clock', async () => {
    const id = await createThroughApi('QNB-ANSWER-1');
    await drain();
    const first = await claim(id);
    const { questions } = (await call('starhealth.admin', 'GET', `/claims/${id}/questions`)).json<ClaimQuestions>();
    const answered = await call('starhealth.admin', 'POST', `/claims/${id}/questions`, { answers: { [String(questions[0].id)]: ['Yes'] } });
    expect(answered.statusCode).toBe(200);
    expect(await clockOf(id)).toBeNull();
    await drain();
    const again = await claim(id);
    expect(again).toMatchObject({ status: 'ADJUDICATED', answersRequested: false });
    // The list's column reads the same answers as the claim page (its own subquery over the claims row).
    const rows = (await call('vitraya.admin', 'POST', '/claims/search?org=starhealth&limit=100&page_number=1', {})).json<ClaimListRow[]>();
    expect(rows.find((row) => row.id === id)?.answersRequested).toBe(false);
    expect(again.previousVerification).toMatchObject({ adjudicationResult: first.adjudicationResult });
    expect(again.lastVerifiedOn).not.toBe(first.lastVerifiedOn);
    // Verified with its answers, the claim waits for nobody: no pause again.
    expect(await clockOf(id)).toBeNull();
  });

  test('every answer above passed its schema', () => {
    expect(schemaDrifts(errorLog)).toEqual([]);
  });
});
