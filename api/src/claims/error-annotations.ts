/** A claim's error flags (spec 1 §2 'Annotation'): per procedure code and entity group, each with a known error category. */
import { eq } from 'drizzle-orm';
import type { ErrorAnnotationBody, ErrorAnnotations } from '@claims/shared-kernel/contract';
import type { AuthContext } from '../auth/tokens';
import type { DbOrTx } from '../db';
import { errorAnnotations, errorCategories } from '../db/schema';
import { badRequest } from '../http/errors';
import { loadVisibleClaim } from './access';

export async function claimErrors(db: DbOrTx, auth: AuthContext, claimId: number): Promise<ErrorAnnotations> {
  const claim = await loadVisibleClaim(db, auth, claimId);
  const [row] = await db.select().from(errorAnnotations).where(eq(errorAnnotations.claimId, claim.id));
  return { claim_id: claim.id, errors: row?.errors ?? {} };
}

/** Replaces the claim's flags; every procedure code must be the claim's and every category known (400 naming the place). */
export async function saveClaimErrors(
  db: DbOrTx,
  auth: AuthContext,
  claimId: number,
  errors: ErrorAnnotationBody['errors'],
): Promise<ErrorAnnotations> {
  const claim = await loadVisibleClaim(db, auth, claimId);
  const categories = new Set((await db.select({ id: errorCategories.id }).from(errorCategories)).map((c) => c.id));
  for (const [code, groups] of Object.entries(errors)) {
    if (!claim.procedureCodes.includes(code)) throw badRequest(`errors.${code}: not a procedure of this claim`);
    for (const [group, entries] of Object.entries(groups)) {
      const bad = entries.find((e) => !categories.has(e.category));
      if (bad) throw badRequest(`errors.${code}.${group}: unknown error category ${bad.category}`);
    }
  }
  const now = new Date();
  await db
    .insert(errorAnnotations)
    .values({ claimId: claim.id, errors, createdBy: auth.username, lastModifiedBy: auth.username, lastModifiedAt: now })
    .onConflictDoUpdate({ target: errorAnnotations.claimId, set: { errors, lastModifiedBy: auth.username, lastModifiedAt: now } });
  return { claim_id: claim.id, errors };
}
