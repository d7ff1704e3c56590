import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen } from '../testing/render';
import { drawnPlots } from '../testing/plots-mock';
import { ColumnChart } from './Charts';

const SERIES = [
  { key: 'ACCEPTED', label: 'Accepted', colour: 'rgb(0, 128, 0)' },
  { key: 'REJECTED', label: 'Rejected', colour: 'rgb(200, 0, 0)' },
];
const DATA = [
  { x: '2025-03-10', series: 'ACCEPTED', value: 3 },
  { x: '2025-03-10', series: 'REJECTED', value: 0 },
  { x: '2025-03-11', series: 'ACCEPTED', value: 2 },
  { x: '2025-03-11', series: 'REJECTED', value: 4 },
];
const dayMonth = (day: string) => `${day.slice(8)}-${day.slice(5, 7)}`;

it('hands the chart its columns under the series’ labels, each label with its colour, and the day format on the axis', async () => {
  renderScreen(<ColumnChart title="Verdicts per Day" data={DATA} series={SERIES} formatX={dayMonth} yTitle="Claims" />);
  await waitFor(() => expect(drawnPlots()).toHaveLength(1));
  const [plot] = drawnPlots();
  expect(plot.kind).toBe('Column');
  expect(plot.config).toMatchObject({
    data: [
      { x: '2025-03-10', series: 'Accepted', value: 3 },
      { x: '2025-03-10', series: 'Rejected', value: 0 },
      { x: '2025-03-11', series: 'Accepted', value: 2 },
      { x: '2025-03-11', series: 'Rejected', value: 4 },
    ],
    xField: 'x',
    yField: 'value',
    colorField: 'series',
    stack: true,
    legend: false,
    scale: { color: { domain: ['Accepted', 'Rejected'], range: ['rgb(0, 128, 0)', 'rgb(200, 0, 0)'] } },
    axis: { x: { title: false }, y: { title: 'Claims' } },
  });
  const axis = plot.config.axis as { x: { labelFormatter: (x: string) => string } };
  expect(axis.x.labelFormatter('2025-03-11')).toBe('11-03');
});

it('names the figure and lists each series with its total in a legend the page can read', async () => {
  renderScreen(<ColumnChart title="Verdicts per Day" data={DATA} series={SERIES} />);
  const figure = screen.getByRole('figure', { name: 'Verdicts per Day' });
  const legend = within(figure).getByRole('list', { name: 'Verdicts per Day: legend' });
  expect(
    within(legend)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['Accepted: 5', 'Rejected: 4']);
  await waitFor(() => expect(drawnPlots()).toHaveLength(1));
});

it('lets go of the chart when it leaves the page', async () => {
  const { unmount } = renderScreen(<ColumnChart title="Open" data={[]} series={SERIES} />);
  await waitFor(() => expect(drawnPlots()).toHaveLength(1));
  expect(screen.getByRole('list', { name: 'Open: legend' })).toHaveTextContent('Accepted: 0Rejected: 0');
  unmount();
  expect(drawnPlots()).toEqual([]);
});
