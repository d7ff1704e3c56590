import { callApi } from '@claims/shared-kernel';
import type { DashboardCharts } from '@claims/shared-kernel';
import { queryOptions } from '@tanstack/react-query';
import { dashboardKeys } from './claims';

/** An organisation's charts over a period (days YYYY-MM-DD of the display zone, both included). */
export interface ChartsRequest {
  org: string;
  from: string;
  to: string;
}

/** Under the dashboard's keys, so what refreshes the dashboard's counts (a re-run, a new claim) refreshes the charts too. */
export const chartsKeys = {
  charts: ({ org, from, to }: ChartsRequest) => [...dashboardKeys.all, 'charts', org, from, to] as const,
};

/** GET /claims/dashboard/charts?org&from&to: verdicts per day and the open reviews by age. */
export function fetchDashboardCharts(request: ChartsRequest): Promise<DashboardCharts> {
  return callApi('GET /claims/dashboard/charts', { query: request });
}

export const dashboardChartsQuery = (request: ChartsRequest) =>
  queryOptions({ queryKey: chartsKeys.charts(request), queryFn: () => fetchDashboardCharts(request) });
