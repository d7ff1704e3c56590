import { z } from 'zod';
import { ANNOTATION_ENTITIES, EXPECTED_RESULTS, type AnnotationEntityKind, type ExpectedResult } from '../annotation-record';
import { ADJUDICATION_RESULTS } from '../constants';
import { WireDate } from './common';

export * from '../verification-quality';

/**
 * GET /claims/dashboard/quality: the adjudicator's verdicts and found items against the annotations of an
 * organisation's claims annotated in a period (days of the display zone, both included; by default the last
 * 90 days, at most a year). Super users only; the provider may name an insurer with ?org=.
 */
export const QualityQuery = z.object({ org: z.string().optional(), from: WireDate.optional(), to: WireDate.optional() });
export type QualityQuery = z.infer<typeof QualityQuery>;

const Count = z.number().int().nonnegative();
/** A share from 0 to 1; null when there was nothing to count. */
const Share = z.number().min(0).max(1).nullable();
const Verdict = z.enum(ADJUDICATION_RESULTS);
const ExpectedResultCode = z.enum(EXPECTED_RESULTS.map((r) => r.code) as [ExpectedResult, ...ExpectedResult[]]);
const EntityKind = z.enum(ANNOTATION_ENTITIES.map((e) => e.kind) as [AnnotationEntityKind, ...AnnotationEntityKind[]]);

/** One row of the confusion matrix: the claims annotated with one expected result, by the verdict the adjudicator gave. */
export const QualityMatrixRow = z.object({
  expectedResult: ExpectedResultCode,
  /** The verdict that counts as agreeing (EXPECTED_RESULT_VERDICT). */
  countsAs: Verdict,
  verdicts: z.object({ ACCEPTED: Count, REJECTED: Count, QUERY: Count, SUSPENDED: Count }),
  total: Count,
});
export type QualityMatrixRow = z.infer<typeof QualityMatrixRow>;

/**
 * Found items against annotated ones: `annotated` entities the annotation names, `found` entities the adjudicator
 * found, `matched` those in both (names compared case-insensitively, through the masters' aliases and standard
 * names). Precision is matched / found, recall matched / annotated.
 */
const EntityScore = {
  annotated: Count,
  found: Count,
  matched: Count,
  precision: Share,
  recall: Share,
};

/** One entity type: counted over the claims whose annotation names at least one entity of the type. */
export const QualityEntityRow = z.object({ entity: EntityKind, claims: Count, ...EntityScore });
export type QualityEntityRow = z.infer<typeof QualityEntityRow>;

/** One annotated procedure code: its claims' verdict agreement and its found items over every entity type. */
export const QualityProcedureRow = z.object({
  procedureCode: z.string(),
  procedureName: z.string().nullable(),
  claims: Count,
  agreed: Count,
  agreement: Share,
  ...EntityScore,
});
export type QualityProcedureRow = z.infer<typeof QualityProcedureRow>;

export const QualityEntityName = z.object({ entity: EntityKind, name: z.string() });
export type QualityEntityName = z.infer<typeof QualityEntityName>;

/** A claim whose verdict disagrees with its annotation, newest annotation first. */
export const QualityDisagreement = z.object({
  claimId: z.number().int(),
  referenceClaimId: z.string(),
  /** The claim's organisation (the claim page opens it with ?org=). */
  organization: z.string(),
  procedureCode: z.string(),
  procedureName: z.string().nullable(),
  expectedResult: ExpectedResultCode,
  countsAs: Verdict,
  verificationResult: Verdict,
  /** UTC, ISO 8601. */
  annotatedOn: z.string(),
  annotatedBy: z.string(),
  /** Named by the annotation, not found by the adjudicator. */
  missed: z.array(QualityEntityName),
  /** Found by the adjudicator, not named by the annotation (of the entity types it names). */
  unexpected: z.array(QualityEntityName),
});
export type QualityDisagreement = z.infer<typeof QualityDisagreement>;

export const QualityReport = z.object({
  organization: z.string(),
  /** The period used (the defaults filled in), YYYY-MM-DD. */
  from: WireDate,
  to: WireDate,
  /** The organisation's claims annotated in the period (insurer users: ADJUDICATED ones). */
  annotatedClaims: Count,
  /** Of those, claims without a verdict yet: left out of everything below. */
  notVerified: Count,
  /** Claims compared: annotated and verified. */
  compared: Count,
  agreed: Count,
  agreement: Share,
  /** Every expected result, in the annotation form's order. */
  matrix: z.array(QualityMatrixRow),
  /** Every entity type of the annotation, in the form's order. */
  entities: z.array(QualityEntityRow),
  /** Most claims first. */
  procedures: z.array(QualityProcedureRow),
  disagreements: z.array(QualityDisagreement),
  /**
   * People's decisions against the verdicts (issue 23 §4): the claims whose current decisions were made in the
   * period, and of those the claims where a decision differs from the adjudicator's verdict (decisionDiffers).
   */
  decisions: z.object({ claims: Count, differing: Count, share: Share }),
});
export type QualityReport = z.infer<typeof QualityReport>;
