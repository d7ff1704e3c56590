import { dayMonth, decisionData, openAgeData, turnaroundData, verdictDayData, verdictSeries } from './chartData';

it('gives each day a column with every verdict, zeros included, in the filter’s order', () => {
  const data = verdictDayData([
    { day: '2025-03-10', verdicts: { ACCEPTED: 2, REJECTED: 0, QUERY: 1, SUSPENDED: 0 } },
    { day: '2025-03-11', verdicts: { ACCEPTED: 0, REJECTED: 0, QUERY: 0, SUSPENDED: 0 } },
  ]);
  expect(data).toEqual([
    { x: '2025-03-10', series: 'ACCEPTED', value: 2 },
    { x: '2025-03-10', series: 'REJECTED', value: 0 },
    { x: '2025-03-10', series: 'QUERY', value: 1 },
    { x: '2025-03-10', series: 'SUSPENDED', value: 0 },
    { x: '2025-03-11', series: 'ACCEPTED', value: 0 },
    { x: '2025-03-11', series: 'REJECTED', value: 0 },
    { x: '2025-03-11', series: 'QUERY', value: 0 },
    { x: '2025-03-11', series: 'SUSPENDED', value: 0 },
  ]);
});

it('labels and colours the verdicts as their tags do', () => {
  const series = verdictSeries({ ACCEPTED: 'green', REJECTED: 'red', QUERY: 'orange', SUSPENDED: 'grey' });
  expect(series.map((s) => [s.key, s.label, s.colour])).toEqual([
    ['ACCEPTED', 'Accepted', 'green'],
    ['REJECTED', 'Rejected', 'red'],
    ['QUERY', 'Query', 'orange'],
    ['SUSPENDED', 'Suspended', 'grey'],
  ]);
});

it('splits each age’s open reviews into those within their due time and the overdue ones', () => {
  const data = openAgeData([
    { age: 'under4h', count: 3, overdue: 0 },
    { age: '4to24h', count: 0, overdue: 0 },
    { age: '1to3d', count: 5, overdue: 2 },
    { age: '3to7d', count: 1, overdue: 1 },
    { age: 'over7d', count: 4, overdue: 4 },
  ]);
  expect(data.map((d) => [d.x, d.series, d.value])).toEqual([
    ['Under 4 hours', 'withinDue', 3],
    ['Under 4 hours', 'overdue', 0],
    ['4–24 hours', 'withinDue', 0],
    ['4–24 hours', 'overdue', 0],
    ['1–3 days', 'withinDue', 3],
    ['1–3 days', 'overdue', 2],
    ['3–7 days', 'withinDue', 0],
    ['3–7 days', 'overdue', 1],
    ['Over 7 days', 'withinDue', 0],
    ['Over 7 days', 'overdue', 4],
  ]);
});

it('gives each day a column of reviews decided on time and late', () => {
  expect(turnaroundData([{ day: '2025-03-10', onTime: 2, late: 1 }])).toEqual([
    { x: '2025-03-10', series: 'onTime', value: 2 },
    { x: '2025-03-10', series: 'late', value: 1 },
  ]);
});

it('gives each decision a column stacked by the verdicts the procedures had', () => {
  const data = decisionData([
    { decision: 'APPROVE', verdicts: { ACCEPTED: 4, REJECTED: 1, QUERY: 0, SUSPENDED: 0 } },
    { decision: 'DENY', verdicts: { ACCEPTED: 0, REJECTED: 2, QUERY: 0, SUSPENDED: 0 } },
  ]);
  expect(data.map((d) => [d.x, d.series, d.value])).toEqual([
    ['Approve', 'ACCEPTED', 4],
    ['Approve', 'REJECTED', 1],
    ['Approve', 'QUERY', 0],
    ['Approve', 'SUSPENDED', 0],
    ['Deny', 'ACCEPTED', 0],
    ['Deny', 'REJECTED', 2],
    ['Deny', 'QUERY', 0],
    ['Deny', 'SUSPENDED', 0],
  ]);
});

it('writes a day under its column as day and month', () => {
  expect(dayMonth('2025-03-01')).toBe('01-03');
});
