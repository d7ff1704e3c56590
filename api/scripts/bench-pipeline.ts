/**
 * Verification throughput end to end, through the durable queue exactly as in production (read, verify, store),
 * each run on a fresh embedded database:
 *   - the seed's mix (text PDFs and scanned pages): claims a minute;
 *   - five-page text claims with one queue worker and with two: claims a minute and the second worker's speed-up
 *     (issue 13 §3: at least 1,000 a minute on 2 cores, the second worker at least 1.7x);
 *   - the claims list (landing page and a search, one call every 200 ms) while 2 workers verify a 500-claim batch
 *     of five-page claims: p50/p95/max (issue 13 §3: within the list's budget on the embedded database, 150 ms);
 *   - 100-page text PDFs read in the reading threads, one per core, as the api reads them: pages a second per core
 *     (issue 13 §3: at least 150);
 *   - 100-page text claims through the queue (read, store the words, verify, store the verdict): pages a second.
 * `tsx scripts/bench-pipeline.ts [--claims N] [--text-claims N] [--json FILE]`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { DEFAULT_DISPLAY_TIME_ZONE } from '@claims/shared-kernel/constants';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { listClaims, searchClaims } from '../src/claims/list';
import { type Db, openDatabase, rowsOf } from '../src/db';
import { startVerificationWorker } from '../src/jobs';
import { insertSeedClaim, seedMastersIfEmpty } from '../src/seed';
import { seedGeneratedClaims } from '../src/seed/generated-claims';
import { generateClaim } from '../src/seed/synthetic/generator';
import { createFolderStore } from '../src/storage/folder';
import { argument, BENCH_PROVIDER, percentile } from './bench-common';
import { DEFAULT_READ_LIMITS } from '../src/verification/read/limits';
import { createThreadedReader } from '../src/verification/read/threaded';
import type { DocumentStore } from '../src/storage/store';

/** listDuringBatchP95Ms: the list's budget on the embedded database (issue 13 §1), kept while a batch is verified (§3). */
const GOALS = { textClaimsPerMinute: 1000, secondWorkerSpeedUp: 1.7, pagesPerSecondPerCore: 150, listDuringBatchP95Ms: 150 };
const BATCH_CLAIMS = 500;
const FILLER =
  'The patient was reviewed on the ward round. Vital signs were stable and the wound was clean and dry. Medication was continued as advised and the patient was counselled about the follow up visit.';

/**
 * A generated text claim (its real documents, so the verdict is a real one) with its PDFs joined into one and
 * continuation pages added up to `pages` pages.
 */
async function textClaim(seed: number, pages: number) {
  const claim = await generateClaim(seed, { imagePages: 0, corruptExtra: false });
  const joined = await PDFDocument.create();
  for (const document of claim.documents.filter((d) => d.contentType === 'application/pdf')) {
    // Some claims carry a broken file on purpose (it is unreadable, not a PDF): only real PDFs are joined.
    const source = await PDFDocument.load(document.data).catch(() => null);
    if (!source) continue;
    for (const page of await joined.copyPages(source, source.getPageIndices())) joined.addPage(page);
  }
  const font = await joined.embedFont(StandardFonts.Helvetica);
  while (joined.getPageCount() < pages) {
    const page = joined.addPage([595, 842]);
    page.drawText('CONTINUATION SHEET', { x: 48, y: 790, size: 14, font });
    for (let line = 0; line < 36; line += 1) page.drawText(FILLER.slice(0, 95), { x: 48, y: 760 - line * 19, size: 10, font });
  }
  return {
    ...claim,
    referenceClaimId: `${claim.referenceClaimId}-${pages}P`,
    documents: [{ fileName: 'claim.pdf', contentType: 'application/pdf' as const, data: await joined.save() }],
  };
}

interface Run {
  claims: number;
  pages: number;
  seconds: number;
  /** CPU time of the whole process (every thread) over the run's time: the cores it kept busy. */
  coresUsed: number;
}

/** Stores a run's claims (queued) and says how many, with how many pages in all. */
type StoreClaims = (db: Db, documents: DocumentStore) => Promise<{ claims: number; pages: number }>;

const FINISHED = sql`select count(*)::int as n from claims where status in ('ADJUDICATED', 'SUSPENDED')`;

/** What goes on beside the queue while it drains (a reviewer listing claims), until `draining` is aborted. */
type Meanwhile = (db: Db, draining: AbortSignal) => Promise<void>;

/**
 * Stores the claims `store` gives on a fresh database, then times the queue with `concurrency` workers draining
 * them, in its steady state: each worker's first claim also starts its reading and judging threads (once in the
 * api's life, not per claim), so the clock starts when as many claims as workers are done, and only the claims
 * finished after that count.
 */
async function timedRun(concurrency: number, store: StoreClaims, meanwhile?: Meanwhile): Promise<Run> {
  const database = await openDatabase({ kind: 'pglite' });
  const storeDir = mkdtempSync(join(tmpdir(), 'claims-bench-documents-'));
  const documents = createFolderStore(storeDir);
  try {
    await seedMastersIfEmpty(database.db);
    const { claims, pages } = await store(database.db, documents);
    const finished = async () => (await rowsOf<{ n: number }>(database.db, FINISHED))[0].n;
    const worker = startVerificationWorker({ db: database.db, store: documents, concurrency, pollMs: 20 });
    let finishedAtStart = await finished();
    while (finishedAtStart < concurrency) {
      await sleep(5);
      finishedAtStart = await finished();
    }
    const started = process.hrtime.bigint();
    const cpuBefore = process.cpuUsage();
    const draining = new AbortController();
    const beside = meanwhile?.(database.db, draining.signal);
    await worker.drain();
    const cpu = process.cpuUsage(cpuBefore);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    draining.abort();
    await beside;
    const counted = (await finished()) - finishedAtStart;
    await worker.stop();
    return { claims: counted, pages: (pages / claims) * counted, seconds, coresUsed: (cpu.user + cpu.system) / 1e6 / seconds };
  } finally {
    await database.close();
    rmSync(storeDir, { recursive: true, force: true });
  }
}

const textClaims =
  (count: number, pages: number): StoreClaims =>
  async (db, documents) => {
    for (let seed = 1; seed <= count; seed += 1) await insertSeedClaim(db, documents, await textClaim(seed, pages));
    return { claims: count, pages: count * pages };
  };

/**
 * Reading alone: `files` read by as many reading threads as there are cores, all at once, after each thread has
 * read one file (a thread's start, pdf.js loading, is paid once per thread in the api, not per claim).
 */
async function readingPagesPerSecondPerCore(files: Uint8Array[], threads: number): Promise<number> {
  const reader = createThreadedReader({ threads, limits: DEFAULT_READ_LIMITS, memoryMb: 1024 });
  const read = (data: Uint8Array, documentId: number) =>
    reader.read({ documentId, fileName: 'claim.pdf', contentType: 'application/pdf', url: '', data });
  try {
    await Promise.all(Array.from({ length: threads }, (_, i) => read(files[i % files.length], i)));
    const started = process.hrtime.bigint();
    const documents = await Promise.all(files.map(read));
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return documents.reduce((pages, document) => pages + document.pages.length, 0) / seconds / threads;
  } finally {
    await reader.close();
  }
}

/**
 * A reviewer on the claims list while the queue verifies a batch: the landing page and a search in turn, one call
 * every 200 ms, each call's time kept in `times`.
 */
const reviewerListing =
  (times: number[]): Meanwhile =>
  async (db, draining) => {
    for (let n = 0; !draining.aborted; n += 1) {
      const started = performance.now();
      if (n % 2 === 0) await listClaims(db, BENCH_PROVIDER, { limit: 25, page_number: 1 }, DEFAULT_DISPLAY_TIME_ZONE);
      else
        await searchClaims(
          db,
          BENCH_PROVIDER,
          { limit: 25, page_number: 1 },
          { query: 'REF', status: ['ADJUDICATED'] },
          DEFAULT_DISPLAY_TIME_ZONE,
        );
      times.push(performance.now() - started);
      await sleep(200);
    }
  };

const perMinute = (run: Run) => (run.claims / run.seconds) * 60;
const verdict = (ok: boolean) => (ok ? 'ok' : 'UNDER GOAL');

const mixClaims = Number(argument('--claims', '20'));
const textCount = Number(argument('--text-claims', '120'));
const cores = availableParallelism();

const mix = await timedRun(1, async (db, documents) => ({ claims: await seedGeneratedClaims(db, documents, mixClaims), pages: 0 }));
const one = await timedRun(1, textClaims(textCount + 1, 5));
const two = await timedRun(2, textClaims(textCount + 2, 5));
const longClaims = await Promise.all(Array.from({ length: 10 }, (_, i) => textClaim(i + 1, 100)));
const reading = await readingPagesPerSecondPerCore(
  longClaims.map((claim) => claim.documents[0].data),
  Math.min(2, cores),
);
const listTimes: number[] = [];
const batch = await timedRun(2, textClaims(BATCH_CLAIMS + 2, 5), reviewerListing(listTimes));
listTimes.sort((a, b) => a - b);
const long = await timedRun(Math.min(2, cores), async (db, documents) => {
  for (const claim of longClaims) await insertSeedClaim(db, documents, claim);
  return { claims: longClaims.length, pages: longClaims.length * 100 };
});

const results = {
  claimsPerMinute: perMinute(mix),
  claims: mix.claims,
  fivePageTextClaimsPerMinute: {
    oneWorker: perMinute(one),
    twoWorkers: perMinute(two),
    claims: { oneWorker: one.claims, twoWorkers: two.claims },
  },
  secondWorkerSpeedUp: perMinute(two) / perMinute(one),
  listDuringBatch: {
    claims: batch.claims,
    calls: listTimes.length,
    p50Ms: percentile(listTimes, 50),
    p95Ms: percentile(listTimes, 95),
    maxMs: listTimes.at(-1) ?? 0,
  },
  hundredPageTextReadPagesPerSecondPerCore: reading,
  hundredPageTextClaimsPagesPerSecond: long.pages / long.seconds,
  cores,
};
console.log(
  `verification: seed mix end to end (queue, read, verify, store)  ${results.claimsPerMinute.toFixed(1)} claims/min over ${mix.claims} claims`,
);
console.log(
  `verification: five-page text claims, 1 worker   ${results.fivePageTextClaimsPerMinute.oneWorker.toFixed(0)} claims/min over ${one.claims} claims, ${one.coresUsed.toFixed(2)} cores busy`,
);
console.log(
  `verification: five-page text claims, 2 workers  ${results.fivePageTextClaimsPerMinute.twoWorkers.toFixed(0)} claims/min over ${two.claims} claims, ${two.coresUsed.toFixed(2)} cores busy (goal ${GOALS.textClaimsPerMinute} on ${cores} cores) ${verdict(results.fivePageTextClaimsPerMinute.twoWorkers >= GOALS.textClaimsPerMinute)}`,
);
console.log(
  `verification: second worker speed-up            ${results.secondWorkerSpeedUp.toFixed(2)}x (goal ${GOALS.secondWorkerSpeedUp}x) ${verdict(results.secondWorkerSpeedUp >= GOALS.secondWorkerSpeedUp)}`,
);
console.log(
  `verification: claims list during a ${batch.claims}-claim batch  p50 ${results.listDuringBatch.p50Ms.toFixed(1)} ms, p95 ${results.listDuringBatch.p95Ms.toFixed(1)} ms (goal ${GOALS.listDuringBatchP95Ms}), max ${results.listDuringBatch.maxMs.toFixed(1)} ms over ${listTimes.length} calls ${verdict(results.listDuringBatch.p95Ms <= GOALS.listDuringBatchP95Ms)}`,
);
console.log(
  `verification: 100-page text PDFs, read          ${results.hundredPageTextReadPagesPerSecondPerCore.toFixed(0)} pages/s per core (goal ${GOALS.pagesPerSecondPerCore}) ${verdict(results.hundredPageTextReadPagesPerSecondPerCore >= GOALS.pagesPerSecondPerCore)}`,
);
console.log(
  `verification: 100-page text claims, queue       ${results.hundredPageTextClaimsPagesPerSecond.toFixed(0)} pages/s over ${long.claims} claims (read, words stored, verified, verdict stored)`,
);
const json = argument('--json', '');
if (json) writeFileSync(json, `${JSON.stringify(results, null, 2)}\n`);
