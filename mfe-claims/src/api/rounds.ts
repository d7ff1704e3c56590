import { callApi } from '@claims/shared-kernel';
import type { DocumentRequestBody, DocumentRound } from '@claims/shared-kernel';
import { orgQuery } from './org';

// The rounds come with the claim (GET /claims/{claimId}: documentRounds), so the page needs no call of its own to read them.

/** POST /claims/{claimId}/documentRequests?org: asks for the documents of a QUERY claim (the provider's users). */
export function requestDocuments(claimId: number, body: DocumentRequestBody, org?: string): Promise<DocumentRound> {
  return callApi('POST /claims/:claimId/documentRequests', { params: { claimId }, query: orgQuery(org), body });
}

/**
 * POST /claims/{claimId}/documents?org (multipart, a `documents` part per file): adds the documents to the claim,
 * which is verified again; reports the share of the body sent so far (0 to 1) while it uploads.
 */
export function addDocuments(claimId: number, files: File[], org: string | undefined, onUploadProgress: (sent: number) => void) {
  const body = new FormData();
  for (const file of files) body.append('documents', file, file.name);
  return callApi('POST /claims/:claimId/documents', {
    params: { claimId },
    query: orgQuery(org),
    body,
    config: {
      onUploadProgress: ({ loaded, total }) => {
        if (total) onUploadProgress(Math.min(1, loaded / total));
      },
    },
  });
}
