/**
 * The batch actions as the routes ask for them: each runs in one transaction that locks the batches it names, so
 * two actions on a batch take turns and a refused one changes nothing.
 */
import { eq } from 'drizzle-orm';
import type { BatchRow } from '@claims/shared-kernel/contract';
import type { AuthContext } from '../auth/tokens';
import { toBatchRows } from '../claims/console';
import type { Db } from '../db';
import { batches } from '../db/schema';
import { requireBatchRight } from './access';
import { dropBatches } from './drop';
import { batchesByName, loadBatch } from './lookup';
import { type ManualBatchStatus, moveBatches } from './status';

/** The claims list's action on one batch (PUT /claim/batch/{id}); the batch as it is after it. */
export async function actOnBatch(
  db: Db,
  auth: AuthContext,
  batchId: number,
  requestedOrg: string | undefined,
  status: ManualBatchStatus,
): Promise<BatchRow> {
  const movedId = await db.transaction(async (tx) => {
    const batch = await loadBatch(tx, auth, batchId, requestedOrg, true);
    requireBatchRight(auth, batch.downloaded);
    await moveBatches(tx, [batch], status, auth.username);
    return batch.id;
  });
  const [updated] = await toBatchRows(db, await db.select().from(batches).where(eq(batches.id, movedId)));
  return updated;
}

/** The console's status actions on the organisation's batches of these names (see moveBatches). */
export async function moveNamedBatches(
  db: Db,
  org: string,
  names: string[],
  status: ManualBatchStatus,
  requestedBy: string,
  options: { override?: boolean; reason?: string } = {},
): Promise<void> {
  await db.transaction(async (tx) => moveBatches(tx, await batchesByName(tx, org, names), status, requestedBy, options));
}

export async function dropNamedBatches(db: Db, org: string, names: string[], requestedBy: string): Promise<void> {
  await db.transaction(async (tx) => dropBatches(tx, await batchesByName(tx, org, names), requestedBy));
}
