/**
 * The verification quality report (issue 12 'The quality users can see'): how an annotation's expected result
 * reads as a verdict, and the one rule for the report's period, which the dashboard's period picker and the
 * api share (no zod here, so the screen's bundle can load it; the wire schemas are in contract/quality.ts).
 */
import type { ExpectedResult } from './annotation-record';
import type { AdjudicationResult } from './constants';

/** The period the report covers by default (the last 90 days, today included) and at most (a year). */
export const QUALITY_PERIOD = { defaultDays: 90, maxDays: 366 } as const;

/**
 * The verdict each expected result asks of the adjudicator. Both query kinds are a QUERY; a wrong procedure has
 * no verdict of its own, and the claim must not pass under the procedure it names, so it asks for REJECTED.
 */
export const EXPECTED_RESULT_VERDICT: Readonly<Record<ExpectedResult, AdjudicationResult>> = {
  accept: 'ACCEPTED',
  reject: 'REJECTED',
  infoQuery: 'QUERY',
  docQuery: 'QUERY',
  wrongProcedure: 'REJECTED',
};

const DAY_MS = 86_400_000;
/** Earlier days hold no claims; refusing them keeps a typo ('0025-01-01') from reaching the database's date range. */
const FIRST_DAY = '1970-01-01';

/** A YYYY-MM-DD that names a real day (2025-02-30 has the shape but is none), as milliseconds of its UTC midnight. */
function dayNumber(day: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day < FIRST_DAY) return null;
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== day ? null : time;
}

/** The days a period covers, both ends included. */
export const qualityPeriodDays = (from: string, to: string): number =>
  Math.round(((dayNumber(to) ?? 0) - (dayNumber(from) ?? 0)) / DAY_MS) + 1;

export interface QualityPeriodProblem {
  field: 'from' | 'to';
  message: string;
}

/** What is wrong with a period (days YYYY-MM-DD of the display zone, both included), or null: the api's 400 and the picker's message. */
export function qualityPeriodProblem(from: string, to: string): QualityPeriodProblem | null {
  if (dayNumber(to) === null) return { field: 'to', message: `${to} is not a date` };
  if (dayNumber(from) === null) return { field: 'from', message: `${from} is not a date` };
  const days = qualityPeriodDays(from, to);
  if (days < 1) return { field: 'to', message: 'the period must end on or after its first day' };
  if (days > QUALITY_PERIOD.maxDays)
    return { field: 'to', message: `the period covers ${days} days; choose at most ${QUALITY_PERIOD.maxDays}` };
  return null;
}

export interface QualityPeriodChoice {
  from: string;
  to: string;
  problem: QualityPeriodProblem | null;
}

/**
 * The period asked for with the defaults filled in (to: today; from: the default number of days up to to, to
 * included), and what is wrong with it. `today` is the display zone's, YYYY-MM-DD.
 */
export function qualityPeriodOf(asked: { from?: string | null; to?: string | null }, today: string): QualityPeriodChoice {
  const to = asked.to || today;
  const last = dayNumber(to);
  // Without a real last day there is nothing to count back from: the problem then names `to`, never this empty from.
  const from = asked.from || (last === null ? '' : new Date(last - (QUALITY_PERIOD.defaultDays - 1) * DAY_MS).toISOString().slice(0, 10));
  return { from, to, problem: qualityPeriodProblem(from, to) };
}
