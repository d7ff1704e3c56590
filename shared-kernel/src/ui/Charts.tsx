/**
 * Charts for the screens that show them (issue 23 §5, the dashboard). What loads with the kernel's UI is this frame
 * alone: the title, the legend with each series' total (text a screen reader and a test can read, which the
 * chart's canvas is not) and a placeholder; the drawing and its library load the first time a chart is shown.
 */
import { Flex, Spin, theme, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { type ColumnChartProps, seriesTotals } from './charts/columns';

export type { ChartDatum, ChartSeries, ColumnChartProps } from './charts/columns';

const ColumnPlot = lazy(() => import('./charts/ColumnPlot'));

const DEFAULT_HEIGHT = 240;

/** A stacked column chart with its legend: each series' colour, label and total over the columns shown. */
export function ColumnChart(props: ColumnChartProps) {
  const { token } = theme.useToken();
  const height = props.height ?? DEFAULT_HEIGHT;
  return (
    <figure aria-label={props.title} style={{ margin: 0 }}>
      {/* The canvas says nothing to assistive technology; the legend below carries the numbers. */}
      <div aria-hidden style={{ height }}>
        <Suspense
          fallback={
            <Flex justify="center" align="center" style={{ height }}>
              <Spin aria-label="Loading chart" />
            </Flex>
          }
        >
          <ColumnPlot {...props} height={height} />
        </Suspense>
      </div>
      <figcaption>
        <Flex component="ul" wrap gap={token.marginSM} aria-label={`${props.title}: legend`} style={{ margin: 0, padding: 0 }}>
          {seriesTotals(props).map((s) => (
            <Flex component="li" key={s.key} align="center" gap={token.marginXXS} style={{ listStyle: 'none' }}>
              <span
                aria-hidden
                style={{ width: token.sizeXS, height: token.sizeXS, borderRadius: token.borderRadiusXS, background: s.colour }}
              />
              <Typography.Text>
                {s.label}: {s.total}
              </Typography.Text>
            </Flex>
          ))}
        </Flex>
      </figcaption>
    </figure>
  );
}
