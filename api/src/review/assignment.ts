/**
 * Who reviews a claim (docs/review-work.md). When a claim's first verdict is stored its review starts: the due time is
 * set, and a claim that needs a person goes round robin to the next reviewer of the organisation that reviews it who
 * holds fewer open reviews than the limit; a claim that needs nobody is closed at once. Provider super users assign
 * and reassign by hand. Every assignment is in the audit log (claims, action 'assign', assignedTo before and after).
 */
import { createHash } from 'node:crypto';
import { and, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { PROVIDER_ORG, isDemoOrg, isProviderOrg, type AdjudicationResult } from '@claims/shared-kernel/constants';
import type { ReviewAssignBody, ReviewAssignResponse } from '@claims/shared-kernel/contract';
import { auditClaims } from '../audit/operations';
import type { ReviewPolicy } from '../config';
import type { Db, DbOrTx, Tx } from '../db';
import { claims, reviewRotation, users } from '../db/schema';
import { badRequest } from '../http/errors';
import { closeReview } from './clock';
import { dueTimeFor } from './settings';

/** The audit log's user for assignments the round robin makes. */
export const ROUND_ROBIN_USER = 'system';

/** The active `user`-role users of an organisation, in the round robin's order (by name). */
export async function reviewersOf(db: DbOrTx, org: string): Promise<string[]> {
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(and(eq(users.organization, org), eq(users.role, 'user'), eq(users.active, true)));
  return rows.map((r) => r.username).sort(byName);
}

const byName = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0);

/**
 * The organisation that reviews a claim: its own when it has reviewers and may see the claim (an insurer's users see
 * only ADJUDICATED claims, so its SUSPENDED ones are the provider's), otherwise the provider.
 */
export async function reviewingOrg(db: DbOrTx, claim: { org: string; status: string }): Promise<string> {
  if (isProviderOrg(claim.org)) return PROVIDER_ORG;
  const insurerSeesIt = isDemoOrg(claim.org) || claim.status === 'ADJUDICATED';
  if (insurerSeesIt && (await reviewersOf(db, claim.org)).length > 0) return claim.org;
  return PROVIDER_ORG;
}

/** Whether an ACCEPTED claim is in the quality sample: a hash of its id, mod 100, below the percentage. */
export function sampledForReview(claimId: number, percent: number): boolean {
  const bucket = createHash('sha256').update(String(claimId)).digest().readUInt32BE(0) % 100;
  return bucket < percent;
}

/** QUERY, REJECTED and SUSPENDED always need a person; ACCEPTED only when sampled. */
export const needsPerson = (claimId: number, result: AdjudicationResult, policy: ReviewPolicy): boolean =>
  result !== 'ACCEPTED' || sampledForReview(claimId, policy.sampleAcceptedPercent);

/** Open reviews: started (a due time) and not closed. */
export const openReview = and(isNotNull(claims.dueAt), isNull(claims.reviewClosedAt));

/**
 * In the transaction that stores a verdict: the first verdict starts the review (due time; assigned, or closed when
 * it needs nobody). A later verdict of an open review nobody holds tries the round robin again; otherwise it
 * changes nothing (the review keeps its reviewer and due time).
 */
export async function startReview(tx: Tx, claimId: number, result: AdjudicationResult, policy: ReviewPolicy, at: Date): Promise<void> {
  const [claim] = await tx
    .select({
      org: claims.org,
      status: claims.status,
      caseType: claims.caseType,
      arrivalDate: claims.arrivalDate,
      createdOn: claims.createdOn,
      dueAt: claims.dueAt,
      closedAt: claims.reviewClosedAt,
      assignedTo: claims.assignedTo,
    })
    .from(claims)
    .where(eq(claims.id, claimId));
  if (!claim) return;
  const first = claim.dueAt === null;
  if (first) {
    const dueAt = await dueTimeFor(tx, claim.org, claim.caseType, claim.arrivalDate ?? claim.createdOn);
    await tx.update(claims).set({ dueAt }).where(eq(claims.id, claimId));
  }
  const person = needsPerson(claimId, result, policy);
  if (first && !person) {
    await closeReview(tx, claimId, at);
    return;
  }
  if (person && claim.closedAt === null && claim.assignedTo === null) await assignRoundRobin(tx, claimId, claim, policy);
}

/** The next reviewer after the last one, skipping those at the limit; none when all are full (the claim stays unassigned). */
async function assignRoundRobin(tx: Tx, claimId: number, claim: { org: string; status: string }, policy: ReviewPolicy): Promise<void> {
  const org = await reviewingOrg(tx, claim);
  const reviewers = await reviewersOf(tx, org);
  if (reviewers.length === 0) return;
  // The rotation's row is locked for the rest of the transaction, so two verdicts at once never pick the same turn.
  await tx.insert(reviewRotation).values({ org, lastAssigned: '' }).onConflictDoNothing();
  const [rotation] = await tx.select().from(reviewRotation).where(eq(reviewRotation.org, org)).for('update');
  const loads = new Map(
    (
      await tx
        .select({ reviewer: claims.assignedTo, open: count() })
        .from(claims)
        .where(and(inArray(claims.assignedTo, reviewers), openReview))
        .groupBy(claims.assignedTo)
    ).map((row) => [row.reviewer, row.open]),
  );
  const after = reviewers.findIndex((name) => byName(name, rotation.lastAssigned) > 0);
  const start = Math.max(after, 0);
  for (let turn = 0; turn < reviewers.length; turn++) {
    const reviewer = reviewers[(start + turn) % reviewers.length];
    if ((loads.get(reviewer) ?? 0) >= policy.openClaimLimit) continue;
    await tx.update(claims).set({ assignedTo: reviewer }).where(eq(claims.id, claimId));
    await tx.update(reviewRotation).set({ lastAssigned: reviewer }).where(eq(reviewRotation.org, org));
    await auditClaims(tx, ROUND_ROBIN_USER, 'assign', [{ id: claimId, before: { assignedTo: null }, after: { assignedTo: reviewer } }]);
    return;
  }
}

/**
 * POST /review/assign (provider super users; the route checks): the claims go to the reviewer, who must be an active
 * reviewer of the organisation that reviews each of them. All or nothing.
 */
export async function assignClaims(db: Db, body: ReviewAssignBody, by: string): Promise<ReviewAssignResponse> {
  const [reviewer] = await db
    .select({ username: users.username, organization: users.organization })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${body.reviewer})`, eq(users.role, 'user'), eq(users.active, true)));
  if (!reviewer) throw badRequest(`reviewer: unknown reviewer '${body.reviewer}'`);
  const ids = [...new Set(body.claimIds)];
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: claims.id, org: claims.org, status: claims.status, assignedTo: claims.assignedTo, closedAt: claims.reviewClosedAt })
      .from(claims)
      .where(inArray(claims.id, ids))
      .for('update');
    const found = new Map(rows.map((row) => [row.id, row]));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw badRequest(`claimIds: unknown claim ${missing.join(', ')}`);
    const orgs = new Map<string, string>();
    for (const row of rows) {
      if (row.closedAt) throw badRequest(`claimIds: the review of claim ${row.id} is closed`);
      const key = `${row.org}/${row.status}`;
      if (!orgs.has(key)) orgs.set(key, await reviewingOrg(tx, row));
      const org = orgs.get(key);
      if (org !== reviewer.organization)
        throw badRequest(`reviewer: ${reviewer.username} is of ${reviewer.organization}; claim ${row.id} is reviewed by ${org}`);
    }
    const moved = rows.filter((row) => row.assignedTo !== reviewer.username);
    if (moved.length) {
      await tx
        .update(claims)
        .set({ assignedTo: reviewer.username })
        .where(
          inArray(
            claims.id,
            moved.map((row) => row.id),
          ),
        );
      await auditClaims(
        tx,
        by,
        'assign',
        moved.map((row) => ({ id: row.id, before: { assignedTo: row.assignedTo }, after: { assignedTo: reviewer.username } })),
      );
    }
    return { assigned: moved.map((row) => ({ claimId: row.id, from: row.assignedTo, to: reviewer.username })) };
  });
}
