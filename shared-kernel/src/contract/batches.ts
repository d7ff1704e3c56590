import { z } from 'zod';
import { BATCH_STATUSES, CASE_TYPE_CODES, CONSOLE_CLAIM_STATUSES } from '../constants';
import { FilterValue, FlagText, ListQuery, MessageResponse, OrgQuery, pagedItem, WireDate } from './common';

/** The actions of Create Batch (spec 3 §9): the four of the console and the failed tab's Upload and Upload & Verify. */
export const BATCH_CREATE_ACTIONS = ['verify', 'suspend', 'archive', 'discard', 'upload', 'uploadAndVerify'] as const;
export type BatchCreateAction = (typeof BATCH_CREATE_ACTIONS)[number];

/** POST /claim/batch/create (spec 1 §3, spec 3 §7). */
export const BatchCreateBody = z.object({
  claims: z.array(z.union([z.number(), z.string()]).transform(Number)).min(1, 'Please Select at least one claim / batch'),
  batchName: z.string().trim().min(1, 'Enter the batch name'),
  downloadedClaimFlag: z.union([z.literal('false'), z.literal('true'), z.boolean()]).transform((v) => v === true || v === 'true'),
  organization: z.string().optional(),
  hospitalCode: z.string().optional(),
  caseType: z.enum(CASE_TYPE_CODES).optional(),
  /**
   * What happens to the new batch (default verify). On the Uploads/Verification failed tab: 'upload' re-uploads the
   * claims (their documents checked in the store; UPLOADED, or UPLOAD_FAILED naming what is missing) and leaves the
   * batch CREATED; 'uploadAndVerify' re-uploads, then verifies ('Uploaded and verified successfully').
   */
  action: z.enum(BATCH_CREATE_ACTIONS).optional(),
  reason: z.string().optional(),
  /**
   * The claims list's confirmation that the selected claims leave the batches they are in (POST /claim/batch/leaving
   * names them). Without it a selection with claims of another batch is refused (409 naming the batches).
   */
  moveFromBatches: z.boolean().optional(),
});
export type BatchCreateBody = z.input<typeof BatchCreateBody>;

/** POST /claim/batch/leaving: the claims the claims list is about to batch. */
export const BatchLeavingBody = z.object({
  claims: z.array(z.union([z.number(), z.string()]).transform(Number)).min(1, 'Please Select at least one claim / batch'),
  organization: z.string().optional(),
});
export type BatchLeavingBody = z.input<typeof BatchLeavingBody>;
/** A batch some of the selected claims would leave: how many of its claims, and what it is now. */
export const BatchLeaving = z.object({
  id: z.number(),
  batchName: z.string(),
  status: z.enum(BATCH_STATUSES),
  allocation_status: z.literal('ASSIGNED').nullable(),
  /** Of the selected claims, how many are in this batch. */
  leaving: z.number(),
  total_claims_count: z.number(),
});
export type BatchLeaving = z.infer<typeof BatchLeaving>;

/**
 * A claim's error_code when a batch action took its verification off the queue (its error_message says which batch,
 * what was done and by whom); the claim can be verified again.
 */
export type VerificationStoppedCode = 'VERIFICATION_STOPPED';
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
export type BatchName = z.infer<typeof BatchName>;

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

/**
 * GET /downloadedCount (spec 3 §3.7). The Uploads/Downloads tab's figures are today's (downloadedClaims,
 * downloadedFailedClaims; batchDataCount and batchFailedDataCount for Batch Summary). The failed tabs' totals count
 * every console claim of the organisation in the tab's statuses, as their grids list them: totalDownloadFailedClaims
 * (DOWNLOAD_FAILED; not in the spec's list, added because its downloadedFailedClaims is today's) and
 * uploadedFailedClaims (UPLOAD_FAILED and VERIFICATION_FAILED).
 */
export const DownloadedCount = z.object({
  downloadedClaims: z.number(),
  downloadedFailedClaims: z.number(),
  batchDataCount: z.number(),
  batchFailedDataCount: z.number(),
  userLastBatch: z.string().nullable(),
  uploadedFailedClaims: z.number(),
  totalDownloadFailedClaims: z.number(),
});
export type DownloadedCount = z.infer<typeof DownloadedCount>;

/** The batch and console calls' query: `downloaded=true` for the console's batches, the review list's otherwise. */
export const BatchListQuery = ListQuery.extend({
  downloaded: FlagText.optional(),
  /** 'priority': lowest priority number first (the priority dialog loads the first 25 so); default newest first. */
  sort: z.enum(['newest', 'priority']).optional(),
});
export const BatchQuery = OrgQuery.extend({ downloaded: FlagText.optional() });
export const BatchIdParams = z.object({ batchId: z.coerce.number().int().positive() });

/** The console filter object (spec 3 §3.6). */
export const ConsoleFilterBody = z.object({
  startDate: WireDate.optional(),
  endDate: WireDate.optional(),
  vitraya_claim_status: z.array(FilterValue).optional(),
  caseType: z.array(z.enum(CASE_TYPE_CODES)).optional(),
  vitraya_procedure_code: z.array(FilterValue).optional(),
  insurerProcedureName: z.array(FilterValue).optional(),
  insurerIllnessName: z.array(FilterValue).optional(),
  insurerClaimStatus: z.array(FilterValue).optional(),
  error: z.array(FilterValue).optional(),
  batchName: z.array(FilterValue).optional(),
  userName: z.array(FilterValue).optional(),
  status: z.array(FilterValue).optional(),
  batchStatus: z.array(FilterValue).optional(),
});
export type ConsoleFilterBody = z.infer<typeof ConsoleFilterBody>;

export const BatchNamesBody = z.object({
  nameList: z.array(z.string().min(1)).min(1, 'Please Select at least one claim / batch'),
});
/**
 * PUT /claim/batch/batchStatus?downloaded=true&org: Pause (PAUSED; only from IN_PROCESSING or CREATED), Resume (RESUMED;
 * only from PAUSED: a batch never started goes back to CREATED, one with work on the queue goes on) and Verify
 * (TO_BE_PROCESSED; `override` verifies the claims already verified again too). Another status: 400; a batch that
 * cannot move: 409 naming it, and none of the selection moves.
 */
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

/**
 * PUT /claims/addProcName?downloaded=true&org: the provider-side procedures of the chosen claims, in the order given.
 * When a chosen claim already has procedure codes the call answers 409 with the detail 'The selected claim already has
 * procedure name/code, do you want to override it?' unless `override` is true (sent after the confirmation).
 */
export const AddProcNameBody = ClaimIdListBody.extend({
  procCodeList: z.array(z.string().trim().min(1)).min(1, 'choose at least one procedure').max(10),
  override: z.boolean().optional(),
});
export type AddProcNameBody = z.input<typeof AddProcNameBody>;

/** PUT /claims/status?downloaded=true&org: a status change; Retry on the Downloads failed tab sends TO_BE_REDOWNLOADED. */
export const ClaimStatusBody = ClaimIdListBody.extend({ status: z.enum(CONSOLE_CLAIM_STATUSES) });
export type ClaimStatusBody = z.input<typeof ClaimStatusBody>;

/**
 * GET /claim/batch/refreshDownloads?org and POST /claim/batch/uploadManifest?org: Message 'Page got refreshed successfully'
 * and what the refresh did: claims newly DOWNLOADED (new rows and retried ones), claims that became DOWNLOAD_FAILED, rows
 * already imported (never imported twice), and manifests that could not be read at all.
 */
export const RefreshDownloadsResponse = MessageResponse.extend({
  downloaded: z.number().int(),
  failed: z.number().int(),
  alreadyImported: z.number().int(),
  unreadableManifests: z.array(z.object({ manifest: z.string(), reason: z.string() })),
});
export type RefreshDownloadsResponse = z.infer<typeof RefreshDownloadsResponse>;

/**
 * The error codes a download failure carries (error_code on console rows; the Error Response dialog shows error_message):
 * a document the row names is not in the inbox (404), the row itself is invalid (400), a document is not a PDF, PNG or
 * JPEG (415) or is larger than the per-file upload limit (413).
 */
export const DOWNLOAD_ERROR_CODES = { missingDocument: '404', invalidRow: '400', unsupportedDocument: '415', tooLarge: '413' } as const;

/** The columns of an inbox manifest (.csv or .xlsx, first row the headers, one claim a row; spec 3 §3.3 insurer-side fields). */
export const MANIFEST_COLUMNS = [
  'intimation_number',
  'caseType',
  'patient_name',
  'hospital_code',
  'insurer_illness_name',
  'insurer_procedure_name',
  'insurer_claim_status',
  'insurer_documents',
] as const;

/**
 * GET /claim/batch/manifestLimits: what POST /claim/batch/uploadManifest accepts. The multipart form has one `manifest`
 * file (.csv or .xlsx) and `documents` files (PDF, PNG or JPEG) named in its insurer_documents column (separated by ';').
 */
export const ManifestLimits = z.object({
  maxFileBytes: z.number().int(),
  maxTotalBytes: z.number().int(),
  maxFiles: z.number().int(),
  columns: z.array(z.string()),
  required: z.array(z.string()),
});
export type ManifestLimits = z.infer<typeof ManifestLimits>;

/**
 * PUT /claim/batch/priority?org: the reordered batches (the dialog's first 25 open batches, OPEN_BATCH_STATUSES), first =
 * most urgent; spec 3 §4 transitions. The open batches named take the first priorities in that order, the organisation's
 * other open batches follow in their order; batches no longer open (finished meanwhile) keep theirs and their status.
 */
export const BatchPriorityBody = z.object({
  nameList: z.array(z.string().min(1)).min(1, 'Please Select at least one claim / batch').max(25, 'at most 25 batches at a time'),
});
export type BatchPriorityBody = z.input<typeof BatchPriorityBody>;

/**
 * PUT /claim/batch/{suspend,archive,discard}/batch?org: {nameList, downloaded, suspend|archive|discard, reason (discard)}.
 * The call's own flag may be left out; sent false it asks for nothing, and is refused (400) rather than acted on.
 */
export const BatchStopBody = BatchNamesBody.extend({
  downloaded: FlagText.optional(),
  suspend: FlagText.optional(),
  archive: FlagText.optional(),
  discard: FlagText.optional(),
  reason: z.string().max(500).optional(),
});
export type BatchStopBody = z.input<typeof BatchStopBody>;

const BatchRef = z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform(Number);

/**
 * PUT /claim/batch/reupload?org: Upload, Verify and Upload & Verify on the Uploads/Verification failed tab, all or nothing.
 * - {id} (the spec's call): the batch's failed claims (UPLOAD_FAILED, VERIFICATION_FAILED) are uploaded again (their
 *   documents checked in the store: UPLOADED, or UPLOAD_FAILED naming what is missing), then the batch is verified
 *   (TO_BE_PROCESSED) unless verify is false. An unknown batch: 404.
 * - {claimIdList} (the tab's selection; with id too, every claim must be in that batch): only these claims, which may be
 *   in several batches. Each must be a console claim of the organisation (404), in a batch (409), not on the verification
 *   queue (409), and failed (409; for a verification alone, not UPLOAD_FAILED: upload it first). Uploaded claims are
 *   verified in their batches, which become TO_BE_PROCESSED (409 for a batch that cannot be verified, e.g. DISCARDED).
 * - upload false: verify only (the tab's Verify). override (with verification): every claim of the batches is verified
 *   again, those already verified too (spec 3 §4 'optional override flag').
 * Answers Message ('Uploaded and verified successfully' when it uploaded and verified, else 'Successfully Done') and
 * notUploaded: the claims whose documents are still missing (left UPLOAD_FAILED, not verified).
 */
export const ReuploadBody = z
  .object({
    id: BatchRef.optional(),
    claimIdList: z
      .array(z.union([z.number(), z.string()]).transform(Number))
      .min(1, 'Please Select at least one claim / batch')
      .optional(),
    upload: z.boolean().optional(),
    verify: z.boolean().optional(),
    override: z.boolean().optional(),
  })
  .refine((body) => body.id !== undefined || body.claimIdList !== undefined, {
    path: ['id'],
    message: 'name the batch (id) or the claims (claimIdList)',
  })
  .refine((body) => body.upload !== false || body.verify !== false, {
    path: ['verify'],
    message: 'with upload false there is nothing to do unless verify is true',
  });
export type ReuploadBody = z.input<typeof ReuploadBody>;
export const ReuploadResponse = MessageResponse.extend({
  notUploaded: z.array(z.object({ id: z.number(), intimation_number: z.string(), error_message: z.string() })),
});
export type ReuploadResponse = z.infer<typeof ReuploadResponse>;

/**
 * GET /claim/batch/filterOptions?org: the choices of the console's Filter panels, every distinct value of the
 * organisation's console claims (insurer names and statuses) and batches (names, creators), alphabetically, at most
 * FILTER_OPTIONS_LIMIT of each. The keys are the filter object's (spec 3 §3.6).
 */
export const FILTER_OPTIONS_LIMIT = 2000;
export const ConsoleFilterOptions = z.object({
  insurerProcedureName: z.array(z.string()),
  insurerIllnessName: z.array(z.string()),
  insurerClaimStatus: z.array(z.string()),
  batchName: z.array(z.string()),
  userName: z.array(z.string()),
});
export type ConsoleFilterOptions = z.infer<typeof ConsoleFilterOptions>;

/** POST /claim/batch/assignBatches/equally?org. */
export const AssignEquallyBody = z.object({
  batchId: BatchRef,
  analysts: z.array(z.string().min(1)).min(1, 'choose at least one analyst'),
  date: WireDate,
});
export type AssignEquallyBody = z.input<typeof AssignEquallyBody>;

/**
 * POST /claim/batch/assignBatches/assignSpecified?org: claims per analyst (percentage false; must add up to the batch's
 * claim count) or percentages (must add up to 100); 400 'data: Make sure total claims and total allocation are in equal'
 * or 'data: Make sure total percentage of claims and total allocation are in equal' otherwise.
 */
export const AssignSpecifiedBody = z.object({
  batchId: BatchRef,
  data: z.record(z.string().min(1), z.number().int().nonnegative()),
  percentage: z.boolean().default(false),
  date: WireDate,
});
export type AssignSpecifiedBody = z.input<typeof AssignSpecifiedBody>;

/** PUT /claim/batch/assignDate/update?org: a new date for an ASSIGNED batch. */
export const AssignDateBody = z.object({ batchId: BatchRef, date: WireDate });
export type AssignDateBody = z.input<typeof AssignDateBody>;

/** GET /users?role=: the active users of the caller's organisation (the analysts of work allocation), by name. */
export const UsersQuery = z.object({ role: z.enum(['super_user', 'user']).optional() });
export const OrgUser = z.object({ username: z.string(), role: z.enum(['super_user', 'user']) });
export type OrgUser = z.infer<typeof OrgUser>;

/**
 * GET /claim/batch/progress?org&downloaded=true[&batchIds=1,2]: live progress, polled by the console (every few seconds while
 * a batch is in processing). Without batchIds: every batch of the organisation with claims still waiting or in progress.
 * ratePerMinute is claims finished per minute over the last ten minutes; etaSeconds the time left at that rate (null while
 * nothing has finished recently).
 */
export const BatchProgressQuery = OrgQuery.extend({
  downloaded: FlagText.optional(),
  batchIds: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'must be batch ids separated by commas')
    .transform((v) => v.split(',').map(Number))
    .optional(),
});
export const BatchProgress = z.object({
  id: z.number(),
  batchName: z.string(),
  status_info: z.object({ status: z.enum(BATCH_STATUSES) }),
  total_claims_count: z.number(),
  processing: BatchProcessing,
  /** Claims with an outcome (accepted, rejected, query, verification failed). */
  done: z.number(),
  /** Claims still to be verified or in progress. */
  remaining: z.number(),
  ratePerMinute: z.number().nullable(),
  etaSeconds: z.number().nullable(),
});
export type BatchProgress = z.infer<typeof BatchProgress>;
