/**
 * The due times of reviews per insurer and case type (review_due_times): the row without an insurer is the default of
 * every insurer without its own. A claim's due time is fixed when its review starts; later edits apply to later claims.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CaseType } from '@claims/shared-kernel/constants';
import type { ReviewSettings, ReviewSettingsBody } from '@claims/shared-kernel/contract';
import type { ReviewPolicy } from '../config';
import type { Db, DbOrTx } from '../db';
import { organizations, reviewDueTimes } from '../db/schema';
import { badRequest } from '../http/errors';
import { iso } from '../http/time';

const HOUR_MS = 3600_000;

/** Hours when neither the insurer nor the default row says (the migration seeds these defaults). */
const FALLBACK_HOURS: Record<CaseType, number> = { PRE_AUTH: 4, SETTLEMENT: 120 };

/** When a review of the insurer's claim of the case type, arrived at `arrival`, is due. */
export async function dueTimeFor(db: DbOrTx, org: string, caseType: CaseType, arrival: Date): Promise<Date> {
  const rows = await db
    .select({ org: reviewDueTimes.org, dueHours: reviewDueTimes.dueHours })
    .from(reviewDueTimes)
    .where(and(eq(reviewDueTimes.caseType, caseType), sql`(${reviewDueTimes.org} = ${org} or ${isNull(reviewDueTimes.org)})`));
  const own = rows.find((row) => row.org === org) ?? rows.find((row) => row.org === null);
  return new Date(arrival.getTime() + (own?.dueHours ?? FALLBACK_HOURS[caseType]) * HOUR_MS);
}

/** GET /review/settings: the due times (default rows first, then by insurer and case type) and the configured policy. */
export async function reviewSettings(db: DbOrTx, policy: ReviewPolicy): Promise<ReviewSettings> {
  const rows = await db.select().from(reviewDueTimes).orderBy(sql`${reviewDueTimes.org} nulls first`, reviewDueTimes.caseType);
  const latest = rows.reduce<(typeof rows)[number] | null>(
    (last, row) => (row.lastModifiedAt && (!last?.lastModifiedAt || row.lastModifiedAt > last.lastModifiedAt) ? row : last),
    null,
  );
  return {
    dueTimes: rows.map((row) => ({ org: row.org, caseType: row.caseType, dueHours: row.dueHours })),
    sampleAcceptedPercent: policy.sampleAcceptedPercent,
    openClaimLimit: policy.openClaimLimit,
    lastModifiedBy: latest?.lastModifiedBy ?? null,
    lastModifiedAt: iso(latest?.lastModifiedAt),
  };
}

/**
 * PUT /review/settings (provider super users; the route checks): the due times as given replace the stored ones. The
 * default row of each case type is required, an insurer must exist, and an insurer and case type come once.
 */
export async function saveReviewSettings(
  db: Db,
  body: ReviewSettingsBody,
  by: string,
  at: Date,
  policy: ReviewPolicy,
): Promise<ReviewSettings> {
  const seen = new Set<string>();
  for (const row of body.dueTimes) {
    const key = `${row.org ?? ''}/${row.caseType}`;
    if (seen.has(key)) throw badRequest(`dueTimes: ${row.org ?? 'the default'} ${row.caseType} is given twice`);
    seen.add(key);
  }
  for (const caseType of Object.keys(FALLBACK_HOURS) as CaseType[])
    if (!seen.has(`/${caseType}`)) throw badRequest(`dueTimes: the default due time of ${caseType} is required`);
  const orgs = [...new Set(body.dueTimes.flatMap((row) => (row.org ? [row.org] : [])))];
  if (orgs.length) {
    const known = new Set((await db.select({ code: organizations.code }).from(organizations)).map((row) => row.code));
    const unknown = orgs.filter((org) => !known.has(org));
    if (unknown.length) throw badRequest(`dueTimes: unknown organisation ${unknown.map((org) => `'${org}'`).join(', ')}`);
  }
  await db.transaction(async (tx) => {
    await tx.delete(reviewDueTimes);
    await tx.insert(reviewDueTimes).values(body.dueTimes.map((row) => ({ ...row, lastModifiedBy: by, lastModifiedAt: at })));
  });
  return reviewSettings(db, policy);
}
