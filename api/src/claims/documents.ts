/**
 * A claim's documents as the claim page reads them, behind the claim's own access rules (loadVisibleClaim):
 * the file (from the document store) and the words the adjudicator read on each page (for search).
 */
import { and, eq } from 'drizzle-orm';
import type { DocumentText, DocumentTextPage } from '@claims/shared-kernel/contract';
import type { AuthContext } from '../auth/tokens';
import type { DbOrTx } from '../db';
import { claimDocuments, type StoredReadPage } from '../db/schema';
import { notFound } from '../http/errors';
import { loadVisibleClaim } from './access';

const ofClaim = (claimId: number, documentId: number) => and(eq(claimDocuments.id, documentId), eq(claimDocuments.claimId, claimId));
const missing = (claimId: number, documentId: number) => notFound(`Document ${documentId} not found for claim ${claimId}`);

/** GET /claims/{id}/documents/{docId}: where a document of a claim the caller may see is stored, or 404 (also once deleted after verification). */
export async function claimDocumentFile(db: DbOrTx, auth: AuthContext, claimId: number, documentId: number, requestedOrg?: string) {
  await loadVisibleClaim(db, auth, claimId, requestedOrg);
  const [doc] = await db
    .select({ fileName: claimDocuments.fileName, contentType: claimDocuments.contentType, storageKey: claimDocuments.storageKey })
    .from(claimDocuments)
    .where(ofClaim(claimId, documentId));
  if (!doc) throw missing(claimId, documentId);
  if (!doc.storageKey) throw notFound(`Document ${documentId} was deleted after verification`);
  return { ...doc, storageKey: doc.storageKey };
}

/** Tenths of a page unit (a PDF point, an image pixel): finer than any highlight needs, and a third fewer bytes. */
const tenths = (n: number): number => Math.round(n * 10) / 10;

const toTextPage = (page: StoredReadPage): DocumentTextPage => ({
  pageNumber: page.pageNumber,
  width: tenths(page.width),
  height: tenths(page.height),
  source: page.source,
  words: page.words.map((w) => ({ text: w.text, x: tenths(w.x), y: tenths(w.y), width: tenths(w.width), height: tenths(w.height) })),
});

/** GET /claims/{id}/documents/{docId}/text: the words read on each page; no pages while the document is not read yet. */
export async function claimDocumentText(
  db: DbOrTx,
  auth: AuthContext,
  claimId: number,
  documentId: number,
  requestedOrg?: string,
): Promise<DocumentText> {
  await loadVisibleClaim(db, auth, claimId, requestedOrg);
  const [doc] = await db.select({ readPages: claimDocuments.readPages }).from(claimDocuments).where(ofClaim(claimId, documentId));
  if (!doc) throw missing(claimId, documentId);
  return { documentId, pages: (doc.readPages ?? []).map(toTextPage) };
}
