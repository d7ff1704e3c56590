import { z } from 'zod';
import {
  ADJUDICATION_RESULTS,
  CANCER_FINDINGS,
  CASE_TYPE_CODES,
  CLAIM_STATUSES,
  type EntityGroup,
  FINDINGS_SIZE_MAX,
  LIMITS,
  NON_CANCER_FINDINGS,
} from '../constants';
import { FilterValue, FlagText, ListQuery, pagedItem, SearchText, WireDate } from './common';
import { ConsoleClaimRow } from './batches';
import { ClaimDecisionEnum } from './decisions';
import { RuleStatement } from './rules';
import { DocumentRound } from './rounds';
import { ClaimReview } from './review';

export type { AdjudicationResult } from '../constants';

/** Where an entity was found on a page, in the page's units. */
export const FoundPosition = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  pageNumber: z.number(),
  pageWidth: z.number(),
  pageHeight: z.number(),
});
export type FoundPosition = z.infer<typeof FoundPosition>;

/** A mention that says an entity is absent ('No evidence of cholelithiasis'): the evidence of its absence. */
export const NegatedMention = z.object({
  /** The words that negate it, with the mention ('No evidence of cholelithiasis'). */
  text: z.string(),
  /** The mention itself ('cholelithiasis'). */
  mention: z.string(),
  documentUrl: z.string(),
  referenceToDocument: z.string(),
  position: FoundPosition,
});
export type NegatedMention = z.infer<typeof NegatedMention>;

/** One entity looked for in the documents (spec 1 §3, adjudicationDetails items). */
export const FoundItem = z.object({
  name: z.string(),
  standardName: z.string().optional(),
  found: z.boolean(),
  valueFound: z.union([z.string(), z.number(), z.null()]).optional(),
  unitFound: z.string().nullable().optional(),
  ICD_code: z.string().nullable().optional(),
  documentUrl: z.string().nullable().optional(),
  referenceToDocument: z.string().nullable().optional(),
  position: FoundPosition.nullable().optional(),
  foundDocumentAliases: z.array(z.string()).optional(),
  /** Set when the item is not found but is mentioned as absent (found is then false). */
  negatedAt: NegatedMention.optional(),
});
export type FoundItem = z.infer<typeof FoundItem>;

/** The entity groups of adjudicationDetails, from the kinds table. */
export { ENTITY_GROUPS, type EntityGroup } from '../constants';

const foundItems = z.array(FoundItem).optional();

/** The verification of one procedure code; adjudicationDetails is keyed by procedure code. */
export const ProcedureVerification = z.object({
  ruleId: z.number().nullable(),
  ruleVersion: z.number().nullable().optional(),
  /** Whose rule judged it: the claim's organisation's own, or the provider's where the insurer has none. */
  ruleOrganization: z.string().nullable().optional(),
  primary: z.boolean(),
  adjudicationResult: z.enum(ADJUDICATION_RESULTS),
  adjudicationReason: z.string().nullable().optional(),
  rejectionReasons: z.array(z.string()).optional(),
  procedureRule: RuleStatement.nullable().optional(),
  diagnosisRule: RuleStatement.nullable().optional(),
  documentRule: RuleStatement.nullable().optional(),
  clinicalTermsRule: RuleStatement.nullable().optional(),
  procedures: foundItems,
  diagnoses: foundItems,
  evidence: foundItems,
  clinicalAttribute: foundItems,
  document: foundItems,
  tissue: foundItems,
  drug: foundItems,
  pre_existing_diseases: foundItems,
} satisfies Record<EntityGroup, unknown> & Record<string, z.ZodType>);
export type ProcedureVerification = z.infer<typeof ProcedureVerification>;

/** Where a claim's document is served, relative to the API base path (bearer-protected). */
export const claimDocumentPath = (claimId: number, documentId: number): string => `/claims/${claimId}/documents/${documentId}`;

export const ClaimDocument = z.object({
  id: z.number(),
  file_name: z.string(),
  content_type: z.string(),
  pages: z.number().nullable().optional(),
  /** Served by the api behind the bearer token: GET /claims/{id}/documents/{docId}. */
  original_document_url: z.string(),
});
export type ClaimDocument = z.infer<typeof ClaimDocument>;

/** Where a claim's verification stands while it runs: waiting in the queue, reading its documents, applying the rules. */
export const VERIFICATION_STAGES = ['queued', 'reading', 'verifying'] as const;
export const VerificationProgress = z.object({
  stage: z.enum(VERIFICATION_STAGES),
  documentsRead: z.number().int(),
  documentsTotal: z.number().int(),
});
export type VerificationProgress = z.infer<typeof VerificationProgress>;

/** The result a re-run replaced, kept so the claim page can show what changed. */
export const PreviousVerification = z.object({
  adjudicationResult: z.enum(ADJUDICATION_RESULTS).nullable(),
  lastVerifiedOn: z.string().nullable(),
  adjudicationDetails: z.record(z.string(), ProcedureVerification).nullable(),
});
export type PreviousVerification = z.infer<typeof PreviousVerification>;

/** What the list row and the claim page share: identity, patient, procedures, status and verdict. */
const ClaimSummary = z.object({
  id: z.number(),
  obj_id: z.string(),
  referenceClaimId: z.string(),
  caseType: z.enum(CASE_TYPE_CODES),
  /** Older field kept for clients that still read it. */
  case_type: z.enum(CASE_TYPE_CODES),
  patientName: z.string(),
  procedureCodes: z.array(z.string()),
  hospitalCode: z.string().nullable(),
  status: z.enum(CLAIM_STATUSES),
  annotated: z.boolean(),
  annotation_id: z.number().nullable(),
  adjudicationResult: z.enum(ADJUDICATION_RESULTS).nullable(),
  adjudicationReason: z.string().nullable(),
  lastModifiedOn: z.string(),
  /**
   * Procedure questions are asked for it and none is answered ('Answers requested'): it was verified from its
   * documents all the same, and answering (/questions/{id}) verifies it again.
   */
  answersRequested: z.boolean().optional(),
});

/** GET /claims/{claimId}: one claim as the claim page reads it. */
export const Claim = ClaimSummary.extend({
  procedureName: z.array(z.string()),
  organization: z.string(),
  rejectionReasons: z.array(z.string()),
  /** Keyed by procedure code. */
  adjudicationDetails: z.record(z.string(), ProcedureVerification).nullable(),
  error_code: z.string().nullable().optional(),
  error_message: z.string().nullable().optional(),
  lastModifiedBy: z.string().nullable(),
  lastVerifiedOn: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdOn: z.string(),
  delete_after_adjudication: z.boolean(),
  rerunStatus: z.literal('INPROGRESS').nullable(),
  fk_batch_id: z.number().nullable().optional(),
  documents: z.array(ClaimDocument),
  /** Set while a verification is queued or running, null otherwise. */
  progress: VerificationProgress.nullable().optional(),
  /** The result before the latest re-run, null before the first re-run. */
  previousVerification: PreviousVerification.nullable().optional(),
  /** Its document rounds, oldest first: requested, answered, verified again (POST /claims/{id}/documentRequests). */
  documentRounds: z.array(DocumentRound).optional(),
  /** Its review: holder, due time, clock and turnaround (docs/review-work.md). */
  review: ClaimReview.optional(),
});
export type Claim = z.infer<typeof Claim>;

/** One word of a document page with its box, in the page's units (origin top-left), as the adjudicator read it. */
export const DocumentWord = z.object({ text: z.string(), x: z.number(), y: z.number(), width: z.number(), height: z.number() });
export type DocumentWord = z.infer<typeof DocumentWord>;
export const DocumentTextPage = z.object({
  pageNumber: z.number().int(),
  width: z.number(),
  height: z.number(),
  source: z.enum(['text', 'ocr']),
  words: z.array(DocumentWord),
});
export type DocumentTextPage = z.infer<typeof DocumentTextPage>;
/** GET /claims/{claimId}/documents/{documentId}/text: the words the adjudicator read (text layer or OCR), for search in the viewer. */
export const DocumentText = z.object({ documentId: z.number(), pages: z.array(DocumentTextPage) });
export type DocumentText = z.infer<typeof DocumentText>;
export const claimDocumentTextPath = (claimId: number, documentId: number): string => `${claimDocumentPath(claimId, documentId)}/text`;

/** GET /claims/uploadLimits: what POST /claims accepts, so the create form can state it and check before sending. */
export const UploadLimits = z.object({
  maxFileBytes: z.number().int().positive(),
  maxClaimBytes: z.number().int().positive(),
  maxFiles: z.number().int().positive(),
});
export type UploadLimits = z.infer<typeof UploadLimits>;

/** A row of GET /claims (the first one also carries total_count and page_number). */
export const ClaimListRow = pagedItem(
  ClaimSummary.extend({
    /** Provider's organisation only: counts of found entities for the list's columns. */
    proceduresFound: z.number().optional(),
    diagnosisFound: z.number().optional(),
    evidenceFound: z.number().optional(),
    documentsFound: z.number().optional(),
    /** The reviewer the claim's review is assigned to (or the analyst work allocation gave it to). */
    assignedTo: z.string().nullable().optional(),
    /** When its review is due (null before the first verdict); overdue while open with the due time passed. */
    dueAt: z.string().nullable().optional(),
    overdue: z.boolean().optional(),
    /** A document request of the claim is open ('Documents requested'): POST /claims/{id}/documentRequests. */
    documentsRequested: z.boolean().optional(),
    /** The procedures' current decisions: alike, that one; different, MIXED; none yet, null (claimDecisionOf). */
    decision: ClaimDecisionEnum.nullable().optional(),
    /** On the first row when there are more than total_count matches (the count stops at 10,000: show '10,000+'). */
    total_count_capped: z.boolean().optional(),
  }),
);
export type ClaimListRow = z.infer<typeof ClaimListRow>;

/** GET /claims: the review list's rows, or with downloaded=true the console's. */
export const ClaimListResponse = z.union([z.array(ClaimListRow), z.array(ConsoleClaimRow)]);

/** A row id in a path: a positive integer the database's int column can hold (a larger one is refused as input, not looked up). */
const RowId = z.coerce.number().int().positive().max(2_147_483_647);
/** GET /claims/{claimId}(/...), PUT /claims/{claimId}, ...: the claim in the path. */
export const ClaimIdParams = z.object({ claimId: RowId });
export const ClaimDocumentParams = ClaimIdParams.extend({ documentId: RowId });

/** GET /claims: the review list, or with `downloaded=true` the console's claims (`status=A,B` filters both). */
export const ClaimListQuery = ListQuery.extend({ status: z.string().optional(), downloaded: FlagText.optional() });

/** POST /claims/search?limit&page_number&org[&download=True]: the filtered list, or with download its CSV file. */
export const ClaimSearchQuery = ListQuery.extend({ download: FlagText.optional() });

/** POST /claims/search: the claims filter (spec 1 §3). */
export const ClaimSearchBody = z
  .object({
    status: z.array(z.enum(CLAIM_STATUSES)).optional(),
    procedureCode: z.array(FilterValue).optional(),
    hospital_code: z.array(FilterValue).optional(),
    userName: z.array(FilterValue).optional(),
    caseType: z.array(z.enum(CASE_TYPE_CODES)).optional(),
    batch: z.array(z.union([z.number(), FilterValue]).transform(Number)).optional(),
    reported_month: FilterValue.optional(),
    adjudicationResult: z.array(z.enum(ADJUDICATION_RESULTS)).optional(),
    /** true: only open reviews whose due time has passed. */
    overdue: z.boolean().optional(),
    /** Claims assigned to these users ('' for claims assigned to nobody). */
    assignedTo: z.array(z.string().max(200)).optional(),
    /** true: only claims whose procedure questions are unanswered ('Answers requested'). */
    answersRequested: z.boolean().optional(),
    /** true: only claims where a person's decision differs from the adjudicator's verdict (decisionDiffers). */
    decisionDiffers: z.boolean().optional(),
    startDate: WireDate.optional(),
    endDate: WireDate.optional(),
    query: SearchText.optional(),
    /** true: only claims with a document request open ('Documents requested'). */
    documentsRequested: z.boolean().optional(),
  })
  .refine((f) => !f.startDate || !f.endDate || f.startDate <= f.endDate, {
    message: 'endDate must be on or after startDate',
    path: ['endDate'],
  });
export type ClaimSearchBody = z.input<typeof ClaimSearchBody>;

/** POST /claims (multipart) fields other than the files (spec 1 §3). */
export const ClaimCreateFields = z.object({
  patientName: z
    .string()
    .trim()
    .max(LIMITS.patientNameMaxLength, `Patient Name can be at most ${LIMITS.patientNameMaxLength} characters`)
    .default(''),
  referenceClaimId: z
    .string()
    .trim()
    .min(1, 'Case No. is required')
    .max(LIMITS.caseNumberMaxLength, `Case No. can be at most ${LIMITS.caseNumberMaxLength} characters`),
  delete_after_adjudication: FlagText.default(false),
  hospitalCode: z.string().trim().optional(),
  procedureName: z.array(z.string().min(1)).min(1, 'at least one procedure is required').max(10),
  caseType: z.enum(CASE_TYPE_CODES),
  adjudicate: FlagText.default(true),
});
export const CLAIM_UPLOAD_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
/** POST /claims: the new claim; requestAdditoinalInput (the spec's spelling) when its procedures have questions. */
export const ClaimCreateResponse = z.object({ id: z.number(), requestAdditoinalInput: z.boolean() });
export type ClaimCreateResponse = z.infer<typeof ClaimCreateResponse>;

/** PUT /claims/{claimId}?org: re-run verification (form). */
export const ClaimRerunForm = z.object({
  status: z.literal('OCRED'),
  rerunFlag: FlagText.default(true),
  adjudicate: FlagText.default(true),
});

/** POST /claims/{claimId}/adjudicate: the findings confirmation. */
const findingSize = z.number().nonnegative().max(FINDINGS_SIZE_MAX).nullable().optional();
/**
 * POST /claims/{claimId}/adjudicate: the findings confirmation. Findings come from one of the two lists of
 * spec 1 §9; the size fields belong to the non-cancer list and are refused with a cancer finding.
 */
export const FindingsBody = z
  .object({
    findings: z
      .array(z.enum([...NON_CANCER_FINDINGS, ...CANCER_FINDINGS]))
      .refine((list) => new Set(list).size === list.length, 'a finding is named twice'),
    fibroidSize: findingSize,
    fibroidSizeUnit: z.enum(['mm', 'cm']).nullable().optional(),
    uterusSize: findingSize,
    transitionZone: findingSize,
  })
  .superRefine((body, context) => {
    if (!body.findings.some((finding) => (CANCER_FINDINGS as readonly string[]).includes(finding))) return;
    for (const field of ['fibroidSize', 'uterusSize', 'transitionZone'] as const)
      if (body[field] != null) context.addIssue({ code: 'custom', path: [field], message: 'sizes go with the non-cancer findings only' });
  });
export type FindingsBody = z.infer<typeof FindingsBody>;

/** POST /claims/dashboard/count?status=... */
export const DASHBOARD_KINDS = ['getAll', 'adjudicated', 'accepted', 'rejected'] as const;
export const DashboardQuery = z.object({ status: z.enum(DASHBOARD_KINDS), org: z.string().optional() });
/** A count by status (getAll), by result (adjudicated) or by procedure code (accepted, rejected). */
export const DashboardRow = z.object({
  status: z.string().optional(),
  adjudicationResult: z.string().optional(),
  procedureCode: z.string().optional(),
  count: z.number(),
});
export type DashboardRow = z.infer<typeof DashboardRow>;
