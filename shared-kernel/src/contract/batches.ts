import { z } from 'zod';
import { BATCH_STATUSES, CASE_TYPE_CODES } from '../constants';
import { WireDate } from './common';

/** POST /claim/batch/create (spec 1 §3, spec 3 §7). */
export const BatchCreateBody = z.object({
  claims: z.array(z.union([z.number(), z.string()]).transform(Number)).min(1, 'Please Select at least one claim / batch'),
  batchName: z.string().trim().min(1, 'Enter the batch name'),
  downloadedClaimFlag: z.union([z.literal('false'), z.literal('true'), z.boolean()]).transform((v) => v === true || v === 'true'),
  organization: z.string().optional(),
  hospitalCode: z.string().optional(),
  caseType: z.enum(CASE_TYPE_CODES).optional(),
  action: z.enum(['verify', 'suspend', 'archive', 'discard']).optional(),
  reason: z.string().optional(),
});
export type BatchCreateBody = z.input<typeof BatchCreateBody>;
export interface BatchCreateResponse {
  id: number;
  batchName: string;
  Message: string;
}

/** A Batch Summary row (spec 3 §3.4). */
export interface BatchRow {
  id: number;
  batchName: string;
  total_claims_count: number;
  createdBy: string | null;
  createdAt: string;
  priority: number;
  status_info: { status: (typeof BATCH_STATUSES)[number] };
  allocation_status: 'ASSIGNED' | null;
  assigned_date?: string | null;
  processing: {
    accepted: number;
    rejected: number;
    query: number;
    toBeVerified: number;
    inProgress: number;
    verificationFailed: number;
  };
  total_count?: number;
  page_number?: number;
}

/** A row of the console's claims grid (spec 3 §3.3). */
export interface ConsoleClaimRow {
  id: number;
  obj_id: string;
  intimation_number: string;
  insurer_illness_name: string | null;
  insurer_procedure_name: string | null;
  vitraya_procedure_name: string[];
  vitraya_procedure_code: string[];
  caseType: (typeof CASE_TYPE_CODES)[number];
  insurer_claim_status: string | null;
  vitraya_claim_status: string;
  createdOn: string;
  vitraya_arrival_date: string | null;
  vitraya_snomed_code: string[];
  insurer_documents: string[];
  fk_batch_id: number | null;
  error_code: string | null;
  error_message: string | null;
  total_count?: number;
  page_number?: number;
}

/** GET /downloadedCount (spec 3 §3.7). */
export interface DownloadedCount {
  downloadedClaims: number;
  downloadedFailedClaims: number;
  batchDataCount: number;
  batchFailedDataCount: number;
  userLastBatch: string | null;
  uploadedFailedClaims: number;
}

/** The console filter object (spec 3 §3.6). */
export const ConsoleFilterBody = z.object({
  startDate: WireDate.optional(),
  endDate: WireDate.optional(),
  vitraya_claim_status: z.array(z.string()).optional(),
  caseType: z.array(z.enum(CASE_TYPE_CODES)).optional(),
  vitraya_procedure_code: z.array(z.string()).optional(),
  insurerProcedureName: z.array(z.string()).optional(),
  insurerIllnessName: z.array(z.string()).optional(),
  insurerClaimStatus: z.array(z.string()).optional(),
  error: z.array(z.string()).optional(),
  batchName: z.array(z.string()).optional(),
  userName: z.array(z.string()).optional(),
  status: z.array(z.string()).optional(),
  batchStatus: z.array(z.string()).optional(),
});
export type ConsoleFilterBody = z.infer<typeof ConsoleFilterBody>;

export const BatchNamesBody = z.object({
  nameList: z.array(z.string().min(1)).min(1, 'Please Select at least one claim / batch'),
});
export const BatchStatusBody = BatchNamesBody.extend({
  status: z.enum(BATCH_STATUSES),
  override: z.boolean().optional(),
});
export const ClaimIdListBody = z.object({
  claimIdList: z.array(z.union([z.number(), z.string()]).transform(Number)).min(1, 'Please Select at least one claim / batch'),
});

/** POST /redirectOther: the claims of a batch by outcome (spec 3 §2.7, §7); answers ConsoleClaimRow[]. */
export const BATCH_OUTCOMES = ['accepted', 'rejected', 'query', 'inProgress', 'failed'] as const;
export type BatchOutcome = (typeof BATCH_OUTCOMES)[number];
export const RedirectOtherBody = z.object({
  batchId: z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform(Number),
  adjType: z.enum(BATCH_OUTCOMES),
});
export type RedirectOtherBody = z.input<typeof RedirectOtherBody>;
