/**
 * When the first start's demo claims arrived. Stored as they are generated, they would all arrive at start-up and
 * none would be overdue for days; instead each arrived so that, against the seed's start, its review is due in one of
 * three ways by its index: already overdue, later the same day (display zone), or on a later day. The due time itself
 * still comes from the review settings when the review starts (arrival + the hours of the insurer and case type).
 */
import { endOfDayExclusive, formatIn } from '../http/time';

const HOUR_MS = 3_600_000;

/**
 * Which due time a seeded claim aims at, by its index: every other claim overdue (so that with few demo claims each
 * organisation still has some to reassign), then one due today and one due later.
 */
export type SeedDue = 'overdue' | 'today' | 'later';
const KINDS: readonly SeedDue[] = ['overdue', 'today', 'overdue', 'later'];
export const seedDueKind = (index: number): SeedDue => KINDS[index % KINDS.length];

/**
 * The due time a seeded claim aims at: overdue by 1 to 64 hours, due between the start and the end of its day in the
 * display zone, or due 2 to 65 hours after that day ends; spread by the index so the claims of each kind differ.
 */
export function seedTargetDue(index: number, startedAt: Date, zone: string): Date {
  const start = startedAt.getTime();
  const endOfDay = endOfDayExclusive(formatIn(startedAt, zone, 'YYYY-MM-DD'), zone).getTime();
  const round = Math.floor(index / KINDS.length);
  switch (seedDueKind(index)) {
    case 'overdue':
      return new Date(start - (1 + (round % 8) * 9) * HOUR_MS);
    case 'today':
      return new Date(start + ((endOfDay - start) * ((round % 5) + 1)) / 6);
    case 'later':
      return new Date(endOfDay + (2 + (round % 8) * 9) * HOUR_MS);
  }
}

/**
 * The arrival that makes a review of `dueHours` due at the claim's target, never after the seed's start (a claim
 * cannot arrive later than it is stored): a short due time (pre-authorisation's hours) that cannot reach a later day
 * is due `dueHours` after the start instead.
 */
export function seedArrival(index: number, dueHours: number, startedAt: Date, zone: string): Date {
  const arrival = seedTargetDue(index, startedAt, zone).getTime() - dueHours * HOUR_MS;
  return new Date(Math.min(arrival, startedAt.getTime()));
}
