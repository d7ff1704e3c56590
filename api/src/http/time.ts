/** Times are stored in UTC; day boundaries of filters and 'today' are those of the display time zone. */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

export const iso = (value: Date | null | undefined): string | null => (value ? value.toISOString() : null);

/**
 * A day's start in a zone costs dayjs a time-zone formatter each time, and list filters ask for the same few days
 * on every call: the recent answers are kept (as instants, so no caller can change them).
 */
const DAY_STARTS = new Map<string, number>();
const DAY_STARTS_KEPT = 512;
function dayStart(day: string, zone: string, daysLater: number): Date {
  const key = `${zone} ${day} ${daysLater}`;
  let instant = DAY_STARTS.get(key);
  if (instant === undefined) {
    instant = dayjs.tz(day, zone).add(daysLater, 'day').startOf('day').valueOf();
    if (DAY_STARTS.size >= DAY_STARTS_KEPT) DAY_STARTS.clear();
    DAY_STARTS.set(key, instant);
  }
  return new Date(instant);
}

/** The UTC instant at which the given YYYY-MM-DD day starts in the zone. */
export const startOfDay = (day: string, zone: string): Date => dayStart(day, zone, 0);

/** The UTC instant at which the day after the given one starts in the zone (an exclusive bound). */
export const endOfDayExclusive = (day: string, zone: string): Date => dayStart(day, zone, 1);

export const todayIn = (zone: string): string => dayjs().tz(zone).format('YYYY-MM-DD');

/** Whole days from one YYYY-MM-DD to another. */
export const daysBetween = (from: string, to: string): number => dayjs(to).diff(dayjs(from), 'day');

export const formatIn = (value: Date, zone: string, format: string): string => dayjs(value).tz(zone).format(format);
