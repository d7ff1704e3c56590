import { seedArrival, seedDueKind } from './arrivals';

const ZONE = 'Asia/Kolkata';
const HOUR_MS = 3_600_000;
const indexes = Array.from({ length: 60 }, (_, i) => i);
const dueOf = (index: number, dueHours: number, startedAt: Date) =>
  seedArrival(index, dueHours, startedAt, ZONE).getTime() + dueHours * HOUR_MS;

describe.each([
  // Noon in Kolkata, and an hour before its midnight.
  { startedAt: new Date('2026-03-10T06:30:00Z'), endOfDay: new Date('2026-03-10T18:30:00Z') },
  { startedAt: new Date('2026-03-10T17:30:00Z'), endOfDay: new Date('2026-03-10T18:30:00Z') },
])('seeded claims started at $startedAt', ({ startedAt, endOfDay }) => {
  const start = startedAt.getTime();

  test('settlement reviews (5 days) are overdue, due today or due later by the index, none arriving after the start', () => {
    for (const index of indexes) {
      expect(seedArrival(index, 120, startedAt, ZONE).getTime()).toBeLessThanOrEqual(start);
      const due = dueOf(index, 120, startedAt);
      const kind = seedDueKind(index);
      if (kind === 'overdue') expect(due).toBeLessThan(start);
      if (kind === 'today') {
        expect(due).toBeGreaterThan(start);
        expect(due).toBeLessThan(endOfDay.getTime());
      }
      if (kind === 'later') expect(due).toBeGreaterThan(endOfDay.getTime());
    }
  });

  test('the arrivals spread over past days', () => {
    const days = new Set(indexes.map((index) => seedArrival(index, 120, startedAt, ZONE).toISOString().slice(0, 10)));
    expect(days.size).toBeGreaterThanOrEqual(5);
  });

  test('pre-authorisations (4 hours) that cannot be due on a later day arrive at the start', () => {
    for (const index of indexes) {
      const arrival = seedArrival(index, 4, startedAt, ZONE).getTime();
      expect(arrival).toBeLessThanOrEqual(start);
      if (seedDueKind(index) === 'overdue') expect(arrival + 4 * HOUR_MS).toBeLessThan(start);
      // Due on a later day when 4 hours reach it, else as late as a claim stored now can be.
      if (seedDueKind(index) === 'later') expect(arrival === start || arrival + 4 * HOUR_MS > endOfDay.getTime()).toBe(true);
    }
  });
});
