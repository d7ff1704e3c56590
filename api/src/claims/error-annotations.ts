/**
 * A claim's error flags (spec 1 §2 'Annotation'): per procedure code and entity group, entries naming a found
 * item by its position in that group (keyword) with a known error category and a comment.
 */
import { eq } from 'drizzle-orm';
import { ENTITY_GROUPS, type ErrorAnnotationBody, type ErrorAnnotations } from '@claims/shared-kernel/contract';
import type { AuthContext } from '../auth/tokens';
import type { DbOrTx } from '../db';
import { errorAnnotations, errorCategories } from '../db/schema';
import { badRequest } from '../http/errors';
import { loadVisibleClaim } from './access';
import type { ClaimRow } from './mapping';

type Errors = ErrorAnnotationBody['errors'];

export async function claimErrors(db: DbOrTx, auth: AuthContext, claimId: number, requestedOrg?: string): Promise<ErrorAnnotations> {
  const claim = await loadVisibleClaim(db, auth, claimId, requestedOrg);
  const [row] = await db.select().from(errorAnnotations).where(eq(errorAnnotations.claimId, claim.id));
  return { claim_id: claim.id, errors: row?.errors ?? {} };
}

/**
 * The flags checked against the claim (400 naming the place): each procedure code the claim's or one its
 * verification judged (the claim page has a panel for each), each group an entity group, each keyword a found
 * item of that group in the claim's verification (absent items are not flagged), one flag per item, each
 * category known. Empty groups and procedures are dropped.
 */
function checkedErrors(claim: ClaimRow, errors: Errors, categories: ReadonlySet<number>): Errors {
  const checked: Errors = {};
  const codes = new Set([...claim.procedureCodes, ...Object.keys(claim.adjudicationDetails ?? {})]);
  for (const [code, groups] of Object.entries(errors)) {
    if (!codes.has(code)) throw badRequest(`errors.${code}: not a procedure of this claim`);
    for (const [group, entries] of Object.entries(groups)) {
      const place = `errors.${code}.${group}`;
      if (!(ENTITY_GROUPS as readonly string[]).includes(group)) throw badRequest(`${place}: not an entity group`);
      const items = claim.adjudicationDetails?.[code]?.[group as (typeof ENTITY_GROUPS)[number]] ?? [];
      const seen = new Set<number>();
      for (const entry of entries) {
        if (entry.keyword >= items.length)
          throw badRequest(`${place}: keyword ${entry.keyword} is not an item of this group (it has ${items.length})`);
        if (!items[entry.keyword].found) throw badRequest(`${place}: keyword ${entry.keyword} was not found, so it has nothing to flag`);
        if (seen.has(entry.keyword)) throw badRequest(`${place}: keyword ${entry.keyword} is flagged twice`);
        if (!categories.has(entry.category)) throw badRequest(`${place}: unknown error category ${entry.category}`);
        seen.add(entry.keyword);
      }
      if (entries.length) checked[code] = { ...checked[code], [group]: entries };
    }
  }
  return checked;
}

/** Replaces the claim's flags (POST and PUT alike). */
export async function saveClaimErrors(
  db: DbOrTx,
  auth: AuthContext,
  claimId: number,
  body: Errors,
  requestedOrg?: string,
): Promise<ErrorAnnotations> {
  const claim = await loadVisibleClaim(db, auth, claimId, requestedOrg);
  const categories = new Set((await db.select({ id: errorCategories.id }).from(errorCategories)).map((c) => c.id));
  const errors = checkedErrors(claim, body, categories);
  const now = new Date();
  await db
    .insert(errorAnnotations)
    .values({ claimId: claim.id, errors, createdBy: auth.username, lastModifiedBy: auth.username, lastModifiedAt: now })
    .onConflictDoUpdate({ target: errorAnnotations.claimId, set: { errors, lastModifiedBy: auth.username, lastModifiedAt: now } });
  return { claim_id: claim.id, errors };
}
