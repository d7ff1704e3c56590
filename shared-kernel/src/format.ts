import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { getRuntimeConfig } from './config/runtime-config';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Times are stored in UTC and shown in the configured display zone (default Asia/Kolkata). */
export function formatInZone(value: string | Date | null | undefined, format: string): string {
  if (!value) return '';
  const parsed = dayjs.utc(value);
  return parsed.isValid() ? parsed.tz(getRuntimeConfig().displayTimeZone).format(format) : '';
}

/** Shortens to `keep` characters plus an ellipsis once longer than `threshold` (procedure names: 15/17). */
export const shorten = (text: string, keep = 15, threshold = 17): string => (text.length > threshold ? `${text.slice(0, keep)}...` : text);

/**
 * Today's calendar date in the display zone, as a local-midnight Dayjs: date pickers and day arithmetic
 * work on local dates, while 'today' for a reviewer is the display zone's (from a UTC browser before
 * 05:30 IST the local date is still yesterday).
 */
export function todayInZone(): Dayjs {
  return dayjs(dayjs().tz(getRuntimeConfig().displayTimeZone).format('YYYY-MM-DD'));
}

const MEGABYTE = 1024 * 1024;
const oneDecimal = (value: number): string => String(Math.round(value * 10) / 10);

/** '20 MB', '2.5 MB': how upload limits are stated. */
export const megabytes = (bytes: number): string => `${oneDecimal(bytes / MEGABYTE)} MB`;

/** A file's size beside its name: KB below a megabyte, so a small file never reads '0 MB'. */
export const fileSize = (bytes: number): string => (bytes < MEGABYTE ? `${Math.max(1, Math.round(bytes / 1024))} KB` : megabytes(bytes));
