/**
 * Hostile documents and heavy load (issue 14 §1): limits refuse a document with a reason naming the
 * limit, reading runs in threads with a deadline (a document past it ends SUSPENDED while others are
 * verified and the main thread keeps answering), a crashed or timed-out job is set aside for good (also
 * for a new queue over the same database), scheduling is fair across organisations, a running
 * verification can be cancelled, and OCR caches of dead processes are removed.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { jest } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { claimDocuments, jobs } from '../../src/db/schema';
import { cancelVerification } from '../../src/jobs';
import { enqueueVerification } from '../../src/jobs/enqueue';
import { makeScannedPdf, renderTextImage } from '../../testing/verification/fixtures';
import { DEFAULT_READ_LIMITS, DocumentRefused, type ReadLimits } from '../../src/verification/read/limits';
import { removeStaleOcrCaches } from '../../src/verification/read/ocr';
import { createDocumentReader } from '../../src/verification/read/reader';
import { createThreadedReader } from '../../src/verification/read/threaded';
import type { DocumentFile } from '../../src/verification/types';
import {
  claimRow,
  fakeReader,
  fakeVerifier,
  insertClaim,
  openTestDatabase,
  postgresReachable,
  resetDatabase,
  seedBasics,
  startWorker,
  until,
  type Driver,
  type TestDatabase,
} from '../../testing/jobs';

jest.setTimeout(120_000);

const SMALL: ReadLimits = { maxPagesPerDocument: 5, maxPagesPerClaim: 6, maxInflatedBytes: 1024 * 1024, maxImagePixels: 2_000_000 };

async function textPdf(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i += 1) pdf.addPage([300, 300]).drawText(`Cataract page ${i}`, { x: 20, y: 250, size: 12, font });
  return pdf.save({ useObjectStreams: false });
}

/** A one-page PDF carrying a stream that inflates to `bytes` zeros. */
async function bombPdf(bytes: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([300, 300]);
  const stream = pdf.context.stream(deflateSync(new Uint8Array(bytes)), { Filter: 'FlateDecode' });
  pdf.context.register(stream);
  return pdf.save({ useObjectStreams: false });
}

/** A PNG whose header claims width × height (only the header is ever looked at). */
function pngHeader(width: number, height: number): Uint8Array {
  const data = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).copy(data);
  data.writeUInt32BE(width, 16);
  data.writeUInt32BE(height, 20);
  return data;
}

const file = (fileName: string, data: Uint8Array): DocumentFile => ({
  documentId: 1,
  fileName,
  contentType: fileName.endsWith('.png') ? 'image/png' : 'application/pdf',
  url: '/claims/1/documents/1',
  data,
});

describe('read limits', () => {
  const reader = createDocumentReader({ limits: SMALL });
  afterAll(() => reader.close());
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DocumentRefused);
    return (error as DocumentRefused).message;
  };

  test('pages per document and per claim', async () => {
    expect(await refusal(reader.read(file('scan.pdf', await textPdf(7))))).toBe(
      'scan.pdf has 7 pages; at most 5 pages per document are read',
    );
    expect(await refusal(reader.read(file('notes.pdf', await textPdf(3)), { claimPagesBefore: 4 }))).toBe(
      "notes.pdf has 3 pages, which with the claim's other 4 makes 7; at most 6 pages per claim are read",
    );
    expect((await reader.read(file('ok.pdf', await textPdf(2)), { claimPagesBefore: 4 })).pages).toHaveLength(2);
  });

  test('decompressed size, also of a stream compressed twice', async () => {
    expect(await refusal(reader.read(file('bomb.pdf', await bombPdf(2 * 1024 * 1024))))).toBe(
      'bomb.pdf decompresses to more than 1 MB; at most 1 MB of decompressed content per document is read',
    );
    const twice = await PDFDocument.create();
    twice.addPage([300, 300]);
    twice.context.register(
      twice.context.stream(deflateSync(deflateSync(new Uint8Array(3 * 1024 * 1024))), { Filter: ['FlateDecode', 'FlateDecode'] }),
    );
    expect(await refusal(reader.read(file('nested.pdf', await twice.save({ useObjectStreams: false }))))).toMatch(
      /^nested.pdf decompresses/,
    );
    expect((await reader.read(file('small.pdf', await bombPdf(100 * 1024)))).pages).toHaveLength(1);
  });

  test('image pixels, from the header before decoding', async () => {
    expect(await refusal(reader.read(file('photo.png', pngHeader(20_000, 10_000))))).toBe(
      'photo.png is 20,000 × 10,000 pixels (200 megapixels); at most 2 megapixels per image are read',
    );
  });
});

test('OCR caches of processes that are gone are removed, those of live ones kept', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'ocr-clean-'));
  try {
    for (const name of ['claims-ocr-999999999-abc', `claims-ocr-${process.pid}-def`, 'claims-ocr-xyz', 'other'])
      mkdirSync(path.join(folder, name));
    expect(removeStaleOcrCaches(folder)).toBe(2);
    expect(readdirSync(folder).sort()).toEqual([`claims-ocr-${process.pid}-def`, 'other']);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

const drivers: Driver[] = ['pglite', 'postgres'];

describe.each(drivers)('hostile documents through the queue on %s', (driver) => {
  let database: TestDatabase;
  let available = true;

  beforeAll(async () => {
    if (driver === 'postgres') available = await postgresReachable();
    if (available) database = await openTestDatabase(driver);
  });
  beforeEach(async () => {
    if (!available) return;
    await resetDatabase(database.db);
    await seedBasics(database.db);
  });
  afterAll(async () => {
    if (available) await database.drop();
  });
  const it = (name: string, fn: () => Promise<void>) =>
    test(name, async () => {
      if (!available) return;
      await fn();
    });

  it('a document over a limit ends its claim SUSPENDED naming the limit; the other claim is verified', async () => {
    const { db } = database;
    const big = await insertClaim(db, { documents: [{ fileName: 'scan.pdf', data: await textPdf(7) }] });
    const fine = await insertClaim(db, { documents: [{ fileName: 'discharge.pdf', data: await textPdf(1) }] });
    await enqueueVerification(db, big);
    await enqueueVerification(db, fine);
    const reader = createThreadedReader({ threads: 1, limits: SMALL, memoryMb: 512 });
    const worker = startWorker({ db, reader, verify: fakeVerifier().verify, readTimeoutSeconds: 60 });
    await worker.drain().finally(() => worker.stop());

    const suspended = await claimRow(db, big);
    expect(suspended).toMatchObject({
      status: 'SUSPENDED',
      adjudicationResult: 'SUSPENDED',
      adjudicationReason: 'scan.pdf has 7 pages; at most 5 pages per document are read',
      rerunStatus: null,
    });
    const [doc] = await db.select().from(claimDocuments).where(eq(claimDocuments.claimId, big));
    expect(doc).toMatchObject({ readAt: null, readError: 'scan.pdf has 7 pages; at most 5 pages per document are read' });
    expect(await claimRow(db, fine)).toMatchObject({ status: 'ADJUDICATED', errorMessage: null });
    expect((await db.select().from(jobs)).map((j) => j.status)).toEqual(['done', 'done']);
  });

  it('a document past the time allowance ends SUSPENDED and is set aside, while another claim is verified and the main thread answers', async () => {
    const { db } = database;
    // A scan needs OCR: starting tesseract and reading the page take far longer than the allowance.
    const lines = Array.from({ length: 40 }, (_, i) => ({
      text: `Line ${i + 1}: senile cataract of the right eye, operated`,
      x: 40,
      y: 40 + i * 42,
      size: 30,
    }));
    // Fifteen scanned pages: minutes of OCR, against an allowance a one-page text PDF needs a fraction of, even on a busy machine.
    const page = await PDFDocument.load(await makeScannedPdf(await renderTextImage(lines)));
    const scanned = await PDFDocument.create();
    for (const copied of await scanned.copyPages(page, Array(15).fill(0))) scanned.addPage(copied);
    const scan = await scanned.save();
    const slow = await insertClaim(db, { documents: [{ fileName: 'scan.pdf', data: scan }] });
    const fine = await insertClaim(db, { org: 'starhealth', documents: [{ fileName: 'discharge.pdf', data: await textPdf(1) }] });
    await enqueueVerification(db, slow);
    await enqueueVerification(db, fine);
    const reader = createThreadedReader({ threads: 2, limits: DEFAULT_READ_LIMITS, memoryMb: 512 });
    const worker = startWorker({ db, reader, verify: fakeVerifier().verify, readTimeoutSeconds: 20, concurrency: 2 });

    // The main thread's event loop keeps turning while the scan is read in its thread.
    let longestGapMs = 0;
    let last = Date.now();
    const ticker = setInterval(() => {
      longestGapMs = Math.max(longestGapMs, Date.now() - last);
      last = Date.now();
    }, 10);
    try {
      await worker.drain();
    } finally {
      clearInterval(ticker);
      await worker.stop();
    }

    expect(await claimRow(db, fine)).toMatchObject({ status: 'ADJUDICATED', errorMessage: null });
    expect(await claimRow(db, slow)).toMatchObject({
      status: 'SUSPENDED',
      adjudicationReason: "reading scan.pdf took longer than 20 s, the time allowed to read one claim's documents",
      rerunStatus: null,
    });
    const [slowJob] = await db.select().from(jobs).where(eq(jobs.claimId, slow));
    expect(slowJob).toMatchObject({ status: 'poisoned', attempts: 1, lastError: expect.stringContaining('took longer than 20 s') });
    expect(longestGapMs).toBeLessThan(2000);
  });

  it('a job whose reading thread crashed is set aside, and a new queue over the same database does not run it again', async () => {
    const { db } = database;
    const claimId = await insertClaim(db, { documents: [{ fileName: 'huge.pdf', data: await textPdf(2) }] });
    await enqueueVerification(db, claimId);
    // A heap too small for pdfjs: the thread dies of it.
    const starved = createThreadedReader({ threads: 1, limits: DEFAULT_READ_LIMITS, memoryMb: 4 });
    const first = startWorker({ db, reader: starved, verify: fakeVerifier().verify });
    await first.drain().finally(() => first.stop());

    const reason = (await claimRow(db, claimId)).adjudicationReason;
    expect(reason).toMatch(/^reading huge.pdf stopped the document reader \(/);
    expect(await claimRow(db, claimId)).toMatchObject({ status: 'SUSPENDED', errorMessage: reason });
    const [job] = await db.select().from(jobs).where(eq(jobs.claimId, claimId));
    expect(job).toMatchObject({ status: 'poisoned', lastError: reason, attempts: 1 });

    // The restart: another queue instance with a reader that would work.
    const reader = fakeReader();
    const second = startWorker({ db, reader, verify: fakeVerifier().verify, takeOverRunningJobs: true });
    await second
      .drain()
      .then(() => new Promise((resolve) => setTimeout(resolve, 100)))
      .finally(() => second.stop());
    expect(reader.calls).toHaveLength(0);
    expect((await db.select().from(jobs).where(eq(jobs.claimId, claimId)))[0]).toMatchObject({ status: 'poisoned', attempts: 1 });
    expect((await claimRow(db, claimId)).status).toBe('SUSPENDED');
  });

  it("one organisation's many jobs do not hold back another's: turns go round the organisations", async () => {
    const { db } = database;
    const many: number[] = [];
    for (let i = 0; i < 5; i += 1) many.push(await insertClaim(db, { org: 'vitraya' }));
    const other = await insertClaim(db, { org: 'starhealth' });
    for (const id of [...many, other]) await enqueueVerification(db, id);
    const verifier = fakeVerifier();
    const worker = startWorker({ db, reader: fakeReader(), verify: verifier.verify });
    await worker.drain().finally(() => worker.stop());
    expect(verifier.seen).toEqual([many[0], other, ...many.slice(1)]);
  });

  it("one organisation's large claims do not hold back its small ones: turns alternate between the lanes", async () => {
    const { db } = database;
    const large: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const id = await insertClaim(db);
      // A claim of more than LARGE_LANE_PAGES pages (known once read) is in the large lane.
      await db.update(claimDocuments).set({ pages: 80 }).where(eq(claimDocuments.claimId, id));
      large.push(id);
    }
    const small = [await insertClaim(db), await insertClaim(db)];
    for (const id of [...large, ...small]) await enqueueVerification(db, id);
    const verifier = fakeVerifier();
    const worker = startWorker({ db, reader: fakeReader(), verify: verifier.verify });
    await worker.drain().finally(() => worker.stop());
    expect(verifier.seen).toEqual([small[0], large[0], small[1], large[1], large[2]]);
  });

  it('with two loops, one always stays free for small claims while the other reads a large one', async () => {
    const { db } = database;
    const large: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      const id = await insertClaim(db);
      await db.update(claimDocuments).set({ pages: 80 }).where(eq(claimDocuments.claimId, id));
      large.push(id);
    }
    for (const id of large) await enqueueVerification(db, id);
    const claimOf = async (documentId: number) =>
      (await db.select({ claimId: claimDocuments.claimId }).from(claimDocuments).where(eq(claimDocuments.id, documentId)))[0].claimId;
    const read: number[] = [];
    let releaseFirst: () => void = () => {};
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const reader = fakeReader({
      onRead: async (file) => {
        const claimId = await claimOf(file.documentId);
        read.push(claimId);
        if (claimId === large[0]) await firstHeld;
      },
    });
    const verifier = fakeVerifier();
    const worker = startWorker({ db, reader, verify: verifier.verify, concurrency: 2 });
    try {
      await until(() => read.includes(large[0]));
      const small = await insertClaim(db);
      await enqueueVerification(db, small);
      // The other loop passes over the second large claim for the small one.
      await until(() => verifier.seen.includes(small));
      expect(read).not.toContain(large[1]);
      releaseFirst();
      await worker.drain();
      expect(verifier.seen).toEqual([small, large[0], large[1]]);
    } finally {
      releaseFirst();
      await worker.stop();
    }
  });

  it('a running verification is cancelled at once: the claim says why, the re-run mark is cleared, the worker goes on', async () => {
    const { db } = database;
    const running = await insertClaim(db);
    const next = await insertClaim(db);
    await enqueueVerification(db, running, { rerun: true });
    await enqueueVerification(db, next);
    let reading = false;
    // The reader of the first claim never finishes by itself; the cancel must stop it.
    const reader = fakeReader({
      onRead: async (f) => {
        const [doc] = await db.select({ claimId: claimDocuments.claimId }).from(claimDocuments).where(eq(claimDocuments.id, f.documentId));
        if (doc.claimId !== running) return;
        reading = true;
        await new Promise(() => {});
      },
    });
    const abortable = {
      ...reader,
      read: (f: DocumentFile, options?: { signal?: AbortSignal }) =>
        Promise.race([
          reader.read(f),
          new Promise<never>((_, reject) => options?.signal?.addEventListener('abort', () => reject(options.signal?.reason))),
        ]),
    };
    const worker = startWorker({ db, reader: abortable, verify: fakeVerifier().verify });
    await until(() => reading);
    expect(await cancelVerification(db, running, 'vitraya.admin')).toEqual({
      cancelled: true,
      reason: 'Verification cancelled by vitraya.admin',
    });
    await until(async () => (await claimRow(db, next)).status === 'ADJUDICATED');
    await worker.drain();
    await worker.stop();
    expect(await claimRow(db, running)).toMatchObject({
      status: 'SUSPENDED',
      adjudicationReason: 'Verification cancelled by vitraya.admin',
      errorMessage: 'Verification cancelled by vitraya.admin',
      rerunStatus: null,
    });
    expect((await db.select().from(jobs).where(eq(jobs.claimId, running)))[0].status).toBe('cancelled');
    expect(await cancelVerification(db, running, 'vitraya.admin')).toEqual({ cancelled: false });
  });
});
