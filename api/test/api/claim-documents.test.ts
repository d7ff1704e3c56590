/**
 * A claim's documents (a name in Hindi with emoji downloads with an RFC 6266 name) and what the claim screens read
 * beyond the list, at the edges, on PGlite and PostgreSQL: documents in the document store (a folder of this run)
 * and those the database still held moved into it; byte ranges of a document and the CORS headers the PDF viewer
 * needs; the words read on each page; the upload limits; a claim's progress while its verification is queued or
 * running; the verdict a re-run replaced (through the real worker); reasons written for reviewers; and the claim
 * calls of spec 1 §7 refused to other organisations and to malformed input.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Claim, DocumentText, UploadLimits } from '@claims/shared-kernel/contract';
import { loadConfig } from '../../src/config';
import { withStoredDocuments } from '../../src/claims/upload';
import { claimDocuments, claims, jobs, type StoredReadPage } from '../../src/db/schema';
import { startVerificationWorker, UNREADABLE_DOCUMENTS_ERROR_CODE } from '../../src/jobs';
import { moveLegacyDocuments } from '../../src/storage/legacy';
import { MissingDocumentError, newDocumentKey } from '../../src/storage/store';
import { DATABASES } from '../../testing/databases';
import { BASE, claimForm, FORM, quiet, RERUN, schemaDrifts, smallPdf, textPdf, type UploadFile } from '../../testing/http';
import { apiSuite } from '../../testing/suite';

/** A file the upload takes for a PDF (its first bytes), of any size. */
function pdfSized(bytes: number): Uint8Array {
  const data = new Uint8Array(bytes);
  data.set(new TextEncoder().encode('%PDF-1.4\n'));
  return data;
}

/** Every file under a folder (none when it does not exist yet). */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe.each(DATABASES)('claim documents on %s', (_name, open) => {
  const { app, testDb, db, as, errorLog, fixture } = apiSuite(open, {
    users: ['vitraya.admin', 'vitraya.reviewer', 'starhealth.admin', 'starhealth.reviewer', 'maxbupa.reviewer', 'demo.reviewer'],
  });

  describe('security edges', () => {
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

  test('every answer of the calls above passed its schema', () => {
    expect(schemaDrifts(errorLog)).toEqual([]);
  });

  const upload = (user: string, fields: Record<string, string>, files: UploadFile[]) =>
    app.inject({
      method: 'POST',
      url: `${BASE}/claims`,
      headers: as(user),
      payload: claimForm({ patientName: 'Asha', caseType: 'SETTLEMENT', procedureName: 'P1', ...fields }, files),
    });

  /** A new claim with one document; adjudicate 'false' leaves it OPEN with nothing queued. */
  async function createClaim(fields: Record<string, string>, file: UploadFile, user = 'vitraya.admin') {
    const response = await upload(user, { referenceClaimId: `DOC-${Math.random()}`, ...fields }, [file]);
    expect(response.statusCode).toBe(200);
    const { id } = response.json<{ id: number }>();
    const [document] = await db().select().from(claimDocuments).where(eq(claimDocuments.claimId, id));
    return { id, document, url: `${BASE}/claims/${id}/documents/${document.id}` };
  }

  const getClaim = async (id: number, user = 'vitraya.admin') =>
    (await app.inject({ method: 'GET', url: `${BASE}/claims/${id}`, headers: as(user) })).json<Claim>();

  /** A document row for a fixture claim, with its file in the store. */
  async function attachDocument(claimId: number, data: Uint8Array) {
    const storageKey = newDocumentKey();
    await app.documentStore.put(storageKey, data);
    const [row] = await db()
      .insert(claimDocuments)
      .values({ claimId, fileName: 'attached.pdf', contentType: 'application/pdf', size: data.length, storageKey })
      .returning();
    return row;
  }

  describe('the document store', () => {
    test('an uploaded document is kept in the store under its key, not in the database, and served from there', async () => {
      const pdf = await textPdf(['Discharge Summary']);
      const { document, url } = await createClaim({ adjudicate: 'false' }, { name: 'discharge.pdf', data: pdf });
      expect(document).toMatchObject({ data: null, size: pdf.length, storageKey: expect.stringMatching(/^[0-9a-f]{2}\/[0-9a-f-]{36}$/) });
      expect(await filesUnder(app.config.documentStoreDir)).toContain(join(app.config.documentStoreDir, document.storageKey!));
      expect(Buffer.compare(await app.documentStore.read(document.storageKey!), Buffer.from(pdf))).toBe(0);
      const file = await app.inject({ method: 'GET', url, headers: as('vitraya.admin') });
      expect(file.statusCode).toBe(200);
      expect(Buffer.compare(file.rawPayload, Buffer.from(pdf))).toBe(0);
    });

    test('documents the database still holds are moved into the store once, and served as before', async () => {
      const bytes = await textPdf(['Legacy discharge summary']);
      const [legacy] = await db()
        .insert(claimDocuments)
        .values({
          claimId: fixture['VT-OPEN-1'],
          fileName: 'legacy.pdf',
          contentType: 'application/pdf',
          size: bytes.length,
          data: bytes,
        })
        .returning();
      const url = `${BASE}/claims/${fixture['VT-OPEN-1']}/documents/${legacy.id}`;
      expect((await app.inject({ method: 'GET', url, headers: as('vitraya.admin') })).statusCode).toBe(404);

      expect(await moveLegacyDocuments(db(), app.documentStore)).toBe(1);
      const [moved] = await db().select().from(claimDocuments).where(eq(claimDocuments.id, legacy.id));
      expect(moved.data).toBeNull();
      expect(moved.storageKey).toEqual(expect.any(String));
      const file = await app.inject({ method: 'GET', url, headers: as('vitraya.admin') });
      expect(file.statusCode).toBe(200);
      expect(Buffer.compare(file.rawPayload, Buffer.from(bytes))).toBe(0);
      expect(await moveLegacyDocuments(db(), app.documentStore)).toBe(0);
    });

    test('a document whose file left the store answers 404 with a detail, never 500', async () => {
      const { document, url } = await createClaim({ adjudicate: 'false' }, { name: 'a.pdf', data: await textPdf(['x']) });
      await app.documentStore.delete(document.storageKey!);
      await expect(app.documentStore.size(document.storageKey!)).rejects.toBeInstanceOf(MissingDocumentError);
      for (const headers of [{}, { range: 'bytes=0-10' }]) {
        const response = await app.inject({ method: 'GET', url, headers: { ...as('vitraya.admin'), ...headers } });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: `Document ${document.id} is no longer stored` });
      }
      await db().update(claimDocuments).set({ storageKey: null }).where(eq(claimDocuments.id, document.id));
      const deleted = await app.inject({ method: 'GET', url, headers: as('vitraya.admin') });
      expect(deleted.json()).toEqual({ detail: `Document ${document.id} was deleted after verification` });
    });

    test('files put for a claim that is then not recorded are removed again', async () => {
      const before = await filesUnder(app.config.documentStoreDir);
      const files = [{ fileName: 'a.pdf', contentType: 'application/pdf' as const, data: pdfSized(100) }];
      await expect(
        withStoredDocuments(app.documentStore, files, async () => {
          throw new Error('the transaction failed');
        }),
      ).rejects.toThrow('the transaction failed');
      expect(await filesUnder(app.config.documentStoreDir)).toEqual(before);
    });

    test("dropping console claims removes their documents' files from the store", async () => {
      const document = await attachDocument(fixture['DL-1'], pdfSized(64));
      const response = await app.inject({
        method: 'DELETE',
        url: `${BASE}/claims/drop?org=vitraya`,
        headers: as('vitraya.admin'),
        payload: { claimIdList: [fixture['DL-1']] },
      });
      expect(response.statusCode).toBe(200);
      await expect(app.documentStore.read(document.storageKey!)).rejects.toBeInstanceOf(MissingDocumentError);
    });
  });

  describe('byte ranges of a document', () => {
    let pdf: Buffer;
    let url: string;
    let otherDocumentUrl: string;
    const get = (headers: Record<string, string> = {}, user = 'vitraya.admin', path = url) =>
      app.inject({ method: 'GET', url: path, headers: { ...as(user), ...headers } });

    beforeAll(async () => {
      pdf = Buffer.from(await textPdf(['Discharge Summary', 'Cataract Surgery']));
      ({ url } = await createClaim({ adjudicate: 'false' }, { name: 'discharge.pdf', data: pdf }));
      const other = await createClaim({ adjudicate: 'false' }, { name: 'other.pdf', data: await textPdf(['Other']) });
      otherDocumentUrl = `${url.slice(0, url.lastIndexOf('/'))}/${other.document.id}`;
    });

    test('without Range: the whole file, saying ranges are accepted', async () => {
      const response = await get();
      expect(response.statusCode).toBe(200);
      expect(response.headers).toMatchObject({
        'accept-ranges': 'bytes',
        'content-length': String(pdf.length),
        'content-type': 'application/pdf',
      });
      expect(Buffer.compare(response.rawPayload, pdf)).toBe(0);
    });

    test('bytes=a-b, bytes=a- and bytes=-n answer 206 with that part, its Content-Range and Content-Length', async () => {
      const size = pdf.length;
      const cases: [string, number, number][] = [
        ['bytes=0-99', 0, 99],
        ['bytes=100-', 100, size - 1],
        ['bytes=-50', size - 50, size - 1],
        ['bytes=10-10', 10, 10],
        [`bytes=${size - 5}-${size + 1000}`, size - 5, size - 1],
        [`bytes=-${size + 10}`, 0, size - 1],
      ];
      for (const [range, start, end] of cases) {
        const response = await get({ range });
        expect({ range, status: response.statusCode }).toEqual({ range, status: 206 });
        expect(response.headers).toMatchObject({
          'accept-ranges': 'bytes',
          'content-range': `bytes ${start}-${end}/${size}`,
          'content-length': String(end - start + 1),
          'content-type': 'application/pdf',
        });
        expect(Buffer.compare(response.rawPayload, pdf.subarray(start, end + 1))).toBe(0);
      }
    });

    test('a range outside the file, reversed or malformed answers 416 with the size and a detail', async () => {
      const size = pdf.length;
      const cases: [string, string][] = [
        [`bytes=${size}-`, `Range: bytes=${size}- is outside the document's ${size} bytes`],
        [`bytes=${size + 5}-${size + 9}`, `Range: bytes=${size + 5}-${size + 9} is outside the document's ${size} bytes`],
        ['bytes=-0', `Range: bytes=-0 is outside the document's ${size} bytes`],
        ['bytes=9-2', 'Range: bytes=9-2 ends before it starts'],
        ['bytes=abc', "Range: 'bytes=abc' is not a byte range (bytes=first-last, bytes=first- or bytes=-count)"],
        ['bytes=-', "Range: 'bytes=-' is not a byte range (bytes=first-last, bytes=first- or bytes=-count)"],
      ];
      for (const [range, detail] of cases) {
        const response = await get({ range });
        expect({ range, status: response.statusCode }).toEqual({ range, status: 416 });
        expect(response.headers['content-range']).toBe(`bytes */${size}`);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.json()).toEqual({ detail });
      }
    });

    test('another unit or several ranges get the whole file (a server may ignore Range)', async () => {
      for (const range of ['items=0-5', 'bytes=0-1,5-6']) {
        const response = await get({ range });
        expect({ range, status: response.statusCode }).toEqual({ range, status: 200 });
        expect(response.rawPayload.length).toBe(pdf.length);
      }
    });

    test('the same access rules as the claim: no token 401, another organisation or claim 404, malformed ids 400', async () => {
      expect((await app.inject({ method: 'GET', url, headers: { range: 'bytes=0-9' } })).statusCode).toBe(401);
      const claimId = url.split('/')[3];
      for (const user of ['starhealth.reviewer', 'starhealth.admin', 'maxbupa.reviewer']) {
        const response = await get({ range: 'bytes=0-9' }, user);
        expect({ user, status: response.statusCode }).toEqual({ user, status: 404 });
        expect(response.json()).toEqual({ detail: `Claim ${claimId} not found` });
      }
      const guessed = await get({}, 'vitraya.admin', otherDocumentUrl);
      expect(guessed.statusCode).toBe(404);
      expect(guessed.json().detail).toMatch(/^Document \d+ not found for claim \d+$/);
      expect((await get({}, 'vitraya.admin', `${url}?org=starhealth`)).statusCode).toBe(404);
      for (const path of [
        `${BASE}/claims/${claimId}/documents/abc`,
        `${BASE}/claims/${claimId}/documents/0`,
        `${BASE}/claims/x/documents/1`,
      ]) {
        const response = await get({}, 'vitraya.admin', path);
        expect({ path, status: response.statusCode }).toEqual({ path, status: 400 });
        expect(response.json().detail).toMatch(/(claimId|documentId): /);
      }
    });

    test('a browser on another origin may send Range and read the answer headers pdf.js needs', async () => {
      const origin = 'http://localhost:3001';
      const preflight = await app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,range' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(origin);
      expect(
        String(preflight.headers['access-control-allow-headers'])
          .toLowerCase()
          .split(/\s*,\s*/),
      ).toEqual(expect.arrayContaining(['authorization', 'range']));
      const response = await get({ origin, range: 'bytes=0-9' });
      expect(response.statusCode).toBe(206);
      expect(
        String(response.headers['access-control-expose-headers'])
          .toLowerCase()
          .split(/\s*,\s*/),
      ).toEqual(expect.arrayContaining(['accept-ranges', 'content-range', 'content-length', 'content-disposition']));
    });
  });

  describe('the words read on each page', () => {
    const textOf = (claimId: number, documentId: number, user = 'vitraya.admin', headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url: `${BASE}/claims/${claimId}/documents/${documentId}/text`, headers: { ...as(user), ...headers } });

    test('no pages before the document is read; then each page with its size, source and word boxes in tenths', async () => {
      const { id, document } = await createClaim({ adjudicate: 'false' }, { name: 'scan.pdf', data: await textPdf(['Haemoglobin']) });
      const unread = await textOf(id, document.id);
      expect(unread.statusCode).toBe(200);
      expect(unread.json<DocumentText>()).toEqual({ documentId: document.id, pages: [] });

      const pages: (StoredReadPage & { unit?: string })[] = [
        {
          pageNumber: 1,
          width: 595.2756,
          height: 841.8898,
          source: 'text',
          unit: 'pt',
          words: [{ text: 'Haemoglobin', x: 50.04, y: 61.96, width: 70.123, height: 12.0, confidence: 91 } as StoredReadPage['words'][0]],
        },
        {
          pageNumber: 2,
          width: 1240,
          height: 1754,
          source: 'ocr',
          words: [{ text: '9.1', x: 300.55, y: 400.449, width: 20, height: 14 }],
        },
      ];
      await db().update(claimDocuments).set({ readPages: pages, pages: 2, readAt: new Date() }).where(eq(claimDocuments.id, document.id));
      expect((await textOf(id, document.id)).json<DocumentText>()).toEqual({
        documentId: document.id,
        pages: [
          {
            pageNumber: 1,
            width: 595.3,
            height: 841.9,
            source: 'text',
            words: [{ text: 'Haemoglobin', x: 50, y: 62, width: 70.1, height: 12 }],
          },
          {
            pageNumber: 2,
            width: 1240,
            height: 1754,
            source: 'ocr',
            words: [{ text: '9.1', x: 300.6, y: 400.4, width: 20, height: 14 }],
          },
        ],
      });
    });

    test("a 200-page document's words are gzipped when the client accepts it, and only then", async () => {
      const { id, document } = await createClaim({ adjudicate: 'false' }, { name: 'long.pdf', data: await textPdf(['Long']) });
      const words = (page: number) =>
        Array.from({ length: 300 }, (_, i) => ({
          text: `word${page}-${i}`,
          x: 10 + (i % 20) * 28.123,
          y: 20 + i * 2.5,
          width: 25.5,
          height: 9.75,
        }));
      const pages: StoredReadPage[] = Array.from({ length: 200 }, (_, i) => ({
        pageNumber: i + 1,
        width: 595,
        height: 842,
        source: 'text',
        words: words(i + 1),
      }));
      await db().update(claimDocuments).set({ readPages: pages, pages: 200, readAt: new Date() }).where(eq(claimDocuments.id, document.id));

      const plain = await textOf(id, document.id);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const text = plain.json<DocumentText>();
      expect(text.pages).toHaveLength(200);
      expect(text.pages[149].words[299]).toEqual({ text: 'word150-299', x: 544.3, y: 767.5, width: 25.5, height: 9.8 });

      const zipped = await textOf(id, document.id, 'vitraya.admin', { 'accept-encoding': 'gzip, deflate, br' });
      expect(zipped.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
      const unzipped = gunzipSync(zipped.rawPayload);
      expect(JSON.parse(unzipped.toString('utf8'))).toEqual(text);
      expect(zipped.rawPayload.length).toBeLessThan(unzipped.length / 4);

      const refused = await textOf(id, document.id, 'vitraya.admin', { 'accept-encoding': 'gzip;q=0, identity' });
      expect(refused.headers['content-encoding']).toBeUndefined();
    });

    test('the same access rules as the claim; an unknown document 404; malformed ids 400', async () => {
      const { id, document } = await createClaim({ adjudicate: 'false' }, { name: 'a.pdf', data: await textPdf(['x']) });
      for (const user of ['starhealth.reviewer', 'starhealth.admin']) {
        const response = await textOf(id, document.id, user);
        expect({ user, status: response.statusCode }).toEqual({ user, status: 404 });
        expect(response.json()).toEqual({ detail: `Claim ${id} not found` });
      }
      expect((await app.inject({ method: 'GET', url: `${BASE}/claims/${id}/documents/${document.id}/text` })).statusCode).toBe(401);
      const unknown = await textOf(id, document.id + 100000);
      expect(unknown.json()).toEqual({ detail: `Document ${document.id + 100000} not found for claim ${id}` });
      const malformed = await app.inject({ method: 'GET', url: `${BASE}/claims/${id}/documents/x/text`, headers: as('vitraya.admin') });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().detail).toMatch(/documentId: /);

      const own = await attachDocument(fixture['SH-ADJ-1'], pdfSized(32));
      expect((await textOf(fixture['SH-ADJ-1'], own.id, 'starhealth.reviewer')).json()).toEqual({ documentId: own.id, pages: [] });
    });
  });

  describe('upload limits', () => {
    test('GET /claims/uploadLimits tells any signed-in user what POST /claims accepts', async () => {
      for (const user of ['starhealth.reviewer', 'vitraya.admin']) {
        const response = await app.inject({ method: 'GET', url: `${BASE}/claims/uploadLimits`, headers: as(user) });
        expect(response.statusCode).toBe(200);
        expect(response.json<UploadLimits>()).toEqual({ maxFileBytes: 512 * 1024, maxClaimBytes: 1024 * 1024, maxFiles: 4 });
      }
      expect((await app.inject({ method: 'GET', url: `${BASE}/claims/uploadLimits` })).statusCode).toBe(401);
    });

    test('the limits come from UPLOAD_MAX_FILE_MB, UPLOAD_MAX_CLAIM_MB and UPLOAD_MAX_FILES, by default 20 MB, 100 MB and 30', () => {
      const env = { JWT_SECRET: 'a-secret-long-enough-for-the-test-config', DATABASE_URL: 'postgres://unused' };
      expect(loadConfig(env).uploadLimits).toEqual({ maxFileBytes: 20 * 1024 * 1024, maxClaimBytes: 100 * 1024 * 1024, maxFiles: 30 });
      expect(loadConfig({ ...env, UPLOAD_MAX_FILE_MB: '2.5', UPLOAD_MAX_CLAIM_MB: '40', UPLOAD_MAX_FILES: '5' }).uploadLimits).toEqual({
        maxFileBytes: 2.5 * 1024 * 1024,
        maxClaimBytes: 40 * 1024 * 1024,
        maxFiles: 5,
      });
      expect(() => loadConfig({ ...env, UPLOAD_MAX_FILE_MB: 'big' })).toThrow(
        "UPLOAD_MAX_FILE_MB must be a positive number of MB, got 'big'",
      );
      expect(() => loadConfig({ ...env, UPLOAD_MAX_FILES: '0' })).toThrow('UPLOAD_MAX_FILES must be a positive integer');
    });

    test('over a limit or not a PDF, PNG or JPEG: refused naming the file and the limit, and nothing is stored', async () => {
      const before = await filesUnder(app.config.documentStoreDir);
      const mz = new Uint8Array(2048);
      mz.set([0x4d, 0x5a, 0x90, 0x00, 0x03]);
      const cases: [string, UploadFile[], number, string][] = [
        [
          'LIMIT-FILE',
          [{ name: 'big.pdf', data: pdfSized(600 * 1024) }],
          413,
          "documents: 'big.pdf' is larger than 0.5 MB, the limit per file",
        ],
        [
          'LIMIT-COUNT',
          ['a', 'b', 'c', 'd', 'e'].map((n) => ({ name: `${n}.pdf`, data: pdfSized(1000) })),
          413,
          "documents: 'e.pdf' is one file too many: a claim may have at most 4 files",
        ],
        [
          'LIMIT-CLAIM',
          ['a', 'b', 'c'].map((n) => ({ name: `${n}.pdf`, data: pdfSized(400 * 1024) })),
          413,
          "documents: with 'c.pdf' the documents come to more than 1 MB, the limit per claim",
        ],
        ['RENAMED-EXE', [{ name: 'setup.pdf', data: mz }], 415, "documents: 'setup.pdf' is not a PNG, JPEG or PDF file"],
      ];
      for (const [ref, files, status, detail] of cases) {
        const response = await upload('vitraya.admin', { referenceClaimId: ref }, files);
        expect({ ref, status: response.statusCode, body: response.json() }).toEqual({ ref, status, body: { detail } });
        expect(await db().select().from(claims).where(eq(claims.referenceClaimId, ref))).toEqual([]);
      }
      expect(await filesUnder(app.config.documentStoreDir)).toEqual(before);
      const within = await upload(
        'vitraya.admin',
        { referenceClaimId: 'LIMIT-WITHIN', adjudicate: 'false' },
        ['a', 'b', 'c', 'd'].map((n) => ({ name: `${n}.pdf`, data: pdfSized(200 * 1024) })),
      );
      expect(within.statusCode).toBe(200);
      expect((await filesUnder(app.config.documentStoreDir)).length).toBe(before.length + 4);
    });
  });

  describe('progress of a verification', () => {
    const jobOf = async (claimId: number) => (await db().select().from(jobs).where(eq(jobs.claimId, claimId)))[0];

    test('queued, reading, verifying with the documents read, then null once the job is done', async () => {
      const { id, document } = await createClaim({}, { name: 'a.pdf', data: await textPdf(['x']) });
      expect((await getClaim(id)).progress).toEqual({ stage: 'queued', documentsRead: 0, documentsTotal: 1 });
      const job = await jobOf(id);
      await db()
        .update(jobs)
        .set({ status: 'running', lockedUntil: new Date(Date.now() + 3_600_000) })
        .where(eq(jobs.id, job.id));
      expect((await getClaim(id)).progress).toEqual({ stage: 'reading', documentsRead: 0, documentsTotal: 1 });
      await db().update(claimDocuments).set({ readAt: new Date(), readPages: [] }).where(eq(claimDocuments.id, document.id));
      expect((await getClaim(id)).progress).toEqual({ stage: 'verifying', documentsRead: 1, documentsTotal: 1 });
      await db().update(jobs).set({ status: 'done' }).where(eq(jobs.id, job.id));
      const done = await getClaim(id);
      expect(done.progress).toBeNull();
      expect(done.previousVerification).toBeNull();
    });

    test('the answers of PUT /claims/{id} and POST /claims/{id}/adjudicate show the verification queued', async () => {
      const idle = async () => (await createClaim({ adjudicate: 'false' }, { name: 'a.pdf', data: await textPdf(['x']) })).id;
      const rerunId = await idle();
      expect((await getClaim(rerunId)).progress).toBeNull();
      const rerun = await app.inject({
        method: 'PUT',
        url: `${BASE}/claims/${rerunId}`,
        headers: { ...as('vitraya.reviewer'), ...FORM },
        payload: RERUN,
      });
      expect(rerun.json<Claim>().progress).toEqual({ stage: 'queued', documentsRead: 0, documentsTotal: 1 });
      const findingsId = await idle();
      const findings = await app.inject({
        method: 'POST',
        url: `${BASE}/claims/${findingsId}/adjudicate`,
        headers: as('vitraya.reviewer'),
        payload: { findings: ['Adenomyosis'] },
      });
      expect(findings.statusCode).toBe(200);
      expect(findings.json<Claim>().progress).toEqual({ stage: 'queued', documentsRead: 0, documentsTotal: 1 });
      for (const id of [rerunId, findingsId]) await db().update(jobs).set({ status: 'cancelled' }).where(eq(jobs.claimId, id));
    });
  });

  describe('spec 1 §7 claim calls: other organisations and malformed input', () => {
    const call = (user: string, method: InjectOptions['method'], url: string, payload?: InjectOptions['payload'], headers = {}) =>
      app.inject({ method, url: `${BASE}${url}`, headers: { ...as(user), ...headers }, ...(payload === undefined ? {} : { payload }) });

    test("an insurer user reaches nothing of another organisation, nor its own organisation's claims it may not see, by guessing ids", async () => {
      const hidden = ['VT-ACC-1', 'MB-ADJ-1', 'SH-OPEN-1', 'SH-PEND-1'];
      for (const ref of hidden) {
        const id = fixture[ref];
        const document = await attachDocument(id, pdfSized(16));
        const reads: [string, InjectOptions['method'], string, InjectOptions['payload']?, Record<string, string>?][] = [
          ['starhealth.reviewer', 'GET', `/claims/${id}`],
          ['starhealth.reviewer', 'GET', `/claims/${id}/questions`],
          ['starhealth.reviewer', 'GET', `/claims/${id}/documents/${document.id}`],
          ['starhealth.reviewer', 'GET', `/claims/${id}/documents/${document.id}/text`],
          ['starhealth.admin', 'GET', `/claims/${id}`],
          ['starhealth.admin', 'PUT', `/claims/${id}`, RERUN, FORM],
          ['starhealth.admin', 'GET', `/claims/${id}/questions`],
          ['starhealth.admin', 'POST', `/claims/${id}/questions`, { answers: {} }],
          ['starhealth.admin', 'GET', `/claims/${id}/documents/${document.id}`],
        ];
        for (const [user, method, url, payload, headers] of reads) {
          const response = await call(user, method, url, payload, headers);
          expect({ ref, user, method, url, status: response.statusCode, body: response.json() }).toEqual({
            ref,
            user,
            method,
            url,
            status: 404,
            body: { detail: `Claim ${id} not found` },
          });
        }
      }
      // Confirm Findings is the provider's: other organisations' super users are refused before anything is looked up.
      for (const user of ['starhealth.admin', 'demo.reviewer'])
        expect((await call(user, 'POST', `/claims/${fixture['SH-ADJ-1']}/adjudicate`, { findings: [] })).statusCode).toBe(403);
      // Reviewers of the insurer only read: writes are refused before anything is looked up.
      for (const [method, url, payload, headers] of [
        ['PUT', `/claims/${fixture['SH-ADJ-1']}`, RERUN, FORM],
        ['POST', `/claims/${fixture['SH-ADJ-1']}/adjudicate`, { findings: [] }, {}],
        ['POST', `/claims/${fixture['SH-ADJ-1']}/questions`, { answers: {} }, {}],
        ['POST', '/claims', claimForm({ referenceClaimId: 'X' }, []), {}],
      ] as const) {
        expect((await call('starhealth.reviewer', method, url, payload, headers)).statusCode).toBe(403);
      }
      // What the insurer's reviewer may see, it reads.
      for (const url of [`/claims/${fixture['SH-ADJ-1']}`, `/claims/${fixture['SH-ADJ-1']}/questions`]) {
        expect((await call('starhealth.reviewer', 'GET', url)).statusCode).toBe(200);
      }
      // The provider naming another organisation does not reach this one's claims either.
      expect((await call('vitraya.reviewer', 'GET', `/claims/${fixture['VT-ACC-1']}?org=starhealth`)).statusCode).toBe(404);
    });

    test('malformed ids, queries and bodies answer 400 with a detail naming the field, never 500', async () => {
      const id = fixture['VT-REJ-1'];
      const cases: [InjectOptions['method'], string, InjectOptions['payload'] | undefined, Record<string, string>, number, RegExp][] = [
        ['GET', '/claims/0', undefined, {}, 400, /claimId: /],
        ['GET', '/claims/-4', undefined, {}, 400, /claimId: /],
        ['GET', '/claims/1.5', undefined, {}, 400, /claimId: /],
        ['GET', '/claims/99999999999', undefined, {}, 400, /claimId: /],
        ['GET', `/claims/${id}?org=nowhere`, undefined, {}, 400, /^org: /],
        ['GET', '/claims/abc/questions', undefined, {}, 400, /claimId: /],
        ['PUT', `/claims/${id}`, 'status=OPEN', FORM, 400, /^status: /],
        ['PUT', `/claims/${id}`, 'status=OCRED&rerunFlag=maybe', FORM, 400, /^rerunFlag: /],
        ['PUT', `/claims/${id}`, '{"status": ', { 'content-type': 'application/json' }, 400, /Malformed JSON/],
        ['POST', `/claims/${id}/adjudicate`, { findings: 'Cataract' }, {}, 400, /^findings: /],
        ['POST', `/claims/${id}/adjudicate`, { findings: [], fibroidSize: -1 }, {}, 400, /^fibroidSize: /],
        ['POST', `/claims/${id}/adjudicate`, { findings: [], fibroidSizeUnit: 'km' }, {}, 400, /^fibroidSizeUnit: /],
        ['POST', `/claims/${id}/adjudicate`, {}, {}, 400, /^findings: /],
        ['POST', `/claims/${id}/adjudicate`, { findings: ['Anything at all'] }, {}, 400, /^findings\.0: /],
        ['POST', `/claims/${id}/adjudicate`, { findings: ['Adenomyosis', 'Adenomyosis'] }, {}, 400, /^findings: a finding is named twice/],
        ['POST', `/claims/${id}/adjudicate`, { findings: [], uterusSize: 1e9 }, {}, 400, /^uterusSize: /],
        [
          'POST',
          `/claims/${id}/adjudicate`,
          { findings: ['Chemotherapy'], fibroidSize: 4 },
          {},
          400,
          /^fibroidSize: sizes go with the non-cancer findings only/,
        ],
        ['POST', `/claims/${id}/questions`, { answers: 'yes' }, {}, 400, /^answers: /],
        ['POST', `/claims/${id}/questions`, { answers: { abc: ['Yes'] } }, {}, 400, /^answers\.abc: /],
        ['POST', `/claims/${id}/questions`, { answers: { 999999: ['Yes'] } }, {}, 400, /^answers\.999999: not a question of this claim/],
        ['POST', '/claims', { referenceClaimId: 'JSON' }, {}, 415, /multipart/],
      ];
      for (const [method, url, payload, headers, status, detail] of cases) {
        const response = await call('vitraya.admin', method, url, payload, headers);
        expect({ method, url, status: response.statusCode }).toEqual({ method, url, status });
        expect(response.json().detail).toMatch(detail);
      }
    });
  });

  describe('through the real worker', () => {
    const drain = async () => {
      const worker = startVerificationWorker({ db: db(), store: app.documentStore, concurrency: 1, pollMs: 25, log: quiet });
      await worker.drain();
      await worker.stop();
    };
    const rerun = (id: number) =>
      app.inject({ method: 'PUT', url: `${BASE}/claims/${id}`, headers: { ...as('vitraya.reviewer'), ...FORM }, payload: RERUN });

    test('a re-run keeps the verdict it replaced as previousVerification; none before the first re-run', async () => {
      const summary = await textPdf(['DISCHARGE SUMMARY', 'Diagnosis: Cataract', 'Procedure done: Cataract Surgery']);
      const { id } = await createClaim({ referenceClaimId: 'PREVIOUS-1' }, { name: 'discharge.pdf', data: summary });
      await drain();
      const first = await getClaim(id);
      expect(first).toMatchObject({ status: 'ADJUDICATED', progress: null, previousVerification: null });
      expect(first.adjudicationResult).toEqual(expect.any(String));

      expect((await rerun(id)).statusCode).toBe(200);
      await drain();
      const second = await getClaim(id);
      expect(second).toMatchObject({ status: 'ADJUDICATED', progress: null, rerunStatus: null });
      expect(Date.parse(second.lastVerifiedOn!)).toBeGreaterThan(Date.parse(first.lastVerifiedOn!));
      expect(second.previousVerification).toEqual({
        adjudicationResult: first.adjudicationResult,
        lastVerifiedOn: first.lastVerifiedOn,
        adjudicationDetails: first.adjudicationDetails,
      });
    });

    test('re-running a seeded claim keeps its seeded verdict', async () => {
      const id = fixture['VT-ACC-1'];
      await db().delete(claimDocuments).where(eq(claimDocuments.claimId, id));
      const seeded = await getClaim(id);
      expect(seeded.previousVerification).toBeNull();
      expect((await rerun(id)).statusCode).toBe(200);
      await drain();
      const after = await getClaim(id);
      expect(after).toMatchObject({ adjudicationResult: 'SUSPENDED', adjudicationReason: 'No documents were attached to the claim' });
      expect(after.previousVerification).toEqual({
        adjudicationResult: 'ACCEPTED',
        lastVerifiedOn: null,
        adjudicationDetails: seeded.adjudicationDetails,
      });
    });

    test('an unreadable document gives reviewers a plain reason and keeps the technical detail for the error dialog', async () => {
      // A PNG signature over a broken header: accepted by its first bytes, unreadable to the adjudicator.
      const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
      const { id } = await createClaim({ referenceClaimId: 'UNREADABLE-1' }, { name: 'download_5.png', data: png, type: 'image/png' });
      await drain();
      expect(await getClaim(id)).toMatchObject({
        status: 'SUSPENDED',
        adjudicationResult: 'SUSPENDED',
        adjudicationReason: 'download_5.png could not be read: the image is damaged.',
        error_code: UNREADABLE_DOCUMENTS_ERROR_CODE,
        error_message: 'Unreadable documents: download_5.png (not a readable PNG image (damaged header))',
      });
    });
  });
});
