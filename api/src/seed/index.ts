/**
 * Seeds an empty database on first start (SEED=true): organisations, demo users and error
 * categories, the synthetic master catalog (masters, rules, questions), and generated claims with
 * their documents, queued for verification.
 */
import { count, inArray } from 'drizzle-orm';
import type { CaseType } from '@claims/shared-kernel/constants';
import { catalog } from '../synthetic/catalog';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { DEFAULT_SEED_CLAIMS, streamSeedClaims, type GeneratedClaim } from '../synthetic/generator';
import type { Db, DbOrTx } from '../db';
import { batches, claimDocuments, claims, organizations, procedures } from '../db/schema';
import { enqueueVerification } from '../jobs/enqueue';
import type { UploadType } from '../claims/upload';
import { seedBase } from './base';
import { seedCatalog } from './catalog';

/** Seed claims are verified after anything a person asks for. */
const SEED_PRIORITY = 200;

/** One claim to seed: the generator's output, or any claim with its files (tests build their own). */
export interface SeedClaim {
  org: string;
  referenceClaimId: string;
  caseType: CaseType;
  patientName: string;
  procedureCodes: string[];
  hospitalCode: string | null;
  deleteAfterVerification?: boolean;
  createdOn?: Date | string;
  /** Console claims downloaded from an insurer (spec 3 §3.3). */
  downloaded?: boolean;
  /** Default TO_BE_OCRED, which queues the claim for verification. */
  status?: string;
  intimationNumber?: string | null;
  insurerIllnessName?: string | null;
  insurerProcedureName?: string | null;
  insurerClaimStatus?: string | null;
  errorCode?: string | null;
  errorMessage?: string | null;
  /** A console batch the claim belongs to; its verification then runs in the batch's priority. */
  batchId?: number | null;
  documents: { fileName: string; contentType: UploadType; data: Uint8Array }[];
}

export async function insertSeedClaim(db: DbOrTx, claim: SeedClaim): Promise<number> {
  const found = claim.procedureCodes.length
    ? await db.select().from(procedures).where(inArray(procedures.procedureCode, claim.procedureCodes))
    : [];
  const chosen = claim.procedureCodes.map((code) => found.find((p) => p.procedureCode === code));
  const status = claim.status ?? 'TO_BE_OCRED';
  const createdOn = claim.createdOn ? new Date(claim.createdOn) : new Date();
  const [row] = await db
    .insert(claims)
    .values({
      org: claim.org,
      referenceClaimId: claim.referenceClaimId,
      caseType: claim.caseType,
      patientName: claim.patientName,
      procedureCodes: claim.procedureCodes,
      procedureNames: chosen.map((p, i) => p?.name ?? claim.procedureCodes[i]),
      snomedCodes: chosen.flatMap((p) => (p ? [p.snomedctCode] : [])),
      hospitalCode: claim.hospitalCode,
      status,
      deleteAfterAdjudication: claim.deleteAfterVerification ?? false,
      downloaded: claim.downloaded ?? false,
      intimationNumber: claim.intimationNumber ?? null,
      insurerIllnessName: claim.insurerIllnessName ?? null,
      insurerProcedureName: claim.insurerProcedureName ?? null,
      insurerClaimStatus: claim.insurerClaimStatus ?? null,
      errorCode: claim.errorCode ?? null,
      errorMessage: claim.errorMessage ?? null,
      batchId: claim.batchId ?? null,
      arrivalDate: claim.downloaded ? createdOn : null,
      createdBy: 'seed',
      createdOn,
      lastModifiedBy: 'seed',
      lastModifiedOn: createdOn,
    })
    .returning({ id: claims.id });
  if (claim.documents.length) {
    await db.insert(claimDocuments).values(
      claim.documents.map((d) => ({
        claimId: row.id,
        fileName: d.fileName,
        contentType: d.contentType,
        size: d.data.length,
        data: d.data,
      })),
    );
  }
  if (status === 'TO_BE_OCRED') {
    await enqueueVerification(
      db,
      row.id,
      claim.batchId ? { batchId: claim.batchId, requestedBy: 'seed' } : { priority: SEED_PRIORITY, requestedBy: 'seed' },
    );
  }
  return row.id;
}

/**
 * Seeds the organisations, users and master catalog when the database has no organisations yet.
 * Answers whether it did (a seeded database is left alone).
 */
export async function seedMastersIfEmpty(db: Db, log: (message: string) => void = () => {}): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(organizations);
  if (n > 0) return false;
  await db.transaction(async (tx) => {
    await seedBase(tx);
    await seedCatalog(tx, catalog);
  });
  log('seeded organisations, demo users, error categories and the master catalog');
  return true;
}

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
export async function seedGeneratedClaims(db: Db, count = DEFAULT_SEED_CLAIMS, log: (message: string) => void = () => {}): Promise<number> {
  if (count <= 0) return 0;
  log(`generating ${count} synthetic claims with their documents`);
  const batchIds = await seedConsoleBatches(db);
  let index = 0;
  for await (const claim of streamSeedClaims(count)) {
    const seedClaim = asConsoleClaim(claim, index, (org) => batchIds.get(org));
    await db.transaction((tx) => insertSeedClaim(tx, seedClaim));
    index += 1;
    await nextTurn();
  }
  log(`seeded ${index} claims, queued for verification`);
  return index;
}
