import { ApiError, callApi, getRuntimeConfig } from '@claims/shared-kernel';
import type { ClaimDocument, DocumentText } from '@claims/shared-kernel';
import { queryOptions } from '@tanstack/react-query';
import { orgQuery } from './org';

/** A claim's documents and their words, under 'claims' like everything a claim write may change. */
export const documentKeys = {
  all: ['claims', 'documents'] as const,
  /** GET /claims/{claimId}/documents/{documentId}: the file itself. */
  file: (claimId: number, documentId: number) => ['claims', 'documents', claimId, documentId, 'file'] as const,
  /** GET /claims/{claimId}/documents/{documentId}/text: the words the adjudicator read, for search and page sizes. */
  text: (claimId: number, documentId: number) => ['claims', 'documents', claimId, documentId, 'text'] as const,
};

/** The document's absolute address with ?org: it names a PDF among those the viewer keeps loaded. */
export function documentUrl(document: ClaimDocument, org?: string): string {
  const url = new URL(`${getRuntimeConfig().apiBaseUrl.replace(/\/$/, '')}${document.original_document_url}`, globalThis.location?.href);
  if (org) url.searchParams.set('org', org);
  return url.toString();
}

/** A failed file read carries the api's `{detail}` as bytes too: read it, so the reviewer sees the server's words. */
async function withDetail(error: unknown): Promise<never> {
  if (error instanceof ApiError && error.body instanceof Blob) {
    const text = await error.body.text();
    let detail: unknown;
    try {
      detail = (JSON.parse(text) as { detail?: unknown }).detail;
    } catch {
      detail = text.trim() || undefined;
    }
    throw new ApiError(typeof detail === 'string' && detail ? detail : error.message, error.status, detail);
  }
  throw error;
}

/** GET /claims/{claimId}/documents/{documentId}?org: the whole file as a blob (images: they are drawn whole). */
export function fetchDocumentFile(claimId: number, documentId: number, org?: string): Promise<Blob> {
  return callApi('GET /claims/:claimId/documents/:documentId', {
    params: { claimId, documentId },
    query: orgQuery(org),
    config: { responseType: 'blob' },
  }).catch(withDetail);
}

/**
 * The whole file's bytes, for pdf.js: given the bytes, it makes no request of its own, which it would cancel after
 * reading (a small file's read then shows as failed in the browser although the document draws).
 */
export async function fetchDocumentBytes(claimId: number, documentId: number, org?: string): Promise<Uint8Array> {
  const file = await fetchDocumentFile(claimId, documentId, org);
  return new Uint8Array(await file.arrayBuffer());
}

/** The words of every page (scanned pages too: the adjudicator's OCR). */
export function fetchDocumentText(claimId: number, documentId: number, org?: string): Promise<DocumentText> {
  return callApi('GET /claims/:claimId/documents/:documentId/text', { params: { claimId, documentId }, query: orgQuery(org) });
}

/** A stored document does not change, so it is read once per page visit (a claim write still refreshes it). */
export const documentFileQuery = (claimId: number, document: ClaimDocument, org?: string) =>
  queryOptions({
    queryKey: documentKeys.file(claimId, document.id),
    queryFn: () => fetchDocumentFile(claimId, document.id, org),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const documentTextQuery = (claimId: number, documentId: number, org?: string) =>
  queryOptions({
    queryKey: documentKeys.text(claimId, documentId),
    queryFn: () => fetchDocumentText(claimId, documentId, org),
    staleTime: Number.POSITIVE_INFINITY,
  });
