/**
 * Verifying a claim again from the claim page: Run Verification (PUT /claims/{id}) and Confirm Findings
 * (POST /claims/{id}/adjudicate). Both put a job on the queue; the findings are kept as facts for the rules.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ClaimRerunForm, FindingsBody } from '@claims/shared-kernel/contract';
import type { AuthContext } from '../auth/tokens';
import type { Db } from '../db';
import { claimAnswers, claims } from '../db/schema';
import { conflict } from '../http/errors';
import { enqueueVerification, INTERACTIVE_PRIORITY } from '../jobs/enqueue';
import type { ClaimRow } from './mapping';

/** Status OCRED, rerunStatus INPROGRESS and a job on the queue (unless adjudicate is false); 409 while one runs. */
export async function rerunVerification(
  db: Db,
  auth: AuthContext,
  row: ClaimRow,
  form: z.output<typeof ClaimRerunForm>,
): Promise<ClaimRow> {
  if (row.rerunStatus === 'INPROGRESS') throw conflict(`Verification of claim ${row.id} is already in progress`);
  return db.transaction(async (tx) => {
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
    if (form.adjudicate) {
      await enqueueVerification(tx, row.id, { priority: INTERACTIVE_PRIORITY, rerun: form.rerunFlag, requestedBy: auth.username });
    }
    return claim;
  });
}

/** The confirmed findings replace earlier ones, and the claim is verified again with them. */
export async function confirmFindings(db: Db, auth: AuthContext, row: ClaimRow, findings: FindingsBody): Promise<ClaimRow> {
  return db.transaction(async (tx) => {
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
    await enqueueVerification(tx, row.id, { priority: INTERACTIVE_PRIORITY, rerun: true, requestedBy: auth.username });
    return claim;
  });
}
