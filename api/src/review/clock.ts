/**
 * The review's clock (docs/review-work.md). A claim's review is due at its arrival plus the due time of its insurer
 * and case type; the clock stops while the claim waits for documents or answers from outside, and every paused span
 * moves the due time later by as much. Closing the review stores when it was decided and its turnaround: decided
 * less arrival less the paused time.
 *
 * Each function changes one claim inside the caller's transaction, with the instant `at` the caller gives (never the
 * database's clock, so tests choose it). Each is safe to call twice: pausing a paused clock, resuming a running one
 * or closing a closed review changes nothing. A closed review's clock neither pauses nor resumes.
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db';
import { claims } from '../db/schema';

/** The instant as a SQL timestamptz (the same text on PGlite and PostgreSQL). */
const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** Whole seconds from `from` to `to` (SQL expressions). */
const secondsBetween = (from: ReturnType<typeof sql>, to: ReturnType<typeof sql>) =>
  sql<number>`floor(extract(epoch from (${to} - ${from})))::int`;

/** The claim waits for something from outside (documents, answers): its clock stops at `at`. */
export async function pauseClock(tx: DbOrTx, claimId: number, at: Date): Promise<void> {
  await tx
    .update(claims)
    .set({ reviewPausedAt: at })
    .where(and(eq(claims.id, claimId), isNull(claims.reviewPausedAt), isNull(claims.reviewClosedAt)));
}

/** What the claim waited for came: its clock runs again from `at`, and the due time moves later by the paused span. */
export async function resumeClock(tx: DbOrTx, claimId: number, at: Date): Promise<void> {
  const paused = secondsBetween(sql`${claims.reviewPausedAt}`, instant(at));
  await tx
    .update(claims)
    .set({
      dueAt: sql`${claims.dueAt} + make_interval(secs => greatest(${paused}, 0))`,
      reviewPausedSeconds: sql`${claims.reviewPausedSeconds} + greatest(${paused}, 0)`,
      reviewPausedAt: null,
    })
    .where(and(eq(claims.id, claimId), isNotNull(claims.reviewPausedAt), isNull(claims.reviewClosedAt)));
}

/**
 * The review is decided at `at` (or needs no person): it leaves every queue, and its turnaround is stored. A clock
 * still paused counts as resumed at `at`.
 */
export async function closeReview(tx: DbOrTx, claimId: number, at: Date): Promise<void> {
  await resumeClock(tx, claimId, at);
  const arrival = sql`coalesce(${claims.arrivalDate}, ${claims.createdOn})`;
  await tx
    .update(claims)
    .set({
      reviewClosedAt: at,
      turnaroundSeconds: sql`greatest(${secondsBetween(arrival, instant(at))} - ${claims.reviewPausedSeconds}, 0)`,
    })
    .where(and(eq(claims.id, claimId), isNull(claims.reviewClosedAt)));
}
