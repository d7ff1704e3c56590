import { callApi, type CONSOLE_CLAIM_STATUSES } from '@claims/shared-kernel';
import type { ManifestLimits, MessageResponse, RefreshDownloadsResponse } from '@claims/shared-kernel';

export type ConsoleClaimStatus = (typeof CONSOLE_CLAIM_STATUSES)[number];

/**
 * The console's claim operations (spec 3 §7 'Claim operations') and its Refresh; each takes the claims by id
 * and the chosen insurer, and answers the server's Message.
 */

/**
 * Add Procedure Name: PUT /claims/addProcName?downloaded=true {claimIdList, procCodeList}, with override once the user
 * agreed to replace procedures a claim already has (without it the server answers 409 for such a claim).
 */
export async function addProcedureNames(
  claimIdList: number[],
  procCodeList: string[],
  org: string,
  override = false,
): Promise<MessageResponse> {
  return callApi('PUT /claims/addProcName', {
    query: { downloaded: true, org },
    body: { claimIdList, procCodeList, ...(override ? { override } : {}) },
  });
}

/** Drop: DELETE /claims/drop?downloaded=true {claimIdList}. */
export async function dropClaims(claimIdList: number[], org: string): Promise<MessageResponse> {
  return callApi('DELETE /claims/drop', { query: { downloaded: true, org }, body: { claimIdList } });
}

/** A status change, and Retry on the Downloads failed tab: PUT /claims/status?downloaded=true&org {claimIdList, status}. */
export async function setClaimStatus(claimIdList: number[], status: ConsoleClaimStatus, org: string): Promise<MessageResponse> {
  return callApi('PUT /claims/status', { query: { downloaded: true, org }, body: { claimIdList, status } });
}

/** Refresh: GET /claim/batch/refreshDownloads takes up what the insurer's inbox has new (and the claims to download again). */
export async function refreshDownloads(org: string): Promise<RefreshDownloadsResponse> {
  return callApi('GET /claim/batch/refreshDownloads', { query: { org } });
}

/** GET /claim/batch/manifestLimits: the sizes, file count and manifest columns the upload accepts. */
export async function fetchManifestLimits(): Promise<ManifestLimits> {
  return callApi('GET /claim/batch/manifestLimits');
}

/**
 * POST /claim/batch/uploadManifest?org (multipart: one `manifest`, then its `documents`): the claims of the manifest
 * are imported as a refresh imports the inbox's. Reports the share of the body sent so far (0 to 1) while it uploads.
 */
export async function uploadManifest(
  manifest: File,
  documents: readonly File[],
  org: string,
  onUploadProgress: (sent: number) => void,
): Promise<RefreshDownloadsResponse> {
  const form = new FormData();
  form.append('manifest', manifest, manifest.name);
  for (const document of documents) form.append('documents', document, document.name);
  return callApi('POST /claim/batch/uploadManifest', {
    query: { org },
    body: form,
    config: {
      onUploadProgress: ({ loaded, total }) => {
        if (total) onUploadProgress(Math.min(1, loaded / total));
      },
    },
  });
}
