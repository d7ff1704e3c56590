/**
 * Seeds an empty database on first start (SEED=true): organisations, demo users and error
 * categories, and the synthetic master catalog (masters, rules, questions). The generated demo claims
 * come after, from ./generated-claims, which main.ts loads only when it seeds them. The synthetic
 * catalog and claim generator (./synthetic) are seed and test tooling, loaded only while seeding.
 */
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { CaseType } from '@claims/shared-kernel/constants';
import { advisoryLockKey, type Db, type DbOrTx } from '../db';
import { claims, organizations, procedures, seedProgress } from '../db/schema';
import { enqueueVerification } from '../jobs/enqueue';
import { recordClaimDocuments, withStoredDocuments, type StoredDocument, type UploadType } from '../claims/upload';
import type { DocumentStore } from '../storage/store';
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
  /** When the claim arrived, which its review's due time counts from; default its creation for a console claim. */
  arrivalDate?: Date;
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

/**
 * Stores the claim's files, then the claim with its documents in one transaction, queued unless its status says
 * otherwise; `alongside` writes in the same transaction (the seed's progress), so both are stored or neither.
 */
export async function insertSeedClaim(
  db: Db,
  store: DocumentStore,
  claim: SeedClaim,
  alongside?: (tx: DbOrTx) => Promise<unknown>,
): Promise<number> {
  return withStoredDocuments(store, claim.documents, (stored) =>
    db.transaction(async (tx) => {
      const id = await insertClaimRows(tx, claim, stored);
      await alongside?.(tx);
      return id;
    }),
  );
}

async function insertClaimRows(db: DbOrTx, claim: SeedClaim, stored: StoredDocument[]): Promise<number> {
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
      arrivalDate: claim.arrivalDate ?? (claim.downloaded ? createdOn : null),
      createdBy: 'seed',
      createdOn,
      lastModifiedBy: 'seed',
      lastModifiedOn: createdOn,
    })
    .returning({ id: claims.id });
  await recordClaimDocuments(db, row.id, stored);
  if (status === 'TO_BE_OCRED') {
    await enqueueVerification(
      db,
      row.id,
      claim.batchId ? { batchId: claim.batchId, requestedBy: 'seed' } : { priority: SEED_PRIORITY, requestedBy: 'seed' },
    );
  }
  return row.id;
}

/** The seed_progress row of the generated demo claims. */
export const GENERATED_CLAIMS_SEED = 'generated-claims';

/**
 * Seeds the organisations, users and master catalog when the database has no organisations yet, and with
 * them the plan of `generatedClaims` demo claims (stored later by ./generated-claims, resumed after a kill).
 * Answers whether it did (a seeded database is left alone). Whether it is empty is decided under a lock held
 * until the seed is stored, so that of processes starting at once on an empty database one seeds it.
 */
export async function seedMastersIfEmpty(
  db: Db,
  log: (message: string) => void = () => {},
  { generatedClaims = 0 }: { generatedClaims?: number } = {},
): Promise<boolean> {
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${advisoryLockKey('seed')})`);
    const [{ n }] = await tx.select({ n: count() }).from(organizations);
    if (n > 0) return false;
    // The synthetic catalog is loaded only to seed it.
    const { catalog } = await import('./synthetic/catalog');
    await seedBase(tx);
    await seedCatalog(tx, catalog);
    if (generatedClaims > 0) await tx.insert(seedProgress).values({ name: GENERATED_CLAIMS_SEED, target: generatedClaims });
    return true;
  });
  if (seeded) log('seeded organisations, demo users, error categories and the master catalog');
  return seeded;
}

/** Whether generated demo claims are still to be stored: planned at the first start, not all stored yet. */
export async function generatedClaimsPending(db: Db): Promise<boolean> {
  const [plan] = await db.select().from(seedProgress).where(eq(seedProgress.name, GENERATED_CLAIMS_SEED));
  return Boolean(plan) && (plan.cursor?.index ?? 0) < plan.target;
}
