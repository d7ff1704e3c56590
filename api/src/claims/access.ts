/** Loading claims the caller may see, and the document metadata that goes with them. */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Claim } from '@claims/shared-kernel/contract';
import type { AuthContext } from '../auth/tokens';
import { isProvider, scopeOrg, seesOnlyAdjudicated } from '../auth/access';
import type { DbOrTx } from '../db';
import { claimDocuments, claims } from '../db/schema';
import { notFound } from '../http/errors';
import type { ClaimScope } from './queries';
import { toClaim, type ClaimRow, type DocumentMeta } from './mapping';
import { addedDocumentsBy, roundsOf } from './document-rounds';
import { verificationProgress } from './progress';
import { answersRequested } from './questions';
import { claimReview } from '../review/claim-review';

export async function claimScope(db: DbOrTx, auth: AuthContext, requestedOrg: string | undefined): Promise<ClaimScope> {
  return { org: await scopeOrg(db, auth, requestedOrg), onlyAdjudicated: seesOnlyAdjudicated(auth) };
}

/**
 * A claim the caller may see, or 404 (an existing claim of another organisation is not revealed).
 * The provider sees any claim; when it names an organisation, the claim must belong to it. An insurer user
 * sees the ADJUDICATED claims of their organisation, the claims they created and those they added documents to (while
 * those are verified again; lists still show ADJUDICATED only).
 */
export async function loadVisibleClaim(db: DbOrTx, auth: AuthContext, claimId: number, requestedOrg?: string): Promise<ClaimRow> {
  const [row] = await db.select().from(claims).where(eq(claims.id, claimId));
  const missing = notFound(`Claim ${claimId} not found`);
  if (!row) throw missing;
  if (isProvider(auth)) {
    // An organisation that does not exist is bad input (400), as in the lists; another one hides the claim.
    if (requestedOrg && (await scopeOrg(db, auth, requestedOrg)) !== row.org) throw missing;
    return row;
  }
  if (row.org !== auth.organization) throw missing;
  // An insurer user sees ADJUDICATED claims only, except the claims they created themselves (pending, or SUSPENDED with its
  // reason) and those they added documents to (so the claim page follows the verification the documents started).
  if (seesOnlyAdjudicated(auth) && row.status !== 'ADJUDICATED' && row.createdBy !== auth.username) {
    if (!(await addedDocumentsBy(db, row.id, auth.username))) throw missing;
  }
  return row;
}

const DOCUMENT_META = {
  id: claimDocuments.id,
  claimId: claimDocuments.claimId,
  fileName: claimDocuments.fileName,
  contentType: claimDocuments.contentType,
  pages: claimDocuments.pages,
  size: claimDocuments.size,
  readAt: claimDocuments.readAt,
};

export async function documentsOf(db: DbOrTx, claimIds: number[]): Promise<Map<number, DocumentMeta[]>> {
  const byClaim = new Map<number, DocumentMeta[]>(claimIds.map((id) => [id, []]));
  if (!claimIds.length) return byClaim;
  const rows = await db
    .select(DOCUMENT_META)
    .from(claimDocuments)
    .where(inArray(claimDocuments.claimId, claimIds))
    .orderBy(asc(claimDocuments.id));
  for (const row of rows) byClaim.get(row.claimId)?.push(row);
  return byClaim;
}

/**
 * The claim as the claim page reads it, with its documents, where a verification of it stands and its review (overdue
 * against `now`).
 */
export async function claimWithDocuments(db: DbOrTx, row: ClaimRow, now: Date = new Date()): Promise<Claim> {
  const documents = (await documentsOf(db, [row.id])).get(row.id) ?? [];
  const [progress, requested] = await Promise.all([verificationProgress(db, row.id, documents), answersRequested(db, row)]);
  const documentRounds = await roundsOf(db, row.id);
  const review = await claimReview(db, row, now);
  return { ...toClaim(row, documents, progress), answersRequested: requested, documentRounds, review };
}
