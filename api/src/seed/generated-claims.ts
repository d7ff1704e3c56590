/**
 * The demo claims of the first start: generated claims (./synthetic/generator) with their documents,
 * stored and queued like any seed claim. main.ts imports this module dynamically, only when it seeds
 * them, so the generator stays out of the server otherwise.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { eq, inArray } from 'drizzle-orm';
import { DEFAULT_DISPLAY_TIME_ZONE } from '@claims/shared-kernel/constants';
import type { Db } from '../db';
import type { InboxConnector } from '../inbox/connector';
import { batches, seedProgress } from '../db/schema';
import { dueTimeFor } from '../review/settings';
import type { DocumentStore } from '../storage/store';
import { seedArrival } from './arrivals';
import { GENERATED_CLAIMS_SEED, insertSeedClaim, type SeedClaim } from './index';
import { seedInbox } from './inbox';
import { catalog } from './synthetic/catalog';
import { streamSeedClaimsInThread } from './claim-stream';
import { DEFAULT_SEED, DEFAULT_SEED_CLAIMS, type GeneratedClaim } from './synthetic/generator';

const HOUR_MS = 3_600_000;

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

/**
 * One console batch per insurer, so the Batch Summary shows real counts as the seed is verified; a resumed seed
 * finds the ones it made before (a batch's name is unique in its organisation).
 */
async function seedConsoleBatches(db: Db): Promise<Map<string, number>> {
  const wanted = [...CONSOLE_ORGS].map((org, i) => ({
    batchName: `${org}-seed-batch`,
    org,
    downloaded: true,
    priority: 100 + i,
    status: 'TO_BE_PROCESSED',
    createdBy: `${org}.admin`,
  }));
  await db.insert(batches).values(wanted).onConflictDoNothing();
  const rows = await db
    .select({ id: batches.id, org: batches.org, name: batches.batchName })
    .from(batches)
    .where(
      inArray(
        batches.batchName,
        wanted.map((b) => b.batchName),
      ),
    );
  return new Map(rows.filter((r) => r.name === `${r.org}-seed-batch`).map((r) => [r.org, r.id]));
}

/**
 * Generates claims with their documents (in a thread of their own, see ./claim-stream) and queues each as it is
 * made, in its own transaction with the seed's progress, so the api answers while the demo data arrives. The
 * plan (how many) is the one of the first start when there is one (seedMastersIfEmpty), else `count`; a seed
 * that was stopped (the api killed) goes on after the last claim it stored, never storing one twice.
 * Each claim arrived before the seed's start (`timing`, see ./arrivals), so that some reviews are overdue, some due
 * today and some later. Answers how many claims this call stored.
 */
export async function seedGeneratedClaims(
  db: Db,
  store: DocumentStore,
  count = DEFAULT_SEED_CLAIMS,
  log: (message: string) => void = () => {},
  inbox?: InboxConnector,
  timing: { startedAt: Date; zone: string } = { startedAt: new Date(), zone: DEFAULT_DISPLAY_TIME_ZONE },
): Promise<number> {
  if (count <= 0) return 0;
  await db.insert(seedProgress).values({ name: GENERATED_CLAIMS_SEED, target: count }).onConflictDoNothing();
  const [plan] = await db.select().from(seedProgress).where(eq(seedProgress.name, GENERATED_CLAIMS_SEED));
  const from = plan.cursor ?? undefined;
  if (from && from.index >= plan.target) return 0;
  if (!from && inbox) log(`wrote ${await seedInbox(inbox)} manifest rows into the insurer inbox`);
  log(
    from
      ? `resuming the seed at claim ${from.index + 1} of ${plan.target}`
      : `generating ${plan.target} synthetic claims with their documents`,
  );
  const batchIds = await seedConsoleBatches(db);
  let stored = 0;
  for await (const { claim, next } of streamSeedClaimsInThread(plan.target, DEFAULT_SEED, from)) {
    const index = next.index - 1;
    const dueHours = ((await dueTimeFor(db, claim.org, claim.caseType, timing.startedAt)).getTime() - timing.startedAt.getTime()) / HOUR_MS;
    const seedClaim = {
      ...asConsoleClaim(claim, index, (org) => batchIds.get(org)),
      arrivalDate: seedArrival(index, dueHours, timing.startedAt, timing.zone),
    };
    await insertSeedClaim(db, store, seedClaim, (tx) =>
      tx.update(seedProgress).set({ cursor: next }).where(eq(seedProgress.name, GENERATED_CLAIMS_SEED)),
    );
    stored += 1;
    await nextTurn();
  }
  log(`seeded ${stored} claims, queued for verification`);
  return stored;
}
