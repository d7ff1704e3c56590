/**
 * The claims of one batch: the claims list opened from a batch, and a Batch Summary count clicked (the claims in one
 * outcome bucket, as claims list rows or as the console's rows). Newest change first.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ClaimListRow, ConsoleClaimRow, Paged } from '@claims/shared-kernel/contract';
import { isProvider } from '../auth/access';
import type { AuthContext } from '../auth/tokens';
import { claimScope, documentsOf } from '../claims/access';
import { toClaimListRow, toConsoleRow } from '../claims/mapping';
import { OUTCOME, scopeConditions } from '../claims/queries';
import type { DbOrTx } from '../db';
import { claims } from '../db/schema';
import { selectPage } from '../db/sql';
import { firstRowCarriesTotal, newestFirst, offsetOf, type Page } from '../http/paging';
import { isOverdue } from '../review/queue';
import { loadBatch } from './lookup';

/** The claims of one batch the caller may see, a page of them. */
export async function claimsOfBatch(
  db: DbOrTx,
  auth: AuthContext,
  batchId: number,
  requestedOrg: string | undefined,
  page: Page,
): Promise<Paged<ClaimListRow>[]> {
  const batch = await loadBatch(db, auth, batchId, requestedOrg);
  const scope = await claimScope(db, auth, batch.org);
  const where = and(...scopeConditions({ ...scope, org: batch.org }), eq(claims.batchId, batch.id));
  const { rows, total } = await selectPage(
    db,
    db.select().from(claims).where(where).$dynamic(),
    newestFirst(claims.lastModifiedOn, claims.id),
    page,
  );
  return firstRowCarriesTotal(
    rows.map((r) => toClaimListRow({ ...r, overdue: isOverdue(r, new Date()) }, isProvider(auth))),
    total,
    page.page_number,
  );
}

/** Claims of a batch in one outcome bucket ('inProgress' covers the waiting ones too). */
async function claimsByOutcome(db: DbOrTx, batchId: number, adjType: string, scope: SQL[]) {
  const outcomes = adjType === 'inProgress' ? ['inProgress', 'toBeVerified'] : [adjType];
  return db
    .select()
    .from(claims)
    .where(
      and(
        eq(claims.batchId, batchId),
        ...scope,
        sql`${OUTCOME} in (${sql.join(
          outcomes.map((o) => sql`${o}`),
          sql`, `,
        )})`,
      ),
    )
    .orderBy(...newestFirst(claims.lastModifiedOn, claims.id));
}

interface OutcomeAsked {
  batchId: number;
  adjType: string;
}

/** POST /redirect: the claims of a batch in one outcome that the caller may see, as claims list rows. */
export async function listClaimsByOutcome(
  db: DbOrTx,
  auth: AuthContext,
  { batchId, adjType }: OutcomeAsked,
  requestedOrg: string | undefined,
  page: Page,
): Promise<Paged<ClaimListRow>[]> {
  const batch = await loadBatch(db, auth, batchId, requestedOrg);
  const scope = await claimScope(db, auth, batch.org);
  const rows = await claimsByOutcome(db, batch.id, adjType, scopeConditions({ ...scope, org: batch.org }));
  const shown = rows.slice(offsetOf(page), offsetOf(page) + page.limit);
  return firstRowCarriesTotal(
    shown.map((r) => toClaimListRow({ ...r, overdue: isOverdue(r, new Date()) }, isProvider(auth))),
    rows.length,
    page.page_number,
  );
}

/** POST /redirectOther: the console's claims of a batch in one outcome, with their documents. */
export async function consoleClaimsByOutcome(
  db: DbOrTx,
  auth: AuthContext,
  { batchId, adjType }: OutcomeAsked,
  requestedOrg: string | undefined,
  page: Page,
): Promise<Paged<ConsoleClaimRow>[]> {
  const batch = await loadBatch(db, auth, batchId, requestedOrg);
  const rows = await claimsByOutcome(db, batch.id, adjType, [eq(claims.org, batch.org)]);
  const shown = rows.slice(offsetOf(page), offsetOf(page) + page.limit);
  const documents = await documentsOf(
    db,
    shown.map((r) => r.id),
  );
  return firstRowCarriesTotal(
    shown.map((r) => toConsoleRow(r, documents.get(r.id) ?? [])),
    rows.length,
    page.page_number,
  );
}
