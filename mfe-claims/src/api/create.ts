import { callApi } from '@claims/shared-kernel';
import type { CaseType, ClaimCreateResponse, UploadLimits } from '@claims/shared-kernel';
import { queryOptions } from '@tanstack/react-query';

/** What the create form holds when Submit is pressed. */
export interface ClaimDraft {
  patientName: string;
  referenceClaimId: string;
  deleteAfterVerification: boolean;
  /** Empty when no hospital was chosen. */
  hospitalCode: string;
  procedureCodes: string[];
  caseType: CaseType;
  documents: File[];
}

/**
 * The multipart body of POST /claims, part by part in the order of spec 1 §3: procedureName once per
 * chosen procedure code, documents once per file, and adjudicate so the claim is verified at once.
 */
export function claimCreationForm(draft: ClaimDraft): FormData {
  const form = new FormData();
  form.append('patientName', draft.patientName.trim());
  form.append('referenceClaimId', draft.referenceClaimId.trim());
  form.append('delete_after_adjudication', String(draft.deleteAfterVerification));
  form.append('hospitalCode', draft.hospitalCode);
  for (const code of draft.procedureCodes) form.append('procedureName', code);
  form.append('caseType', draft.caseType);
  for (const file of draft.documents) form.append('documents', file, file.name);
  form.append('adjudicate', 'true');
  return form;
}

/**
 * POST /claims?org (multipart): creates the claim for the organisation (the provider names an insurer),
 * reporting the share of the body sent so far (0 to 1) while it uploads.
 */
export function createClaim(draft: ClaimDraft, org: string, onUploadProgress: (sent: number) => void): Promise<ClaimCreateResponse> {
  return callApi('POST /claims', {
    query: { org },
    body: claimCreationForm(draft),
    config: {
      onUploadProgress: ({ loaded, total }) => {
        if (total) onUploadProgress(Math.min(1, loaded / total));
      },
    },
  });
}

/** GET /claims/uploadLimits: the sizes and file count POST /claims accepts. */
export function fetchUploadLimits(): Promise<UploadLimits> {
  return callApi('GET /claims/uploadLimits');
}

/** The limits change only with the server's configuration; a failure leaves the checking to the server. */
export const uploadLimitsQuery = () =>
  queryOptions({
    queryKey: ['uploadLimits'] as const,
    queryFn: fetchUploadLimits,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { failureLog: 'Upload limits could not be read; the server checks the sizes' },
  });
