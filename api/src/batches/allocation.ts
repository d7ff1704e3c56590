/**
 * Work allocation (spec 3 §4, §5 'Work allocation', §6): a FULLY_PROCESSED batch's claims given to analysts, equally
 * or by a split in claims or percentages that must add up; once ASSIGNED only the date changes. The analysts are active
 * users of the caller's organisation (GET /users lists them). Each claim records its analyst (claims.assigned_to), so
 * the analyst finds them through the claims filter's userName.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { OrgUser } from '@claims/shared-kernel/contract';
import type { AuthContext } from '../auth/tokens';
import type { Db, DbOrTx } from '../db';
import { batches, claims, users } from '../db/schema';
import { badRequest, conflict } from '../http/errors';
import { loadBatch } from './lookup';
import { auditBatches, batchChanges } from '../audit/operations';

export const ALLOCATION_DONE = 'Successfully Done';

/** Claims per analyst, as even as can be: the first analysts take one more when the claims do not divide. */
export function equalSplit(total: number, analysts: string[]): Record<string, number> {
  const unique = [...new Set(analysts)];
  const share = Math.floor(total / unique.length);
  return Object.fromEntries(unique.map((a, i) => [a, share + (i < total % unique.length ? 1 : 0)]));
}

/**
 * A specified split as claims per analyst: numbers must add up to the batch's claims, percentages to 100 (400 with
 * the spec's message otherwise). Percentages become whole claims by the largest remainders, so they add up exactly.
 */
export function specifiedSplit(total: number, data: Record<string, number>, percentage: boolean): Record<string, number> {
  const entries = Object.entries(data);
  if (!entries.length) throw badRequest('data: choose at least one analyst');
  const sum = entries.reduce((n, [, v]) => n + v, 0);
  if (percentage && sum !== 100) {
    throw badRequest(
      `data: Make sure total percentage of claims and total allocation are in equal (the percentages add up to ${sum}, not 100)`,
    );
  }
  if (!percentage && sum !== total) {
    throw badRequest(
      `data: Make sure total claims and total allocation are in equal (the batch has ${total} claims; the allocation adds up to ${sum})`,
    );
  }
  if (!percentage) return data;
  const exact = entries.map(([analyst, p]) => ({ analyst, exact: (p / 100) * total }));
  const split = Object.fromEntries(exact.map(({ analyst, exact: e }) => [analyst, Math.floor(e)]));
  let left = total - Object.values(split).reduce((a, b) => a + b, 0);
  for (const { analyst } of [...exact].sort((a, b) => b.exact - Math.floor(b.exact) - (a.exact - Math.floor(a.exact)))) {
    if (left-- <= 0) break;
    split[analyst] += 1;
  }
  return split;
}

/** A calendar date (2025-02-30 is not one). */
function checkDate(date: string): void {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== date) throw badRequest(`date: '${date}' is not a calendar date`);
}

/** GET /users: the active users of an organisation, by name. */
export async function orgUsers(db: DbOrTx, org: string, role: OrgUser['role'] | undefined): Promise<OrgUser[]> {
  return db
    .select({ username: users.username, role: users.role })
    .from(users)
    .where(and(eq(users.organization, org), eq(users.active, true), role ? eq(users.role, role) : undefined))
    .orderBy(asc(users.username));
}

/**
 * Assigns the batch: only FULLY_PROCESSED and not yet assigned (409 otherwise); every analyst an active user of the
 * caller's organisation (400 naming the others, the same whether a name exists elsewhere or not). The claims are
 * dealt out in their order, the first analyst's share first. Rechecked under the batch's lock, so the split applies
 * to the claims the batch has when it is written.
 */
export async function assignBatch(
  db: Db,
  auth: AuthContext,
  batchId: number,
  org: string | undefined,
  date: string,
  split: (total: number) => Record<string, number>,
): Promise<void> {
  checkDate(date);
  await db.transaction(async (tx) => {
    const batch = await loadBatch(tx, auth, batchId, org, true);
    if (batch.allocationStatus === 'ASSIGNED') throw conflict('The batch is already assigned; only its date can be changed');
    if (batch.status !== 'FULLY_PROCESSED')
      throw conflict(`The batch can be assigned only once it is fully processed (it is ${batch.status})`);
    const claimIds = (await tx.select({ id: claims.id }).from(claims).where(eq(claims.batchId, batch.id)).orderBy(asc(claims.id))).map(
      (c) => c.id,
    );
    const shares = split(claimIds.length);
    const analysts = Object.keys(shares);
    const known = await tx
      .select({ username: users.username })
      .from(users)
      .where(and(inArray(users.username, analysts), eq(users.organization, auth.organization), eq(users.active, true)));
    const unknown = analysts.filter((a) => !known.some((k) => k.username === a));
    if (unknown.length) throw badRequest(`analysts: not an active user of this organisation: ${unknown.join(', ')}`);

    let next = 0;
    for (const [analyst, count] of Object.entries(shares)) {
      const mine = claimIds.slice(next, next + count);
      next += count;
      if (mine.length) await tx.update(claims).set({ assignedTo: analyst }).where(inArray(claims.id, mine));
    }
    const assigned = await tx
      .update(batches)
      .set({ allocation: shares, allocationStatus: 'ASSIGNED', status: 'ASSIGNED', assignedDate: date, lastModifiedAt: new Date() })
      .where(eq(batches.id, batch.id))
      .returning();
    await auditBatches(tx, auth.username, 'assign', batchChanges([batch], assigned));
  });
}

/** ReAssign the batch date: only for an ASSIGNED batch. */
export async function reassignDate(db: Db, auth: AuthContext, batchId: number, org: string | undefined, date: string): Promise<void> {
  checkDate(date);
  await db.transaction(async (tx) => {
    const batch = await loadBatch(tx, auth, batchId, org, true);
    if (batch.allocationStatus !== 'ASSIGNED') throw conflict('The batch is not assigned yet');
    const dated = await tx
      .update(batches)
      .set({ assignedDate: date, lastModifiedAt: new Date() })
      .where(eq(batches.id, batch.id))
      .returning();
    await auditBatches(tx, auth.username, 'assign', batchChanges([batch], dated));
  });
}
