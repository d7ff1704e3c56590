import { z } from 'zod';
import { ADJUDICATION_RESULTS, BOOLEAN_OPERATORS, CASE_TYPE_CODES, ENTITY_NAMES, LEAF_OPERATORS } from '../constants';
import { AuditEntry, FilterValue, pagedItem } from './common';

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

/**
 * A statement tree as a save sends it: the shape of RuleStatement with its operators, entity and range left open,
 * so the api can refuse a malformed tree naming the statement ('procedureRule.statements[1]: unknown operator
 * 'X'', see statementProblems in rule-statements.ts) rather than with a bare schema error.
 */
export interface RuleStatementInput extends Omit<RuleStatement, 'booleanOperator' | 'operator' | 'entityName' | 'range' | 'statements'> {
  booleanOperator?: string;
  operator?: string;
  entityName?: string;
  range?: (number | null)[];
  statements?: RuleStatementInput[];
}
export const RuleStatementInput: z.ZodType<RuleStatementInput, RuleStatementInput> = z.lazy(() =>
  z.object({
    booleanOperator: z.string().optional(),
    statements: z.array(RuleStatementInput).optional(),
    operator: z.string().optional(),
    entityName: z.string().optional(),
    valuesToFind: z.array(z.string()).optional(),
    numberOfValues: z.number().optional(),
    valueToCompare: ValueToCompare.optional(),
    value: z.union([z.number(), z.string(), z.array(z.string()), z.null()]).optional(),
    range: z.array(z.number().nullable()).max(2).optional(),
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

/**
 * rules_configuration as the rule builder saves it (spec 3 §3.5, §7 'POST /rules?org=&id={code}'): the statement
 * trees it edits, any of the four. Each tree given replaces the rule's tree of that name (null empties it), so what
 * the builder saves is what judges claims; a tree left out stays as it is. Anything else is refused (strict), since
 * a field the adjudicator never reads would only change the version number.
 */
export const RulesConfigurationInput = z.strictObject({
  procedureRule: RuleStatementInput.nullable().optional(),
  diagnosisRule: RuleStatementInput.nullable().optional(),
  documentRule: RuleStatementInput.nullable().optional(),
  clinicalTermsRule: RuleStatementInput.nullable().optional(),
});
export type RulesConfigurationInput = z.input<typeof RulesConfigurationInput>;

/** rules_configuration as a rule reads: the four trees the rule holds (what the builder edits). */
export const RulesConfiguration = z.object({
  procedureRule: RuleStatement.nullable(),
  diagnosisRule: RuleStatement.nullable(),
  documentRule: RuleStatement.nullable(),
  clinicalTermsRule: RuleStatement.nullable(),
} satisfies Record<RuleTreeName, z.ZodType>);
export type RulesConfiguration = z.infer<typeof RulesConfiguration>;

/** Longer than any procedure code (with _preauth), far shorter than an address may be. */
const RULE_KEY_MAX = 200;
/**
 * A rule named in an address (spec 2 §7 'PUT /rules/{id or code}', spec 3 §7 '?id={code}'): its id, or its code in
 * the organisation asked for, the procedure code naming the settlement rule and {code}_preauth the pre-authorisation
 * rule.
 */
export const RuleKey = z.string().trim().min(1).max(RULE_KEY_MAX);
export const RuleKeyParams = z.object({ id: RuleKey });

/** The version an edit started from: the save is refused (409) when the rule has been saved since. */
const ExpectedVersion = z.number().int().positive().optional();

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
  procedureRule: RuleStatementInput.nullable().optional(),
  diagnosisRule: RuleStatementInput.nullable().optional(),
  documentRule: RuleStatementInput.nullable().optional(),
  clinicalTermsRule: RuleStatementInput.nullable().optional(),
  rule_template: z.string().nullable().optional(),
  query_rule: RuleStatementInput.nullable().optional(),
  /** The builder's trees; a tree the body also carries itself is taken from the body. */
  rules_configuration: RulesConfigurationInput.nullable().optional(),
  /** PUT: the version the editor loaded (see ExpectedVersion). */
  version: ExpectedVersion,
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

/** POST /rules?org=&id={id or code}: the rule builder's own save of an existing rule (spec 3 §7). */
export const RuleBuilderSaveBody = z.strictObject({
  rules_configuration: RulesConfigurationInput,
  version: ExpectedVersion,
});
export type RuleBuilderSaveBody = z.input<typeof RuleBuilderSaveBody>;

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
  /** The four trees as the rule builder edits them (the same trees as above, together). */
  rules_configuration: RulesConfiguration,
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
export type RuleSelectionNames = z.infer<typeof RuleSelectionNames>;
/** POST /rules/search: with limit or page_number the list's rows, otherwise the selection names (tried first: its rows carry more). */
export const RuleSearchResponse = z.union([z.array(RuleSelectionNames), z.array(RuleListRow)]);

/** POST /rules/existence: which case types have a rule for the codes (true: both). */
export const RuleExistence = z.object({ result: z.union([z.boolean(), z.enum(['PREAUTH', 'SETTLEMENT'])]) });
export type RuleExistence = z.infer<typeof RuleExistence>;
/** POST /rules/searchPcode: the rules of the procedure codes. */
export const RuleOfProcedure = z.object({
  id: z.number(),
  case_type: z.enum(CASE_TYPE_CODES),
  procedure_code: z.string(),
  fk_procedure: z.number(),
});
export type RuleOfProcedure = z.infer<typeof RuleOfProcedure>;
/** GET /rules/exists/{id}: whether the organisation has a rule for the same procedure and case type. */
export const RuleExistsResponse = z.boolean();

/** POST /rules/search?org: filter body of the rules list (spec 2 §2.3). */
export const RuleSearchBody = z.object({
  procedureCode: z.array(FilterValue).optional(),
  procedureName: z.array(FilterValue).optional(),
  diagnosis: z.array(FilterValue).optional(),
  document: z.array(FilterValue).optional(),
  clinicalAttribute: z.array(FilterValue).optional(),
});
export type RuleSearchBody = z.infer<typeof RuleSearchBody>;

export const ProcedureCodesBody = z.object({ procedureCode: z.array(z.string()).min(1) });

/** GET /rules/{id}/versions: what changed in a version against the one before (names and statements, as text). */
export const RuleVersionChange = z.object({
  /** 'procedureRule', 'fk_document', 'case_type', ... */
  field: z.string(),
  label: z.string(),
  /** Lines added (statements as indented text, or names). */
  added: z.array(z.string()),
  removed: z.array(z.string()),
});
export type RuleVersionChange = z.infer<typeof RuleVersionChange>;

/** One saved version of a rule, newest first; every save (and a restore) makes one. */
export const RuleVersion = z.object({
  version: z.number().int(),
  saved_by: z.string().nullable(),
  /** UTC, ISO 8601. */
  saved_at: z.string().nullable(),
  /** The earlier version this one restored, if it is a restore. */
  restored_from: z.number().int().nullable(),
  /** The version the rule holds now. */
  current: z.boolean(),
  case_type: z.enum(CASE_TYPE_CODES),
  procedureRule: RuleStatement.nullable(),
  diagnosisRule: RuleStatement.nullable(),
  documentRule: RuleStatement.nullable(),
  clinicalTermsRule: RuleStatement.nullable(),
  /** The names each selection field held, by field (fk_document: ['Discharge Summary', ...]). */
  selections: z.record(z.string(), z.array(z.string())),
  /** Against the version before it; empty for the first. */
  changes: z.array(RuleVersionChange),
});
export type RuleVersion = z.infer<typeof RuleVersion>;
export const RuleVersionParams = z.object({ id: z.coerce.number().int().positive(), version: z.coerce.number().int().positive() });

/** The dry run judges at most this many claims (the most recent verified ones), so it answers in seconds. */
export const DRY_RUN_MAX_CLAIMS = 50;
export const DRY_RUN_DEFAULT_CLAIMS = 25;

/** POST /rules/dryRun?org: the draft rule as the editor would save it, and how many recent claims to try it on. */
export const RuleDryRunBody = RuleSaveBody.extend({
  limit: z.number().int().min(1).max(DRY_RUN_MAX_CLAIMS).optional(),
});
export type RuleDryRunBody = z.input<typeof RuleDryRunBody>;

const Verdict = z.enum(ADJUDICATION_RESULTS);

/** A leaf whose result explains a changed verdict. */
export const DryRunLeaf = z.object({
  /** 'clinicalTermsRule.statements[0]' in the tree that judged (the draft for a worse verdict, the saved rule for a better one). */
  path: z.string(),
  statement: z.string(),
  result: z.boolean(),
  valueFound: z.union([z.string(), z.number(), z.null()]),
});
export type DryRunLeaf = z.infer<typeof DryRunLeaf>;

export const DryRunClaim = z.object({
  id: z.number(),
  referenceClaimId: z.string(),
  org: z.string(),
  /** The verdict of the procedure under the rule saved now, and under the draft. */
  before: Verdict,
  after: Verdict,
  beforeReason: z.string().nullable(),
  afterReason: z.string().nullable(),
  /** The annotation's expected result as a verdict (accept: ACCEPTED, reject: REJECTED, infoQuery and docQuery: QUERY). */
  expected: Verdict.nullable(),
  /** The leaves that flip it. */
  flipped: z.array(DryRunLeaf),
});
export type DryRunClaim = z.infer<typeof DryRunClaim>;

/** POST /rules/dryRun: what the draft would change on the most recent verified claims of the procedure and insurer. */
export const RuleDryRunResult = z.object({
  org: z.string(),
  case_type: z.enum(CASE_TYPE_CODES),
  procedure: z.object({ id: z.number(), procedure_code: z.string(), name: z.string() }),
  /** Claims judged (at most limit, fewer when the time allowance ran out). */
  considered: z.number().int(),
  limit: z.number().int(),
  /** The recent verified claims the draft would judge (at most limit); considered is lower when the run stopped early. */
  found: z.number().int(),
  /** The run stopped at its time allowance before judging every claim found; the counts cover the claims considered. */
  stoppedEarly: z.boolean(),
  unchanged: z.number().int(),
  /** Changed verdicts by kind: ACCEPTED → QUERY twice, ... */
  transitions: z.array(z.object({ from: Verdict, to: Verdict, count: z.number().int() })),
  /** The claims whose verdict would change. */
  claims: z.array(DryRunClaim),
  /** Claims with an annotation's expected result among those considered, and how many verdicts agree with it. */
  annotations: z.object({ annotated: z.number().int(), agreeBefore: z.number().int(), agreeAfter: z.number().int() }),
});
export type RuleDryRunResult = z.infer<typeof RuleDryRunResult>;
