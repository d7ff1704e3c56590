/**
 * The configuration the charting library (@ant-design/plots) gets for a column chart: plain data, the series'
 * colours and the antd theme's text, line and font tokens. Kept apart from the drawing so tests can read it.
 */
import type { GlobalToken } from 'antd';

/** One series of a chart: its label (shown in the legend and the tooltip) and its colour (a theme token's value). */
export interface ChartSeries {
  key: string;
  label: string;
  colour: string;
}

/** One column's share of one series: `x` the column (a category or a YYYY-MM-DD day), `series` a key of the series. */
export interface ChartDatum {
  x: string;
  series: string;
  value: number;
}

export interface ColumnChartProps {
  /** The chart's accessible name and card title. */
  title: string;
  /** Every column in order, each with a value per series (zeros included, so every column is drawn). */
  data: readonly ChartDatum[];
  /** The series in stacking order, bottom first; the legend lists them in this order. */
  series: readonly ChartSeries[];
  /** How an `x` reads on the axis (a day as '10-03'); as it is by default. */
  formatX?: (x: string) => string;
  /** The axes' titles. */
  xTitle?: string;
  yTitle?: string;
  height?: number;
}

/** The series' totals over every column, in the series' order: what the legend shows beside each label. */
export function seriesTotals({ data, series }: Pick<ColumnChartProps, 'data' | 'series'>): (ChartSeries & { total: number })[] {
  return series.map((s) => ({ ...s, total: data.filter((d) => d.series === s.key).reduce((sum, d) => sum + d.value, 0) }));
}

/** The theme's text and line colours on both axes: the chart reads like the antd screen around it. */
function axis(token: GlobalToken, title: string | undefined, formatter?: (x: string) => string) {
  return {
    title: title ?? false,
    titleFill: token.colorTextSecondary,
    titleFontSize: token.fontSizeSM,
    titleFontFamily: token.fontFamily,
    labelFill: token.colorTextSecondary,
    labelFontSize: token.fontSizeSM,
    labelFontFamily: token.fontFamily,
    labelAutoHide: true,
    lineStroke: token.colorBorder,
    tickStroke: token.colorBorder,
    gridStroke: token.colorSplit,
    gridStrokeOpacity: 1,
    ...(formatter && { labelFormatter: formatter }),
  };
}

/**
 * A stacked column chart's configuration: the series' labels stand for them in the data (so the tooltip reads
 * 'Accepted', not 'ACCEPTED'), each label keeps its colour, and the library's own legend is left out (the chart's
 * frame shows one the page can read, see Charts.tsx).
 */
export function columnChartConfig(props: ColumnChartProps, token: GlobalToken) {
  const labelOf = new Map(props.series.map((s) => [s.key, s.label]));
  return {
    data: props.data.map((d) => ({ x: d.x, series: labelOf.get(d.series) ?? d.series, value: d.value })),
    xField: 'x',
    yField: 'value',
    colorField: 'series',
    stack: true,
    autoFit: true,
    height: props.height ?? 240,
    legend: false as const,
    scale: {
      color: { domain: props.series.map((s) => s.label), range: props.series.map((s) => s.colour) },
      y: { nice: true },
    },
    axis: { x: axis(token, props.xTitle, props.formatX), y: axis(token, props.yTitle) },
    style: { maxWidth: 48 },
    theme: { fontFamily: token.fontFamily },
  };
}
