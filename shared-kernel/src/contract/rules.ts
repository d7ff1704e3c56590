import { z } from 'zod';
import { BOOLEAN_OPERATORS, CASE_TYPE_CODES, ENTITY_NAMES, LEAF_OPERATORS } from '../constants';
import { AuditEntry, pagedItem } from './common';

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
const ids = z.array(z.number());

export const NamedRef = z.object({ id: z.number(), name: z.string() });
export type NamedRef = z.infer<typeof NamedRef>;

/** GET /rules/{id}?org: a rule as the editor and viewer read it. */
export const Rule = z.object({
  id: z.number(),
  org: z.string(),
  fk_procedure: z.number(),
  procedures: z.object({
    id: z.number(),
    procedure_code: z.string(),
    name: z.string(),
    snomedct_code: z.string(),
    procedure_group: NamedRef.nullable().optional(),
  }),
  case_type: z.enum(CASE_TYPE_CODES),
  procedureRule: RuleStatement.nullable(),
  diagnosisRule: RuleStatement.nullable(),
  documentRule: RuleStatement.nullable(),
  clinicalTermsRule: RuleStatement.nullable(),
  rule_template: z.string().nullable(),
  query_rule: RuleStatement.nullable(),
  /** The rule builder's configuration, kept as the builder sends it. */
  rules_configuration: z.unknown(),
  fk_diagnosis: ids,
  fk_document: ids,
  fk_tissue: ids,
  fk_drug: ids,
  fk_evidence: ids,
  fk_clinical_attribute: ids,
  fk_clinical_inc_document: ids,
  fk_clinical_exc_document: ids,
  fk_exc_document: ids,
  diagnosis: z.array(NamedRef),
  document: z.array(NamedRef),
  tissue: z.array(NamedRef),
  drug: z.array(NamedRef),
  evidence: z.array(NamedRef),
  clinicalAttributes: z.array(NamedRef),
  defaultDocumentExclusionList: z.array(NamedRef),
  defaultClinicalInclusionList: z.array(NamedRef),
  defaultClinicalExclusionList: z.array(NamedRef),
  version: z.number(),
  modification_history: z.array(AuditEntry),
  created_by: z.string().nullable(),
  created_at: z.string().nullable(),
  last_modified_by: z.string().nullable(),
  last_modified_at: z.string().nullable(),
} satisfies Record<(typeof RULE_SELECTION_FIELDS)[number], typeof ids> & Record<string, z.ZodType>);
export type Rule = z.infer<typeof Rule>;

/** GET /rules?org&limit&page_number: one row of the Procedure Protocol list. */
export const RuleListRow = pagedItem(
  z.object({
    id: z.number(),
    case_type: z.enum(CASE_TYPE_CODES),
    procedures: z.object({ procedure_code: z.string(), name: z.string() }),
    diagnosisList: z.array(z.string()),
    document: z.array(z.string()),
  }),
);
export type RuleListRow = z.infer<typeof RuleListRow>;

/** POST /rules/search without limit: per rule of the procedure codes, the names it selects. */
export const RuleSelectionNames = z.object({
  id: z.number(),
  case_type: z.enum(CASE_TYPE_CODES),
  procedures: z.object({ id: z.number(), procedure_code: z.string(), name: z.string() }),
  diagnosisList: z.array(z.string()),
  clinicalAttributes: z.array(z.string()),
  evidence: z.array(z.string()),
  document: z.array(z.string()),
  drug: z.array(z.string()),
  tissue: z.array(z.string()),
});
/** POST /rules/search: with limit or page_number the list's rows, otherwise the selection names (tried first: its rows carry more). */
export const RuleSearchResponse = z.union([z.array(RuleSelectionNames), z.array(RuleListRow)]);

/** POST /rules/existence: which case types have a rule for the codes (true: both). */
export const RuleExistence = z.object({ result: z.union([z.boolean(), z.enum(['PREAUTH', 'SETTLEMENT'])]) });
/** POST /rules/searchPcode: the rules of the procedure codes. */
export const RuleOfProcedure = z.object({
  id: z.number(),
  case_type: z.enum(CASE_TYPE_CODES),
  procedure_code: z.string(),
  fk_procedure: z.number(),
});
/** GET /rules/exists/{id}: whether the organisation has a rule for the same procedure and case type. */
export const RuleExistsResponse = z.boolean();

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
