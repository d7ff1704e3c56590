import { z } from 'zod';
import { ADJUDICATION_RESULTS, LIMITS, VALUE_TYPES } from '../constants';

/** The one list of master kinds lives with the constants (no zod, so every page can load it); it is part of the contract. */
export {
  KEYWORD_KINDS,
  KEYWORD_MODULES,
  type KeywordKind,
  type KeywordModule,
  MASTER_KINDS,
  type MasterKind,
  type MasterModule,
  masterKind,
} from '../constants';
import { AuditEntry, FilterValue, pagedItem, pagedList, pagedResults } from './common';
import {
  ANSWER_TEXT_MAX,
  answersProblem,
  QUESTION_ENTITY_TYPES,
  QUESTION_LIMIT,
  QUESTION_TEXT_MAX,
  QUESTION_TYPE_CODES,
} from '../questions';

/** Every master row carries who changed it last (generic view screen, spec 2 §2.9). */
export const Audited = z.object({
  created_by: z.string().nullable().optional(),
  created_at: z.string().nullable().optional(),
  last_modified_by: z.string().nullable().optional(),
  last_modified_at: z.string().nullable().optional(),
});
export type Audited = z.infer<typeof Audited>;

export const Hospital = Audited.extend({ id: z.number(), hospital_code: z.string(), name: z.string() });
export type Hospital = z.infer<typeof Hospital>;
/** GET /hospitals/{code}: the hospital is under result (spec 2 §7). */
export const HospitalResult = z.object({ result: Hospital });
export type HospitalResult = z.infer<typeof HospitalResult>;
/** GET /hospitals: a page of hospitals, or with getall all of them (under results, without the total). */
export const HospitalList = z.union([pagedResults(Hospital), z.object({ results: z.array(Hospital) })]);
export const HospitalCodeParams = z.object({ code: z.string().min(1).max(100) });
export const HospitalCreateBody = z.object({
  hospital_code: z.string().trim().min(1, 'Hospital Code is required').max(50),
  hospital_name: z.string().trim().min(1, 'Hospital Name is required').max(200),
});
export type HospitalCreateBody = z.infer<typeof HospitalCreateBody>;
/** PUT /hospitals/{code}: one field at a time (spec 2 §5). */
export const HospitalUpdateBody = z.object({
  field_name: z.enum(['hospital_code', 'hospital_name']),
  value: z.string().trim().min(1, 'value is required').max(200),
});
export type HospitalUpdateBody = z.infer<typeof HospitalUpdateBody>;

export const KeywordEntity = Audited.extend({
  id: z.number(),
  name: z.string(),
  alias: z.array(z.string()),
  ICD_code: z.string().nullable().optional(),
});
export type KeywordEntity = z.infer<typeof KeywordEntity>;
/** POST /{module}, PUT /{module}/{id} of a keyword master (spec 2 §2.5, §5): the keyword and at least the first alias; blank aliases are dropped. */
const NAME_MAX = LIMITS.masterTextMaxLength;
const ICD_CODE_MAX = LIMITS.icdCodeMaxLength;
export const KeywordSaveBody = z.object({
  name: z.string().trim().min(1, 'keyword is required').max(NAME_MAX, `must be at most ${NAME_MAX} characters`),
  alias: z
    .array(z.string().trim().max(NAME_MAX, `an alias must be at most ${NAME_MAX} characters`))
    .transform((a) => a.filter(Boolean))
    .refine((a) => a.length > 0, 'Attribute Alias is required'),
  ICD_code: z.string().trim().max(ICD_CODE_MAX, `must be at most ${ICD_CODE_MAX} characters`).optional(),
});
export type KeywordSaveBody = z.input<typeof KeywordSaveBody>;

/** GET /procedures/{id}: by id or procedure code. */
export const ProcedureIdParams = z.object({ id: z.string().min(1).max(100) });
export const Procedure = Audited.extend({
  id: z.number(),
  name: z.string(),
  procedure_code: z.string(),
  snomedct_code: z.string(),
  procedure_group: z.object({ id: z.number(), name: z.string() }).nullable(),
  alias: z.array(z.string()),
});
export type Procedure = z.infer<typeof Procedure>;
/** POST /procedures/search with procedureCodes: the codes' names (spec 1 §7). */
export const ProcedureName = z.object({ procedure_code: z.string(), name: z.string() });
/** POST /procedures/search: the list's filter, paged, or with procedureCodes their names. */
export const ProcedureSearchResponse = z.union([pagedList(Procedure), z.array(ProcedureName)]);
/** POST /procedures/allProcedureSearch: the pre-authorisation / settlement counterparts of the codes. */
export const ProcedureCounterpart = ProcedureName.extend({ id: z.number() });
/** POST /procedures, PUT /procedures/{id}: the four required fields (spec 2 §2.4); alias, when sent, replaces the list. */
export const ProcedureSaveBody = z.object({
  name: z.string().trim().min(1, 'Procedure Name is required').max(300),
  procedure_code: z.string().trim().min(1, 'Procedure Code is required').max(50),
  snomedct_code: z.string().trim().min(1, 'SNOMED Code is required').max(50),
  fk_procedure_group: z
    .union([z.number().int(), z.string().regex(/^\d+$/, 'Procedure Group must be a procedure group id')])
    .transform(Number),
  alias: z
    .array(z.string().trim().max(200))
    .optional()
    .transform((a) => a?.filter(Boolean)),
});
export type ProcedureSaveBody = z.input<typeof ProcedureSaveBody>;

export const TextPossibleValue = z.object({
  text_value: z.string(),
  text_value_alias: z.array(z.string()).default([]),
});
/** The pickers' limit (spec 2 §9, spec 3 §2.3): at most 10 hospitals, procedures or documents in each list of an override. */
const pickedAtMost = (what: string) => z.array(z.string()).max(LIMITS.multiSelectMax, `Choose at most ${LIMITS.multiSelectMax} ${what}`);
export const DocumentOverride = z.object({
  hospitals: pickedAtMost('hospitals').default([]),
  procedures: pickedAtMost('procedures').default([]),
  override_value: pickedAtMost('documents').min(1, "*Override Value can't be empty."),
  exclude_document_headers: pickedAtMost('documents').default([]),
});
export type DocumentOverride = z.infer<typeof DocumentOverride>;

export const PATTERN_PART_TYPES = ['attributeName', 'attributeUnit', 'valueExpression', 'newline', 'whiteSpaces', 'string'] as const;
export const PatternPart = z.object({
  type: z.enum(PATTERN_PART_TYPES),
  pattern: z.array(z.enum(['NUMBER', 'NUMBERRANGE', 'TEXT'])).optional(),
  length: z.number().int().positive().nullable().optional(),
  value: z.string().nullable().optional(),
  shouldNotPresent: z.boolean().optional(),
});
export type PatternPart = z.infer<typeof PatternPart>;
export const PatternOverride = z.object({
  hospitals: pickedAtMost('hospitals').min(1, 'Pattern override needs at least one hospital'),
  overrides: z.array(z.array(PatternPart).min(1)).min(1),
});
export type PatternOverride = z.infer<typeof PatternOverride>;

/** POST /clinicalAttribute, PUT /clinicalAttribute/{id} (spec 3 §3.1, §5): only non-empty aliases are kept. */
export const ClinicalAttributeSaveBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  alias: z
    .array(z.string().trim().max(200))
    .default([])
    .transform((a) => a.filter(Boolean)),
  value_type: z.enum(VALUE_TYPES, { error: 'Choose a value type: Text, Number or NumberRange' }),
  tabular: z.boolean().default(false),
  distributed_attribute_value: z.boolean().default(false),
  fk_clinical_unit: z.array(z.number().int()).max(10, 'at most 10 test units').default([]),
  number_range: z.object({ lower_limit: z.number().nullable(), upper_limit: z.number().nullable() }).nullable().optional(),
  text_possible_values: z.array(TextPossibleValue).optional(),
  overrides: z.array(DocumentOverride).default([]),
  override_message: z.string().nullable().optional(),
  patternOverridesForValues: z.array(PatternOverride).default([]),
});
export type ClinicalAttributeSaveBody = z.input<typeof ClinicalAttributeSaveBody>;

/** The stored overrides as answered (the save schemas above add defaults and minimums for input). */
const StoredDocumentOverride = z.object({
  hospitals: z.array(z.string()),
  procedures: z.array(z.string()),
  override_value: z.array(z.string()),
  exclude_document_headers: z.array(z.string()),
});
const StoredPatternPart = z.object({
  type: z.enum(PATTERN_PART_TYPES),
  pattern: z.array(z.enum(['NUMBER', 'NUMBERRANGE', 'TEXT'])).optional(),
  length: z.number().nullable().optional(),
  value: z.string().nullable().optional(),
  shouldNotPresent: z.boolean().optional(),
});
const StoredPatternOverride = z.object({ hospitals: z.array(z.string()), overrides: z.array(z.array(StoredPatternPart)) });

export const ClinicalAttribute = Audited.extend({
  id: z.number(),
  name: z.string(),
  alias: z.array(z.string()),
  value_type: z.enum(VALUE_TYPES),
  tabular: z.boolean(),
  distributed_attribute_value: z.boolean(),
  fk_clinical_unit: z.array(z.number()),
  clinical_unit: z.array(z.object({ id: z.number(), name: z.string() })).optional(),
  number_range: z.object({ lower_limit: z.number().nullable(), upper_limit: z.number().nullable() }).nullable(),
  text_possible_values: z.array(z.object({ text_value: z.string(), text_value_alias: z.array(z.string()) })),
  overrides: z.array(StoredDocumentOverride),
  override_message: z.string().nullable(),
  patternOverridesForValues: z.array(StoredPatternOverride),
  /** GET /clinicalAttribute/{id}?audit=true, and the answers of writes. */
  audit_trail: z.array(AuditEntry).optional(),
});
export type ClinicalAttribute = z.infer<typeof ClinicalAttribute>;

/**
 * POST /clinicalAttribute/try: an attribute as the editor holds it, not saved, with its overrides possibly half
 * built (an override still without documents, a pattern override still without hospitals).
 */
export const ClinicalAttributeDraft = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  alias: z.array(z.string().max(200)).default([]),
  value_type: z.enum(VALUE_TYPES, { error: 'Choose a value type: Text, Number or NumberRange' }),
  tabular: z.boolean().default(false),
  distributed_attribute_value: z.boolean().default(false),
  fk_clinical_unit: z.array(z.number().int()).max(10, 'at most 10 test units').default([]),
  number_range: z.object({ lower_limit: z.number().nullable(), upper_limit: z.number().nullable() }).nullable().optional(),
  text_possible_values: z.array(TextPossibleValue).default([]),
  overrides: z.array(StoredDocumentOverride).default([]),
  patternOverridesForValues: z.array(StoredPatternOverride).default([]),
});
export type ClinicalAttributeDraft = z.input<typeof ClinicalAttributeDraft>;

/** A pasted page of text is at most this long (a long report runs to some 10,000 characters a page). */
export const TRY_TEXT_MAX = 50_000;

/** What to try the draft on: pasted text (pages split at form feeds) or a claim whose documents were read. */
export const ClinicalAttributeTryBody = z
  .object({
    attribute: ClinicalAttributeDraft,
    text: z.string().max(TRY_TEXT_MAX, `the text is at most ${TRY_TEXT_MAX} characters`).optional(),
    claimId: z.number().int().positive().max(2_147_483_647).optional(),
    /** For pasted text: the hospital whose pattern overrides and document segregation apply, and the procedure (document overrides). */
    hospitalCode: z.string().trim().max(100).nullable().optional(),
    procedureCode: z.string().trim().max(100).nullable().optional(),
  })
  .refine((body) => (body.claimId !== undefined) !== !!body.text?.trim(), {
    message: 'Paste some text or choose a claim (one of the two)',
    path: ['text'],
  });
export type ClinicalAttributeTryBody = z.input<typeof ClinicalAttributeTryBody>;

/** How a value was read (spec: the adjudicator's reading order): a pattern override first, then beside the name. */
export const VALUE_SOURCES = ['fact', 'pattern', 'right', 'below', 'distributed'] as const;
export type ValueSource = (typeof VALUE_SOURCES)[number];

/** Where a value was read: the document's file name, the page number (from 1) and the type the page was read as. */
export const TryPlace = z.object({ document: z.string(), page: z.number().int(), documentType: z.string().nullable() });
export type TryPlace = z.infer<typeof TryPlace>;

/** One value the reader found; `counts` false with `note` saying why when document precedence leaves it out. */
export const TryCandidate = z.object({
  value: z.union([z.string(), z.number()]),
  unit: z.string().nullable(),
  source: z.enum(VALUE_SOURCES),
  matchedText: z.string().nullable(),
  place: TryPlace.nullable(),
  counts: z.boolean(),
  note: z.string().nullable(),
});
export type TryCandidate = z.infer<typeof TryCandidate>;

/** What the adjudicator reads with the draft, for one procedure of the claim (or the pasted text). */
export const ClinicalAttributeTryResult = z.object({
  procedureCode: z.string().nullable(),
  hospitalCode: z.string().nullable(),
  found: z.boolean(),
  value: z.union([z.string(), z.number()]).nullable(),
  /** The unit converted to (the attribute's first test unit), null when none was written. */
  unit: z.string().nullable(),
  source: z.enum(VALUE_SOURCES).nullable(),
  /** The words the value was read from (the name, the value and its unit). */
  matchedText: z.string().nullable(),
  place: TryPlace.nullable(),
  /** The document-precedence override that applied, if any. */
  documentOverride: StoredDocumentOverride.nullable(),
  /** Why nothing was found, when nothing was. */
  reason: z.string().nullable(),
  /** Every value found, in reading order, and whether document precedence let it count. */
  candidates: z.array(TryCandidate),
  /** What the analyst should know: a pattern that can find nothing, a pattern override for another hospital. */
  notes: z.array(z.string()),
});
export type ClinicalAttributeTryResult = z.infer<typeof ClinicalAttributeTryResult>;
export const ClinicalAttributeTryResponse = z.object({ results: z.array(ClinicalAttributeTryResult) });
export type ClinicalAttributeTryResponse = z.infer<typeof ClinicalAttributeTryResponse>;

/** POST /clinicalUnit, PUT /clinicalUnit/{id} (spec 3 §3.2, §5): a name and keyword rows, each with its numeric conversion unit. */
export const ClinicalUnitSaveBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100),
  alias: z
    .array(
      z.object({
        keyword: z.string().trim().min(1, 'Keyword is required').max(200),
        conversion_unit: z.number({ error: 'Conversion unit should be a number' }),
      }),
    )
    .min(1, 'At least one alias keyword is required'),
});
export type ClinicalUnitSaveBody = z.infer<typeof ClinicalUnitSaveBody>;
export const ClinicalUnit = Audited.extend({
  id: z.number(),
  name: z.string(),
  alias: z.array(z.object({ keyword: z.string(), conversion_unit: z.number() })),
});
export type ClinicalUnit = z.infer<typeof ClinicalUnit>;

/**
 * One list of alias groups (spec 2 §2.7): the outer list joined by 'or', each group's texts by 'and'. Texts are
 * trimmed; blank texts and groups left empty are dropped.
 */
const AliasGroups = z
  .array(z.array(z.string().trim().max(200, 'an alias is at most 200 characters')).max(20, 'a group holds at most 20 aliases'))
  .max(50, 'at most 50 groups')
  .default([])
  .transform((groups) => groups.map((group) => group.filter(Boolean)).filter((group) => group.length > 0));
const RequiredAliasGroups = (label: string) => AliasGroups.refine((groups) => groups.length > 0, `${label} is required`);

/** A document type's segregation configuration; the adjudicator's reading of it is in api/src/verification/segregate.ts. */
export const DocgroupConfig = z.object({
  begin_alias: RequiredAliasGroups('Beginning Alias'),
  end_alias: RequiredAliasGroups('Ending Alias'),
  begin_inclusion_body: AliasGroups,
  begin_exclusion_body: AliasGroups,
  begin_inclusion_header: AliasGroups,
  begin_exclusion_header: AliasGroups,
  end_inclusion_body: AliasGroups,
  end_exclusion_body: AliasGroups,
  end_inclusion_header: AliasGroups,
  end_exclusion_header: AliasGroups,
  subtotal_flag: z.boolean().default(false),
  total_flag: z.boolean().default(false),
  total_special_character_flag: z.boolean().default(false),
  /** Where the page header ends: up to 1 a fraction of the page height, above 1 points from the top; null the top quarter. */
  top_threshold: z
    .number({ error: 'Top threshold must be a number' })
    .positive('Top threshold must be a number above 0')
    .max(LIMITS.topThresholdMax, `Top threshold must be at most ${LIMITS.topThresholdMax} (points from the top)`)
    .nullable()
    .default(null),
});
export type DocgroupConfig = z.infer<typeof DocgroupConfig>;
const distinct = (ids: number[]) => new Set(ids).size === ids.length;
/**
 * POST /docgroups, PUT /docgroups/{id}: the hospitals by id, the documents (document master ids) and a configuration
 * per document, keyed by the document's name or id. PUT replaces the group: a document left out loses its configuration.
 */
export const DocgroupSaveBody = z.object({
  hospital_id: z
    .array(z.number().int())
    .min(1, 'Choose at least one hospital')
    .max(10, 'Choose at most 10 hospitals')
    .refine(distinct, 'a hospital is chosen twice'),
  docgroup_id: z
    .array(z.number().int())
    .min(1, 'Add a configuration for at least one document')
    .refine(distinct, 'a document is chosen twice'),
  docgroupConfig_id: z.record(z.string(), DocgroupConfig),
});
export type DocgroupSaveBody = z.input<typeof DocgroupSaveBody>;
/** PUT /docgroups (spec 2 §7 'POST or PUT /docgroups'): with id it replaces that group, without it creates one. */
export const DocgroupUpsertBody = DocgroupSaveBody.extend({ id: z.number().int().positive().optional() });
/** A stored configuration as answered (DocgroupConfig adds the defaults for input). */
const StoredDocgroupConfig = z.object({
  begin_alias: z.array(z.array(z.string())),
  end_alias: z.array(z.array(z.string())),
  begin_inclusion_body: z.array(z.array(z.string())),
  begin_exclusion_body: z.array(z.array(z.string())),
  begin_inclusion_header: z.array(z.array(z.string())),
  begin_exclusion_header: z.array(z.array(z.string())),
  end_inclusion_body: z.array(z.array(z.string())),
  end_exclusion_body: z.array(z.array(z.string())),
  end_inclusion_header: z.array(z.array(z.string())),
  end_exclusion_header: z.array(z.array(z.string())),
  subtotal_flag: z.boolean(),
  total_flag: z.boolean(),
  total_special_character_flag: z.boolean(),
  top_threshold: z.number().nullable(),
});
export const Docgroup = Audited.extend({
  id: z.number(),
  hospital_id: z.array(z.object({ id: z.number(), hospital_code: z.string(), name: z.string() })),
  docgroup_id: z.array(z.object({ id: z.number(), name: z.string() })),
  /** Keyed by document name. */
  docgroupConfig_id: z.record(z.string(), StoredDocgroupConfig),
});
export type Docgroup = z.infer<typeof Docgroup>;

/** 'Try on claims' of a segregation judges at most this many claims (the most recent verified ones of its hospitals). */
export const SEGREGATION_PREVIEW_MAX_CLAIMS = 50;
export const SEGREGATION_PREVIEW_DEFAULT_CLAIMS = 25;
/** A changed claim lists at most this many of its pages whose type changes (pagesChanged counts them all). */
export const SEGREGATION_PREVIEW_MAX_PAGES = 20;

/**
 * POST /docgroups/dryRun: the group as the editor would save it (the id of the group it replaces, none for a new one),
 * and how many recent claims to try it on.
 */
export const SegregationPreviewBody = DocgroupSaveBody.extend({
  id: z.number().int().positive().optional(),
  limit: z.number().int().min(1).max(SEGREGATION_PREVIEW_MAX_CLAIMS).optional(),
});
export type SegregationPreviewBody = z.input<typeof SegregationPreviewBody>;

const PreviewVerdict = z.enum(ADJUDICATION_RESULTS);
/** A page whose document type the edited segregation changes (null: no type). */
export const SegregationPageChange = z.object({
  fileName: z.string(),
  pageNumber: z.number().int(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type SegregationPageChange = z.infer<typeof SegregationPageChange>;
export const SegregationPreviewClaim = z.object({
  id: z.number(),
  referenceClaimId: z.string(),
  org: z.string(),
  hospitalCode: z.string(),
  /** The claim's verdict with the segregation stored now, and with the edited one. */
  before: PreviewVerdict,
  after: PreviewVerdict,
  beforeReason: z.string().nullable(),
  afterReason: z.string().nullable(),
  /** The pages whose type changes, in reading order (at most SEGREGATION_PREVIEW_MAX_PAGES). */
  pages: z.array(SegregationPageChange),
  pagesChanged: z.number().int(),
});
export type SegregationPreviewClaim = z.infer<typeof SegregationPreviewClaim>;
/** POST /docgroups/dryRun: the recent verified claims of the group's hospitals whose verdict or typed pages would change. */
export const SegregationPreviewResult = z.object({
  /** The hospitals whose claims were tried: the edited group's and those it would no longer hold. */
  hospitals: z.array(z.string()),
  considered: z.number().int(),
  limit: z.number().int(),
  found: z.number().int(),
  /** The run stopped at its time allowance before judging every claim found. */
  stoppedEarly: z.boolean(),
  unchanged: z.number().int(),
  claims: z.array(SegregationPreviewClaim),
});
export type SegregationPreviewResult = z.infer<typeof SegregationPreviewResult>;

/** Procedure protocol question (spec 2 §3); its types and the rule for answers are shared with the form. */
export {
  ANSWER_TEXT_MAX,
  answersProblem,
  QUESTION_ENTITY_TYPES,
  QUESTION_LIMIT,
  QUESTION_TEXT_MAX,
  QUESTION_TYPE_CODES,
  QUESTION_TYPES,
  type QuestionEntityType,
  type QuestionType,
  questionTypeLabel,
} from '../questions';
/** POST /ppq (one question, or several saved together) and PUT /ppq/{id}: the question for each procedure. */
export const QuestionSaveBody = z
  .object({
    fk_procedure: z
      .array(z.number().int().positive())
      .min(1, 'Choose at least one procedure')
      .max(QUESTION_LIMIT, `Choose at most ${QUESTION_LIMIT} procedures`),
    question: z.string().trim().min(1, 'Enter the question').max(QUESTION_TEXT_MAX, `at most ${QUESTION_TEXT_MAX} characters`),
    questionType: z.enum(QUESTION_TYPE_CODES, `must be one of ${QUESTION_TYPE_CODES.join(', ')}`),
    answer: z
      .array(z.string().trim().min(1, 'a possible answer cannot be empty').max(ANSWER_TEXT_MAX))
      .max(QUESTION_LIMIT, `at most ${QUESTION_LIMIT} possible answers`),
    entityType: z.enum(QUESTION_ENTITY_TYPES, `must be one of ${QUESTION_ENTITY_TYPES.join(', ')}`),
  })
  .superRefine((body, context) => {
    const problem = answersProblem(body.questionType, body.answer);
    if (problem) context.addIssue({ code: 'custom', path: ['answer'], message: problem });
  });
export type QuestionSaveBody = z.infer<typeof QuestionSaveBody>;
/**
 * POST /ppq: one question (the spec's payload), or the queued questions of the form saved together, all or
 * none; read as a list either way, so a problem names its question by position ('0.question: ...').
 */
export const QuestionCreateBody = z.preprocess(
  (body) => (Array.isArray(body) ? body : [body]),
  z.array(QuestionSaveBody).min(1, 'Give at least one question').max(50, 'at most 50 questions at once'),
);
export type QuestionCreateBody = QuestionSaveBody | QuestionSaveBody[];
export const ProcedureQuestion = pagedItem(
  z.object({
    id: z.number(),
    fk_procedure: z.number(),
    procedure: z.object({ id: z.number(), procedure_name: z.string(), procedure_code: z.string() }),
    question: z.string(),
    questionType: z.enum(QUESTION_TYPE_CODES),
    answer: z.array(z.string()),
    entityType: z.enum(QUESTION_ENTITY_TYPES),
    created_by: z.string().nullable(),
    created_on: z.string().nullable(),
    last_modified_by: z.string().nullable(),
    last_modified_on: z.string().nullable(),
  }),
);
export type ProcedureQuestion = z.infer<typeof ProcedureQuestion>;

/**
 * POST /ppq/search: the questions list's filter (spec 2 §2.3). A diagnosis matches a question whose possible
 * answers name it, or whose procedure's rule in the organisation selects it.
 */
export const QuestionSearchBody = z.object({
  procedureCode: z.array(FilterValue).optional(),
  procedureName: z.array(FilterValue).optional(),
  diagnosis: z.array(FilterValue).optional(),
  question: z.array(FilterValue).optional(),
  questionType: z.array(z.enum(QUESTION_TYPE_CODES)).optional(),
});
export type QuestionSearchBody = z.infer<typeof QuestionSearchBody>;

/** GET /ppq/editors/me: whether the signed-in user is one of the named question editors (QUESTION_EDITORS). */
export const QuestionEditorResponse = z.object({ canEdit: z.boolean() });
export type QuestionEditorResponse = z.infer<typeof QuestionEditorResponse>;

/** POST /claims/{id}/questions: answers to the procedure questions, by question id (the /questions/{claimId} screen). */
export const ClaimAnswersBody = z.object({
  answers: z.record(z.string().regex(/^\d+$/, 'must be a question id'), z.array(z.string().trim().min(1)).max(10)),
});
export type ClaimAnswersBody = z.infer<typeof ClaimAnswersBody>;

/** GET /claims/{id}/questions: the questions the claim's procedures ask, and the answers saved, by question id. */
export const ClaimQuestions = z.object({
  questions: z.array(ProcedureQuestion),
  answers: z.record(z.string(), z.array(z.string())),
});
export type ClaimQuestions = z.infer<typeof ClaimQuestions>;
/** POST /claims/{id}/questions: the claim is verified again with the answers. */
export const ClaimAnswersResponse = z.object({ id: z.number(), Message: z.string() });
export type ClaimAnswersResponse = z.infer<typeof ClaimAnswersResponse>;
