import { z } from 'zod';
import { MASTER_KINDS, type MasterModule } from '../constants';
import { pagedResults, PageQuery, WireDate } from './common';

export { AUDIT_EXPORT_MAX_DAYS } from '../constants';

/**
 * The one audit log of masters, rules, questions, claims and batches (spec 2 §2.9 history, made real): every create,
 * edit and delete, and every claim and batch action, with who, when and the fields before and after.
 */

/** What the log records: a master module, 'rules', 'procedureQuestions', 'claims' or 'batches'. */
export const AUDIT_ENTITIES = [
  'rules',
  'procedureQuestions',
  'claims',
  'batches',
  ...MASTER_KINDS.map((m): MasterModule => m.module),
] as const;
export const AuditEntity = z.enum(AUDIT_ENTITIES);
export type AuditEntity = z.infer<typeof AuditEntity>;

/**
 * How each action reads in a history and in the export. Beyond create, update (an edit) and delete (a claim's or
 * batch's drop too), the actions a reviewer takes on claims and batches, each logged even when no field changed.
 */
export const AUDIT_ACTION_LABELS = {
  create: 'Created',
  update: 'Modified',
  delete: 'Deleted',
  status: 'Status changed',
  procedures: 'Procedure names set',
  rerun: 'Verification re-run',
  findings: 'Findings confirmed',
  assign: 'Assigned',
  priority: 'Priority changed',
  documentRequest: 'Documents requested',
  documentsAdded: 'Documents added',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as [AuditAction, ...AuditAction[]];

/** A record's fields as the log keeps them: on an update only those that changed. */
export const AuditFields = z.record(z.string(), z.unknown());
export type AuditFields = z.infer<typeof AuditFields>;

export const AuditLogEntry = z.object({
  id: z.number().int(),
  entity: AuditEntity,
  /** The record's database id, as text. */
  key: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  username: z.string(),
  /** UTC, ISO 8601. */
  at: z.string(),
  /** Null on create. */
  before: AuditFields.nullable(),
  /** Null on delete. */
  after: AuditFields.nullable(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;

/** GET /audit/{entity}/{key}: one record's entries. */
export const AuditRecordParams = z.object({ entity: AuditEntity, key: z.string().min(1).max(100) });
export type AuditRecordParams = z.infer<typeof AuditRecordParams>;
export const AuditHistoryQuery = PageQuery;
/** Newest first, paged. */
export const AuditHistoryPage = pagedResults(AuditLogEntry);
export type AuditHistoryPage = z.infer<typeof AuditHistoryPage>;

/** GET /audit/export: the entries of a period (days of the display zone, both included) as .xlsx, of one entity or all. */
export const AuditExportQuery = z.object({ from: WireDate, to: WireDate, entity: AuditEntity.optional() });
export type AuditExportQuery = z.infer<typeof AuditExportQuery>;
