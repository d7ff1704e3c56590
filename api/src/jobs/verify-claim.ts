/**
 * One verify-claim job, in two resumable phases:
 *   1. read: every document not read yet is read and its words stored at once (status OCR_PENDING while
 *      reading, then OCRED), so a worker that dies mid-way, or a re-run, never reads a document twice;
 *   2. verify: the claim, its read documents, the masters, the rules and the facts go to the adjudicator;
 *      the result is stored in the same transaction that marks the job done (status ADJUDICATED, or
 *      SUSPENDED when no document could be read), and the files are dropped if the claim asks for it.
 * Between steps the job checks its signal (the worker stopping, or the lease lost) and gives up cleanly.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { claimDocuments, claims } from '../db/schema';
import type { ClaimVerification, DocumentFile, ReadDocument, RuleDefinition, VerificationInput } from '../verification/types';
import type { VerifyJobPayload } from './enqueue';
import { completeJob, type ClaimedJob } from './queue';
import { documentUrl, loadFacts, loadMasterData, loadReadDocuments, loadRules } from './verification-input';

export interface DocumentReader {
  read(file: DocumentFile): Promise<ReadDocument>;
  /** Stops what the reader keeps running (the OCR workers). */
  close?(): Promise<void>;
}

export type Verifier = (input: VerificationInput) => ClaimVerification | Promise<ClaimVerification>;

export interface JobContext {
  db: Db;
  reader: DocumentReader;
  verify: Verifier;
  /** Aborted when the worker stops or the job's lease is lost. */
  signal: AbortSignal;
}

/** Thrown at a step boundary once the job's signal is aborted. */
export class JobInterrupted extends Error {
  constructor() {
    super('The job was interrupted');
    this.name = 'JobInterrupted';
  }
}

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

export async function runVerifyJob(ctx: JobContext, job: ClaimedJob): Promise<void> {
  const { db, signal } = ctx;
  const claimId = job.claimId;
  const [claim] = claimId == null ? [] : await db.select().from(claims).where(eq(claims.id, claimId));
  if (!claim) {
    // The claim was deleted after it was queued: nothing is left to do.
    await db.transaction((tx) => completeJob(tx, job));
    return;
  }

  await readUnreadDocuments(ctx, claim.id);
  checkpoint(signal);

  if (!jobPayload(job).adjudicate) {
    await db.transaction(async (tx) => {
      await completeJob(tx, job);
      await tx.update(claims).set({ status: 'OCRED', rerunStatus: null, lastModifiedOn: sql`now()` }).where(eq(claims.id, claim.id));
    });
    return;
  }

  await setStatus(db, claim.id, 'TO_BE_ADJUDICATED');
  const [documents, masters, rules, facts] = await Promise.all([
    loadReadDocuments(db, claim.id),
    loadMasterData(db, claim.hospitalCode),
    loadRules(db, claim),
    loadFacts(db, claim.id),
  ]);
  checkpoint(signal);
  const verification = await ctx.verify({
    claim: {
      id: claim.id,
      caseType: claim.caseType,
      procedureCodes: claim.procedureCodes,
      hospitalCode: claim.hospitalCode,
      organization: claim.org,
    },
    documents,
    masters,
    rules,
    facts,
  });
  checkpoint(signal);

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
        rerunStatus: null,
        errorCode: null,
        errorMessage: null,
        lastVerifiedOn: sql`now()`,
        lastModifiedOn: sql`now()`,
      })
      .where(eq(claims.id, claim.id));
    if (claim.deleteAfterAdjudication) {
      await tx.update(claimDocuments).set({ data: null }).where(eq(claimDocuments.claimId, claim.id));
    }
  });
}

/** Reads the documents that have no stored reading yet, storing each one as soon as it is read. */
async function readUnreadDocuments(ctx: JobContext, claimId: number): Promise<void> {
  const { db, signal } = ctx;
  const unread = await db
    .select({ id: claimDocuments.id, fileName: claimDocuments.fileName, contentType: claimDocuments.contentType })
    .from(claimDocuments)
    .where(and(eq(claimDocuments.claimId, claimId), isNull(claimDocuments.readAt)))
    .orderBy(asc(claimDocuments.id));
  if (unread.length > 0) await setStatus(db, claimId, 'OCR_PENDING');

  for (const doc of unread) {
    checkpoint(signal);
    // One file in memory at a time.
    const [{ data }] = await db.select({ data: claimDocuments.data }).from(claimDocuments).where(eq(claimDocuments.id, doc.id));
    const read: ReadDocument = data
      ? await ctx.reader.read({
          documentId: doc.id,
          fileName: doc.fileName,
          contentType: doc.contentType,
          url: documentUrl(claimId, doc.id),
          data,
        })
      : { documentId: doc.id, fileName: doc.fileName, url: documentUrl(claimId, doc.id), pages: [], error: 'the file is no longer stored' };
    await db
      .update(claimDocuments)
      .set({ readPages: read.pages, pages: read.pages.length, readError: read.error ?? null, readAt: sql`now()` })
      .where(eq(claimDocuments.id, doc.id));
  }
  await setStatus(db, claimId, 'OCRED');
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
