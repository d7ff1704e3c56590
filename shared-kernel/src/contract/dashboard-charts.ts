import { z } from 'zod';
import { DECISIONS } from '../decisions';
import { WireDate } from './common';

/**
 * GET /claims/dashboard/charts: the dashboard's charts over a period (issue 23 §5), days of the display zone, both
 * included (by default the last 90 days, at most 366, as the quality report's). Super users only, scoped like the
 * dashboard's counts: the provider may name an insurer with ?org=; an insurer's super user sees only its own
 * ADJUDICATED claims.
 */
export const DashboardChartsQuery = z.object({ org: z.string().optional(), from: WireDate.optional(), to: WireDate.optional() });
export type DashboardChartsQuery = z.infer<typeof DashboardChartsQuery>;

const Count = z.number().int().nonnegative();

/** A count per verdict: every verdict present, zero where there was none. */
export const VerdictCounts = z.object({ ACCEPTED: Count, REJECTED: Count, QUERY: Count, SUSPENDED: Count });
export type VerdictCounts = z.infer<typeof VerdictCounts>;

/** One day of the period: the ADJUDICATED claims whose latest verdict was given that day, by verdict. */
export const VerdictDay = z.object({ day: WireDate, verdicts: VerdictCounts });
export type VerdictDay = z.infer<typeof VerdictDay>;

/**
 * How long an open review has waited since the claim arrived (arrival date, else creation), in the order shown:
 * under 4 hours, 4 to 24 hours, 1 to 3 days, 3 to 7 days, over 7 days. Each bucket holds its lower bound.
 */
export const OPEN_AGE_BUCKETS = ['under4h', '4to24h', '1to3d', '3to7d', 'over7d'] as const;
export type OpenAgeBucket = (typeof OPEN_AGE_BUCKETS)[number];

/**
 * The open reviews (not yet decided) of one age bucket, as of the answer's `at`; `overdue` of them were past their
 * due time with their clock running (a paused review is not overdue, as in my queue).
 */
export const OpenAgeRow = z.object({ age: z.enum(OPEN_AGE_BUCKETS), count: Count, overdue: Count });
export type OpenAgeRow = z.infer<typeof OpenAgeRow>;

/**
 * One day of the period: the reviews a person decided that day (closed by their last decision), by whether they were
 * closed by their due time (on time) or after it (late). Reviews closed at the verdict, which needed nobody, are left out.
 */
export const TurnaroundDay = z.object({ day: WireDate, onTime: Count, late: Count });
export type TurnaroundDay = z.infer<typeof TurnaroundDay>;

/**
 * One decision: the procedures whose current decision (their newest record) was made in the period, by the verdict
 * the adjudicator had given the procedure then. Decisions on a procedure without a verdict are left out.
 */
export const DecisionVerdictRow = z.object({ decision: z.enum(DECISIONS), verdicts: VerdictCounts });
export type DecisionVerdictRow = z.infer<typeof DecisionVerdictRow>;

export const DashboardCharts = z.object({
  organization: z.string(),
  /** The period used (the defaults filled in), YYYY-MM-DD. */
  from: WireDate,
  to: WireDate,
  /** The instant the open reviews' ages are measured at, UTC ISO 8601. */
  at: z.string(),
  /** Every day of the period in order, days without a verdict included. */
  verdictsByDay: z.array(VerdictDay),
  /** Every bucket of OPEN_AGE_BUCKETS in order, empty ones included. */
  openByAge: z.array(OpenAgeRow),
  /** Every day of the period in order. */
  turnaroundByDay: z.array(TurnaroundDay),
  /** Every decision of DECISIONS in order. */
  decisionsByVerdict: z.array(DecisionVerdictRow),
});
export type DashboardCharts = z.infer<typeof DashboardCharts>;
