/** Query pieces every domain module uses: combining conditions and reading one page of a list. */
import { and, count, type SQL, type Subquery } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { offsetOf, type Page } from '../http/paging';
import type { DbOrTx } from './index';

/** All of the conditions (those left undefined are no condition); undefined when none is left, so no WHERE. */
export function andAll(conditions: readonly (SQL | undefined)[]): SQL | undefined {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length ? and(...present) : undefined;
}

export interface PageOfRows<T> {
  rows: T[];
  /** How many rows the whole list holds. */
  total: number;
}

/**
 * One page of a list and the number of rows in the whole list. `select` is the list's FROM, joins and WHERE, made
 * `$dynamic()` and not yet ordered; the count reads it as a subquery, which PostgreSQL flattens into a plain count
 * over the same tables (an ORDER BY inside would keep it from doing so). The page is then `select` in `order`.
 */
export async function selectPage<Q extends PgSelect>(
  db: DbOrTx,
  select: Q,
  order: readonly (PgColumn | SQL)[],
  page: Page,
): Promise<PageOfRows<Awaited<Q>[number]>> {
  // as() renders the select now, so the ORDER BY, LIMIT and OFFSET added below do not reach the count. Its selection
  // type stays generic here, which from() cannot check, so it is read as the plain subquery it is.
  const listed: Subquery = select.as('listed');
  const [{ total }] = await db.select({ total: count() }).from(listed);
  const rows: Awaited<Q> = await select
    .orderBy(...order)
    .limit(page.limit)
    .offset(offsetOf(page));
  return { rows, total };
}
