import { z } from 'zod';
import { EXPECTED_RESULTS, type ExpectedResult } from '../annotation-record';

export * from '../annotation-record';

const EXPECTED_RESULT_CODES = EXPECTED_RESULTS.map((r) => r.code) as [ExpectedResult, ...ExpectedResult[]];

/** The record's fixed fields, the same in what is sent and what is stored. */
const annotationFields = {
  reference_claim_id: z.string(),
  procedure_code: z.string(),
  procedure_name: z.string().optional(),
  expected_result: z.enum(EXPECTED_RESULT_CODES),
  verification_result: z.string().optional(),
  case_type: z.string().optional(),
  remarks: z.string().max(2000).optional(),
};
/** The numbered entity slots (procedure_name_1, ...). */
const entitySlot = z.union([z.string(), z.number(), z.null()]);

/**
 * The flat annotation record (spec 1 §3): fixed fields plus numbered entity slots
 * (procedure_name_1, diagnosis_alias_2, clinical_attribute_value_1, ...). The slots stay a record
 * because the numbering is open-ended on create and renumbered from 1 on edit.
 */
export const AnnotationBody = z
  .object({
    claim_id: z.union([
      z.number().int().positive(),
      z
        .string()
        .regex(/^\d{1,9}$/, 'must be a claim id')
        .transform(Number),
    ]),
    ...annotationFields,
  })
  .catchall(entitySlot);
export type AnnotationBody = z.input<typeof AnnotationBody>;

/** An annotation as stored: the record's fields, who made it and when, and its entity slots. */
export const Annotation = z
  .object({
    claim_id: z.number(),
    ...annotationFields,
    id: z.number(),
    annotated_on: z.string(),
    username: z.string(),
    /** The annotated claim's organisation (the list opens the claim with it). */
    organization: z.string().optional(),
    total_count: z.number().int().optional(),
    page_number: z.number().int().optional(),
  })
  .catchall(entitySlot);
export type Annotation = z.infer<typeof Annotation>;

/** GET /annotation/getUsers: the users who may write annotations. */
export const AnnotationUsers = z.array(z.string());

export const ErrorCategory = z.object({ id: z.number(), category: z.string(), colour: z.string(), iconText: z.string() });
export type ErrorCategory = z.infer<typeof ErrorCategory>;

/** POST/PUT /claims/{id}/annotation: error flags per procedure code and entity type. */
export const ErrorAnnotationBody = z.object({
  errors: z.record(
    z.string(),
    z.record(
      z.string(),
      z.array(
        z.object({
          /** The flagged item's position in its group's found items. */
          keyword: z.number().int().min(0).max(10_000),
          category: z.number().int().positive(),
          comment: z.string().trim().min(1, 'a comment is required').max(2000),
        }),
      ),
    ),
  ),
});
export type ErrorAnnotationBody = z.infer<typeof ErrorAnnotationBody>;

/** GET, POST and PUT /claims/{id}/annotation: the claim's error flags. */
export const ErrorAnnotations = z.object({
  claim_id: z.number(),
  errors: z.record(z.string(), z.record(z.string(), z.array(z.object({ keyword: z.number(), category: z.number(), comment: z.string() })))),
});
export type ErrorAnnotations = z.infer<typeof ErrorAnnotations>;
