/** Times are stored in UTC; day boundaries of filters and 'today' are those of the display time zone. */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

export const iso = (value: Date | null | undefined): string | null => (value ? value.toISOString() : null);

/** The UTC instant at which the given YYYY-MM-DD day starts in the zone. */
export const startOfDay = (day: string, zone: string): Date => dayjs.tz(day, zone).startOf('day').toDate();

/** The UTC instant at which the day after the given one starts in the zone (an exclusive bound). */
export const endOfDayExclusive = (day: string, zone: string): Date => dayjs.tz(day, zone).add(1, 'day').startOf('day').toDate();

export const todayIn = (zone: string): string => dayjs().tz(zone).format('YYYY-MM-DD');

/** Whole days from one YYYY-MM-DD to another. */
export const daysBetween = (from: string, to: string): number => dayjs(to).diff(dayjs(from), 'day');

export const formatIn = (value: Date, zone: string, format: string): string => dayjs(value).tz(zone).format(format);
