/** Paging of the list calls: 1-based page numbers; the first row carries total_count and page_number. */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Paged } from '@claims/shared-kernel/contract';

export interface Page {
  limit: number;
  page_number: number;
}

export const offsetOf = ({ limit, page_number }: Page): number => (page_number - 1) * limit;

export function firstRowCarriesTotal<T extends object>(rows: T[], total: number, page: number): Paged<T>[] {
  return rows.map((row, index) => (index === 0 ? { ...row, total_count: total, page_number: page } : row));
}

/**
 * Newest first, written exactly as the list indexes are built (drizzle's `.desc()` is DESC NULLS
 * LAST; a plain DESC would not use them).
 */
export const newestFirst = (...columns: AnyColumn[]): SQL[] => columns.map((c) => sql`${c} desc nulls last`);
