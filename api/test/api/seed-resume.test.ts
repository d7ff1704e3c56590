/**
 * The first start's demo claims survive a kill: the seed stops midway (the document store fails as a killed
 * process would stop writing), and the next start goes on after the last claim it stored, ending with the
 * same claims as a seed that was never stopped, none stored twice, and nothing more to do after.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { openDatabase, type OpenDatabase } from '../../src/db';
import { batches, claims, jobs } from '../../src/db/schema';
import { generatedClaimsPending, seedMastersIfEmpty } from '../../src/seed';
import { seedGeneratedClaims } from '../../src/seed/generated-claims';
import { generateSeedClaims } from '../../src/seed/synthetic/generator';
import { createFolderStore } from '../../src/storage/folder';
import type { DocumentStore } from '../../src/storage/store';

const CLAIMS = 7;
let database: OpenDatabase;
const storeDir = mkdtempSync(join(tmpdir(), 'claims-seed-resume-'));
const store = createFolderStore(storeDir);

/** The store until `writes` documents are written; then every write fails, as a process that was killed. */
function storeKilledAfter(writes: number): DocumentStore {
  let written = 0;
  return {
    ...store,
    put: async (key, data) => {
      if (written >= writes) throw new Error('killed');
      written += 1;
      await store.put(key, data);
    },
  };
}

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
});
afterAll(async () => {
  await database?.close();
  rmSync(storeDir, { recursive: true, force: true });
});

test('a seed killed midway resumes after the last claim it stored, storing each claim once', async () => {
  const db = database.db;
  expect(await generatedClaimsPending(db)).toBe(false);
  await seedMastersIfEmpty(db, () => {}, { generatedClaims: CLAIMS });
  expect(await generatedClaimsPending(db)).toBe(true);

  await expect(seedGeneratedClaims(db, storeKilledAfter(8), CLAIMS)).rejects.toThrow('killed');
  const stopped = await db.select().from(claims);
  expect(stopped.length).toBeGreaterThan(0);
  expect(stopped.length).toBeLessThan(CLAIMS);
  expect(await generatedClaimsPending(db)).toBe(true);

  // The next start: the plan of the first one counts, whatever count this start is given.
  const logged: string[] = [];
  expect(await seedGeneratedClaims(db, store, 300, (line) => logged.push(line))).toBe(CLAIMS - stopped.length);
  expect(logged[0]).toBe(`resuming the seed at claim ${stopped.length + 1} of ${CLAIMS}`);
  expect(await generatedClaimsPending(db)).toBe(false);

  const seeded = await db.select().from(claims).orderBy(asc(claims.id));
  const expected = await generateSeedClaims(CLAIMS);
  expect(seeded.map((c) => c.referenceClaimId)).toEqual(expected.map((c) => c.referenceClaimId));
  // Each queued once, and the console batches made once.
  for (const claim of seeded.filter((c) => c.status === 'TO_BE_OCRED')) {
    expect(await db.select().from(jobs).where(eq(jobs.claimId, claim.id))).toHaveLength(1);
  }
  expect((await db.select().from(batches)).map((b) => b.batchName).sort()).toEqual([
    'maxbupa-seed-batch',
    'starhealth-seed-batch',
    'vitraya-seed-batch',
  ]);

  // A later start has nothing left to do.
  expect(await seedGeneratedClaims(db, store, CLAIMS)).toBe(0);
  expect(await db.select().from(claims)).toHaveLength(CLAIMS);
});
