/** The calls of the history dialog and the history export, through the page's one API client. */
import { ApiError, apiClient } from '@claims/shared-kernel';
import type { AuditEntity, AuditHistoryPage } from '../contract';

/** Entries per page of the history dialog. */
export const AUDIT_PAGE_SIZE = 20;

export const auditKeys = {
  all: ['audit'] as const,
  record: (entity: AuditEntity, key: string) => ['audit', entity, key] as const,
};

/** GET /audit/{entity}/{key}: one record's entries, newest first. */
export async function fetchAuditHistory(entity: AuditEntity, key: string, page: number): Promise<AuditHistoryPage> {
  const { data } = await apiClient.get<AuditHistoryPage>(`/audit/${encodeURIComponent(entity)}/${encodeURIComponent(key)}`, {
    params: { limit: AUDIT_PAGE_SIZE, page_number: page },
  });
  return data;
}

/** GET /audit/export: the entries of a period (YYYY-MM-DD, both days included) as .xlsx. */
export async function downloadAuditExport(period: { from: string; to: string; entity?: AuditEntity }): Promise<Blob> {
  try {
    const { data } = await apiClient.get<Blob>('/audit/export', { params: period, responseType: 'blob' });
    return data;
  } catch (error) {
    throw await withBlobDetail(error);
  }
}

/** A file call's error body arrives as a Blob: its `{detail}` is read from it, so the screen can say why. */
async function withBlobDetail(error: unknown): Promise<unknown> {
  if (!(error instanceof ApiError) || !(error.body instanceof Blob)) return error;
  try {
    const body: unknown = JSON.parse(await error.body.text());
    const detail = body && typeof body === 'object' && 'detail' in body ? body.detail : null;
    return typeof detail === 'string' ? new ApiError(detail, error.status, body) : error;
  } catch {
    return error;
  }
}

export const auditExportFileName = ({ from, to, entity }: { from: string; to: string; entity?: AuditEntity }): string =>
  `audit_log_${entity ? `${entity}_` : ''}${from}_${to}.xlsx`;
