/** Query pieces every domain module uses. */
import { and, type SQL } from 'drizzle-orm';

/** All of the conditions (those left undefined are no condition); undefined when none is left, so no WHERE. */
export function andAll(conditions: readonly (SQL | undefined)[]): SQL | undefined {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length ? and(...present) : undefined;
}
