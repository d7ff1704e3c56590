import { z } from 'zod';
import { ADJUDICATION_RESULTS, CASE_TYPE_CODES, CLAIM_STATUSES, type AdjudicationResult } from '../constants';
import { FlagText, WireDate } from './common';
import type { RuleStatement } from './rules';

export type { AdjudicationResult } from '../constants';

/** One entity looked for in the documents (spec 1 §3, adjudicationDetails items). */
export interface FoundItem {
  name: string;
  standardName?: string;
  found: boolean;
  valueFound?: string | number | null;
  unitFound?: string | null;
  ICD_code?: string | null;
  documentUrl?: string | null;
  referenceToDocument?: string | null;
  position?: {
    x: number;
    y: number;
    width: number;
    height: number;
    pageNumber: number;
    pageWidth: number;
    pageHeight: number;
  } | null;
  foundDocumentAliases?: string[];
}

export const ENTITY_GROUPS = [
  'procedures',
  'diagnoses',
  'evidence',
  'clinicalAttribute',
  'document',
  'tissue',
  'drug',
  'pre_existing_diseases',
] as const;
export type EntityGroup = (typeof ENTITY_GROUPS)[number];

/** The verification of one procedure code; adjudicationDetails is keyed by procedure code. */
export type ProcedureVerification = {
  ruleId: number | null;
  ruleVersion?: number | null;
  primary: boolean;
  adjudicationResult: AdjudicationResult;
  adjudicationReason?: string | null;
  rejectionReasons?: string[];
  procedureRule?: RuleStatement | null;
  diagnosisRule?: RuleStatement | null;
  documentRule?: RuleStatement | null;
  clinicalTermsRule?: RuleStatement | null;
} & { [G in EntityGroup]?: FoundItem[] };

/** Where a claim's document is served, relative to the API base path (bearer-protected). */
export const claimDocumentPath = (claimId: number, documentId: number): string => `/claims/${claimId}/documents/${documentId}`;

export interface ClaimDocument {
  id: number;
  file_name: string;
  content_type: string;
  pages?: number | null;
  /** Served by the api behind the bearer token: GET /claims/{id}/documents/{docId}. */
  original_document_url: string;
}

/** GET /claims/{claimId}: one claim as the claim page reads it. */
export interface Claim {
  id: number;
  obj_id: string;
  referenceClaimId: string;
  caseType: (typeof CASE_TYPE_CODES)[number];
  /** Older field kept for clients that still read it. */
  case_type: (typeof CASE_TYPE_CODES)[number];
  patientName: string;
  procedureCodes: string[];
  procedureName: string[];
  hospitalCode: string | null;
  organization: string;
  status: (typeof CLAIM_STATUSES)[number];
  annotated: boolean;
  annotation_id: number | null;
  adjudicationResult: AdjudicationResult | null;
  adjudicationReason: string | null;
  rejectionReasons: string[];
  adjudicationDetails: Record<string, ProcedureVerification> | null;
  error_code?: string | null;
  error_message?: string | null;
  lastModifiedOn: string;
  lastModifiedBy: string | null;
  lastVerifiedOn: string | null;
  createdBy: string | null;
  createdOn: string;
  delete_after_adjudication: boolean;
  rerunStatus: 'INPROGRESS' | null;
  fk_batch_id?: number | null;
  documents: ClaimDocument[];
}

/** A row of GET /claims (the first one also carries total_count and page_number). */
export interface ClaimListRow {
  id: number;
  obj_id: string;
  referenceClaimId: string;
  caseType: (typeof CASE_TYPE_CODES)[number];
  case_type: (typeof CASE_TYPE_CODES)[number];
  patientName: string;
  procedureCodes: string[];
  hospitalCode: string | null;
  status: (typeof CLAIM_STATUSES)[number];
  annotated: boolean;
  annotation_id: number | null;
  adjudicationResult: AdjudicationResult | null;
  adjudicationReason: string | null;
  /** Provider's organisation only: counts of found entities for the list's columns. */
  proceduresFound?: number;
  diagnosisFound?: number;
  evidenceFound?: number;
  documentsFound?: number;
  lastModifiedOn: string;
  total_count?: number;
  page_number?: number;
}

export const ClaimListQuery = z.object({
  status: z.string().optional(),
  org: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(25),
  page_number: z.coerce.number().int().min(1).default(1),
  downloaded: FlagText.optional(),
});

/** POST /claims/search: the claims filter (spec 1 §3). */
export const ClaimSearchBody = z
  .object({
    status: z.array(z.enum(CLAIM_STATUSES)).optional(),
    procedureCode: z.array(z.string()).optional(),
    hospital_code: z.array(z.string()).optional(),
    userName: z.array(z.string()).optional(),
    caseType: z.array(z.enum(CASE_TYPE_CODES)).optional(),
    batch: z.array(z.union([z.number(), z.string()]).transform(Number)).optional(),
    reported_month: z.string().optional(),
    adjudicationResult: z.array(z.enum(ADJUDICATION_RESULTS)).optional(),
    startDate: WireDate.optional(),
    endDate: WireDate.optional(),
    query: z.string().optional(),
  })
  .refine((f) => !f.startDate || !f.endDate || f.startDate <= f.endDate, {
    message: 'endDate must be on or after startDate',
    path: ['endDate'],
  });
export type ClaimSearchBody = z.input<typeof ClaimSearchBody>;

/** POST /claims (multipart) fields other than the files (spec 1 §3). */
export const ClaimCreateFields = z.object({
  patientName: z.string().trim().default(''),
  referenceClaimId: z.string().trim().min(1, 'Case No. is required'),
  delete_after_adjudication: FlagText.default(false),
  hospitalCode: z.string().trim().optional(),
  procedureName: z.array(z.string().min(1)).min(1, 'at least one procedure is required').max(10),
  caseType: z.enum(CASE_TYPE_CODES),
  adjudicate: FlagText.default(true),
});
export const CLAIM_UPLOAD_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export interface ClaimCreateResponse {
  id: number;
  requestAdditoinalInput: boolean;
}

/** PUT /claims/{claimId}?org: re-run verification (form). */
export const ClaimRerunForm = z.object({
  status: z.literal('OCRED'),
  rerunFlag: FlagText.default(true),
  adjudicate: FlagText.default(true),
});

/** POST /claims/{claimId}/adjudicate: the findings confirmation. */
export const FindingsBody = z.object({
  findings: z.array(z.string()),
  fibroidSize: z.number().nonnegative().nullable().optional(),
  fibroidSizeUnit: z.enum(['mm', 'cm']).nullable().optional(),
  uterusSize: z.number().nonnegative().nullable().optional(),
  transitionZone: z.number().nonnegative().nullable().optional(),
});
export type FindingsBody = z.infer<typeof FindingsBody>;

/** POST /claims/dashboard/count?status=... */
export const DASHBOARD_KINDS = ['getAll', 'adjudicated', 'accepted', 'rejected'] as const;
export interface DashboardRow {
  status?: string;
  adjudicationResult?: string;
  procedureCode?: string;
  count: number;
}
