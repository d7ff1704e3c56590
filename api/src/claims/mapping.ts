/** Claim rows as the wire contract shapes them (spec 1 §3, spec 3 §3.3). */
import type { ClaimStatus } from '@claims/shared-kernel/constants';
import {
  claimDocumentPath,
  type Claim,
  type ClaimDecision,
  type ClaimDocument,
  type ClaimListRow,
  type ConsoleClaimRow,
  type VerificationProgress,
} from '@claims/shared-kernel/contract';
import type { claimDocuments, claims } from '../db/schema';
import { iso } from '../http/time';

export type ClaimRow = typeof claims.$inferSelect;
export type DocumentMeta = Pick<
  typeof claimDocuments.$inferSelect,
  'id' | 'claimId' | 'fileName' | 'contentType' | 'pages' | 'size' | 'readAt'
>;

/** The columns the claims list reads: the summary and the found counts (never adjudication_details). */
export type ClaimListSource = Pick<
  ClaimRow,
  | 'id'
  | 'objId'
  | 'referenceClaimId'
  | 'caseType'
  | 'patientName'
  | 'procedureCodes'
  | 'hospitalCode'
  | 'status'
  | 'annotated'
  | 'annotationId'
  | 'adjudicationResult'
  | 'adjudicationReason'
  | 'lastModifiedOn'
  | 'proceduresFound'
  | 'diagnosisFound'
  | 'evidenceFound'
  | 'documentsFound'
  | 'assignedTo'
  | 'dueAt'
> & {
  /** Whether its open review is past its due time (overdueSql), where the list reads it. */
  overdue?: boolean;
  /** Whether a document request of it is open (documentsRequestedSql), where the list reads it. */
  documentsRequested?: boolean;
  /** Whether its procedure questions are unanswered (answersRequestedSql), where the list reads it. */
  answersRequested?: boolean;
  /** The procedures' current decisions (claimDecisionSql), where the list reads it. */
  decision?: ClaimDecision | null;
};

/** What the list row and the claim share: identity, patient, procedures, status and verdict. */
function claimSummary(
  row: Omit<ClaimListSource, 'proceduresFound' | 'diagnosisFound' | 'evidenceFound' | 'documentsFound' | 'answersRequested'>,
) {
  return {
    id: row.id,
    obj_id: row.objId,
    referenceClaimId: row.referenceClaimId,
    caseType: row.caseType,
    case_type: row.caseType,
    patientName: row.patientName,
    procedureCodes: row.procedureCodes,
    hospitalCode: row.hospitalCode,
    status: row.status as ClaimStatus,
    annotated: row.annotated,
    annotation_id: row.annotationId,
    adjudicationResult: row.adjudicationResult,
    adjudicationReason: row.adjudicationReason,
    lastModifiedOn: row.lastModifiedOn.toISOString(),
  };
}

/** A list row; the found counts (columns the database keeps with the verdict) for the provider's organisation only. */
export function toClaimListRow(row: ClaimListSource, withFoundCounts: boolean): ClaimListRow {
  return {
    ...claimSummary(row),
    ...(row.answersRequested === undefined ? {} : { answersRequested: row.answersRequested }),
    assignedTo: row.assignedTo,
    dueAt: iso(row.dueAt),
    ...(row.overdue === undefined ? {} : { overdue: row.overdue }),
    ...(withFoundCounts
      ? {
          proceduresFound: row.proceduresFound,
          diagnosisFound: row.diagnosisFound,
          evidenceFound: row.evidenceFound,
          documentsFound: row.documentsFound,
        }
      : {}),
    ...(row.documentsRequested === undefined ? {} : { documentsRequested: row.documentsRequested }),
    ...(row.decision === undefined ? {} : { decision: row.decision }),
  };
}

export const toClaimDocument = (doc: DocumentMeta): ClaimDocument => ({
  id: doc.id,
  file_name: doc.fileName,
  content_type: doc.contentType,
  pages: doc.pages,
  original_document_url: claimDocumentPath(doc.claimId, doc.id),
});

export function toClaim(row: ClaimRow, documents: DocumentMeta[], progress: VerificationProgress | null): Claim {
  return {
    ...claimSummary(row),
    procedureName: row.procedureNames,
    organization: row.org,
    rejectionReasons: row.rejectionReasons,
    adjudicationDetails: row.adjudicationDetails,
    error_code: row.errorCode,
    error_message: row.errorMessage,
    lastModifiedBy: row.lastModifiedBy,
    lastVerifiedOn: iso(row.lastVerifiedOn),
    createdBy: row.createdBy,
    createdOn: row.createdOn.toISOString(),
    delete_after_adjudication: row.deleteAfterAdjudication,
    rerunStatus: row.rerunStatus,
    fk_batch_id: row.batchId,
    documents: documents.map(toClaimDocument),
    progress,
    previousVerification: row.previousVerification,
  };
}

export function toConsoleRow(row: ClaimRow, documents: DocumentMeta[]): ConsoleClaimRow {
  return {
    id: row.id,
    obj_id: row.objId,
    intimation_number: row.intimationNumber ?? row.referenceClaimId,
    insurer_illness_name: row.insurerIllnessName,
    insurer_procedure_name: row.insurerProcedureName,
    vitraya_procedure_name: row.procedureNames,
    vitraya_procedure_code: row.procedureCodes,
    caseType: row.caseType,
    insurer_claim_status: row.insurerClaimStatus,
    vitraya_claim_status: row.status,
    createdOn: row.createdOn.toISOString(),
    vitraya_arrival_date: iso(row.arrivalDate),
    vitraya_snomed_code: row.snomedCodes,
    insurer_documents: row.insurerDocuments.length ? row.insurerDocuments : documents.map((d) => claimDocumentPath(d.claimId, d.id)),
    fk_batch_id: row.batchId,
    error_code: row.errorCode,
    error_message: row.errorMessage,
  };
}
