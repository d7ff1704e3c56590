/**
 * Claims per minute end to end: generated claims (text PDFs and scanned pages in the seed's mix) go
 * into an embedded database and through the durable queue exactly as in production: read (PDF text
 * and OCR), verify, store. `tsx scripts/bench-pipeline.ts [--claims N] [--json FILE]`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/db';
import { startVerificationWorker } from '../src/jobs';
import { seedMastersIfEmpty } from '../src/seed';
import { seedGeneratedClaims } from '../src/seed/generated-claims';
import { createFolderStore } from '../src/storage/folder';

const argument = (name: string, fallback: string): string => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : fallback;
};

const claimCount = Number(argument('--claims', '20'));
const database = await openDatabase({ kind: 'pglite' });
const storeDir = mkdtempSync(join(tmpdir(), 'claims-bench-documents-'));
const store = createFolderStore(storeDir);
try {
  await seedMastersIfEmpty(database.db);
  await seedGeneratedClaims(database.db, store, claimCount);
  const started = process.hrtime.bigint();
  const worker = startVerificationWorker({ db: database.db, store, concurrency: 1 });
  await worker.drain();
  await worker.stop();
  const minutes = Number(process.hrtime.bigint() - started) / 6e10;
  const claimsPerMinute = claimCount / minutes;
  console.log(`verification: end to end (queue, read, verify, store)  ${claimsPerMinute.toFixed(1)} claims/min over ${claimCount} claims`);
  const json = argument('--json', '');
  if (json) writeFileSync(json, `${JSON.stringify({ claimsPerMinute, claims: claimCount }, null, 2)}\n`);
} finally {
  await database.close();
  rmSync(storeDir, { recursive: true, force: true });
}
