import { callApi } from '@claims/shared-kernel';
import type { QualityReport } from '@claims/shared-kernel';
import { queryOptions } from '@tanstack/react-query';
import { dashboardKeys } from './claims';

/** An organisation's report over a period (days YYYY-MM-DD of the display zone, both included). */
export interface QualityRequest {
  org: string;
  from: string;
  to: string;
}

/** Under the dashboard's keys, so what refreshes the dashboard's counts (a re-run, a new claim) refreshes the report too. */
export const qualityKeys = {
  report: ({ org, from, to }: QualityRequest) => [...dashboardKeys.all, 'quality', org, from, to] as const,
};

/** GET /claims/dashboard/quality?org&from&to: the adjudicator's verdicts and found items against the annotations. */
export function fetchQualityReport(request: QualityRequest): Promise<QualityReport> {
  return callApi('GET /claims/dashboard/quality', { query: request });
}

export const qualityReportQuery = (request: QualityRequest) =>
  queryOptions({ queryKey: qualityKeys.report(request), queryFn: () => fetchQualityReport(request) });
