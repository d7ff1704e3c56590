/**
 * One verify-claim job, in two resumable phases:
 *   1. read: every document not read yet is read and its words stored at once (status OCR_PENDING while
 *      reading, then OCRED), so a worker that dies mid-way, or a re-run, never reads a document twice;
 *   2. verify: the claim, its read documents, the masters, the rules and the facts go to the adjudicator;
 *      the result is stored in the same transaction that marks the job done (status ADJUDICATED, or
 *      SUSPENDED when no document could be read), the verdict it replaces kept as previousVerification,
 *      the verdict after of the claim's document rounds that await one (claims/document-rounds.ts), and the
 *      files are dropped from the document store if the claim asks for it.
 * Between steps the job checks its signal (the worker stopping, or the lease lost) and gives up cleanly.
 */
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { PreviousVerification } from '@claims/shared-kernel/contract';
import type { Db, Tx } from '../db';
import { recordRoundVerdicts } from '../claims/document-rounds';
import { answersRequested } from '../claims/questions';
import { reviewPolicy, type ReviewPolicy } from '../config';
import { claimDocuments, claims } from '../db/schema';
import { countPagesRead, type VerificationOutcome } from '../http/metrics';
import { pauseClock } from '../review/clock';
import { iso } from '../http/time';
import { type DocumentStore, MissingDocumentError } from '../storage/store';
import { startReview } from '../review/assignment';
import { DocumentRefused } from '../verification/read/limits';
import type { ThreadedReadOptions } from '../verification/read/threaded';
import type { ClaimVerification, DocumentFile, ReadDocument, RuleDefinition, VerificationInput } from '../verification/types';
import type { VerifyJobPayload } from './enqueue';
import { completeJob, setAsideJob, type ClaimedJob } from './queue';
import { documentUrl, loadFacts, loadReadDocuments, loadRules, type MasterDataSource, verificationClaim } from './verification-input';

export interface DocumentReader {
  /**
   * Throws DocumentRefused for a document over a limit, or whose reading crashed or passed the deadline
   * (the claim is then SUSPENDED with its message); rejects with the signal's reason when aborted.
   */
  read(file: DocumentFile, options?: ThreadedReadOptions): Promise<ReadDocument>;
  /** Stops what the reader keeps running (the OCR workers). */
  close?(): Promise<void>;
}

/** Judges a claim; `signal` aborts a verification the job no longer wants (the worker stops, the job is cancelled). */
export type Verifier = (input: VerificationInput, signal?: AbortSignal) => ClaimVerification | Promise<ClaimVerification>;

export interface JobContext {
  db: Db;
  store: DocumentStore;
  reader: DocumentReader;
  verify: Verifier;
  /** Where the masters come from (the worker keeps them while none changes, see cachedMasterData). */
  masters: MasterDataSource;
  /** Aborted when the worker stops, the job's lease is lost or the job is cancelled. */
  signal: AbortSignal;
  /** Seconds the job may spend reading its claim's documents, all together (a reader in threads enforces it). */
  readTimeoutSeconds?: number;
  /** Who reviews a verdict (src/review); by default from the environment, as the api's configuration reads it. */
  review?: ReviewPolicy;
}

/** Thrown at a step boundary once the job's signal is aborted. */
export class JobInterrupted extends Error {
  constructor() {
    super('The job was interrupted');
    this.name = 'JobInterrupted';
  }
}

/** The claim's error_code when documents could not be read (error_message has the reader's words). */
export const UNREADABLE_DOCUMENTS_ERROR_CODE = '422';

const checkpoint = (signal: AbortSignal) => {
  if (signal.aborted) throw new JobInterrupted();
};

export function jobPayload(job: ClaimedJob): VerifyJobPayload {
  const p = job.payload;
  return {
    rerun: p.rerun === true,
    adjudicate: p.adjudicate !== false,
    ...(typeof p.batchId === 'number' ? { batchId: p.batchId } : {}),
    ...(typeof p.requestedBy === 'string' ? { requestedBy: p.requestedBy } : {}),
  };
}

const setStatus = (db: Db, claimId: number, status: string) =>
  db.update(claims).set({ status, lastModifiedOn: sql`now()` }).where(eq(claims.id, claimId));

/** Runs the job to its end and says how it ended (see VerificationOutcome): the verdict stored, or why none was. */
export async function runVerifyJob(ctx: JobContext, job: ClaimedJob): Promise<VerificationOutcome> {
  const { db, signal } = ctx;
  const claimId = job.claimId;
  const [claim] = claimId == null ? [] : await db.select().from(claims).where(eq(claims.id, claimId));
  if (!claim) {
    // The claim was deleted after it was queued: nothing is left to do.
    await db.transaction((tx) => completeJob(tx, job));
    return 'claim_deleted';
  }

  try {
    await readUnreadDocuments(ctx, claim.id);
  } catch (error) {
    if (!(error instanceof DocumentRefused)) throw error;
    await suspendForDocument(db, job, claim, error, ctx.review ?? reviewPolicy());
    return 'SUSPENDED';
  }
  checkpoint(signal);

  if (!jobPayload(job).adjudicate) {
    await db.transaction(async (tx) => {
      await completeJob(tx, job);
      await tx.update(claims).set({ status: 'OCRED', rerunStatus: null, lastModifiedOn: sql`now()` }).where(eq(claims.id, claim.id));
    });
    return 'OCRED';
  }

  await setStatus(db, claim.id, 'TO_BE_ADJUDICATED');
  const [documents, masters, rules, facts] = await Promise.all([
    loadReadDocuments(db, claim.id),
    ctx.masters(db, claim.hospitalCode),
    loadRules(db, claim),
    loadFacts(db, claim.id),
  ]);
  checkpoint(signal);
  const verification = await ctx.verify(
    {
      claim: verificationClaim(claim),
      documents,
      masters,
      rules,
      facts,
    },
    signal,
  );
  checkpoint(signal);

  // The verdict this one replaces, if the claim had one (a re-run, or a verification after findings or answers).
  const previousVerification: PreviousVerification | null = claim.adjudicationResult
    ? {
        adjudicationResult: claim.adjudicationResult,
        lastVerifiedOn: iso(claim.lastVerifiedOn),
        adjudicationDetails: claim.adjudicationDetails,
      }
    : claim.previousVerification;

  await db.transaction(async (tx) => {
    await completeJob(tx, job);
    await tx
      .update(claims)
      .set({
        status: verification.adjudicationResult === 'SUSPENDED' ? 'SUSPENDED' : 'ADJUDICATED',
        adjudicationResult: verification.adjudicationResult,
        adjudicationReason: verification.adjudicationReason,
        rejectionReasons: verification.rejectionReasons,
        adjudicationDetails: withRuleIdentity(verification.adjudicationDetails, rules),
        previousVerification,
        rerunStatus: null,
        errorCode: verification.technicalDetail ? UNREADABLE_DOCUMENTS_ERROR_CODE : null,
        errorMessage: verification.technicalDetail ?? null,
        lastVerifiedOn: sql`now()`,
        lastModifiedOn: sql`now()`,
      })
      .where(eq(claims.id, claim.id));
    await recordRoundVerdicts(tx, claim.id, verification.adjudicationResult);
    // Questions never block the verdict, but a person cannot finish the review without the answers: it waits for them.
    if (await answersRequested(tx, claim)) await pauseClock(tx, claim.id, new Date());
    await startReview(tx, claim.id, verification.adjudicationResult, ctx.review ?? reviewPolicy(), new Date());
    if (claim.deleteAfterAdjudication) await dropFiles(tx, ctx.store, claim.id);
  });
  return verification.adjudicationResult;
}

/**
 * delete_after_adjudication: the rows forget their files and the files leave the store, before the verdict
 * commits (a failure rolls the verdict back and the job is tried again; deleting a deleted file is no error).
 * What was read stays, so a re-run still verifies.
 */
async function dropFiles(tx: Tx, store: DocumentStore, claimId: number): Promise<void> {
  const stored = await tx
    .select({ key: claimDocuments.storageKey })
    .from(claimDocuments)
    .where(and(eq(claimDocuments.claimId, claimId), isNotNull(claimDocuments.storageKey)));
  await tx.update(claimDocuments).set({ storageKey: null, data: null }).where(eq(claimDocuments.claimId, claimId));
  for (const { key } of stored) if (key) await store.delete(key);
}

/**
 * A document over a limit, or one whose reading crashed or timed out: the claim is SUSPENDED with the
 * refusal's reason, without a verdict of the adjudicator. A limit is an answer (the job is done); a crash
 * or timeout sets the job aside, so it is not run into the same crash again.
 */
async function suspendForDocument(
  db: Db,
  job: ClaimedJob,
  claim: typeof claims.$inferSelect,
  refusal: DocumentRefused,
  policy: ReviewPolicy,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (refusal.kind === 'limit') await completeJob(tx, job);
    else await setAsideJob(tx, job, refusal.message);
    await tx
      .update(claims)
      .set({
        status: 'SUSPENDED',
        adjudicationResult: 'SUSPENDED',
        adjudicationReason: refusal.message,
        rejectionReasons: [],
        adjudicationDetails: {},
        previousVerification: claim.adjudicationResult
          ? {
              adjudicationResult: claim.adjudicationResult,
              lastVerifiedOn: iso(claim.lastVerifiedOn),
              adjudicationDetails: claim.adjudicationDetails,
            }
          : claim.previousVerification,
        rerunStatus: null,
        errorCode: UNREADABLE_DOCUMENTS_ERROR_CODE,
        errorMessage: refusal.message,
        lastVerifiedOn: sql`now()`,
        lastModifiedOn: sql`now()`,
      })
      .where(eq(claims.id, claim.id));
    await startReview(tx, claim.id, 'SUSPENDED', policy, new Date());
    await recordRoundVerdicts(tx, claim.id, 'SUSPENDED');
  });
}

/**
 * Reads the documents that have no stored reading yet, storing each one as soon as it is read. A refused
 * document keeps its reason in read_error but stays unread (a re-run after the limits change reads it).
 */
async function readUnreadDocuments(ctx: JobContext, claimId: number): Promise<void> {
  const { db, signal } = ctx;
  const unread = await db
    .select({
      id: claimDocuments.id,
      fileName: claimDocuments.fileName,
      contentType: claimDocuments.contentType,
      storageKey: claimDocuments.storageKey,
    })
    .from(claimDocuments)
    .where(and(eq(claimDocuments.claimId, claimId), isNull(claimDocuments.readAt)))
    .orderBy(asc(claimDocuments.id));
  if (unread.length === 0) {
    await setStatus(db, claimId, 'OCRED');
    return;
  }
  await setStatus(db, claimId, 'OCR_PENDING');
  const [{ pagesRead }] = await db
    .select({ pagesRead: sql<number>`coalesce(sum(${claimDocuments.pages}), 0)::int` })
    .from(claimDocuments)
    .where(and(eq(claimDocuments.claimId, claimId), isNotNull(claimDocuments.readAt)));
  let claimPagesBefore = Number(pagesRead);
  const seconds = ctx.readTimeoutSeconds;
  const deadline = seconds ? { at: Date.now() + seconds * 1000, seconds } : undefined;

  for (const doc of unread) {
    checkpoint(signal);
    // One file in memory at a time.
    const data = doc.storageKey ? await readStored(ctx.store, doc.storageKey) : null;
    const file: DocumentFile | null = data
      ? { documentId: doc.id, fileName: doc.fileName, contentType: doc.contentType, url: documentUrl(claimId, doc.id), data }
      : null;
    const read: ReadDocument = file
      ? await readOne(ctx, file, { claimPagesBefore, deadline, signal })
      : { documentId: doc.id, fileName: doc.fileName, url: documentUrl(claimId, doc.id), pages: [], error: 'the file is no longer stored' };
    claimPagesBefore += read.pages.length;
    countPagesRead(read.pages);
    await db
      .update(claimDocuments)
      .set({ readPages: read.pages, pages: read.pages.length, readError: read.error ?? null, readAt: sql`now()` })
      .where(eq(claimDocuments.id, doc.id));
  }
  await setStatus(db, claimId, 'OCRED');
}

/** One document; a refusal is noted on the document before it ends the job, an abort is an interruption. */
async function readOne(ctx: JobContext, file: DocumentFile, options: ThreadedReadOptions): Promise<ReadDocument> {
  try {
    return await ctx.reader.read(file, options);
  } catch (error) {
    if (ctx.signal.aborted) throw new JobInterrupted();
    if (error instanceof DocumentRefused) {
      await ctx.db.update(claimDocuments).set({ readError: error.message }).where(eq(claimDocuments.id, file.documentId));
    }
    throw error;
  }
}

/** The file, or null when the store no longer has it (any other failure of the store is thrown: the job is tried again). */
async function readStored(store: DocumentStore, key: string): Promise<Buffer | null> {
  try {
    return await store.read(key);
  } catch (error) {
    if (error instanceof MissingDocumentError) return null;
    throw error;
  }
}

/** Every procedure's verification names the rule (id and version) it was judged by. */
function withRuleIdentity(
  details: ClaimVerification['adjudicationDetails'],
  rules: Record<string, RuleDefinition | null>,
): ClaimVerification['adjudicationDetails'] {
  return Object.fromEntries(
    Object.entries(details).map(([code, verification]) => [
      code,
      {
        ...verification,
        ruleId: verification.ruleId ?? rules[code]?.id ?? null,
        ruleVersion: verification.ruleVersion ?? rules[code]?.version ?? null,
      },
    ]),
  );
}
