/** What every master list shares: audit fields, the write guard, the search body and the id-or-code lookup. */
import { ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Audited } from '@claims/shared-kernel/contract';
import { isProvider, NOT_AUTHORIZED, requireSuperUser } from '../auth/access';
import { forbidden } from '../http/errors';
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
