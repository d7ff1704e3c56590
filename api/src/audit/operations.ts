/**
 * The fields the log keeps of a claim and of a batch, and the entries of their actions. A claim or batch action may
 * touch many records at once: each gets its own entry, in the transaction of the change.
 */
import type { DbOrTx } from '../db';
import type { batches, claims } from '../db/schema';
import { type AuditAction, type AuditFields, recordAudit } from './log';

type ClaimRow = typeof claims.$inferSelect;
type BatchRow = typeof batches.$inferSelect;

/** What a reviewer changes on a claim, and what names it; the rest is the verification's own output. */
const CLAIM_FIELDS = [
  'intimationNumber',
  'referenceClaimId',
  'status',
  'rerunStatus',
  'procedureCodes',
  'procedureNames',
  'hospitalCode',
  'batchId',
  'assignedTo',
] as const satisfies readonly (keyof ClaimRow)[];

const BATCH_FIELDS = [
  'batchName',
  'status',
  'priority',
  'reason',
  'allocation',
  'allocationStatus',
  'assignedDate',
] as const satisfies readonly (keyof BatchRow)[];

const pick = (row: Record<string, unknown>, fields: readonly string[]): AuditFields =>
  Object.fromEntries(fields.filter((field) => field in row).map((field) => [field, row[field]]));

/** The logged fields of a claim row, whole or in part (a partial row keeps what it has). */
export const claimFields = (row: Partial<ClaimRow>): AuditFields => pick(row, CLAIM_FIELDS);
export const batchFields = (row: Partial<BatchRow>): AuditFields => pick(row, BATCH_FIELDS);

export interface AuditedChange {
  id: number;
  before: AuditFields | null;
  after: AuditFields | null;
}

async function auditEach(db: DbOrTx, entity: 'claims' | 'batches', user: string, action: AuditAction, changes: AuditedChange[]) {
  for (const { id, before, after } of changes) await recordAudit(db, { entity, key: String(id), action, user, before, after });
}

/** One entry per claim; call it in the transaction of the change. */
export const auditClaims = (db: DbOrTx, user: string, action: AuditAction, changes: AuditedChange[]) =>
  auditEach(db, 'claims', user, action, changes);

/** One entry per batch; call it in the transaction of the change. */
export const auditBatches = (db: DbOrTx, user: string, action: AuditAction, changes: AuditedChange[]) =>
  auditEach(db, 'batches', user, action, changes);

/** A batch action's entries from its rows before and after (matched by id; a row without a match is skipped). */
export function batchChanges(before: BatchRow[], after: BatchRow[]): AuditedChange[] {
  return after.flatMap((row) => {
    const old = before.find((b) => b.id === row.id);
    return old ? [{ id: row.id, before: batchFields(old), after: batchFields(row) }] : [];
  });
}
