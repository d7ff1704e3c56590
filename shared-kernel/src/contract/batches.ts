import { z } from 'zod';
import { BATCH_STATUSES, CASE_TYPE_CODES } from '../constants';
import { FlagText, ListQuery, OrgQuery, pagedItem, WireDate } from './common';

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
export const BatchCreateResponse = z.object({ id: z.number(), batchName: z.string(), Message: z.string() });
export type BatchCreateResponse = z.infer<typeof BatchCreateResponse>;

/** The claims of a batch by outcome, as the Batch Summary counts them. */
export const BatchProcessing = z.object({
  accepted: z.number(),
  rejected: z.number(),
  query: z.number(),
  toBeVerified: z.number(),
  inProgress: z.number(),
  verificationFailed: z.number(),
});

/** A Batch Summary row (spec 3 §3.4). */
export const BatchRow = pagedItem(
  z.object({
    id: z.number(),
    batchName: z.string(),
    total_claims_count: z.number(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
    priority: z.number(),
    status_info: z.object({ status: z.enum(BATCH_STATUSES) }),
    allocation_status: z.literal('ASSIGNED').nullable(),
    assigned_date: z.string().nullable().optional(),
    processing: BatchProcessing,
  }),
);
export type BatchRow = z.infer<typeof BatchRow>;

/** PUT /claim/batch/{batchId}?{action}=True: the batch after the action, with the message. */
export const BatchActionResponse = BatchRow.extend({ Message: z.string() });

/** GET /claim/batch/names: every batch name of the organisation, for the filter's picker. */
export const BatchName = z.object({ id: z.number(), batchName: z.string() });

/** A row of the console's claims grid (spec 3 §3.3). */
export const ConsoleClaimRow = pagedItem(
  z.object({
    id: z.number(),
    obj_id: z.string(),
    intimation_number: z.string(),
    insurer_illness_name: z.string().nullable(),
    insurer_procedure_name: z.string().nullable(),
    vitraya_procedure_name: z.array(z.string()),
    vitraya_procedure_code: z.array(z.string()),
    caseType: z.enum(CASE_TYPE_CODES),
    insurer_claim_status: z.string().nullable(),
    vitraya_claim_status: z.string(),
    createdOn: z.string(),
    vitraya_arrival_date: z.string().nullable(),
    vitraya_snomed_code: z.array(z.string()),
    insurer_documents: z.array(z.string()),
    fk_batch_id: z.number().nullable(),
    error_code: z.string().nullable(),
    error_message: z.string().nullable(),
  }),
);
export type ConsoleClaimRow = z.infer<typeof ConsoleClaimRow>;

/** GET /downloadedCount (spec 3 §3.7). */
export const DownloadedCount = z.object({
  downloadedClaims: z.number(),
  downloadedFailedClaims: z.number(),
  batchDataCount: z.number(),
  batchFailedDataCount: z.number(),
  userLastBatch: z.string().nullable(),
  uploadedFailedClaims: z.number(),
});
export type DownloadedCount = z.infer<typeof DownloadedCount>;

/** The batch and console calls' query: `downloaded=true` for the console's batches, the review list's otherwise. */
export const BatchListQuery = ListQuery.extend({ downloaded: FlagText.optional() });
export const BatchQuery = OrgQuery.extend({ downloaded: FlagText.optional() });
export const BatchIdParams = z.object({ batchId: z.coerce.number().int().positive() });

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
