/**
 * The uploads and downloads console (spec 3 §2.7): claims downloaded from insurers, their failures,
 * and the batches they are verified in. Super users only.
 */
import { and, asc, count, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  FILTER_OPTIONS_LIMIT,
  type BatchRow,
  type ConsoleClaimRow,
  type ConsoleFilterBody,
  type ConsoleFilterOptions,
  type DownloadedCount,
  type Paged,
} from '@claims/shared-kernel/contract';
import type { BatchStatus, CONSOLE_CLAIM_STATUSES } from '@claims/shared-kernel/constants';
import type { AuthContext } from '../auth/tokens';
import { consoleOrg } from '../batches/access';
import type { Db, DbOrTx } from '../db';
import { batches, claimDocuments, claims, decisionLetters, jobs, procedures } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';
import { firstRowCarriesTotal, newestFirst, type Page } from '../http/paging';
import { endOfDayExclusive, startOfDay, todayIn } from '../http/time';
import type { DocumentStore } from '../storage/store';
import { documentsOf } from './access';
import { toConsoleRow } from './mapping';
import { andAll, selectPage } from '../db/sql';
import { consoleClaimConditions, dateRange, OUTCOME } from './queries';
import { auditClaims, claimFields } from '../audit/operations';

export const DOWNLOAD_FAILED_STATUSES = ['DOWNLOAD_FAILED'];
export const UPLOAD_FAILED_STATUSES = ['UPLOAD_FAILED', 'VERIFICATION_FAILED'];

export async function pageOfConsoleClaims(db: DbOrTx, org: string, conditions: SQL[], page: Page): Promise<Paged<ConsoleClaimRow>[]> {
  const where = and(eq(claims.org, org), eq(claims.downloaded, true), ...conditions);
  const { rows, total } = await selectPage(
    db,
    db.select().from(claims).where(where).$dynamic(),
    newestFirst(claims.createdOn, claims.id),
    page,
  );
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

/**
 * The console's Batch Summary (downloaded) lists every batch of the organisation, those made from the claims list
 * too; the claims list's own batch lists only those. Newest first, or by priority (the priority dialog).
 */
export async function pageOfBatches(
  db: DbOrTx,
  org: string,
  downloaded: boolean,
  conditions: SQL[],
  page: Page & { sort?: 'newest' | 'priority' },
): Promise<Paged<BatchRow>[]> {
  const where = andAll([eq(batches.org, org), ...(downloaded ? [] : [eq(batches.downloaded, false)]), ...conditions]);
  const order = page.sort === 'priority' ? [asc(batches.priority), asc(batches.id)] : newestFirst(batches.createdAt, batches.id);
  const { rows, total } = await selectPage(db, db.select().from(batches).where(where).$dynamic(), order, page);
  return firstRowCarriesTotal(await toBatchRows(db, rows), total, page.page_number);
}

/** GET /downloadedCount: today's figures in the display time zone, and the failed tabs' totals. */
export async function downloadedCount(db: DbOrTx, org: string, zone: string): Promise<DownloadedCount> {
  const today = todayIn(zone);
  const from = startOfDay(today, zone);
  const to = endOfDayExclusive(today, zone);
  const todaysClaims = and(eq(claims.org, org), eq(claims.downloaded, true), gte(claims.createdOn, from), lt(claims.createdOn, to));
  const [claimCounts] = await db
    .select({
      downloaded: count(),
      downloadFailed: sql<number>`count(*) filter (where ${inArray(claims.status, DOWNLOAD_FAILED_STATUSES)})`.mapWith(Number),
    })
    .from(claims)
    .where(todaysClaims);
  // The failed tabs' totals count what their grids list: every such claim of the organisation, whenever it came.
  const [failedTotals] = await db
    .select({
      downloadFailed: sql<number>`count(*) filter (where ${inArray(claims.status, DOWNLOAD_FAILED_STATUSES)})`.mapWith(Number),
      uploadFailed: sql<number>`count(*) filter (where ${inArray(claims.status, UPLOAD_FAILED_STATUSES)})`.mapWith(Number),
    })
    .from(claims)
    .where(
      and(
        eq(claims.org, org),
        eq(claims.downloaded, true),
        inArray(claims.status, [...DOWNLOAD_FAILED_STATUSES, ...UPLOAD_FAILED_STATUSES]),
      ),
    );
  const todaysBatches = and(eq(batches.org, org), gte(batches.createdAt, from), lt(batches.createdAt, to));
  const todays = await db.select({ id: batches.id }).from(batches).where(todaysBatches);
  const processing = await batchProcessing(
    db,
    todays.map((b) => b.id),
  );
  const [last] = await db
    .select({ createdBy: batches.createdBy })
    .from(batches)
    .where(eq(batches.org, org))
    .orderBy(...newestFirst(batches.createdAt, batches.id))
    .limit(1);
  return {
    downloadedClaims: claimCounts.downloaded,
    downloadedFailedClaims: claimCounts.downloadFailed,
    batchDataCount: todays.length,
    batchFailedDataCount: [...processing.values()].filter((p) => p.verificationFailed > 0).length,
    userLastBatch: last?.createdBy ?? null,
    uploadedFailedClaims: failedTotals.uploadFailed,
    totalDownloadFailedClaims: failedTotals.downloadFailed,
  };
}

/**
 * The console's claims of this organisation, every id checked first (404 naming those not found), locked for the change,
 * each with whether it is on the verification queue (`verifying`).
 */
export async function lockConsoleClaims(db: DbOrTx, org: string, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({
      id: claims.id,
      name: sql<string>`coalesce(${claims.intimationNumber}, ${claims.referenceClaimId})`,
      procedureCodes: claims.procedureCodes,
      procedureNames: claims.procedureNames,
      status: claims.status,
      batchId: claims.batchId,
    })
    .from(claims)
    .where(and(eq(claims.org, org), eq(claims.downloaded, true), inArray(claims.id, unique)))
    .orderBy(asc(claims.id))
    .for('update');
  const missing = unique.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length) throw notFound(`Claims not found: ${missing.join(', ')}`);
  const onQueue = await db
    .select({ claimId: jobs.claimId })
    .from(jobs)
    .where(and(inArray(jobs.claimId, unique), inArray(jobs.status, ['queued', 'running'])));
  return rows.map((r) => ({ ...r, verifying: onQueue.some((j) => j.claimId === r.id) }));
}

/**
 * A claim on the verification queue is the queue's until it is done: 409 naming such claims of the selection, before
 * any of it is changed.
 */
export function refuseClaimsBeingVerified(rows: { name: string; verifying: boolean }[]): void {
  const busy = rows.filter((r) => r.verifying);
  if (busy.length) throw conflict(`These claims are being verified: ${busy.map((r) => r.name).join(', ')}`);
}

export const OVERRIDE_PROCEDURES_WARNING = 'The selected claim already has procedure name/code, do you want to override it?';

/**
 * Add Procedure Name: the provider-side procedures of the chosen claims, in the order given (400 for an unknown code).
 * Claims that already have procedure codes are overwritten only with `override` (409 with the spec's warning otherwise).
 * A claim being verified keeps the procedures its verification reads (409 naming it).
 */
export async function setConsoleProcedures(
  db: Db,
  org: string,
  claimIds: number[],
  codeList: string[],
  override: boolean,
  username: string,
): Promise<void> {
  const codes = [...new Set(codeList)];
  const found = await db.select().from(procedures).where(inArray(procedures.procedureCode, codes));
  const unknown = codes.filter((c) => !found.some((p) => p.procedureCode === c));
  if (unknown.length) throw badRequest(`procCodeList: unknown procedure code ${unknown.join(', ')}`);
  const ordered = codes.map((c) => found.find((p) => p.procedureCode === c)!);
  await db.transaction(async (tx) => {
    const rows = await lockConsoleClaims(tx, org, claimIds);
    refuseClaimsBeingVerified(rows);
    if (!override && rows.some((r) => r.procedureCodes.length > 0)) throw conflict(OVERRIDE_PROCEDURES_WARNING);
    const named = { procedureCodes: ordered.map((p) => p.procedureCode), procedureNames: ordered.map((p) => p.name) };
    await tx
      .update(claims)
      .set({
        ...named,
        snomedCodes: ordered.map((p) => p.snomedctCode),
        lastModifiedBy: username,
        lastModifiedOn: new Date(),
      })
      .where(
        inArray(
          claims.id,
          rows.map((r) => r.id),
        ),
      );
    await auditClaims(
      tx,
      username,
      'procedures',
      rows.map((r) => ({ id: r.id, before: claimFields(r), after: claimFields({ ...r, ...named }) })),
    );
  });
}

/**
 * Drop: the claims go with their document rows (cascade); their files then leave the document store. A claim being
 * verified is not dropped under its verification (409 naming it).
 */
export async function dropConsoleClaims(db: Db, store: DocumentStore, org: string, claimIds: number[], username: string): Promise<void> {
  const files = await db.transaction(async (tx) => {
    const rows = await lockConsoleClaims(tx, org, claimIds);
    refuseClaimsBeingVerified(rows);
    const ids = rows.map((r) => r.id);
    const stored = await tx
      .select({ key: claimDocuments.storageKey })
      .from(claimDocuments)
      .where(and(inArray(claimDocuments.claimId, ids), isNotNull(claimDocuments.storageKey)));
    // The claims' decision letters go with them (their rows by the cascade, their files below).
    const letters = await tx.select({ key: decisionLetters.storageKey }).from(decisionLetters).where(inArray(decisionLetters.claimId, ids));
    await tx.delete(claims).where(inArray(claims.id, ids));
    await auditClaims(
      tx,
      username,
      'delete',
      rows.map((r) => ({ id: r.id, before: { name: r.name, ...claimFields(r) }, after: null })),
    );
    return [...stored, ...letters];
  });
  for (const { key } of files) if (key) await store.delete(key);
}

/**
 * A status change, and Retry on the Downloads failed tab (TO_BE_REDOWNLOADED, which the next refresh takes up). A claim
 * on the verification queue is the queue's until it is done: 409 naming such claims, and none is changed.
 */
export async function setConsoleStatus(
  db: Db,
  org: string,
  claimIds: number[],
  status: (typeof CONSOLE_CLAIM_STATUSES)[number],
  username: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await lockConsoleClaims(tx, org, claimIds);
    refuseClaimsBeingVerified(rows);
    await tx
      .update(claims)
      .set({ status, lastModifiedBy: username, lastModifiedOn: new Date() })
      .where(
        inArray(
          claims.id,
          rows.map((r) => r.id),
        ),
      );
    await auditClaims(
      tx,
      username,
      'status',
      rows.map((r) => ({ id: r.id, before: claimFields(r), after: claimFields({ ...r, status }) })),
    );
  });
}

/**
 * GET /claim/batch/filterOptions: every distinct value the console's Filter panels choose from, of this organisation's
 * console claims and batches, alphabetically (at most FILTER_OPTIONS_LIMIT of each).
 */
export async function consoleFilterOptions(db: DbOrTx, org: string): Promise<ConsoleFilterOptions> {
  const present = (column: AnyPgColumn) => and(isNotNull(column), sql`${column} <> ''`);
  const values = (rows: { value: string }[]) => rows.map((row) => row.value);
  const claimValues = async (column: AnyPgColumn) =>
    values(
      await db
        .selectDistinct({ value: sql<string>`${column}` })
        .from(claims)
        .where(and(eq(claims.org, org), eq(claims.downloaded, true), present(column)))
        .orderBy(asc(column))
        .limit(FILTER_OPTIONS_LIMIT),
    );
  const batchValues = async (column: AnyPgColumn) =>
    values(
      await db
        .selectDistinct({ value: sql<string>`${column}` })
        .from(batches)
        .where(and(eq(batches.org, org), present(column)))
        .orderBy(asc(column))
        .limit(FILTER_OPTIONS_LIMIT),
    );
  return {
    insurerProcedureName: await claimValues(claims.insurerProcedureName),
    insurerIllnessName: await claimValues(claims.insurerIllnessName),
    insurerClaimStatus: await claimValues(claims.insurerClaimStatus),
    batchName: await batchValues(batches.batchName),
    userName: await batchValues(batches.createdBy),
  };
}
