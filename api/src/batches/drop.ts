/**
 * DELETE /claim/batch/drop: the batches go, their claims stay and can be batched again. Verifications still waiting
 * on the queue for them are cancelled and such a claim goes back to where it stood before it was queued, saying why
 * (src/batches/release.ts).
 */
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db';
import { batches, claims } from '../db/schema';
import type { BatchRecord } from './lookup';
import { releaseQueuedClaims, stoppedBy } from './release';
import { auditBatches, batchFields } from '../audit/operations';

export async function dropBatches(db: DbOrTx, rows: BatchRecord[], username: string): Promise<void> {
  const ids = rows.map((b) => b.id);
  for (const batch of rows) await releaseQueuedClaims(db, { batchIds: [batch.id] }, stoppedBy(batch.batchName, 'dropped', username));
  await db.update(claims).set({ batchId: null, rerunStatus: null }).where(inArray(claims.batchId, ids));
  await db.delete(batches).where(inArray(batches.id, ids));
  await auditBatches(
    db,
    username,
    'delete',
    rows.map((b) => ({ id: b.id, before: batchFields(b), after: null })),
  );
}
