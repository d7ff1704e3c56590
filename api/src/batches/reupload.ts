/**
 * Upload on the Uploads/Verification failed tab (spec 3 §4, §9): a claim whose upload or verification failed is
 * uploaded again, that is its documents are checked in the document store. All there: UPLOADED, its error cleared,
 * ready to verify. One missing: UPLOAD_FAILED again, naming the document.
 */
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db';
import { claimDocuments, claims } from '../db/schema';
import { MissingDocumentError, type DocumentStore } from '../storage/store';

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
    if (!problem) uploaded.push(claim);
  }
  return uploaded;
}
