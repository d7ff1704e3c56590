/** Reading the audit log: one record's entries, and a period's entries as a workbook for analysts. */
import { and, desc, asc, eq, gte, lt, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { AUDIT_ACTION_LABELS, AUDIT_EXPORT_MAX_DAYS, type AuditHistoryPage, type AuditLogEntry } from '@claims/shared-kernel/contract';
import type { DbOrTx } from '../db';
import { auditLog } from '../db/schema';
import { badRequest } from '../http/errors';
import type { Page } from '../http/paging';
import { selectPage } from '../db/sql';
import { daysBetween, endOfDayExclusive, formatIn, startOfDay } from '../http/time';
import type { AuditEntity } from './log';

type AuditRow = typeof auditLog.$inferSelect;

const toEntry = (row: AuditRow): AuditLogEntry => ({
  id: row.id,
  entity: row.entity as AuditEntity,
  key: row.key,
  action: row.action,
  username: row.username,
  at: row.at.toISOString(),
  before: row.before,
  after: row.after,
});

/** The entries of one record, newest first. */
export async function recordHistory(db: DbOrTx, entity: AuditEntity, key: string, page: Page): Promise<AuditHistoryPage> {
  const where = and(eq(auditLog.entity, entity), eq(auditLog.key, key));
  const { rows, total } = await selectPage(
    db,
    db.select().from(auditLog).where(where).$dynamic(),
    [desc(auditLog.at), desc(auditLog.id)],
    page,
  );
  return { results: rows.map(toEntry), total_count: total, page_number: page.page_number };
}

/** The period's bounds in UTC: from's first instant and the instant after to, both days of the display zone. */
export function exportPeriod(from: string, to: string, zone: string): { start: Date; end: Date } {
  const days = daysBetween(from, to) + 1;
  if (days < 1) throw badRequest('to: must be on or after from');
  if (days > AUDIT_EXPORT_MAX_DAYS)
    throw badRequest(`to: the period covers ${days} days; export at most ${AUDIT_EXPORT_MAX_DAYS} days at a time`);
  return { start: startOfDay(from, zone), end: endOfDayExclusive(to, zone) };
}

/** Excel refuses a cell longer than this. */
const CELL_LIMIT = 32_767;

function cellText(value: unknown): string | number | boolean {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > CELL_LIMIT ? `${text.slice(0, CELL_LIMIT - 1)}…` : text;
}

export const EXPORT_COLUMNS = ['Date', 'Entity', 'Record', 'Action', 'User', 'Field', 'Before', 'After'] as const;
export const EXPORT_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * The entries of a period, oldest first, one row per field that changed (per field given on a create or delete),
 * times in the display zone.
 */
export async function exportWorkbook(
  db: DbOrTx,
  period: { start: Date; end: Date },
  entity: AuditEntity | undefined,
  zone: string,
): Promise<Buffer> {
  const conditions: SQL[] = [gte(auditLog.at, period.start), lt(auditLog.at, period.end)];
  if (entity) conditions.push(eq(auditLog.entity, entity));
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Audit log');
  sheet.addRow([...EXPORT_COLUMNS]);
  for (const row of rows) {
    const first = [formatIn(row.at, zone, EXPORT_TIME_FORMAT), row.entity, row.key, AUDIT_ACTION_LABELS[row.action], row.username];
    const fields = [...new Set([...Object.keys(row.before ?? {}), ...Object.keys(row.after ?? {})])];
    if (fields.length === 0) sheet.addRow(first);
    for (const field of fields) sheet.addRow([...first, field, cellText(row.before?.[field]), cellText(row.after?.[field])]);
  }
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
