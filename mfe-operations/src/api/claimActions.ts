import { apiClient, type CONSOLE_CLAIM_STATUSES } from '@claims/shared-kernel';
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
  const { data } = await apiClient.put<MessageResponse>(
    '/claims/addProcName',
    { claimIdList, procCodeList, ...(override ? { override } : {}) },
    { params: { downloaded: true, org } },
  );
  return data;
}

/** Drop: DELETE /claims/drop?downloaded=true {claimIdList}. */
export async function dropClaims(claimIdList: number[], org: string): Promise<MessageResponse> {
  const { data } = await apiClient.delete<MessageResponse>('/claims/drop', { data: { claimIdList }, params: { downloaded: true, org } });
  return data;
}

/** A status change, and Retry on the Downloads failed tab: PUT /claims/status?downloaded=true&org {claimIdList, status}. */
export async function setClaimStatus(claimIdList: number[], status: ConsoleClaimStatus, org: string): Promise<MessageResponse> {
  const { data } = await apiClient.put<MessageResponse>('/claims/status', { claimIdList, status }, { params: { downloaded: true, org } });
  return data;
}

/** Refresh: GET /claim/batch/refreshDownloads takes up what the insurer's inbox has new (and the claims to download again). */
export async function refreshDownloads(org: string): Promise<RefreshDownloadsResponse> {
  const { data } = await apiClient.get<RefreshDownloadsResponse>('/claim/batch/refreshDownloads', { params: { org } });
  return data;
}

/** GET /claim/batch/manifestLimits: the sizes, file count and manifest columns the upload accepts. */
export async function fetchManifestLimits(): Promise<ManifestLimits> {
  const { data } = await apiClient.get<ManifestLimits>('/claim/batch/manifestLimits');
  return data;
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
  const { data } = await apiClient.post<RefreshDownloadsResponse>('/claim/batch/uploadManifest', form, {
    params: { org },
    onUploadProgress: ({ loaded, total }) => {
      if (total) onUploadProgress(Math.min(1, loaded / total));
    },
  });
  return data;
}
