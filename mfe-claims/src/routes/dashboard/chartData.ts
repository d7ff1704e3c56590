/**
 * The dashboard's answers as the charts take them (ChartDatum of the kernel's charts): one column per day or age
 * bucket, one value per series, zeros kept so that every column is drawn.
 */
import { ADJUDICATION_RESULTS, adjudicationResultLabel, DECISION_LABELS } from '@claims/shared-kernel';
import type { AdjudicationResult, DecisionVerdictRow, OpenAgeBucket, OpenAgeRow, TurnaroundDay, VerdictDay } from '@claims/shared-kernel';
import type { ChartDatum, ChartSeries } from '@claims/shared-kernel/ui';

/** Each verdict in the order the list's filter names them, with its tag's colour. */
export const verdictSeries = (colours: Record<AdjudicationResult, string>): ChartSeries[] =>
  ADJUDICATION_RESULTS.map((verdict) => ({ key: verdict, label: adjudicationResultLabel(verdict), colour: colours[verdict] }));

export function verdictDayData(days: readonly VerdictDay[]): ChartDatum[] {
  return days.flatMap(({ day, verdicts }) =>
    ADJUDICATION_RESULTS.map((verdict) => ({ x: day, series: verdict, value: verdicts[verdict] })),
  );
}

export const AGE_LABELS: Record<OpenAgeBucket, string> = {
  under4h: 'Under 4 hours',
  '4to24h': '4–24 hours',
  '1to3d': '1–3 days',
  '3to7d': '3–7 days',
  over7d: 'Over 7 days',
};

/** The two parts of each age's column: reviews still within their due time, and overdue ones. */
export const OPEN_SERIES_KEYS = { due: 'withinDue', overdue: 'overdue' } as const;

export function openAgeData(rows: readonly OpenAgeRow[]): ChartDatum[] {
  return rows.flatMap(({ age, count, overdue }) => [
    { x: AGE_LABELS[age], series: OPEN_SERIES_KEYS.due, value: count - overdue },
    { x: AGE_LABELS[age], series: OPEN_SERIES_KEYS.overdue, value: overdue },
  ]);
}

/** The two parts of each day's column of decided reviews: closed by their due time, and after it. */
export const TURNAROUND_SERIES_KEYS = { onTime: 'onTime', late: 'late' } as const;

export function turnaroundData(days: readonly TurnaroundDay[]): ChartDatum[] {
  return days.flatMap(({ day, onTime, late }) => [
    { x: day, series: TURNAROUND_SERIES_KEYS.onTime, value: onTime },
    { x: day, series: TURNAROUND_SERIES_KEYS.late, value: late },
  ]);
}

/** A column per decision, stacked by the verdicts the decided procedures had (verdictSeries' keys). */
export function decisionData(rows: readonly DecisionVerdictRow[]): ChartDatum[] {
  return rows.flatMap(({ decision, verdicts }) =>
    ADJUDICATION_RESULTS.map((verdict) => ({ x: DECISION_LABELS[decision], series: verdict, value: verdicts[verdict] })),
  );
}

/** '2025-03-11' as '11-03' under a day's column (the period picker shows the year). */
export const dayMonth = (day: string): string => `${day.slice(8, 10)}-${day.slice(5, 7)}`;
