import { formatInZone } from '@claims/shared-kernel';
import type { DashboardCharts } from '@claims/shared-kernel';
import { type ChartSeries, ColumnChart, LoadState, NO_DATA, useVerdictColours } from '@claims/shared-kernel/ui';
import { Card, Col, Empty, Flex, Row, Spin, theme, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { dashboardChartsQuery } from '../../api/dashboard-charts';
import {
  dayMonth,
  decisionData,
  OPEN_SERIES_KEYS,
  openAgeData,
  TURNAROUND_SERIES_KEYS,
  turnaroundData,
  verdictDayData,
  verdictSeries,
} from './chartData';
import { DISPLAY_DATE, PeriodPicker, useDashboardPeriod } from './PeriodPicker';

const anyVerdict = (charts: DashboardCharts) => charts.verdictsByDay.some((day) => Object.values(day.verdicts).some((n) => n > 0));
const anyOpen = (charts: DashboardCharts) => charts.openByAge.some((row) => row.count > 0);
const anyDecided = (charts: DashboardCharts) => charts.turnaroundByDay.some((day) => day.onTime + day.late > 0);
const anyDecision = (charts: DashboardCharts) => charts.decisionsByVerdict.some((row) => Object.values(row.verdicts).some((n) => n > 0));
const nothingToShow = (charts: DashboardCharts) => !anyVerdict(charts) && !anyOpen(charts) && !anyDecided(charts) && !anyDecision(charts);

/** A chart's card: the chart, or 'No Data Found' when the period has nothing for it. */
function ChartCard({ title, extra, empty, children }: { title: string; extra?: ReactNode; empty: boolean; children: ReactNode }) {
  return (
    <Card title={title} extra={extra} size="small">
      {empty ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_DATA} /> : children}
    </Card>
  );
}

function ChartsView({ charts }: { charts: DashboardCharts }) {
  const { token } = theme.useToken();
  const verdictColours = useVerdictColours();
  const openSeries: ChartSeries[] = [
    { key: OPEN_SERIES_KEYS.due, label: 'Within due time', colour: token.colorPrimary },
    { key: OPEN_SERIES_KEYS.overdue, label: 'Overdue', colour: token.colorError },
  ];
  const turnaroundSeries: ChartSeries[] = [
    { key: TURNAROUND_SERIES_KEYS.onTime, label: 'On time', colour: token.colorSuccess },
    { key: TURNAROUND_SERIES_KEYS.late, label: 'Late', colour: token.colorError },
  ];
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <ChartCard title="Verdicts per Day" empty={!anyVerdict(charts)}>
          <ColumnChart
            title="Verdicts per Day"
            data={verdictDayData(charts.verdictsByDay)}
            series={verdictSeries(verdictColours)}
            formatX={dayMonth}
            yTitle="Claims"
          />
        </ChartCard>
      </Col>
      <Col xs={24} lg={12}>
        <ChartCard
          title="Open Reviews by Age"
          extra={<Typography.Text type="secondary">at {formatInZone(charts.at, `${DISPLAY_DATE} HH:mm`)}</Typography.Text>}
          empty={!anyOpen(charts)}
        >
          <ColumnChart title="Open Reviews by Age" data={openAgeData(charts.openByAge)} series={openSeries} yTitle="Claims" />
        </ChartCard>
      </Col>
      <Col xs={24} lg={12}>
        <ChartCard title="Reviews Decided per Day" empty={!anyDecided(charts)}>
          <ColumnChart
            title="Reviews Decided per Day"
            data={turnaroundData(charts.turnaroundByDay)}
            series={turnaroundSeries}
            formatX={dayMonth}
            yTitle="Claims"
          />
        </ChartCard>
      </Col>
      <Col xs={24} lg={12}>
        <ChartCard title="Decisions against Verdicts" empty={!anyDecision(charts)}>
          <ColumnChart
            title="Decisions against Verdicts"
            data={decisionData(charts.decisionsByVerdict)}
            series={verdictSeries(verdictColours)}
            yTitle="Procedures"
          />
        </ChartCard>
      </Col>
    </Row>
  );
}

/**
 * The dashboard's charts over the chosen period (issue 23 §5): the verdicts given in the period, the reviews open at
 * its end (now, when it ends today), the reviews people decided in it on time or late, and their decisions against
 * the verdicts the procedures had. The tables below keep the exact numbers of every claim.
 */
export function ChartsSection({ org }: { org: string }) {
  const period = useDashboardPeriod();
  // Another period or insurer replaces the shown charts once they arrive.
  const query = useQuery({
    ...dashboardChartsQuery({ org, from: period.from, to: period.to }),
    enabled: !period.problem,
    placeholderData: keepPreviousData,
  });
  return (
    <Flex vertical gap={12} component="section" aria-label="Charts of the Period">
      <PeriodPicker period={period} note="Verdicts and decisions of the period, reviews open at its end" />
      {!period.problem && (
        <Spin spinning={query.isPlaceholderData && query.isFetching}>
          <LoadState query={query} isEmpty={nothingToShow}>
            {(charts) => <ChartsView charts={charts} />}
          </LoadState>
        </Spin>
      )}
    </Flex>
  );
}
