/**
 * Claims as GET /claims/{id} answers them, for the claim page's tests: documents, found items with their
 * places, rule trees whose leaves carry what the adjudicator records (conditionResult, valueFound,
 * unitFound, evidence), and a claim around them. Defaults describe a cataract claim verified once.
 */
import type {
  AdjudicationResult,
  Claim,
  ClaimDocument,
  EntityName,
  EvidenceLocation,
  FoundItem,
  LeafOperator,
  ProcedureVerification,
  RuleStatement,
} from '@claims/shared-kernel';

export const CLAIM_ID = 42;

export function document(id: number, file_name: string, pages = 4): ClaimDocument {
  const content_type = file_name.endsWith('.pdf') ? 'application/pdf' : 'image/png';
  return { id, file_name, content_type, pages, original_document_url: `/claims/${CLAIM_ID}/documents/${id}` };
}

export const SUMMARY = document(7, 'discharge_summary.pdf', 6);
export const LAB = document(8, 'lab_report.png', 1);

/** Where something was found: a page of a document and a box in the page's units. */
export function evidence(
  doc: ClaimDocument,
  pageNumber: number,
  box: Partial<Pick<EvidenceLocation, 'x' | 'y' | 'width' | 'height'>> = {},
): EvidenceLocation {
  return {
    documentUrl: doc.original_document_url,
    referenceToDocument: doc.file_name,
    x: 106,
    y: 68,
    width: 90,
    height: 10,
    ...box,
    pageNumber,
    pageWidth: 595,
    pageHeight: 842,
  };
}

export function found(name: string, at: EvidenceLocation | null, extra: Partial<FoundItem> = {}): FoundItem {
  return {
    name,
    standardName: name,
    found: true,
    documentUrl: at?.documentUrl ?? null,
    referenceToDocument: at?.referenceToDocument ?? null,
    position: at
      ? {
          x: at.x,
          y: at.y,
          width: at.width,
          height: at.height,
          pageNumber: at.pageNumber,
          pageWidth: at.pageWidth,
          pageHeight: at.pageHeight,
        }
      : null,
    foundDocumentAliases: [name],
    ...extra,
  };
}

export function absent(name: string): FoundItem {
  return { name, standardName: name, found: false, documentUrl: null, referenceToDocument: null, position: null, foundDocumentAliases: [] };
}

interface LeafResult {
  ok: boolean;
  valueFound?: string | number | null;
  unitFound?: string | null;
  evidence?: EvidenceLocation[];
}

/** ANY_OF_N_VALUES_IS_PRESENT; `foundValues` joined as the adjudicator writes valueFound. */
export function anyOf(
  entityName: EntityName,
  valuesToFind: string[],
  foundValues: string[],
  options: { need?: number; evidence?: EvidenceLocation[]; inclusion?: string[] } = {},
): RuleStatement {
  const need = options.need ?? 1;
  return {
    operator: 'ANY_OF_N_VALUES_IS_PRESENT',
    entityName,
    valuesToFind,
    numberOfValues: need,
    ...(options.inclusion ? { documentInclusionList: options.inclusion } : {}),
    conditionResult: foundValues.length >= need,
    conditionFound: foundValues.length > 0,
    valueFound: foundValues.length ? foundValues.join(', ') : null,
    evidence: options.evidence ?? [],
  };
}

export function allOf(
  entityName: EntityName,
  valuesToFind: string[],
  foundValues: string[],
  evidenceFound: EvidenceLocation[] = [],
): RuleStatement {
  return {
    operator: 'ALL_OF_THE_VALUES_ARE_PRESENT',
    entityName,
    valuesToFind,
    conditionResult: foundValues.length === valuesToFind.length,
    conditionFound: foundValues.length > 0,
    valueFound: foundValues.length ? foundValues.join(', ') : null,
    evidence: evidenceFound,
  };
}

/** A comparison on a clinical attribute (valueToCompare), with what was read. */
export function compare(
  operator: LeafOperator,
  attribute: string,
  rule: Pick<RuleStatement, 'value' | 'range'>,
  result: LeafResult,
): RuleStatement {
  return {
    operator,
    entityName: 'clinicalattribute',
    valueToCompare: { id: 3, name: attribute },
    ...rule,
    conditionResult: result.ok,
    conditionFound: result.valueFound !== null && result.valueFound !== undefined,
    valueFound: result.valueFound ?? null,
    unitFound: result.unitFound ?? null,
    evidence: result.evidence ?? [],
  };
}

const compound = (booleanOperator: 'AND' | 'OR', statements: RuleStatement[]): RuleStatement => ({
  booleanOperator,
  statements,
  conditionResult: booleanOperator === 'AND' ? statements.every((s) => s.conditionResult) : statements.some((s) => s.conditionResult),
});
export const and = (...statements: RuleStatement[]): RuleStatement => compound('AND', statements);
export const or = (...statements: RuleStatement[]): RuleStatement => compound('OR', statements);

const EMPTY_GROUPS = {
  procedures: [],
  diagnoses: [],
  evidence: [],
  clinicalAttribute: [],
  document: [],
  tissue: [],
  drug: [],
  pre_existing_diseases: [],
} satisfies Partial<ProcedureVerification>;

/** A procedure's verification: passing trees and found items unless told otherwise. */
export function procedure(result: AdjudicationResult, overrides: Partial<ProcedureVerification> = {}): ProcedureVerification {
  const summaryPage2 = evidence(SUMMARY, 2);
  return {
    ruleId: 11,
    ruleVersion: 3,
    primary: true,
    adjudicationResult: result,
    adjudicationReason: null,
    rejectionReasons: [],
    procedureRule: and(anyOf('procedures', ['Phacoemulsification'], ['Phacoemulsification'], { evidence: [summaryPage2] })),
    diagnosisRule: and(anyOf('diagnoses', ['Senile cataract', 'Cataract'], ['Senile cataract'], { evidence: [summaryPage2] })),
    documentRule: and(anyOf('document', ['Discharge Summary'], ['Discharge Summary'], { evidence: [evidence(SUMMARY, 1)] })),
    clinicalTermsRule: null,
    ...EMPTY_GROUPS,
    procedures: [found('Phacoemulsification', summaryPage2)],
    diagnoses: [found('Senile cataract', summaryPage2, { ICD_code: 'H25.9' })],
    document: [found('Discharge Summary', evidence(SUMMARY, 1, { x: 0, y: 0, width: 595, height: 842 }))],
    ...overrides,
  };
}

/** The claim the page reads; one procedure (OPH001) ACCEPTED unless told otherwise. */
export function claimOf(overrides: Partial<Claim> = {}): Claim {
  const details = overrides.adjudicationDetails === undefined ? { OPH001: procedure('ACCEPTED') } : overrides.adjudicationDetails;
  const codes = overrides.procedureCodes ?? Object.keys(details ?? { OPH001: null });
  return {
    id: CLAIM_ID,
    obj_id: 'obj-42',
    referenceClaimId: 'CASE-2026-0042',
    caseType: 'PRE_AUTH',
    case_type: 'PRE_AUTH',
    patientName: 'Asha Verma',
    procedureCodes: codes,
    procedureName: codes.map((code) => PROCEDURE_NAMES[code] ?? code),
    hospitalCode: 'H01',
    status: 'ADJUDICATED',
    annotated: false,
    annotation_id: null,
    adjudicationResult: 'ACCEPTED',
    adjudicationReason: null,
    lastModifiedOn: '2026-03-14T09:00:00Z',
    organization: 'vitraya',
    rejectionReasons: [],
    adjudicationDetails: details,
    error_code: null,
    error_message: null,
    lastModifiedBy: 'vitraya.admin',
    // 20:00 UTC is 01:30 the next day in Kolkata.
    lastVerifiedOn: '2026-03-14T20:00:00Z',
    createdBy: 'vitraya.admin',
    createdOn: '2026-03-14T08:00:00Z',
    delete_after_adjudication: false,
    rerunStatus: null,
    fk_batch_id: null,
    documents: [SUMMARY, LAB],
    progress: null,
    previousVerification: null,
    ...overrides,
  };
}

export const PROCEDURE_NAMES: Record<string, string> = {
  OPH001: 'Cataract surgery with IOL implantation',
  GYN010: 'Hysterectomy',
};
