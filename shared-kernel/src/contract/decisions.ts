/**
 * A person's decision per procedure (issue 23 §4) and the Decision Reasons master its reasons come from. A
 * decision record is final: a change is a new record, and a procedure's newest record is its current decision.
 */
import { z } from 'zod';
import { ADJUDICATION_RESULTS } from '../constants';
import { CLAIM_DECISIONS, DECISION_NOTE_MAX, DECISION_REASON_CODE_MAX, DECISION_REASON_DESCRIPTION_MAX, DECISIONS } from '../decisions';
import { pagedResults } from './common';
import { Audited } from './masters';

export {
  CLAIM_DECISION_LABELS,
  CLAIM_DECISIONS,
  type ClaimDecision,
  claimDecisionOf,
  DECISION_LABELS,
  DECISION_NOTE_MAX,
  DECISION_REASON_CODE_MAX,
  DECISION_REASON_DESCRIPTION_MAX,
  DECISIONS,
  type Decision,
  decisionDiffers,
} from '../decisions';

export const DecisionEnum = z.enum(DECISIONS);
export const ClaimDecisionEnum = z.enum(CLAIM_DECISIONS);

/** One reason of the Decision Reasons master: its code, the plain sentence people read, the decisions it fits. */
export const DecisionReason = Audited.extend({
  id: z.number(),
  code: z.string(),
  description: z.string(),
  decisions: z.array(DecisionEnum),
  active: z.boolean(),
});
export type DecisionReason = z.infer<typeof DecisionReason>;
export const DecisionReasonResult = z.object({ result: DecisionReason });
/** GET /decisionReasons: a page in code order, or with getall every reason (under results, without the total). */
export const DecisionReasonList = z.union([pagedResults(DecisionReason), z.object({ results: z.array(DecisionReason) })]);
export const DecisionReasonCodeParams = z.object({ code: z.string().min(1).max(100) });

/** POST /decisionReasons and PUT /decisionReasons/{code}: the whole reason. */
export const DecisionReasonSaveBody = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'Code is required')
    .max(DECISION_REASON_CODE_MAX, `Code is at most ${DECISION_REASON_CODE_MAX} characters`),
  description: z
    .string()
    .trim()
    .min(1, 'Description is required')
    .max(DECISION_REASON_DESCRIPTION_MAX, `Description is at most ${DECISION_REASON_DESCRIPTION_MAX} characters`),
  decisions: z
    .array(DecisionEnum)
    .min(1, 'Applies to needs at least one decision')
    .transform((list) => DECISIONS.filter((d) => list.includes(d))),
  active: z.boolean().default(true),
});
export type DecisionReasonSaveBody = z.input<typeof DecisionReasonSaveBody>;

/** One procedure's decision as sent: a denial needs its reason code (the server says so with a 400). */
export const DecisionInput = z.object({
  procedureCode: z.string().trim().min(1, 'procedureCode is required').max(100),
  decision: DecisionEnum,
  reasonCode: z.string().trim().max(DECISION_REASON_CODE_MAX).optional(),
  note: z.string().trim().max(DECISION_NOTE_MAX, `note is at most ${DECISION_NOTE_MAX} characters`).optional(),
});
export type DecisionInput = z.input<typeof DecisionInput>;
/** POST /claims/{claimId}/decisions: one procedure's decision or several at once, recorded together or not at all. */
export const DecisionsBody = z.object({ decisions: z.array(DecisionInput).min(1, 'at least one decision is required').max(20) });
export type DecisionsBody = z.input<typeof DecisionsBody>;

/** A recorded decision: final once saved. */
export const DecisionRecord = z.object({
  id: z.number(),
  procedureCode: z.string(),
  decision: DecisionEnum,
  /** The reason's code and sentence as they read when the decision was made. */
  reasonCode: z.string().nullable(),
  reasonDescription: z.string().nullable(),
  note: z.string().nullable(),
  /** The adjudicator's verdict for the procedure when the decision was made. */
  verdict: z.enum(ADJUDICATION_RESULTS).nullable(),
  /** Whether the decision differs from that verdict (decisionDiffers). */
  differs: z.boolean(),
  decidedBy: z.string(),
  /** UTC, ISO 8601. */
  decidedAt: z.string(),
});
export type DecisionRecord = z.infer<typeof DecisionRecord>;

/** One procedure of the claim: its verdict now, its current decision (the newest) and every decision, newest first. */
export const ProcedureDecisions = z.object({
  procedureCode: z.string(),
  procedureName: z.string().nullable(),
  verdict: z.enum(ADJUDICATION_RESULTS).nullable(),
  current: DecisionRecord.nullable(),
  history: z.array(DecisionRecord),
});
export type ProcedureDecisions = z.infer<typeof ProcedureDecisions>;

/** GET and POST /claims/{claimId}/decisions: the claim's procedures with their decisions. */
export const ClaimDecisions = z.object({
  claimId: z.number(),
  /** The claims list's summary of the current decisions (null until one is recorded). */
  decision: ClaimDecisionEnum.nullable(),
  /** Whether every procedure has a current decision, which closes the claim's review. */
  complete: z.boolean(),
  procedures: z.array(ProcedureDecisions),
});
export type ClaimDecisions = z.infer<typeof ClaimDecisions>;
