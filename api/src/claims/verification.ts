/**
 * Verifying a claim again from the claim page: Run Verification (PUT /claims/{id}) and Confirm Findings
 * (POST /claims/{id}/adjudicate). Both put a job on the queue; the findings are kept as facts for the rules.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { ClaimRerunForm, FindingsBody } from '@claims/shared-kernel/contract';
import { auditClaims, claimFields } from '../audit/operations';
import type { AuthContext } from '../auth/tokens';
import type { Db, DbOrTx } from '../db';
import { claimAnswers, claims, jobs } from '../db/schema';
import { conflict } from '../http/errors';
import { enqueueVerification, INTERACTIVE_PRIORITY, VERIFY_JOB } from '../jobs/enqueue';
import type { ClaimRow } from './mapping';

/**
 * Inside the transaction that re-queues a claim: locks the claim's row and answers 409 while a verification
 * of it is in progress (rerunStatus INPROGRESS, or a verify job queued or running). The row lock makes two
 * concurrent requests take turns, and the second sees what the first committed (each statement reads anew
 * under READ COMMITTED), so only one of them queues the claim.
 * joinWaiting: a job still queued (not running) for a claim that is not being re-run, i.e. the first
 * verification after creation, is joined instead (answers to the claim's questions, which the create screen
 * asks for right after the upload, are read when that job runs).
 */
export async function lockIdleClaim(tx: DbOrTx, claimId: number, options: { joinWaiting?: boolean } = {}): Promise<void> {
  const [locked] = await tx.select({ rerunStatus: claims.rerunStatus }).from(claims).where(eq(claims.id, claimId)).for('update');
  const busy: ('queued' | 'running')[] = options.joinWaiting ? ['running'] : ['queued', 'running'];
  const [job] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, VERIFY_JOB), eq(jobs.claimId, claimId), inArray(jobs.status, busy)))
    .limit(1);
  if (locked?.rerunStatus === 'INPROGRESS' || job) throw conflict(`Verification of claim ${claimId} is already in progress`);
}

/** Status OCRED, rerunStatus INPROGRESS and a job on the queue (unless adjudicate is false); 409 while one runs. */
export async function rerunVerification(
  db: Db,
  auth: AuthContext,
  row: ClaimRow,
  form: z.output<typeof ClaimRerunForm>,
  /** The request's id (X-Request-Id), kept on the verification job so the worker's lines for it carry it. */
  requestId: string,
): Promise<ClaimRow> {
  return db.transaction(async (tx) => {
    await lockIdleClaim(tx, row.id);
    const [claim] = await tx
      .update(claims)
      .set({
        status: form.status,
        rerunStatus: form.adjudicate ? 'INPROGRESS' : null,
        lastModifiedBy: auth.username,
        lastModifiedOn: new Date(),
      })
      .where(eq(claims.id, row.id))
      .returning();
    await auditClaims(tx, auth.username, 'rerun', [{ id: row.id, before: claimFields(row), after: claimFields(claim) }]);
    if (form.adjudicate) {
      await enqueueVerification(tx, row.id, {
        priority: INTERACTIVE_PRIORITY,
        rerun: form.rerunFlag,
        requestedBy: auth.username,
        requestId,
      });
    }
    return claim;
  });
}

/**
 * The confirmed findings replace earlier ones, and the claim is verified again with them. `requestId` is the
 * request's id (X-Request-Id), kept on the verification job so the worker's lines for it carry it.
 */
export async function confirmFindings(
  db: Db,
  auth: AuthContext,
  row: ClaimRow,
  findings: FindingsBody,
  requestId: string,
): Promise<ClaimRow> {
  return db.transaction(async (tx) => {
    await lockIdleClaim(tx, row.id);
    const [earlier] = await tx
      .select({ findings: claimAnswers.payload })
      .from(claimAnswers)
      .where(and(eq(claimAnswers.claimId, row.id), eq(claimAnswers.kind, 'findings')));
    await tx
      .insert(claimAnswers)
      .values({ claimId: row.id, kind: 'findings', payload: findings, createdBy: auth.username })
      .onConflictDoUpdate({
        target: [claimAnswers.claimId, claimAnswers.kind],
        set: { payload: findings, createdBy: auth.username, createdAt: new Date() },
      });
    const [claim] = await tx
      .update(claims)
      .set({ rerunStatus: 'INPROGRESS', lastModifiedBy: auth.username, lastModifiedOn: new Date() })
      .where(eq(claims.id, row.id))
      .returning();
    await auditClaims(tx, auth.username, 'findings', [
      { id: row.id, before: { ...claimFields(row), findings: earlier?.findings ?? null }, after: { ...claimFields(claim), findings } },
    ]);
    await enqueueVerification(tx, row.id, { priority: INTERACTIVE_PRIORITY, rerun: true, requestedBy: auth.username, requestId });
    return claim;
  });
}
