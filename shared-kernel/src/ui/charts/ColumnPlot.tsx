/**
 * The part of a chart that draws it, loaded only when a chart is first shown: it carries the charting library
 * (@ant-design/plots and G2 under it), which no other screen needs.
 */
import { Column } from '@ant-design/plots';
import { theme } from 'antd';
import { type ColumnChartProps, columnChartConfig } from './columns';

export default function ColumnPlot(props: ColumnChartProps) {
  const { token } = theme.useToken();
  return <Column {...columnChartConfig(props, token)} />;
}
