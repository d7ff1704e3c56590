/** A claim as GET /claims/{id} answers it, for the annotation and findings tests: two PDFs (6 pages, 1 page). */
import type { Claim, FoundItem, ProcedureVerification } from '@claims/shared-kernel';

export const found = (name: string, extra: Partial<FoundItem> = {}): FoundItem => ({ name, found: true, ...extra });
export const absent = (name: string): FoundItem => ({ name, found: false });

export const VERIFICATION: ProcedureVerification = {
  ruleId: 1,
  primary: true,
  adjudicationResult: 'REJECTED',
  procedures: [found('Total Abdominal Hysterectomy')],
  diagnoses: [found('Leiomyoma of Uterus'), absent('Adenomyosis')],
  evidence: [found('USG pelvis')],
  document: [found('Discharge Summary'), absent('HPE report')],
  clinicalAttribute: [found('Haemoglobin', { valueFound: 9.1, unitFound: 'g/dL' })],
  tissue: [],
  drug: [],
  pre_existing_diseases: [],
};

export function testClaim(overrides: Partial<Claim> = {}): Claim {
  return {
    id: 42,
    obj_id: 'obj-42',
    referenceClaimId: 'CASE-42',
    caseType: 'SETTLEMENT',
    case_type: 'SETTLEMENT',
    patientName: 'Asha Rao',
    procedureCodes: ['P10'],
    procedureName: ['Total Abdominal Hysterectomy'],
    hospitalCode: 'H01',
    status: 'ADJUDICATED',
    annotated: false,
    annotation_id: null,
    adjudicationResult: 'REJECTED',
    adjudicationReason: null,
    lastModifiedOn: '2024-05-01T10:00:00Z',
    organization: 'vitraya',
    rejectionReasons: [],
    adjudicationDetails: { P10: VERIFICATION },
    lastModifiedBy: null,
    lastVerifiedOn: '2024-05-01T10:00:00Z',
    createdBy: 'vitraya.admin',
    createdOn: '2024-05-01T09:00:00Z',
    delete_after_adjudication: false,
    rerunStatus: null,
    documents: [
      { id: 7, file_name: 'discharge.pdf', content_type: 'application/pdf', pages: 6, original_document_url: '/claims/42/documents/7' },
      { id: 8, file_name: 'bill.pdf', content_type: 'application/pdf', pages: 1, original_document_url: '/claims/42/documents/8' },
    ],
    ...overrides,
  };
}
