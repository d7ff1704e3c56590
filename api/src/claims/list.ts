/**
 * The claims to review (spec 1 §7): GET /claims (or, with downloaded=true, the console's claims),
 * POST /claims/search with the claims filter, and its CSV download.
 */
import { count } from 'drizzle-orm';
import type { z } from 'zod';
import { CLAIM_STATUSES, verificationResultText, type ClaimStatus } from '@claims/shared-kernel/constants';
import type { ClaimListQuery, ClaimListRow, ClaimSearchBody, ConsoleClaimRow, Paged } from '@claims/shared-kernel/contract';
import { isProvider, NOT_AUTHORIZED } from '../auth/access';
import type { AuthContext } from '../auth/tokens';
import type { DbOrTx } from '../db';
import { claims } from '../db/schema';
import { toCsv } from '../http/csv';
import { badRequest, forbidden } from '../http/errors';
import { firstRowCarriesTotal, newestFirst, offsetOf, type Page } from '../http/paging';
import { formatIn } from '../http/time';
import { claimScope } from './access';
import { listConsoleClaims } from './console';
import { toClaimListRow, type ClaimRow } from './mapping';
import { andAll, claimSearchConditions, scopeConditions, type ClaimScope } from './queries';

/** The most rows a CSV download carries. */
const CSV_ROW_LIMIT = 50_000;

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

async function pageOfClaims(
  db: DbOrTx,
  scope: ClaimScope,
  filters: ReturnType<typeof claimSearchConditions>,
  page: Page,
  withCounts: boolean,
): Promise<Paged<ClaimListRow>[]> {
  const where = andAll([...scopeConditions(scope), ...filters]);
  const [{ total }] = await db.select({ total: count() }).from(claims).where(where);
  const rows = await db
    .select()
    .from(claims)
    .where(where)
    .orderBy(...newestFirst(claims.lastModifiedOn, claims.id))
    .limit(page.limit)
    .offset(offsetOf(page));
  return firstRowCarriesTotal(
    rows.map((row) => toClaimListRow(row, withCounts)),
    total,
    page.page_number,
  );
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
  return pageOfClaims(db, scope, claimSearchConditions({ status: statuses }, zone), query, isProvider(auth));
}

/** The claims filter within what the caller may see (insurer users: their statuses are ignored). */
async function searchOf(db: DbOrTx, auth: AuthContext, org: string | undefined, body: z.output<typeof ClaimSearchBody>, zone: string) {
  const scope = await claimScope(db, auth, org);
  const filter = { ...body, status: scope.onlyAdjudicated ? undefined : body.status };
  return { scope, conditions: claimSearchConditions(filter, zone) };
}

/** POST /claims/search: a page of the filtered list. */
export async function searchClaims(
  db: DbOrTx,
  auth: AuthContext,
  query: Page & { org?: string },
  body: z.output<typeof ClaimSearchBody>,
  zone: string,
): Promise<Paged<ClaimListRow>[]> {
  const { scope, conditions } = await searchOf(db, auth, query.org, body, zone);
  return pageOfClaims(db, scope, conditions, query, isProvider(auth));
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
    .select()
    .from(claims)
    .where(andAll([...scopeConditions(scope), ...conditions]))
    .orderBy(...newestFirst(claims.lastModifiedOn, claims.id))
    .limit(CSV_ROW_LIMIT);
  return { fileName: `claims_data_${formatIn(new Date(), zone, 'DD-MM-YYYY')}.csv`, csv: claimsCsv(rows, isProvider(auth), zone) };
}

function claimsCsv(rows: ClaimRow[], withCounts: boolean, zone: string): string {
  const header = ['Case No.', 'Case Type', 'Patient Name', 'Procedure Code', 'Hospital Code'];
  if (withCounts) header.push('Annotation', 'Procedures Found', 'Diagnosis Found', 'Evidence Found', 'Documents Found');
  header.push('Verification Result', 'Date');
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
        formatIn(row.lastModifiedOn, zone, 'YYYY-MM-DD'),
      );
      return cells;
    }),
  );
}
