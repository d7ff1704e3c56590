/**
 * The uploads and downloads console (spec 3 §2.7): claims downloaded from insurers, their failures,
 * and the batches they are verified in. Super users only.
 */
import { and, count, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { BatchRow, ConsoleClaimRow, ConsoleFilterBody, DownloadedCount, Paged } from '@claims/shared-kernel/contract';
import type { BatchStatus, CONSOLE_CLAIM_STATUSES } from '@claims/shared-kernel/constants';
import { requireSuperUser, scopeOrg } from '../auth/access';
import type { AuthContext } from '../auth/tokens';
import type { DbOrTx } from '../db';
import { batches, claimDocuments, claims, procedures } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { firstRowCarriesTotal, newestFirst, offsetOf, type Page } from '../http/paging';
import { endOfDayExclusive, startOfDay, todayIn } from '../http/time';
import type { DocumentStore } from '../storage/store';
import { documentsOf } from './access';
import { toConsoleRow } from './mapping';
import { andAll, consoleClaimConditions, dateRange, OUTCOME } from './queries';

export const DOWNLOAD_FAILED_STATUSES = ['DOWNLOAD_FAILED'];
export const UPLOAD_FAILED_STATUSES = ['UPLOAD_FAILED', 'VERIFICATION_FAILED'];

/** The console's organisation: super users only; the provider may name an insurer. */
export async function consoleOrg(db: DbOrTx, auth: AuthContext, requested: string | undefined): Promise<string> {
  requireSuperUser(auth);
  return scopeOrg(db, auth, requested);
}

export async function pageOfConsoleClaims(db: DbOrTx, org: string, conditions: SQL[], page: Page): Promise<Paged<ConsoleClaimRow>[]> {
  const where = and(eq(claims.org, org), eq(claims.downloaded, true), ...conditions);
  const [{ total }] = await db.select({ total: count() }).from(claims).where(where);
  const rows = await db
    .select()
    .from(claims)
    .where(where)
    .orderBy(...newestFirst(claims.createdOn, claims.id))
    .limit(page.limit)
    .offset(offsetOf(page));
  const documents = await documentsOf(
    db,
    rows.map((r) => r.id),
  );
  return firstRowCarriesTotal(
    rows.map((row) => toConsoleRow(row, documents.get(row.id) ?? [])),
    total,
    page.page_number,
  );
}

/** GET /claims?downloaded=true[&status=A,B]. */
export async function listConsoleClaims(
  db: DbOrTx,
  auth: AuthContext,
  query: Page & { org?: string; status?: string },
): Promise<Paged<ConsoleClaimRow>[]> {
  const org = await consoleOrg(db, auth, query.org);
  const statuses = (query.status ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return pageOfConsoleClaims(db, org, statuses.length ? [inArray(claims.status, statuses)] : [], query);
}

export const CONSOLE_CLAIM_TABS = {
  uploads: [] as string[],
  downloadFailed: DOWNLOAD_FAILED_STATUSES,
  uploadFailed: UPLOAD_FAILED_STATUSES,
} as const;
export type ConsoleClaimTab = keyof typeof CONSOLE_CLAIM_TABS;

export async function searchConsoleClaims(
  db: DbOrTx,
  org: string,
  tab: ConsoleClaimTab,
  filter: ConsoleFilterBody,
  page: Page,
  zone: string,
): Promise<Paged<ConsoleClaimRow>[]> {
  const conditions = consoleClaimConditions(filter, zone);
  const tabStatuses = CONSOLE_CLAIM_TABS[tab];
  if (tabStatuses.length) conditions.push(inArray(claims.status, [...tabStatuses]));
  return pageOfConsoleClaims(db, org, conditions, page);
}

const emptyProcessing = (): BatchRow['processing'] => ({
  accepted: 0,
  rejected: 0,
  query: 0,
  toBeVerified: 0,
  inProgress: 0,
  verificationFailed: 0,
});

/** Counts per outcome of each batch's claims, computed from the claims themselves. */
export async function batchProcessing(db: DbOrTx, batchIds: number[]): Promise<Map<number, BatchRow['processing'] & { total: number }>> {
  const result = new Map(batchIds.map((id) => [id, { ...emptyProcessing(), total: 0 }]));
  if (!batchIds.length) return result;
  const rows = await db
    .select({ batchId: claims.batchId, outcome: OUTCOME, n: count() })
    .from(claims)
    .where(inArray(claims.batchId, batchIds))
    .groupBy(sql`1`, sql`2`);
  for (const { batchId, outcome, n } of rows) {
    const entry = batchId != null ? result.get(batchId) : undefined;
    if (!entry) continue;
    entry.total += n;
    if (outcome === 'failed') entry.verificationFailed += n;
    else entry[outcome] += n;
  }
  return result;
}

type BatchRecord = typeof batches.$inferSelect;

export async function toBatchRows(db: DbOrTx, rows: BatchRecord[]): Promise<BatchRow[]> {
  const processing = await batchProcessing(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const { total, ...counts } = processing.get(row.id) ?? { ...emptyProcessing(), total: 0 };
    return {
      id: row.id,
      batchName: row.batchName,
      total_claims_count: total,
      createdBy: row.createdBy,
      createdAt: row.createdAt.toISOString(),
      priority: row.priority,
      status_info: { status: row.status as BatchStatus },
      allocation_status: row.allocationStatus === 'ASSIGNED' ? 'ASSIGNED' : null,
      assigned_date: row.assignedDate,
      processing: counts,
    };
  });
}

export function batchFilterConditions(filter: ConsoleFilterBody, zone: string): SQL[] {
  const conditions: SQL[] = [...dateRange(batches.createdAt, filter.startDate, filter.endDate, zone)];
  if (filter.batchName?.length) conditions.push(inArray(batches.batchName, filter.batchName));
  if (filter.userName?.length) conditions.push(inArray(batches.createdBy, filter.userName));
  const statuses = [...(filter.batchStatus ?? []), ...(filter.status ?? [])].map((s) => s.toUpperCase());
  // The filter offers suspend, archive and discard as well (spec 3 §4); they name the stored statuses.
  const named = statuses.map((s) => ({ SUSPEND: 'SUSPENDED', ARCHIVE: 'ARCHIVED', DISCARD: 'DISCARDED' })[s] ?? s);
  if (named.length) conditions.push(inArray(batches.status, named));
  return conditions;
}

export async function pageOfBatches(
  db: DbOrTx,
  org: string,
  downloaded: boolean,
  conditions: SQL[],
  page: Page,
): Promise<Paged<BatchRow>[]> {
  const where = andAll([eq(batches.org, org), eq(batches.downloaded, downloaded), ...conditions]);
  const [{ total }] = await db.select({ total: count() }).from(batches).where(where);
  const rows = await db
    .select()
    .from(batches)
    .where(where)
    .orderBy(...newestFirst(batches.createdAt, batches.id))
    .limit(page.limit)
    .offset(offsetOf(page));
  return firstRowCarriesTotal(await toBatchRows(db, rows), total, page.page_number);
}

/** GET /downloadedCount: today's figures in the display time zone. */
export async function downloadedCount(db: DbOrTx, org: string, zone: string): Promise<DownloadedCount> {
  const today = todayIn(zone);
  const from = startOfDay(today, zone);
  const to = endOfDayExclusive(today, zone);
  const todaysClaims = and(eq(claims.org, org), eq(claims.downloaded, true), gte(claims.createdOn, from), lt(claims.createdOn, to));
  const [claimCounts] = await db
    .select({
      downloaded: count(),
      downloadFailed: sql<number>`count(*) filter (where ${inArray(claims.status, DOWNLOAD_FAILED_STATUSES)})`.mapWith(Number),
      uploadFailed: sql<number>`count(*) filter (where ${inArray(claims.status, UPLOAD_FAILED_STATUSES)})`.mapWith(Number),
    })
    .from(claims)
    .where(todaysClaims);
  const todaysBatches = and(eq(batches.org, org), eq(batches.downloaded, true), gte(batches.createdAt, from), lt(batches.createdAt, to));
  const todays = await db.select({ id: batches.id }).from(batches).where(todaysBatches);
  const processing = await batchProcessing(
    db,
    todays.map((b) => b.id),
  );
  const [last] = await db
    .select({ createdBy: batches.createdBy })
    .from(batches)
    .where(and(eq(batches.org, org), eq(batches.downloaded, true)))
    .orderBy(...newestFirst(batches.createdAt, batches.id))
    .limit(1);
  return {
    downloadedClaims: claimCounts.downloaded,
    downloadedFailedClaims: claimCounts.downloadFailed,
    batchDataCount: todays.length,
    batchFailedDataCount: [...processing.values()].filter((p) => p.verificationFailed > 0).length,
    userLastBatch: last?.createdBy ?? null,
    uploadedFailedClaims: claimCounts.uploadFailed,
  };
}

/** The console's claims that exist in this organisation, or 404 naming the others. */
async function consoleClaims(db: DbOrTx, org: string, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: claims.id, procedureCodes: claims.procedureCodes, status: claims.status })
    .from(claims)
    .where(and(eq(claims.org, org), eq(claims.downloaded, true), inArray(claims.id, unique)));
  const missing = unique.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length) throw notFound(`Claims not found: ${missing.join(', ')}`);
  return rows.map((r) => r.id);
}

/** Add Procedure Name: the provider-side procedures of the chosen claims, in the order given (400 for an unknown code). */
export async function setConsoleProcedures(
  db: DbOrTx,
  org: string,
  claimIds: number[],
  codeList: string[],
  username: string,
): Promise<void> {
  const ids = await consoleClaims(db, org, claimIds);
  const codes = [...new Set(codeList)];
  const found = await db.select().from(procedures).where(inArray(procedures.procedureCode, codes));
  const unknown = codes.filter((c) => !found.some((p) => p.procedureCode === c));
  if (unknown.length) throw badRequest(`procCodeList: unknown procedure code ${unknown.join(', ')}`);
  const ordered = codes.map((c) => found.find((p) => p.procedureCode === c)!);
  await db
    .update(claims)
    .set({
      procedureCodes: ordered.map((p) => p.procedureCode),
      procedureNames: ordered.map((p) => p.name),
      snomedCodes: ordered.map((p) => p.snomedctCode),
      lastModifiedBy: username,
      lastModifiedOn: new Date(),
    })
    .where(inArray(claims.id, ids));
}

/** The claims go with their document rows (cascade); their files then leave the document store. */
export async function dropConsoleClaims(db: DbOrTx, store: DocumentStore, org: string, claimIds: number[]): Promise<void> {
  const ids = await consoleClaims(db, org, claimIds);
  const files = await db
    .select({ key: claimDocuments.storageKey })
    .from(claimDocuments)
    .where(and(inArray(claimDocuments.claimId, ids), isNotNull(claimDocuments.storageKey)));
  await db.delete(claims).where(inArray(claims.id, ids));
  for (const { key } of files) if (key) await store.delete(key);
}

/** Retry on the Downloads failed tab: TO_BE_REDOWNLOADED (and the other console statuses). */
export async function setConsoleStatus(
  db: DbOrTx,
  org: string,
  claimIds: number[],
  status: (typeof CONSOLE_CLAIM_STATUSES)[number],
  username: string,
): Promise<void> {
  const ids = await consoleClaims(db, org, claimIds);
  await db.update(claims).set({ status, lastModifiedBy: username, lastModifiedOn: new Date() }).where(inArray(claims.id, ids));
}

/**
 * Refresh: claims waiting to be downloaded again are taken up. Their insurer documents are the ones
 * already stored, so a claim with documents is DOWNLOADED again and one without fails.
 */
export async function refreshDownloads(db: DbOrTx, org: string, username: string): Promise<void> {
  const waiting = and(eq(claims.org, org), eq(claims.downloaded, true), eq(claims.status, 'TO_BE_REDOWNLOADED'));
  const withDocuments = await db
    .selectDistinct({ id: claims.id })
    .from(claims)
    .innerJoin(claimDocuments, eq(claimDocuments.claimId, claims.id))
    .where(and(waiting, isNotNull(claimDocuments.data)));
  const ids = withDocuments.map((r) => r.id);
  const now = new Date();
  if (ids.length) {
    await db
      .update(claims)
      .set({ status: 'DOWNLOADED', errorCode: null, errorMessage: null, lastModifiedBy: username, lastModifiedOn: now })
      .where(inArray(claims.id, ids));
  }
  await db
    .update(claims)
    .set({ status: 'DOWNLOAD_FAILED', errorCode: '404', errorMessage: 'No documents were received from the insurer', lastModifiedOn: now })
    .where(waiting);
}
