import { z } from 'zod';
import { MASTER_KINDS, type MasterModule } from '../constants';
import { pagedResults, PageQuery, WireDate } from './common';

export { AUDIT_EXPORT_MAX_DAYS } from '../constants';

/**
 * The one audit log of masters, rules and questions (spec 2 §2.9 history, made real): every create, edit and
 * delete with who, when and the fields before and after.
 */

/** What the log records: a master module, 'rules' or 'procedureQuestions'. */
export const AUDIT_ENTITIES = ['rules', 'procedureQuestions', ...MASTER_KINDS.map((m): MasterModule => m.module)] as const;
export const AuditEntity = z.enum(AUDIT_ENTITIES);
export type AuditEntity = z.infer<typeof AuditEntity>;

export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

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
