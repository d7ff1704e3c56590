/** Finding the batches a call names: by name within the console's organisation, or one by id; and their names. */
import { and, eq, inArray } from 'drizzle-orm';
import { isProvider, scopeOrg } from '../auth/access';
import type { AuthContext } from '../auth/tokens';
import type { DbOrTx } from '../db';
import { batches } from '../db/schema';
import { notFound } from '../http/errors';
import { newestFirst } from '../http/paging';

export type BatchRecord = typeof batches.$inferSelect;

/**
 * The organisation's batches of these names, in the order named, every name checked before anything is done (404
 * naming those not found). Inside a transaction the rows are locked, so two actions on a batch take turns.
 */
export async function batchesByName(db: DbOrTx, org: string, names: string[]): Promise<BatchRecord[]> {
  const unique = [...new Set(names)];
  const rows = await db
    .select()
    .from(batches)
    .where(and(eq(batches.org, org), inArray(batches.batchName, unique)))
    .for('update');
  const missing = unique.filter((name) => !rows.some((b) => b.batchName === name));
  if (missing.length) throw notFound(`Batch not found: ${missing.join(', ')}`);
  return unique.map((name) => rows.find((b) => b.batchName === name)!);
}

/** One batch by id: the provider reaches any organisation's (or the one it names), others only their own. */
export async function loadBatch(db: DbOrTx, auth: AuthContext, batchId: number, requestedOrg?: string, lock = false): Promise<BatchRecord> {
  const org = await scopeOrg(db, auth, requestedOrg);
  const query = db.select().from(batches).where(eq(batches.id, batchId));
  const [batch] = lock ? await query.for('update') : await query;
  if (!batch || (!isProvider(auth) && batch.org !== org) || (isProvider(auth) && requestedOrg && batch.org !== org)) {
    throw notFound(`Batch ${batchId} not found`);
  }
  return batch;
}

/** Every batch name of the organisation, newest first; with `claimsListOnly` those of the claims list alone. */
export async function batchNames(db: DbOrTx, org: string, claimsListOnly: boolean): Promise<{ id: number; batchName: string }[]> {
  return db
    .select({ id: batches.id, batchName: batches.batchName })
    .from(batches)
    .where(and(eq(batches.org, org), claimsListOnly ? eq(batches.downloaded, false) : undefined))
    .orderBy(...newestFirst(batches.createdAt, batches.id));
}
