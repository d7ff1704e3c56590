import { z } from 'zod';
import { VALUE_TYPES } from '../constants';

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
import { AuditEntry, pagedItem, pagedList, pagedResults } from './common';

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
export const KeywordSaveBody = z.object({
  name: z.string().trim().min(1, 'keyword is required').max(200),
  alias: z.array(z.string().trim()).transform((a) => a.filter(Boolean)),
  ICD_code: z.string().trim().optional(),
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
export const ProcedureSaveBody = z.object({
  name: z.string().trim().min(1).max(300),
  procedure_code: z.string().trim().min(1).max(50),
  snomedct_code: z.string().trim().min(1).max(50),
  fk_procedure_group: z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform(Number),
  alias: z
    .array(z.string().trim())
    .optional()
    .transform((a) => (a ?? []).filter(Boolean)),
});

export const TextPossibleValue = z.object({
  text_value: z.string(),
  text_value_alias: z.array(z.string()).default([]),
});
export const DocumentOverride = z.object({
  hospitals: z.array(z.string()).default([]),
  procedures: z.array(z.string()).default([]),
  override_value: z.array(z.string()).min(1, "*Override Value can't be empty."),
  exclude_document_headers: z.array(z.string()).default([]),
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
  hospitals: z.array(z.string()).min(1, 'Pattern override needs at least one hospital'),
  overrides: z.array(z.array(PatternPart).min(1)).min(1),
});
export type PatternOverride = z.infer<typeof PatternOverride>;

export const ClinicalAttributeSaveBody = z.object({
  name: z.string().trim().min(1).max(200),
  alias: z
    .array(z.string().trim())
    .default([])
    .transform((a) => a.filter(Boolean)),
  value_type: z.enum(VALUE_TYPES),
  tabular: z.boolean().default(false),
  distributed_attribute_value: z.boolean().default(false),
  fk_clinical_unit: z.array(z.number().int()).max(10).default([]),
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

export const ClinicalUnitSaveBody = z.object({
  name: z.string().trim().min(1).max(100),
  alias: z
    .array(z.object({ keyword: z.string().trim().min(1), conversion_unit: z.number({ error: 'Conversion unit should be a number' }) }))
    .min(1),
});
export type ClinicalUnitSaveBody = z.infer<typeof ClinicalUnitSaveBody>;
export const ClinicalUnit = Audited.extend({
  id: z.number(),
  name: z.string(),
  alias: z.array(z.object({ keyword: z.string(), conversion_unit: z.number() })),
});
export type ClinicalUnit = z.infer<typeof ClinicalUnit>;

export const DocgroupConfig = z.object({
  begin_alias: z.array(z.array(z.string())).default([]),
  end_alias: z.array(z.array(z.string())).default([]),
  begin_inclusion_body: z.array(z.array(z.string())).default([]),
  begin_exclusion_body: z.array(z.array(z.string())).default([]),
  begin_inclusion_header: z.array(z.array(z.string())).default([]),
  begin_exclusion_header: z.array(z.array(z.string())).default([]),
  end_inclusion_body: z.array(z.array(z.string())).default([]),
  end_exclusion_body: z.array(z.array(z.string())).default([]),
  end_inclusion_header: z.array(z.array(z.string())).default([]),
  end_exclusion_header: z.array(z.array(z.string())).default([]),
  subtotal_flag: z.boolean().default(false),
  total_flag: z.boolean().default(false),
  total_special_character_flag: z.boolean().default(false),
  top_threshold: z.number().nullable().default(null),
});
export type DocgroupConfig = z.infer<typeof DocgroupConfig>;
export const DocgroupSaveBody = z.object({
  hospital_id: z.array(z.number().int()).min(1).max(10),
  docgroup_id: z.array(z.number().int()).min(1),
  docgroupConfig_id: z.record(z.string(), DocgroupConfig),
});
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

/** Procedure protocol question (spec 2 §3). */
export const QUESTION_TYPES = [
  { code: 'single', label: 'Single Select' },
  { code: 'multi', label: 'Multiple Select' },
  { code: 'radio', label: 'Boolean' },
  { code: 'numerics', label: 'Numerical Value' },
] as const;
export const QUESTION_ENTITY_TYPES = [
  'procedures',
  'diagnosis',
  'document',
  'evidence',
  'Clinical Attribute',
  'drug',
  'tissue',
  'other',
] as const;
export const QuestionSaveBody = z.object({
  fk_procedure: z.array(z.number().int()).min(1, 'Choose at least one procedure').max(10),
  question: z.string().trim().min(1),
  questionType: z.enum(['single', 'multi', 'radio', 'numerics']),
  answer: z.array(z.string().trim().min(1)).max(10),
  entityType: z.enum(QUESTION_ENTITY_TYPES),
});
export const ProcedureQuestion = pagedItem(
  z.object({
    id: z.number(),
    fk_procedure: z.number(),
    procedure: z.object({ id: z.number(), procedure_name: z.string(), procedure_code: z.string() }),
    question: z.string(),
    questionType: z.enum(['single', 'multi', 'radio', 'numerics']),
    answer: z.array(z.string()),
    entityType: z.enum(QUESTION_ENTITY_TYPES),
    created_by: z.string().nullable(),
    created_on: z.string().nullable(),
    last_modified_by: z.string().nullable(),
    last_modified_on: z.string().nullable(),
  }),
);
export type ProcedureQuestion = z.infer<typeof ProcedureQuestion>;

/** POST /ppq/search: the questions list's filter (spec 2 §2.3). */
export const QuestionSearchBody = z.object({
  procedureCode: z.array(z.string()).optional(),
  procedureName: z.array(z.string()).optional(),
  question: z.array(z.string()).optional(),
  questionType: z.array(z.enum(['single', 'multi', 'radio', 'numerics'])).optional(),
});
export type QuestionSearchBody = z.infer<typeof QuestionSearchBody>;

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
