/**
 * Upload on the Uploads/Verification failed tab (spec 3 §4, §9): a claim whose upload or verification failed is
 * uploaded again, that is its documents are checked in the document store. All there: UPLOADED, its error cleared,
 * ready to verify. One missing: UPLOAD_FAILED again, naming the document. retryFailedClaims runs the tab's three
 * actions on a selection (or on the batch of the spec's call).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ReuploadResponse } from '@claims/shared-kernel/contract';
import type { AuthContext } from '../auth/tokens';
import { lockConsoleClaims, refuseClaimsBeingVerified } from '../claims/console';
import type { Db, DbOrTx } from '../db';
import { batches, claimDocuments, claims } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';
import { MissingDocumentError, type DocumentStore } from '../storage/store';
import { loadBatch, type BatchRecord } from './lookup';
import { checkTransition, finishIfNothingLeft, moveBatches, queueClaims, verifyBatchClaims } from './status';
import { auditClaims } from '../audit/operations';

/** How the console names a claim: its intimation number, or the reference of a claim without one. */
const CLAIM_NAME = sql<string>`coalesce(${claims.intimationNumber}, ${claims.referenceClaimId})`;

/** The error code of a claim whose documents are not (all) in the document store. */
export const MISSING_UPLOAD_ERROR_CODE = '404';

async function missingDocument(store: DocumentStore, documents: { fileName: string; storageKey: string | null }[]): Promise<string | null> {
  if (!documents.length) return 'The claim has no documents';
  for (const document of documents) {
    if (!document.storageKey) return `Document '${document.fileName}' is no longer kept`;
    try {
      await store.size(document.storageKey);
    } catch (error) {
      if (error instanceof MissingDocumentError) return `Document '${document.fileName}' is missing from the document store`;
      throw error;
    }
  }
  return null;
}

/** Re-uploads the claims; answers those now UPLOADED (with their status before, for a verification that follows). */
export async function reuploadClaims(
  db: DbOrTx,
  store: DocumentStore,
  claimIds: number[],
  username: string,
): Promise<{ id: number; status: string }[]> {
  if (!claimIds.length) return [];
  const rows = await db.select({ id: claims.id, status: claims.status }).from(claims).where(inArray(claims.id, claimIds));
  const documents = await db
    .select({ claimId: claimDocuments.claimId, fileName: claimDocuments.fileName, storageKey: claimDocuments.storageKey })
    .from(claimDocuments)
    .where(inArray(claimDocuments.claimId, claimIds));
  const uploaded: { id: number; status: string }[] = [];
  const now = new Date();
  for (const claim of rows) {
    const problem = await missingDocument(
      store,
      documents.filter((d) => d.claimId === claim.id),
    );
    await db
      .update(claims)
      .set(
        problem
          ? {
              status: 'UPLOAD_FAILED',
              errorCode: MISSING_UPLOAD_ERROR_CODE,
              errorMessage: problem,
              lastModifiedBy: username,
              lastModifiedOn: now,
            }
          : { status: 'UPLOADED', errorCode: null, errorMessage: null, lastModifiedBy: username, lastModifiedOn: now },
      )
      .where(eq(claims.id, claim.id));
    const status = problem ? 'UPLOAD_FAILED' : 'UPLOADED';
    await auditClaims(db, username, 'status', [{ id: claim.id, before: { status: claim.status }, after: { status } }]);
    if (!problem) uploaded.push(claim);
  }
  return uploaded;
}

/** The statuses of the Uploads/Verification failed tab: what its actions take up again. */
const FAILED_STATUSES = ['UPLOAD_FAILED', 'VERIFICATION_FAILED'];

export interface RetryRequest {
  /** The batch of the spec's call ({id}); with claimIds, the batch every claim must be in. */
  batchId?: number;
  /** The tab's selection: only these claims. */
  claimIds?: number[];
  upload: boolean;
  verify: boolean;
  /** With verify: every claim of the batches verified again, those already verified too. */
  override: boolean;
}

/** A claim the failed tab's action takes up, with its batch. */
type RetryClaim = { id: number; name: string; status: string; batchId: number };

const listed = (rows: { name: string }[]) => rows.map((r) => r.name).join(', ');

/**
 * The selected claims, checked before anything changes: console claims of the organisation (404), of `batch` when one
 * is named (400), each in a batch (409), not on the verification queue (409), failed (409), and for a verification
 * without upload not UPLOAD_FAILED (409: nothing to verify until uploaded again).
 */
async function selectedFailedClaims(tx: DbOrTx, org: string, claimIds: number[], batch: BatchRecord | null, upload: boolean) {
  const rows = await lockConsoleClaims(tx, org, claimIds);
  if (batch) {
    const elsewhere = rows.filter((r) => r.batchId !== batch.id);
    if (elsewhere.length) throw badRequest(`claimIdList: not in batch '${batch.batchName}': ${listed(elsewhere)}`);
  }
  const unbatched = rows.filter((r) => r.batchId == null);
  if (unbatched.length) throw conflict(`These claims are in no batch: ${listed(unbatched)}; create a batch of them first`);
  refuseClaimsBeingVerified(rows);
  const notFailed = rows.filter((r) => !FAILED_STATUSES.includes(r.status));
  if (notFailed.length) throw conflict(`These claims have not failed to upload or verify: ${listed(notFailed)}`);
  if (!upload) {
    const notUploaded = rows.filter((r) => r.status === 'UPLOAD_FAILED');
    if (notUploaded.length) throw conflict(`The upload of these claims failed; upload them first: ${listed(notUploaded)}`);
  }
  return rows.map(({ id, name, status, batchId }) => ({ id, name, status, batchId: batchId as number }));
}

/** The batches of the claims, locked in turn (404 for one no longer there). */
async function lockBatches(tx: DbOrTx, org: string, batchIds: number[]): Promise<BatchRecord[]> {
  const rows = await tx
    .select()
    .from(batches)
    .where(and(eq(batches.org, org), inArray(batches.id, batchIds)))
    .for('update');
  const missing = batchIds.filter((id) => !rows.some((b) => b.id === id));
  if (missing.length) throw notFound(`Batch not found: ${missing.join(', ')}`);
  return rows;
}

/**
 * Upload, Verify and Upload & Verify on the Uploads/Verification failed tab (PUT /claim/batch/reupload), all or nothing
 * in one transaction. With claims named (the tab's selection) only they are uploaded again and verified, in whichever
 * batches they are; without, the spec's call: the failed claims of the batch `batchId`, then the batch verified.
 * Verifying moves the batches to TO_BE_PROCESSED (409 for one that cannot be verified). A claim whose documents are
 * still missing stays UPLOAD_FAILED, is not verified, and is named in the answer.
 */
export async function retryFailedClaims(
  db: Db,
  store: DocumentStore,
  auth: AuthContext,
  org: string,
  request: RetryRequest,
  requestedOrg: string | undefined,
): Promise<ReuploadResponse> {
  const notUploaded = await db.transaction(async (tx) => {
    const batch = request.batchId === undefined ? null : await loadBatch(tx, auth, request.batchId, requestedOrg, true);
    let chosen: RetryClaim[];
    let batchRows: BatchRecord[];
    if (request.claimIds) {
      chosen = await selectedFailedClaims(tx, org, request.claimIds, batch, request.upload);
      batchRows = batch ? [batch] : await lockBatches(tx, org, [...new Set(chosen.map((c) => c.batchId))]);
    } else if (batch) {
      chosen = await tx
        .select({ id: claims.id, name: CLAIM_NAME, status: claims.status, batchId: sql<number>`${claims.batchId}` })
        .from(claims)
        .where(and(eq(claims.batchId, batch.id), inArray(claims.status, FAILED_STATUSES)));
      batchRows = [batch];
    } else {
      throw badRequest('id: name the batch (id) or the claims (claimIdList)');
    }
    if (request.verify) checkTransition(batchRows, 'TO_BE_PROCESSED');

    const ready = request.upload
      ? await reuploadClaims(
          tx,
          store,
          chosen.map((c) => c.id),
          auth.username,
        )
      : chosen;
    const readyIds = new Set(ready.map((c) => c.id));
    if (request.verify) {
      if (request.claimIds) {
        await tx
          .update(batches)
          .set({ status: 'TO_BE_PROCESSED', lastModifiedAt: new Date() })
          .where(
            inArray(
              batches.id,
              batchRows.map((b) => b.id),
            ),
          );
        for (const { id } of batchRows) {
          await queueClaims(
            tx,
            id,
            chosen.filter((c) => c.batchId === id && readyIds.has(c.id)),
            auth.username,
          );
          if (request.override) await verifyBatchClaims(tx, id, auth.username, 'all');
        }
        await finishIfNothingLeft(
          tx,
          batchRows.map((b) => b.id),
        );
      } else {
        await moveBatches(tx, batchRows, 'TO_BE_PROCESSED', auth.username, { override: request.override });
      }
    }
    const failedAgain = chosen.filter((c) => !readyIds.has(c.id)).map((c) => c.id);
    if (!failedAgain.length) return [];
    const rows = await tx
      .select({ id: claims.id, name: CLAIM_NAME, errorMessage: claims.errorMessage })
      .from(claims)
      .where(inArray(claims.id, failedAgain))
      .orderBy(claims.id);
    return rows.map((r) => ({ id: r.id, intimation_number: r.name, error_message: r.errorMessage ?? '' }));
  });
  return {
    Message: request.upload && request.verify ? 'Uploaded and verified successfully' : 'Successfully Done',
    notUploaded,
  };
}
