/**
 * POST /claim/batch/create (spec 1 §3, spec 3 §4, §5 'Console actions', §7): a batch of the chosen claims, then the
 * chosen action: Verify (optionally setting the hospital and keeping one case type), Suspend, Archive, Discard (with a
 * reason), and on the Uploads/Verification failed tab Upload and Upload & Verify. The batch appears in the console's
 * Batch Summary whether it was made there or from the claims list.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { OPEN_BATCH_STATUSES } from '@claims/shared-kernel/constants';
import type { BatchCreateAction, BatchCreateBody, BatchCreateResponse } from '@claims/shared-kernel/contract';
import { scopeOrg } from '../auth/access';
import type { AuthContext } from '../auth/tokens';
import type { Db, DbOrTx } from '../db';
import { batches, claims, hospitals } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';
import type { DocumentStore } from '../storage/store';
import { requireBatchRight } from './access';
import { batchesLeaving, requireMoveConfirmed, settleLeftBatches } from './leaving';
import { reuploadClaims } from './reupload';
import { finishIfNothingLeft, queueClaims } from './status';
import { auditBatches, batchFields } from '../audit/operations';

type CreateInput = Omit<BatchCreateBody, 'claims' | 'downloadedClaimFlag'> & { claims: number[]; downloadedClaimFlag: boolean };

const ACTIONS: Record<BatchCreateAction, { status: string; message: string; verifies: boolean; uploads: boolean }> = {
  verify: {
    status: 'TO_BE_PROCESSED',
    message: 'Batch created and verification process initiated successfully',
    verifies: true,
    uploads: false,
  },
  suspend: { status: 'SUSPENDED', message: 'Batch created and suspended successfully', verifies: false, uploads: false },
  archive: { status: 'ARCHIVED', message: 'Batch created and archived successfully', verifies: false, uploads: false },
  discard: { status: 'DISCARDED', message: 'Successfully Done', verifies: false, uploads: false },
  upload: { status: 'CREATED', message: 'Successfully Done', verifies: false, uploads: true },
  uploadAndVerify: { status: 'TO_BE_PROCESSED', message: 'Uploaded and verified successfully', verifies: true, uploads: true },
};

/** Claims whose download failed have no documents to upload or verify until Retry brings them. */
const NOT_DOWNLOADED = ['DOWNLOAD_FAILED', 'TO_BE_REDOWNLOADED'];

const nameOf = (c: { intimationNumber: string | null; referenceClaimId: string }) => c.intimationNumber ?? c.referenceClaimId;

/** A new batch goes after the open batches (only they are in the queue's order; finished ones keep old numbers). */
async function nextPriority(db: DbOrTx, org: string): Promise<number> {
  const [{ top }] = await db
    .select({ top: sql<number>`coalesce(max(${batches.priority}), 0)`.mapWith(Number) })
    .from(batches)
    .where(and(eq(batches.org, org), inArray(batches.status, [...OPEN_BATCH_STATUSES])));
  return top + 1;
}

export async function createBatch(
  db: Db,
  store: DocumentStore,
  auth: AuthContext,
  body: CreateInput,
  requestedOrg: string | undefined,
): Promise<BatchCreateResponse> {
  requireBatchRight(auth, body.downloadedClaimFlag);
  const org = await scopeOrg(db, auth, body.organization ?? requestedOrg);
  const action = ACTIONS[body.action ?? 'verify'];
  const reason = body.reason?.trim();
  if (body.action === 'discard' && !reason) throw badRequest('reason: a reason is required to discard a batch');
  if (body.hospitalCode) {
    const [hospital] = await db.select({ id: hospitals.id }).from(hospitals).where(eq(hospitals.hospitalCode, body.hospitalCode));
    if (!hospital) throw badRequest(`hospitalCode: unknown hospital '${body.hospitalCode}'`);
  }

  return db.transaction(async (tx) => {
    const ids = [...new Set(body.claims)];
    // Locked: two batches made at once from the same claims cannot both take them.
    const found = await tx
      .select()
      .from(claims)
      .where(and(eq(claims.org, org), inArray(claims.id, ids)))
      .for('update');
    const missing = ids.filter((id) => !found.some((c) => c.id === id));
    if (missing.length) throw notFound(`Claims not found: ${missing.join(', ')}`);

    // The console leaves out claims already in another batch and claims of the other case type (spec 3 §5).
    let chosen = found;
    if (body.downloadedClaimFlag) {
      chosen = chosen.filter((c) => c.batchId == null);
      if (!chosen.length) throw conflict('The selected claims are already in another batch');
    }
    if (body.caseType) {
      chosen = chosen.filter((c) => c.caseType === body.caseType);
      if (!chosen.length) throw badRequest(`caseType: none of the selected claims is of case type ${body.caseType}`);
    }
    if (action.verifies || action.uploads) {
      const failed = chosen.filter((c) => NOT_DOWNLOADED.includes(c.status));
      if (failed.length) throw badRequest(`claims: the download of these claims failed; retry it first (${failed.map(nameOf).join(', ')})`);
    }
    if (action.verifies) {
      const unnamed = chosen.filter((c) => c.procedureCodes.length === 0);
      if (unnamed.length) throw badRequest(`claims: add procedure names first (${unnamed.map(nameOf).join(', ')})`);
    }
    // The claims list takes claims out of their batches only once the user confirmed it, naming the batches.
    const chosenIds = chosen.map((c) => c.id);
    const left = body.downloadedClaimFlag ? [] : await batchesLeaving(tx, org, chosenIds);
    requireMoveConfirmed(left, body.moveFromBatches);
    const moved = chosen.filter((c) => c.batchId != null).map((c) => c.id);
    const [duplicate] = await tx
      .select({ id: batches.id })
      .from(batches)
      .where(and(eq(batches.org, org), eq(batches.batchName, body.batchName)));
    if (duplicate) throw conflict(`A batch named '${body.batchName}' already exists`);

    const [batch] = await tx
      .insert(batches)
      .values({
        batchName: body.batchName,
        org,
        downloaded: body.downloadedClaimFlag,
        priority: await nextPriority(tx, org),
        status: action.status,
        reason: reason ?? null,
        createdBy: auth.username,
      })
      .returning();
    await auditBatches(tx, auth.username, 'create', [
      { id: batch.id, before: null, after: { ...batchFields(batch), claims: chosen.map(nameOf) } },
    ]);
    await tx
      .update(claims)
      .set({
        batchId: batch.id,
        ...(body.hospitalCode ? { hospitalCode: body.hospitalCode } : {}),
        lastModifiedBy: auth.username,
        lastModifiedOn: new Date(),
      })
      .where(inArray(claims.id, chosenIds));
    // A moved claim's analyst came with its old batch's allocation; the new batch is allocated anew.
    if (moved.length) await tx.update(claims).set({ assignedTo: null }).where(inArray(claims.id, moved));
    await settleLeftBatches(tx, left, moved, batch.batchName, auth.username);
    const ready = action.uploads ? await reuploadClaims(tx, store, chosenIds, auth.username) : chosen;
    if (action.verifies) {
      await queueClaims(tx, batch.id, ready, auth.username);
      await finishIfNothingLeft(tx, [batch.id]);
    }
    return { id: batch.id, batchName: batch.batchName, Message: action.message };
  });
}
