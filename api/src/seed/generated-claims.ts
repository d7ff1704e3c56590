/**
 * The demo claims of the first start: generated claims (./synthetic/generator) with their documents,
 * stored and queued like any seed claim. main.ts imports this module dynamically, only when it seeds
 * them, so the generator stays out of the server otherwise.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../db';
import { batches } from '../db/schema';
import type { DocumentStore } from '../storage/store';
import { insertSeedClaim, type SeedClaim } from './index';
import { seedInbox } from './inbox';
import { catalog } from './synthetic/catalog';
import { DEFAULT_SEED_CLAIMS, streamSeedClaims, type GeneratedClaim } from './synthetic/generator';

/** The insurers whose claims the console downloads (spec 3 §2.7 insurer dropdown). */
const CONSOLE_ORGS = new Set(['vitraya', 'starhealth', 'maxbupa']);
/** Every CONSOLE_SHARE-th claim of those insurers arrived through the console rather than the review list. */
const CONSOLE_SHARE = 3;
const CONSOLE_FAILURES = [
  { status: 'DOWNLOAD_FAILED', errorCode: '404', errorMessage: 'Claim documents not found at the insurer portal' },
  { status: 'UPLOAD_FAILED', errorCode: '500', errorMessage: 'Upload to the verification store timed out' },
  { status: 'VERIFICATION_FAILED', errorCode: '500', errorMessage: 'Verification could not start: document storage unavailable' },
] as const;

/**
 * Gives a generated claim the console's fields when it is one the console downloaded: an intimation
 * number, the insurer's own names, and for some a failed download, upload or verification (not queued).
 */
function asConsoleClaim(claim: GeneratedClaim, index: number, batchOf: (org: string) => number | undefined): SeedClaim {
  if (!CONSOLE_ORGS.has(claim.org) || index % CONSOLE_SHARE !== 0) return claim;
  const procedure = catalog.procedures.find((p) => p.procedure_code === claim.procedureCodes[0]);
  const diagnosis = claim.expected.entities.find((e) => e.type === 'diagnoses' && e.present)?.name ?? null;
  const failure = index % (CONSOLE_SHARE * 7) === 0 ? CONSOLE_FAILURES[(index / (CONSOLE_SHARE * 7)) % CONSOLE_FAILURES.length] : null;
  return {
    ...claim,
    downloaded: true,
    intimationNumber: `INT${String(100000 + index)}`,
    insurerIllnessName: diagnosis,
    insurerProcedureName: procedure?.name ?? null,
    insurerClaimStatus: claim.caseType === 'PRE_AUTH' ? 'Pre-auth requested' : 'Claim submitted',
    ...(failure
      ? { status: failure.status, errorCode: failure.errorCode, errorMessage: failure.errorMessage }
      : { batchId: batchOf(claim.org) }),
  };
}

/** One console batch per insurer, so the Batch Summary shows real counts as the seed is verified. */
async function seedConsoleBatches(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .insert(batches)
    .values(
      [...CONSOLE_ORGS].map((org, i) => ({
        batchName: `${org}-seed-batch`,
        org,
        downloaded: true,
        priority: 100 + i,
        status: 'TO_BE_PROCESSED',
        createdBy: `${org === 'vitraya' ? 'vitraya' : org}.admin`,
      })),
    )
    .returning({ id: batches.id, org: batches.org });
  return new Map(rows.map((r) => [r.org, r.id]));
}

/**
 * Generates claims with their documents and queues each as it is made, in its own transaction; between
 * claims the event loop serves requests, so the api answers while the demo data arrives.
 */
export async function seedGeneratedClaims(
  db: Db,
  store: DocumentStore,
  count = DEFAULT_SEED_CLAIMS,
  log: (message: string) => void = () => {},
  inboxDir?: string,
): Promise<number> {
  if (count <= 0) return 0;
  if (inboxDir) log(`wrote ${await seedInbox(inboxDir)} manifest rows into the insurer inbox ${inboxDir}`);
  log(`generating ${count} synthetic claims with their documents`);
  const batchIds = await seedConsoleBatches(db);
  let index = 0;
  for await (const claim of streamSeedClaims(count)) {
    const seedClaim = asConsoleClaim(claim, index, (org) => batchIds.get(org));
    await insertSeedClaim(db, store, seedClaim);
    index += 1;
    await nextTurn();
  }
  log(`seeded ${index} claims, queued for verification`);
  return index;
}
