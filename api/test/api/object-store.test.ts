/**
 * The api with DOCUMENT_STORE=s3 (issue 21 §4), on a real S3 server over HTTP: an uploaded claim's document lands in
 * the bucket and downloads by byte range; the insurer inbox is read from the bucket (an operator's upload, then a
 * refresh); a claim that asks for it has its documents deleted from the bucket once verified; nothing is written to
 * the document folder.
 */
import { readdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { RefreshDownloadsResponse } from '@claims/shared-kernel/contract';
import type { AppConfig } from '../../src/config';
import { claimDocuments, claims } from '../../src/db/schema';
import { startVerificationWorker } from '../../src/jobs';
import { openS3Bucket, type S3Bucket } from '../../src/storage/s3-bucket';
import { startS3Server, type TestS3Server } from '../../testing/s3';
import { DATABASES } from '../../testing/databases';
import { BASE, quiet, textPdf } from '../../testing/http';
import { apiSuite } from '../../testing/suite';

describe.each(DATABASES)('documents and the inbox in an S3 bucket, on %s', (_name, open) => {
  let s3: TestS3Server;
  let bucket: S3Bucket;
  let config: AppConfig;
  let pdf: Uint8Array;

  // Declared before the suite's hooks, which start the app over the bucket; stopped after them.
  beforeAll(async () => {
    s3 = await startS3Server();
    bucket = openS3Bucket(s3.settings);
  });
  const { app, testDb, as } = apiSuite(open, {
    users: ['vitraya.admin', 'starhealth.admin'],
    settings: () => ({ storage: { kind: 's3', s3: s3.settings } }),
  });
  beforeAll(async () => {
    config = app.config;
    pdf = await textPdf(['DISCHARGE SUMMARY', 'Diagnosis: Cataract', 'Procedure done: Cataract Surgery']);
  });
  afterAll(async () => {
    await s3?.stop();
  });

  async function createClaim(fields: Record<string, string>) {
    const form = new FormData();
    for (const [key, value] of Object.entries({ patientName: 'Asha', caseType: 'SETTLEMENT', procedureName: 'P1', ...fields }))
      form.append(key, value);
    form.append('documents', new Blob([pdf], { type: 'application/pdf' }), 'discharge.pdf');
    const response = await app.inject({ method: 'POST', url: `${BASE}/claims`, headers: as('vitraya.admin'), payload: form });
    expect({ status: response.statusCode, body: response.statusCode === 200 ? null : response.body }).toEqual({ status: 200, body: null });
    const { id } = response.json<{ id: number }>();
    const [document] = await testDb.database.db.select().from(claimDocuments).where(eq(claimDocuments.claimId, id));
    return { id, document, url: `${BASE}/claims/${id}/documents/${document.id}` };
  }

  const objectOf = (storageKey: string | null) => bucket.head(`documents/${storageKey}`);

  test('a claim created with DOCUMENT_STORE=s3 keeps its document in the bucket and downloads it by byte range', async () => {
    const { document, url } = await createClaim({ referenceClaimId: 'S3-RANGE-1', adjudicate: 'false' });
    expect(await objectOf(document.storageKey)).toMatchObject({ size: pdf.length });
    // Nothing went to the folder store.
    expect(await readdir(config.documentStoreDir).catch(() => [])).toEqual([]);

    const part = await app.inject({ method: 'GET', url, headers: { ...as('vitraya.admin'), range: 'bytes=5-104' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 5-104/${pdf.length}`);
    expect(part.headers['content-length']).toBe('100');
    expect(part.rawPayload.equals(Buffer.from(pdf.subarray(5, 105)))).toBe(true);

    const tail = await app.inject({ method: 'GET', url, headers: { ...as('vitraya.admin'), range: 'bytes=-20' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(Buffer.from(pdf.subarray(pdf.length - 20)))).toBe(true);

    const whole = await app.inject({ method: 'GET', url, headers: as('vitraya.admin') });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(Buffer.from(pdf))).toBe(true);
  });

  test('a document gone from the bucket answers 404, not 500', async () => {
    const { document, url } = await createClaim({ referenceClaimId: 'S3-GONE-1', adjudicate: 'false' });
    await bucket.delete(`documents/${document.storageKey}`);
    const response = await app.inject({ method: 'GET', url, headers: as('vitraya.admin') });
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 404,
      body: { detail: `Document ${document.id} is no longer stored` },
    });
  });

  test("the insurer inbox is the bucket's: an operator's upload lands there and is downloaded from it, once", async () => {
    const manifest = 'intimation_number,caseType,patient_name,insurer_documents\r\nS3-INBOX-1,SETTLEMENT,Uma,s3-inbox-1.pdf\r\n';
    const form = new FormData();
    form.append('manifest', new Blob([manifest], { type: 'text/csv' }), 'upload.csv');
    form.append('documents', new Blob([pdf], { type: 'application/pdf' }), 's3-inbox-1.pdf');
    const upload = await app.inject({
      method: 'POST',
      url: `${BASE}/claim/batch/uploadManifest?org=starhealth`,
      headers: as('starhealth.admin'),
      payload: form,
    });
    // The upload answers with the refresh that follows it.
    expect({ status: upload.statusCode, body: upload.json() }).toMatchObject({
      status: 200,
      body: { downloaded: 1, failed: 0, unreadableManifests: [] },
    });
    const inInbox = [];
    for await (const object of bucket.list('inbox/starhealth/')) inInbox.push(object.key.replace(/upload-[^/]+\//, 'upload-…/'));
    expect(inInbox.sort()).toEqual(['inbox/starhealth/upload-…/s3-inbox-1.pdf', 'inbox/starhealth/upload-…/upload.csv']);

    const again = await app.inject({
      method: 'GET',
      url: `${BASE}/claim/batch/refreshDownloads?org=starhealth`,
      headers: as('starhealth.admin'),
    });
    expect(again.json<RefreshDownloadsResponse>()).toMatchObject({ downloaded: 0, alreadyImported: 1, unreadableManifests: [] });
    const [claim] = await testDb.database.db.select().from(claims).where(eq(claims.intimationNumber, 'S3-INBOX-1'));
    expect(claim).toMatchObject({ org: 'starhealth', status: 'DOWNLOADED' });
    const [document] = await testDb.database.db.select().from(claimDocuments).where(eq(claimDocuments.claimId, claim.id));
    expect(await objectOf(document.storageKey)).toMatchObject({ size: pdf.length });
  });

  test('a claim that asks for it has its documents deleted from the bucket once verified', async () => {
    const { id, document } = await createClaim({ referenceClaimId: 'S3-DELETE-1', delete_after_adjudication: 'true' });
    expect(await objectOf(document.storageKey)).not.toBeNull();
    const worker = startVerificationWorker({ db: testDb.database.db, store: app.documentStore, concurrency: 1, pollMs: 25, log: quiet });
    await worker.drain();
    await worker.stop();
    const [verified] = await testDb.database.db.select().from(claims).where(eq(claims.id, id));
    expect(verified.status).toBe('ADJUDICATED');
    expect(await objectOf(document.storageKey)).toBeNull();
    const [after] = await testDb.database.db.select().from(claimDocuments).where(eq(claimDocuments.id, document.id));
    expect(after.storageKey).toBeNull();
    // The worker starts its reading and verifying threads first, slow on a loaded machine.
  }, 180_000);
});
