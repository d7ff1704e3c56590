/**
 * The Decision Reasons master (issue 23 §4): the reasons a person gives for a decision on a procedure, each with
 * the decisions it fits. A reason is never deleted (decisions keep its code and sentence as they read): it is made
 * inactive, which takes it off the decision panel's choices. Each write is one transaction with its audit entry.
 */
import { and, asc, eq, ne, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  DecisionReason,
  DecisionReasonList,
  DecisionReasonSaveBody,
  MasterListQuery,
  MasterSearchBody,
  PagedResults,
} from '@claims/shared-kernel/contract';
import { recordAudit } from '../audit/log';
import type { AuthContext } from '../auth/tokens';
import type { Db, DbOrTx } from '../db';
import { decisionReasons } from '../db/schema';
import { andAll, selectPage } from '../db/sql';
import { badRequest, notFound } from '../http/errors';
import type { Page } from '../http/paging';
import { auditOf, createdBy, filterConditions, modifiedBy, refusingDuplicates, textMatch } from './common';

type ReasonRow = typeof decisionReasons.$inferSelect;
type SaveBody = z.output<typeof DecisionReasonSaveBody>;

export const toDecisionReason = (row: ReasonRow): DecisionReason => ({
  id: row.id,
  code: row.code,
  description: row.description,
  decisions: row.decisions,
  active: row.active,
  ...auditOf(row),
});

/** The unique key of the code. */
const CODE_KEY = 'decision_reasons_code_unique';
const codeTaken = (code: string) => `code: Decision reason ${code} already exists`;

const FILTER_COLUMNS = { code: decisionReasons.code, description: decisionReasons.description } as const;

async function reasonPage(db: DbOrTx, where: SQL | undefined, page: Page): Promise<PagedResults<DecisionReason>> {
  const { rows, total } = await selectPage(
    db,
    db.select().from(decisionReasons).where(where).$dynamic(),
    [asc(decisionReasons.code), asc(decisionReasons.id)],
    page,
  );
  return { results: rows.map(toDecisionReason), total_count: total, page_number: page.page_number };
}

/** GET /decisionReasons: every reason with `getall` (the decision panel's choices), otherwise a page, in code order. */
export async function listDecisionReasons(
  db: DbOrTx,
  query: z.output<typeof MasterListQuery>,
): Promise<z.output<typeof DecisionReasonList>> {
  const { getall, limit, page_number } = query;
  if (getall !== undefined) {
    const rows = await db.select().from(decisionReasons).orderBy(asc(decisionReasons.code));
    return { results: rows.map(toDecisionReason) };
  }
  return reasonPage(db, undefined, { limit: limit ?? 25, page_number: page_number ?? 1 });
}

/** POST /decisionReasons/search: the text in the code or description, and each filter in its column. */
export async function searchDecisionReasons(db: DbOrTx, body: MasterSearchBody, page: Page): Promise<PagedResults<DecisionReason>> {
  const { query, filters = {} } = body;
  const conditions = [
    textMatch(query, [decisionReasons.code, decisionReasons.description]),
    ...filterConditions(FILTER_COLUMNS, filters, 'decision reasons'),
  ];
  return reasonPage(db, andAll(conditions), page);
}

/** By code; `lock` holds the row until the transaction ends (an edit reads what it replaces). */
export async function reasonByCode(db: DbOrTx, code: string, lock = false): Promise<ReasonRow | undefined> {
  const query = db.select().from(decisionReasons).where(eq(decisionReasons.code, code));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findDecisionReason(db: DbOrTx, code: string): Promise<DecisionReason> {
  const row = await reasonByCode(db, code);
  if (!row) throw notFound(`Decision reason ${code} not found`);
  return toDecisionReason(row);
}

async function assertCodeFree(db: DbOrTx, code: string, exceptId?: number): Promise<void> {
  const [taken] = await db
    .select({ id: decisionReasons.id })
    .from(decisionReasons)
    .where(and(eq(decisionReasons.code, code), exceptId ? ne(decisionReasons.id, exceptId) : undefined));
  if (taken) throw badRequest(codeTaken(code));
}

const audit = (db: DbOrTx, user: string, before: ReasonRow | null, after: ReasonRow) =>
  recordAudit(db, {
    entity: 'decisionReasons',
    key: String(after.id),
    action: before ? 'update' : 'create',
    user,
    before: before && toDecisionReason(before),
    after: toDecisionReason(after),
  });

const columnsOf = (body: SaveBody) => ({
  code: body.code,
  description: body.description,
  decisions: body.decisions,
  active: body.active,
});

export async function createDecisionReason(db: Db, auth: AuthContext, body: SaveBody): Promise<DecisionReason> {
  const row = await refusingDuplicates(
    () =>
      db.transaction(async (tx) => {
        await assertCodeFree(tx, body.code);
        const [created] = await tx
          .insert(decisionReasons)
          .values({ ...columnsOf(body), ...createdBy(auth) })
          .returning();
        await audit(tx, auth.username, null, created);
        return created;
      }),
    { [CODE_KEY]: () => codeTaken(body.code) },
  );
  return toDecisionReason(row);
}

/**
 * The whole reason at once. A new code or sentence changes no recorded decision: each keeps the reason as it read
 * when it was made.
 */
export async function updateDecisionReason(db: Db, auth: AuthContext, code: string, body: SaveBody): Promise<DecisionReason> {
  const row = await refusingDuplicates(
    () =>
      db.transaction(async (tx) => {
        const before = await reasonByCode(tx, code, true);
        if (!before) throw notFound(`Decision reason ${code} not found`);
        await assertCodeFree(tx, body.code, before.id);
        const [changed] = await tx
          .update(decisionReasons)
          .set({ ...columnsOf(body), ...modifiedBy(auth) })
          .where(eq(decisionReasons.id, before.id))
          .returning();
        await audit(tx, auth.username, before, changed);
        return changed;
      }),
    { [CODE_KEY]: () => codeTaken(body.code) },
  );
  return toDecisionReason(row);
}
