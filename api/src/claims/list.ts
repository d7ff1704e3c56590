/**
 * The claims to review (spec 1 §7): GET /claims (or, with downloaded=true, the console's claims),
 * POST /claims/search with the claims filter, and its CSV download.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { CLAIM_STATUSES, verificationResultText, type ClaimStatus } from '@claims/shared-kernel/constants';
import {
  CLAIM_DECISION_LABELS,
  type ClaimListQuery,
  type ClaimListRow,
  type ClaimSearchBody,
  type ConsoleClaimRow,
  type Paged,
} from '@claims/shared-kernel/contract';
import { isProvider, NOT_AUTHORIZED } from '../auth/access';
import type { AuthContext } from '../auth/tokens';
import type { DbOrTx } from '../db';
import { claims } from '../db/schema';
import { toCsv } from '../http/csv';
import { badRequest, forbidden } from '../http/errors';
import { newestFirst, type Page } from '../http/paging';
import { formatIn } from '../http/time';
import { claimScope } from './access';
import { documentsRequestedSql } from './document-rounds';
import { listConsoleClaims } from './console';
import { FilterPages, type PageStart, type SortKey } from './list-pages';
import { readPageOnce } from './list-readings';
import { toClaimListRow, type ClaimListSource } from './mapping';
import { andAll } from '../db/sql';
import { overdueSql } from '../review/queue';
import { claimSearchConditions, scopeConditions, type ClaimScope } from './queries';
import { answersRequestedSql } from './questions';
import { claimDecisionSql } from './decisions';

/** The most rows a CSV download carries. */
const CSV_ROW_LIMIT = 50_000;

/**
 * The most rows the list counts: past it the answer says total_count 10000 with total_count_capped (the screen
 * shows '10,000+'), so a page never counts an organisation's hundreds of thousands of claims.
 */
export const TOTAL_COUNT_CAP = 10_000;

/** `status=A,B` or repeated: each must be a known status. */
function parseStatuses(value: string | undefined): ClaimStatus[] {
  if (!value) return [];
  const statuses = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = statuses.filter((s) => !(CLAIM_STATUSES as readonly string[]).includes(s));
  if (unknown.length) throw badRequest(`status: unknown status ${unknown.map((s) => `'${s}'`).join(', ')}`);
  return statuses as ClaimStatus[];
}

/** last_modified_on as text keeps its microseconds (a JavaScript Date would round them away and break the keyset). */
const modifiedOnText = sql<string>`${claims.lastModifiedOn}::text`;

/** The list's columns only: the details (kilobytes of JSON a row) stay in the table. */
const LIST_COLUMNS = {
  id: claims.id,
  objId: claims.objId,
  referenceClaimId: claims.referenceClaimId,
  caseType: claims.caseType,
  patientName: claims.patientName,
  procedureCodes: claims.procedureCodes,
  hospitalCode: claims.hospitalCode,
  status: claims.status,
  annotated: claims.annotated,
  annotationId: claims.annotationId,
  adjudicationResult: claims.adjudicationResult,
  adjudicationReason: claims.adjudicationReason,
  documentsRequested: documentsRequestedSql,
  lastModifiedOn: claims.lastModifiedOn,
  proceduresFound: claims.proceduresFound,
  diagnosisFound: claims.diagnosisFound,
  evidenceFound: claims.evidenceFound,
  documentsFound: claims.documentsFound,
  assignedTo: claims.assignedTo,
  dueAt: claims.dueAt,
  overdue: overdueSql,
  answersRequested: answersRequestedSql,
  decision: claimDecisionSql,
  modifiedOnText,
} satisfies Record<keyof ClaimListSource | 'modifiedOnText', unknown>;

/** Rows after a sort key in the list's order (newest first); `inclusive` keeps the row of the key itself. */
const pastKey = (key: SortKey, inclusive: boolean): SQL =>
  inclusive
    ? sql`(${claims.lastModifiedOn}, ${claims.id}) <= (${key.modifiedOn}::timestamptz, ${key.id})`
    : sql`(${claims.lastModifiedOn}, ${claims.id}) < (${key.modifiedOn}::timestamptz, ${key.id})`;

/**
 * A page by keyset: from the start's remembered end, or from the row found `skip` rows further on (read from the
 * index alone: sort key and id), then `limit` rows past it. Without a remembered end this is OFFSET's page.
 */
async function pageRows(db: DbOrTx, where: SQL, start: PageStart, limit: number) {
  const afterStart = start.after ? and(where, pastKey(start.after, false))! : where;
  let from = afterStart;
  if (start.skip > 0) {
    const [first] = await db
      .select({ modifiedOn: modifiedOnText, id: claims.id })
      .from(claims)
      .where(afterStart)
      .orderBy(...newestFirst(claims.lastModifiedOn, claims.id))
      .offset(start.skip)
      .limit(1);
    if (!first) return [];
    from = and(where, pastKey(first, true))!;
  }
  return db
    .select(LIST_COLUMNS)
    .from(claims)
    .where(from)
    .orderBy(...newestFirst(claims.lastModifiedOn, claims.id))
    .limit(limit);
}

/** The number of matching rows up to the cap (one more is read to know whether there are more). */
async function cappedCount(db: DbOrTx, where: SQL): Promise<{ count: number; capped: boolean }> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1` })
      .from(claims)
      .where(where)
      .limit(TOTAL_COUNT_CAP + 1)
      .as('capped'),
  );
  return count > TOTAL_COUNT_CAP ? { count: TOTAL_COUNT_CAP, capped: true } : { count, capped: false };
}

/**
 * A page of the list, read once for all the requests that ask it at the same moment (list-readings.ts). The filter's
 * pages remember their ends and count (list-pages.ts): page 1 counts, later pages reuse it, a page after a served one
 * starts where that one ended, and one past the count's last page is empty.
 */
function pageOfClaims(
  db: DbOrTx,
  scope: ClaimScope,
  filter: { conditions: SQL[]; key: unknown },
  page: Page,
  withCounts: boolean,
): Promise<Paged<ClaimListRow>[]> {
  const filterKey = JSON.stringify([scope, filter.key, page.limit]);
  return readPageOnce(db, JSON.stringify([filterKey, page.page_number, withCounts]), () =>
    readPage(db, scope, filter.conditions, filterKey, page, withCounts),
  );
}

async function readPage(
  db: DbOrTx,
  scope: ClaimScope,
  conditions: SQL[],
  filterKey: string,
  page: Page,
  withCounts: boolean,
): Promise<Paged<ClaimListRow>[]> {
  const where = andAll([...scopeConditions(scope), ...conditions])!;
  const pages = FilterPages.of(db, filterKey, page.page_number);
  // A page past the remembered count's last is empty without a query, whatever its number.
  const pastEnd = pages.isPastEnd(page.page_number, page.limit);
  const [rows, total] = await Promise.all([
    pastEnd ? [] : pageRows(db, where, pages.startOf(page.page_number, page.limit), page.limit),
    pages.total ?? cappedCount(db, where),
  ]);
  pages.total = total;
  const last = rows.at(-1);
  if (last) pages.rememberEnd(page.page_number, { modifiedOn: last.modifiedOnText, id: last.id });
  return rows.map((row, index) => {
    const item = toClaimListRow(row, withCounts);
    if (index > 0) return item;
    return { ...item, total_count: total.count, page_number: page.page_number, ...(total.capped ? { total_count_capped: true } : {}) };
  });
}

/** GET /claims: the review list (insurer users: adjudicated claims only, whatever status they ask for), or the console's claims. */
export async function listClaims(
  db: DbOrTx,
  auth: AuthContext,
  query: z.output<typeof ClaimListQuery>,
  zone: string,
): Promise<Paged<ClaimListRow>[] | Paged<ConsoleClaimRow>[]> {
  if (query.downloaded) return listConsoleClaims(db, auth, query);
  const scope = await claimScope(db, auth, query.org);
  const statuses = scope.onlyAdjudicated ? [] : parseStatuses(query.status);
  const filter = { status: statuses };
  return pageOfClaims(db, scope, { conditions: claimSearchConditions(filter, zone), key: [filter, zone] }, query, isProvider(auth));
}

/** The claims filter within what the caller may see (insurer users: their statuses are ignored). */
async function searchOf(db: DbOrTx, auth: AuthContext, org: string | undefined, body: z.output<typeof ClaimSearchBody>, zone: string) {
  const scope = await claimScope(db, auth, org);
  const filter = { ...body, status: scope.onlyAdjudicated ? undefined : body.status };
  return { scope, conditions: claimSearchConditions(filter, zone), key: [filter, zone] };
}

/** POST /claims/search: a page of the filtered list. */
export async function searchClaims(
  db: DbOrTx,
  auth: AuthContext,
  query: Page & { org?: string },
  body: z.output<typeof ClaimSearchBody>,
  zone: string,
): Promise<Paged<ClaimListRow>[]> {
  const { scope, ...filter } = await searchOf(db, auth, query.org, body, zone);
  return pageOfClaims(db, scope, filter, query, isProvider(auth));
}

/** POST /claims/search?download=True: the filtered list as a CSV file, the provider's power only (spec 1 §6). */
export async function claimsCsvFile(
  db: DbOrTx,
  auth: AuthContext,
  org: string | undefined,
  body: z.output<typeof ClaimSearchBody>,
  zone: string,
): Promise<{ fileName: string; csv: string }> {
  const { scope, conditions } = await searchOf(db, auth, org, body, zone);
  if (!isProvider(auth)) throw forbidden(NOT_AUTHORIZED);
  const rows = await db
    .select(LIST_COLUMNS)
    .from(claims)
    .where(andAll([...scopeConditions(scope), ...conditions]))
    .orderBy(...newestFirst(claims.lastModifiedOn, claims.id))
    .limit(CSV_ROW_LIMIT);
  return { fileName: `claims_data_${formatIn(new Date(), zone, 'DD-MM-YYYY')}.csv`, csv: claimsCsv(rows, isProvider(auth), zone) };
}

function claimsCsv(rows: ClaimListSource[], withCounts: boolean, zone: string): string {
  const header = ['Case No.', 'Case Type', 'Patient Name', 'Procedure Code', 'Hospital Code'];
  if (withCounts) header.push('Annotation', 'Procedures Found', 'Diagnosis Found', 'Evidence Found', 'Documents Found');
  header.push('Verification Result', 'Decision', 'Date');
  return toCsv(
    header,
    rows.map((row) => {
      const item = toClaimListRow(row, withCounts);
      const cells: unknown[] = [item.referenceClaimId, item.caseType, item.patientName, item.procedureCodes.join(', '), item.hospitalCode];
      if (withCounts) {
        cells.push(
          item.annotated ? 'Done' : 'Not Done',
          item.proceduresFound,
          item.diagnosisFound,
          item.evidenceFound,
          item.documentsFound,
        );
      }
      cells.push(
        verificationResultText(item.adjudicationResult, item.adjudicationReason),
        item.decision ? CLAIM_DECISION_LABELS[item.decision] : '',
        formatIn(row.lastModifiedOn, zone, 'YYYY-MM-DD'),
      );
      return cells;
    }),
  );
}
