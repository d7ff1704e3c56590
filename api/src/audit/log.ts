/**
 * The one audit log of masters, rules, questions, claims and batches. Every route that creates, edits or deletes
 * such a record, or takes an action on a claim or batch, calls recordAudit inside the transaction of its change, so
 * an entry exists exactly when the change does.
 *
 * The adjudicator reads masters and rules straight from the database on every verification (see
 * src/jobs/verification-input.ts: nothing is cached between claims), so a committed change is what the next
 * verification uses; there is no cache to invalidate here.
 */
import type { AuditAction, AuditEntity } from '@claims/shared-kernel/contract';
import type { DbOrTx } from '../db';
import { auditLog } from '../db/schema';

export type { AuditAction, AuditEntity };
export type AuditFields = Record<string, unknown>;

export interface AuditRecord {
  entity: AuditEntity;
  /**
   * The record's database id as text ('42'), for every entity: codes and names can be edited (a hospital's code,
   * a procedure's code), ids never, so one record's history stays under one key.
   */
  key: string;
  action: AuditAction;
  user: string;
  before: AuditFields | null;
  after: AuditFields | null;
}

/**
 * Who-and-when bookkeeping the log itself records (and histories a record keeps of itself): left out of the
 * stored fields, or every save would show them as changes.
 */
const BOOKKEEPING_FIELDS = new Set([
  'createdBy',
  'createdAt',
  'lastModifiedBy',
  'lastModifiedAt',
  'created_by',
  'created_at',
  'last_modified_by',
  'last_modified_at',
  'createdOn',
  'lastModifiedOn',
  'created_on',
  'last_modified_on',
  'modificationHistory',
  'modification_history',
  'auditTrail',
  'audit_trail',
]);

/** The fields as they are stored (JSON: dates become ISO text, undefined disappears), without bookkeeping. */
function storedFields(fields: AuditFields): AuditFields {
  const kept = Object.fromEntries(Object.entries(fields).filter(([name, value]) => !BOOKKEEPING_FIELDS.has(name) && value !== undefined));
  return JSON.parse(JSON.stringify(kept)) as AuditFields;
}

/** JSON text with object keys sorted, so two values equal in content compare equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * The fields that differ between two versions of a record, each side holding only those fields (a field missing
 * on one side is null there). Bookkeeping fields (created/modified by and at, kept histories) are ignored.
 * Both sides are empty when nothing changed.
 */
export function auditChange(before: AuditFields, after: AuditFields): { before: AuditFields; after: AuditFields } {
  const old = storedFields(before);
  const current = storedFields(after);
  const changed: { before: AuditFields; after: AuditFields } = { before: {}, after: {} };
  for (const name of new Set([...Object.keys(old), ...Object.keys(current)])) {
    if (canonical(old[name]) === canonical(current[name])) continue;
    changed.before[name] = old[name] ?? null;
    changed.after[name] = current[name] ?? null;
  }
  return changed;
}

/**
 * Writes one entry. Call it with the transaction of the change (db.transaction(async (tx) => ...)) so the two are
 * saved together or not at all. For an update or an action pass the whole record before and after: only the changed
 * fields are stored, and an update that changed nothing writes no entry (an action still does: it was taken). A
 * create passes before null, a delete after null.
 */
export async function recordAudit(db: DbOrTx, entry: AuditRecord): Promise<void> {
  let before = entry.before && storedFields(entry.before);
  let after = entry.after && storedFields(entry.after);
  if (entry.action !== 'create' && entry.action !== 'delete') {
    const changed = auditChange(entry.before ?? {}, entry.after ?? {});
    if (entry.action === 'update' && Object.keys(changed.after).length === 0) return;
    ({ before, after } = changed);
  }
  await db.insert(auditLog).values({
    entity: entry.entity,
    key: entry.key,
    action: entry.action,
    username: entry.user,
    before: entry.action === 'create' ? null : before,
    after: entry.action === 'delete' ? null : after,
  });
}
