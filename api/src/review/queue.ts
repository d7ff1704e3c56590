/**
 * GET /review/queue: a reviewer's open reviews by due time with the counts of the day, and for a provider super user
 * every reviewer's load and the open reviews nobody holds. 'Now' and the display zone are the caller's, so tests choose.
 */
import { and, asc, count, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { REVIEW_QUEUE_MAX, type QueueClaim, type QueueCounts, type ReviewQueue, type ReviewerLoad } from '@claims/shared-kernel/contract';
import type { AuthContext } from '../auth/tokens';
import { NOT_AUTHORIZED, isProvider } from '../auth/access';
import type { DbOrTx } from '../db';
import { claims, users } from '../db/schema';
import { forbidden } from '../http/errors';
import { endOfDayExclusive, formatIn } from '../http/time';
import { openReview } from './assignment';

/** Open, the clock running and the due time passed. */
export const overdueAt = (now: Date): SQL => and(openReview, isNull(claims.reviewPausedAt), lt(claims.dueAt, now))!;

/** The same of a claim row read whole (the batch lists), at `now`. */
export const isOverdue = (row: { dueAt: Date | null; reviewClosedAt: Date | null; reviewPausedAt: Date | null }, now: Date): boolean =>
  row.dueAt !== null && row.reviewClosedAt === null && row.reviewPausedAt === null && row.dueAt < now;

/** The same for the lists, at the database's now. */
export const overdueSql = sql<boolean>`(${claims.dueAt} is not null and ${claims.reviewClosedAt} is null and ${claims.reviewPausedAt} is null and ${claims.dueAt} < now())`;

const QUEUE_COLUMNS = {
  id: claims.id,
  referenceClaimId: claims.referenceClaimId,
  patientName: claims.patientName,
  org: claims.org,
  caseType: claims.caseType,
  adjudicationResult: claims.adjudicationResult,
  assignedTo: claims.assignedTo,
  dueAt: claims.dueAt,
  pausedAt: claims.reviewPausedAt,
};

async function queueOf(db: DbOrTx, holder: SQL, now: Date, zone: string): Promise<{ counts: QueueCounts; claims: QueueClaim[] }> {
  const where = and(holder, openReview);
  const endOfToday = endOfDayExclusive(formatIn(now, zone, 'YYYY-MM-DD'), zone);
  const overdue = overdueAt(now);
  const [totals] = await db
    .select({
      open: count(),
      overdue: sql<number>`count(*) filter (where ${overdue})::int`,
      // Still to do today: the clock running (a paused claim's due time moves on), due from now to the day's end.
      dueToday: sql<number>`count(*) filter (where ${claims.reviewPausedAt} is null and ${claims.dueAt} >= ${now.toISOString()}::timestamptz and ${claims.dueAt} < ${endOfToday.toISOString()}::timestamptz)::int`,
    })
    .from(claims)
    .where(where);
  const rows = await db.select(QUEUE_COLUMNS).from(claims).where(where).orderBy(asc(claims.dueAt), asc(claims.id)).limit(REVIEW_QUEUE_MAX);
  return {
    counts: { open: totals.open, overdue: totals.overdue, dueToday: totals.dueToday },
    claims: rows.map(({ pausedAt, dueAt, ...row }) => ({
      ...row,
      dueAt: (dueAt as Date).toISOString(),
      paused: pausedAt !== null,
      overdue: pausedAt === null && (dueAt as Date) < now,
    })),
  };
}

/** Every active reviewer (user role) with their open and overdue reviews, busiest first. */
async function reviewerLoads(db: DbOrTx, now: Date): Promise<ReviewerLoad[]> {
  const reviewers = await db
    .select({ username: users.username, organization: users.organization })
    .from(users)
    .where(and(eq(users.role, 'user'), eq(users.active, true)));
  const loads = reviewers.length
    ? await db
        .select({
          reviewer: claims.assignedTo,
          open: count(),
          overdue: sql<number>`count(*) filter (where ${overdueAt(now)})::int`,
        })
        .from(claims)
        .where(
          and(
            inArray(
              claims.assignedTo,
              reviewers.map((r) => r.username),
            ),
            openReview,
          ),
        )
        .groupBy(claims.assignedTo)
    : [];
  const byReviewer = new Map(loads.map((load) => [load.reviewer, load]));
  return reviewers
    .map((r) => ({ ...r, open: byReviewer.get(r.username)?.open ?? 0, overdue: byReviewer.get(r.username)?.overdue ?? 0 }))
    .sort((a, b) => b.overdue - a.overdue || b.open - a.open || a.username.localeCompare(b.username));
}

/** The signed-in user's queue, or (provider super users) the named reviewer's with everyone's load and the unassigned. */
export async function reviewQueue(
  db: DbOrTx,
  auth: AuthContext,
  reviewer: string | undefined,
  now: Date,
  zone: string,
): Promise<ReviewQueue> {
  const supervisor = isProvider(auth) && auth.role === 'super_user';
  if (reviewer && reviewer.toLowerCase() !== auth.username.toLowerCase() && !supervisor)
    throw forbidden(`${NOT_AUTHORIZED}: only the provider's super users see another reviewer's queue`);
  const whose = reviewer ?? auth.username;
  const own = await queueOf(db, sql`lower(${claims.assignedTo}) = lower(${whose})`, now, zone);
  if (!supervisor) return { reviewer: whose, ...own };
  return {
    reviewer: whose,
    ...own,
    reviewers: await reviewerLoads(db, now),
    unassigned: await queueOf(db, isNull(claims.assignedTo), now, zone),
  };
}
