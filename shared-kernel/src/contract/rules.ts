import { z } from 'zod';
import { BOOLEAN_OPERATORS, CASE_TYPE_CODES, ENTITY_NAMES, LEAF_OPERATORS } from '../constants';
import { AuditEntry } from './common';

/** Where a leaf's evidence was found in the claim's documents. */
export const EvidenceLocation = z.object({
  documentUrl: z.string().optional(),
  referenceToDocument: z.string().optional(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  pageNumber: z.number().int(),
  pageWidth: z.number(),
  pageHeight: z.number(),
});
export type EvidenceLocation = z.infer<typeof EvidenceLocation>;

/** A clinical attribute reference on a comparison leaf. */
export const ValueToCompare = z.object({ id: z.union([z.number(), z.string()]), name: z.string() });

/**
 * One node of a rule statement tree (spec 2 §3, spec 3 §3.5): a compound node has booleanOperator
 * and statements, a leaf has operator and its fields. conditionResult, valueFound, unitFound and
 * evidence are filled in by the adjudicator on the copy stored with a claim's verification.
 */
export interface RuleStatement {
  booleanOperator?: (typeof BOOLEAN_OPERATORS)[number];
  statements?: RuleStatement[];
  operator?: (typeof LEAF_OPERATORS)[number];
  entityName?: (typeof ENTITY_NAMES)[number];
  valuesToFind?: string[];
  numberOfValues?: number;
  valueToCompare?: { id: number | string; name: string };
  value?: number | string | string[] | null;
  range?: [number | null, number | null];
  documentInclusionList?: string[];
  documentExclusionList?: string[];
  description?: string;
  conditionFound?: boolean;
  conditionResult?: boolean;
  valueFound?: string | number | null;
  unitFound?: string | null;
  evidence?: EvidenceLocation[];
  /** Editor-only, stripped before saving. */
  id?: string;
  level?: number;
  parentId?: string | null;
}
export const RuleStatement: z.ZodType<RuleStatement> = z.lazy(() =>
  z.object({
    booleanOperator: z.enum(BOOLEAN_OPERATORS).optional(),
    statements: z.array(RuleStatement).optional(),
    operator: z.enum(LEAF_OPERATORS).optional(),
    entityName: z.enum(ENTITY_NAMES).optional(),
    valuesToFind: z.array(z.string()).optional(),
    numberOfValues: z.number().int().min(1).max(10).optional(),
    valueToCompare: ValueToCompare.optional(),
    value: z.union([z.number(), z.string(), z.array(z.string()), z.null()]).optional(),
    range: z.tuple([z.number().nullable(), z.number().nullable()]).optional(),
    documentInclusionList: z.array(z.string()).optional(),
    documentExclusionList: z.array(z.string()).optional(),
    description: z.string().optional(),
    conditionFound: z.boolean().optional(),
    conditionResult: z.boolean().optional(),
    valueFound: z.union([z.string(), z.number(), z.null()]).optional(),
    unitFound: z.string().nullable().optional(),
    evidence: z.array(EvidenceLocation).optional(),
    id: z.string().optional(),
    level: z.number().optional(),
    parentId: z.string().nullable().optional(),
  }),
);

export const RULE_TREES = ['procedureRule', 'diagnosisRule', 'documentRule', 'clinicalTermsRule'] as const;
export type RuleTreeName = (typeof RULE_TREES)[number];

const idList = z.array(z.union([z.number().int(), z.string()]).transform(Number)).default([]);

/** POST /rules and PUT /rules/{id}: the rule editor's save body (spec 2 §7). */
export const RuleSaveBody = z.object({
  fk_procedure: z.union([z.number().int(), z.string()]).transform(Number),
  case_type: z.enum(CASE_TYPE_CODES),
  fk_diagnosis: idList,
  fk_document: idList,
  fk_tissue: idList,
  fk_drug: idList,
  fk_evidence: idList,
  fk_clinical_attribute: idList,
  fk_clinical_inc_document: idList,
  fk_clinical_exc_document: idList,
  fk_exc_document: idList,
  procedureRule: RuleStatement.nullable().optional(),
  diagnosisRule: RuleStatement.nullable().optional(),
  documentRule: RuleStatement.nullable().optional(),
  clinicalTermsRule: RuleStatement.nullable().optional(),
  rule_template: z.string().nullable().optional(),
  query_rule: RuleStatement.nullable().optional(),
  rules_configuration: z.unknown().optional(),
  modification_history: z.array(AuditEntry).optional(),
  segregationDocumentTypes: z.array(z.string()).optional(),
  clinicalAttributeKeywordList: z.array(z.string()).optional(),
  proceduresList: z.array(z.string()).optional(),
  diagnosisList: z.array(z.string()).optional(),
  evidenceList: z.array(z.string()).optional(),
  drugsList: z.array(z.string()).optional(),
  tissuesList: z.array(z.string()).optional(),
});
export type RuleSaveBody = z.input<typeof RuleSaveBody>;

/** The id lists a rule selects (spec 2 §3); the api keeps them together as one object. */
export const RULE_SELECTION_FIELDS = [
  'fk_diagnosis',
  'fk_document',
  'fk_tissue',
  'fk_drug',
  'fk_evidence',
  'fk_clinical_attribute',
  'fk_clinical_inc_document',
  'fk_clinical_exc_document',
  'fk_exc_document',
] as const;
export type RuleSelections = Record<(typeof RULE_SELECTION_FIELDS)[number], number[]>;

export interface NamedRef {
  id: number;
  name: string;
}

/** GET /rules/{id}?org: a rule as the editor and viewer read it. */
export interface Rule extends RuleSelections {
  id: number;
  org: string;
  fk_procedure: number;
  procedures: { id: number; procedure_code: string; name: string; snomedct_code: string; procedure_group?: NamedRef | null };
  case_type: (typeof CASE_TYPE_CODES)[number];
  procedureRule: RuleStatement | null;
  diagnosisRule: RuleStatement | null;
  documentRule: RuleStatement | null;
  clinicalTermsRule: RuleStatement | null;
  rule_template: string | null;
  query_rule: RuleStatement | null;
  rules_configuration: unknown;
  diagnosis: NamedRef[];
  document: NamedRef[];
  tissue: NamedRef[];
  drug: NamedRef[];
  evidence: NamedRef[];
  clinicalAttributes: NamedRef[];
  defaultDocumentExclusionList: NamedRef[];
  defaultClinicalInclusionList: NamedRef[];
  defaultClinicalExclusionList: NamedRef[];
  version: number;
  modification_history: AuditEntry[];
  created_by: string | null;
  created_at: string | null;
  last_modified_by: string | null;
  last_modified_at: string | null;
}

/** GET /rules?org&limit&page_number: one row of the Procedure Protocol list. */
export interface RuleListRow {
  id: number;
  case_type: (typeof CASE_TYPE_CODES)[number];
  procedures: { procedure_code: string; name: string };
  diagnosisList: string[];
  document: string[];
  total_count?: number;
  page_number?: number;
}

/** POST /rules/search?org: filter body of the rules list (spec 2 §2.3). */
export const RuleSearchBody = z.object({
  procedureCode: z.array(z.string()).optional(),
  procedureName: z.array(z.string()).optional(),
  diagnosis: z.array(z.string()).optional(),
  document: z.array(z.string()).optional(),
  clinicalAttribute: z.array(z.string()).optional(),
});
export type RuleSearchBody = z.infer<typeof RuleSearchBody>;

export const ProcedureCodesBody = z.object({ procedureCode: z.array(z.string()).min(1) });
