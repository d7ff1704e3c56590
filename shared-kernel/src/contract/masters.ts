import { z } from 'zod';
import { VALUE_TYPES } from '../constants';
import type { AuditEntry } from './common';

/** Every master row carries who changed it last (generic view screen, spec 2 §2.9). */
export interface Audited {
  created_by?: string | null;
  created_at?: string | null;
  last_modified_by?: string | null;
  last_modified_at?: string | null;
}

export interface Hospital extends Audited {
  id: number;
  hospital_code: string;
  name: string;
}
/** GET /hospitals/{code}: the hospital is under result (spec 2 §7). */
export interface HospitalResult {
  result: Hospital;
}
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

/** The keyword masters share one shape: tissues, diagnoses, drugs, procedureGroup, document, evidence. */
export const KEYWORD_MODULES = ['tissues', 'diagnoses', 'drugs', 'procedureGroup', 'document', 'evidence'] as const;
export type KeywordModule = (typeof KEYWORD_MODULES)[number];
export interface KeywordEntity extends Audited {
  id: number;
  name: string;
  alias: string[];
  ICD_code?: string | null;
}
export const KeywordSaveBody = z.object({
  name: z.string().trim().min(1, 'keyword is required').max(200),
  alias: z.array(z.string().trim()).transform((a) => a.filter(Boolean)),
  ICD_code: z.string().trim().optional(),
});
export type KeywordSaveBody = z.input<typeof KeywordSaveBody>;

export interface Procedure extends Audited {
  id: number;
  name: string;
  procedure_code: string;
  snomedct_code: string;
  procedure_group: { id: number; name: string } | null;
  alias: string[];
}
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
export interface ClinicalAttribute extends Audited {
  id: number;
  name: string;
  alias: string[];
  value_type: (typeof VALUE_TYPES)[number];
  tabular: boolean;
  distributed_attribute_value: boolean;
  fk_clinical_unit: number[];
  clinical_unit?: { id: number; name: string }[];
  number_range: { lower_limit: number | null; upper_limit: number | null } | null;
  text_possible_values: { text_value: string; text_value_alias: string[] }[];
  overrides: DocumentOverride[];
  override_message: string | null;
  patternOverridesForValues: PatternOverride[];
  audit_trail?: AuditEntry[];
}

export const ClinicalUnitSaveBody = z.object({
  name: z.string().trim().min(1).max(100),
  alias: z
    .array(z.object({ keyword: z.string().trim().min(1), conversion_unit: z.number({ error: 'Conversion unit should be a number' }) }))
    .min(1),
});
export type ClinicalUnitSaveBody = z.infer<typeof ClinicalUnitSaveBody>;
export interface ClinicalUnit extends Audited {
  id: number;
  name: string;
  alias: { keyword: string; conversion_unit: number }[];
}

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
export interface Docgroup extends Audited {
  id: number;
  hospital_id: { id: number; hospital_code: string; name: string }[];
  docgroup_id: { id: number; name: string }[];
  docgroupConfig_id: Record<string, DocgroupConfig>;
}

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
export interface ProcedureQuestion {
  id: number;
  fk_procedure: number;
  procedure: { id: number; procedure_name: string; procedure_code: string };
  question: string;
  questionType: 'single' | 'multi' | 'radio' | 'numerics';
  answer: string[];
  entityType: (typeof QUESTION_ENTITY_TYPES)[number];
  created_by: string | null;
  created_on: string | null;
  last_modified_by: string | null;
  last_modified_on: string | null;
  total_count?: number;
  page_number?: number;
}

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
