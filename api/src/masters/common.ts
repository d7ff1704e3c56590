/** What every master list shares: audit fields, the write guard, the search body and the id-or-code lookup. */
import { ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Audited } from '@claims/shared-kernel/contract';
import { isProvider, NOT_AUTHORIZED, requireSuperUser } from '../auth/access';
import { badRequest, forbidden } from '../http/errors';
import type { AuthContext } from '../auth/tokens';
import { iso } from '../http/time';

/** Master data is shared by every organisation: only the provider's super users change it. */
export function requireMasterWriter(auth: AuthContext): void {
  requireSuperUser(auth);
  if (!isProvider(auth)) throw forbidden(`${NOT_AUTHORIZED}: only the provider's super users may change master data`);
}

export function auditOf(row: {
  createdBy: string | null;
  createdAt: Date;
  lastModifiedBy: string | null;
  lastModifiedAt: Date | null;
}): Audited {
  return {
    created_by: row.createdBy,
    created_at: iso(row.createdAt),
    last_modified_by: row.lastModifiedBy,
    last_modified_at: iso(row.lastModifiedAt),
  };
}

export const createdBy = (auth: AuthContext) => ({ createdBy: auth.username, lastModifiedBy: auth.username, lastModifiedAt: new Date() });
export const modifiedBy = (auth: AuthContext) => ({ lastModifiedBy: auth.username, lastModifiedAt: new Date() });

export const containsPattern = (text: string): string => `%${text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Text search over a few columns (a jsonb alias list is searched as text). */
export function textMatch(query: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  if (!query?.trim()) return undefined;
  const pattern = containsPattern(query);
  return or(...columns.map((c) => ilike(sql`${c}::text`, pattern)));
}

/** A numeric path segment is an id; anything else is the entity's code. */
export const asId = (idOrCode: string): number | null => (/^\d{1,9}$/.test(idOrCode) ? Number(idOrCode) : null);

/** The unique index or constraint a write broke (PostgreSQL 23505), on the error or one it wraps; null for any other error. */
function brokenUniqueKey(error: unknown): string | null {
  for (let cause: unknown = error, depth = 0; cause && depth < 4; depth++) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    cause = (cause as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * Runs a master's write. A duplicate saved at the same instant as another passes the write's own check (neither sees
 * the other) and is stopped by the unique index; it answers what the check would have: 400 naming the field
 * (`details`, by the index's name), not the generic 409 of a broken key.
 */
export async function refusingDuplicates<T>(write: () => Promise<T>, details: Readonly<Record<string, () => string>>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const key = brokenUniqueKey(error);
    const detail = key === null ? undefined : details[key];
    if (detail) throw badRequest(detail());
    throw error;
  }
}

/** The search body's filters, each a text match in its column; a field that is not a column of `what` is bad input. */
export function filterConditions(
  columns: Readonly<Record<string, AnyColumn | SQL>>,
  filters: Record<string, string>,
  what: string,
): (SQL | undefined)[] {
  return Object.entries(filters).map(([field, text]) => {
    const column = columns[field];
    if (!column) throw badRequest(`filters.${field}: not a column of ${what}`);
    return textMatch(text, [column]);
  });
}
