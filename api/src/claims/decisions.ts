/**
 * A person's decisions on a claim's procedures (issue 23 §4, docs/review-work.md). A decision record is final: a
 * change inserts a new record, and a procedure's newest record (highest id) is its current decision. Only the
 * decisions of the claim's procedures count: a procedure taken off the claim leaves its records, unread.
 *
 * Each record keeps the reason as it read, the adjudicator's verdict for the procedure as it stood, and whether the
 * two differ (decisionDiffers, the one rule), so the list's filter and the quality report read a flag.
 */
import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import {
  claimDecisionOf,
  decisionDiffers,
  type AdjudicationResult,
  type ClaimDecision,
  type ClaimDecisions,
  type DecisionInput,
  type DecisionRecord,
} from '@claims/shared-kernel/contract';
import { NOT_AUTHORIZED, seesOnlyAdjudicated } from '../auth/access';
import type { AuthContext } from '../auth/tokens';
import type { Db, DbOrTx } from '../db';
import { claimDecisions, claims, decisionReasons } from '../db/schema';
import { badRequest, forbidden } from '../http/errors';
import { iso } from '../http/time';
import { closeReview } from '../review/clock';
import type { ClaimRow } from './mapping';

type DecisionRow = typeof claimDecisions.$inferSelect;

const toRecord = (row: DecisionRow): DecisionRecord => ({
  id: row.id,
  procedureCode: row.procedureCode,
  decision: row.decision,
  reasonCode: row.reasonCode,
  reasonDescription: row.reasonDescription,
  note: row.note,
  verdict: row.verdict,
  differs: row.differs,
  decidedBy: row.decidedBy,
  decidedAt: iso(row.decidedAt) ?? '',
});

/** The adjudicator's verdict for one procedure of the claim, or null before one is stored. */
const verdictOf = (claim: ClaimRow, procedureCode: string): AdjudicationResult | null =>
  claim.adjudicationDetails?.[procedureCode]?.adjudicationResult ?? null;

/**
 * Who may decide: whoever may review the claim. The provider's users any claim they see; an insurer's users their
 * own organisation's ADJUDICATED claims only (they see the pending claims they created, but there is nothing to
 * decide beside yet). loadVisibleClaim has already hidden every other claim.
 */
export function requireDecisionRight(auth: AuthContext, claim: ClaimRow): void {
  if (seesOnlyAdjudicated(auth) && claim.status !== 'ADJUDICATED') {
    throw forbidden(`${NOT_AUTHORIZED}: decisions are recorded on ADJUDICATED claims only`);
  }
}

/** GET /claims/{claimId}/decisions: each procedure with its verdict, its current decision and every decision. */
export async function claimDecisionsOf(db: DbOrTx, claim: ClaimRow): Promise<ClaimDecisions> {
  const rows = await db
    .select()
    .from(claimDecisions)
    .where(eq(claimDecisions.claimId, claim.id))
    .orderBy(asc(claimDecisions.procedureCode), desc(claimDecisions.id));
  const procedures = claim.procedureCodes.map((procedureCode, index) => {
    const history = rows.filter((row) => row.procedureCode === procedureCode).map(toRecord);
    return {
      procedureCode,
      procedureName: claim.procedureNames[index] ?? null,
      verdict: verdictOf(claim, procedureCode),
      current: history[0] ?? null,
      history,
    };
  });
  const current = procedures.flatMap((p) => (p.current ? [p.current.decision] : []));
  return {
    claimId: claim.id,
    decision: claimDecisionOf(current),
    complete: procedures.length > 0 && current.length === procedures.length,
    procedures,
  };
}

/** The reason of a decision, checked: it exists, is active and applies to the decision; a denial must give one. */
async function reasonFor(db: DbOrTx, input: DecisionInput, field: string): Promise<{ code: string; description: string } | null> {
  const code = input.reasonCode?.trim();
  if (!code) {
    if (input.decision === 'DENY') throw badRequest(`${field}.reasonCode: a denial needs a reason code`);
    return null;
  }
  const [reason] = await db.select().from(decisionReasons).where(eq(decisionReasons.code, code));
  if (!reason) throw badRequest(`${field}.reasonCode: no decision reason ${code}`);
  if (!reason.active) throw badRequest(`${field}.reasonCode: decision reason ${code} is inactive`);
  if (!reason.decisions.includes(input.decision)) {
    throw badRequest(`${field}.reasonCode: decision reason ${code} does not apply to ${input.decision}`);
  }
  return { code: reason.code, description: reason.description };
}

/**
 * POST /claims/{claimId}/decisions: one procedure's decision or several, recorded together or not at all, at `at`.
 * Once every procedure of the claim has a current decision, the claim's review is closed in the same transaction
 * (its turnaround stored; closing a closed review changes nothing).
 */
export async function recordDecisions(
  db: Db,
  auth: AuthContext,
  claim: ClaimRow,
  inputs: readonly DecisionInput[],
  at: Date,
): Promise<ClaimDecisions> {
  requireDecisionRight(auth, claim);
  const seen = new Set<string>();
  inputs.forEach((input, index) => {
    const field = `decisions.${index}.procedureCode`;
    if (!claim.procedureCodes.includes(input.procedureCode)) {
      throw badRequest(`${field}: ${input.procedureCode} is not a procedure of claim ${claim.id}`);
    }
    if (seen.has(input.procedureCode)) throw badRequest(`${field}: ${input.procedureCode} is decided twice`);
    seen.add(input.procedureCode);
  });
  return db.transaction(async (tx) => {
    // One writer per claim at a time, so two people deciding its last procedures both see the claim complete.
    const [locked] = await tx.select().from(claims).where(eq(claims.id, claim.id)).for('update');
    const values = [];
    for (const [index, input] of inputs.entries()) {
      const reason = await reasonFor(tx, input, `decisions.${index}`);
      const verdict = verdictOf(locked, input.procedureCode);
      values.push({
        claimId: claim.id,
        procedureCode: input.procedureCode,
        decision: input.decision,
        reasonCode: reason?.code ?? null,
        reasonDescription: reason?.description ?? null,
        note: input.note?.trim() || null,
        verdict,
        differs: decisionDiffers(input.decision, verdict),
        decidedBy: auth.username,
        decidedAt: at,
      });
    }
    await tx.insert(claimDecisions).values(values);
    const decisions = await claimDecisionsOf(tx, locked);
    if (decisions.complete) await closeReview(tx, claim.id, at);
    return decisions;
  });
}

/**
 * The current decisions of the claim in the outer query (`claims`): each procedure of the claim's newest record.
 * `columns` are the records' columns the caller reads.
 */
const currentDecisions = (columns: SQL) => sql`(
  select distinct on (d.procedure_code) ${columns}
  from ${claimDecisions} d
  where d.claim_id = ${claims.id} and ${claims.procedureCodes} @> jsonb_build_array(d.procedure_code)
  order by d.procedure_code, d.id desc
)`;

/** The claims list's Decision: the current decisions alike, that one; different, MIXED; none, null (claimDecisionOf). */
export const claimDecisionSql = sql<ClaimDecision | null>`(
  select case when min(cur.decision) = max(cur.decision) then min(cur.decision) when count(*) > 0 then 'MIXED' end
  from ${currentDecisions(sql`d.decision`)} cur
)`;

/**
 * The claims whose person's decision differs from the verdict for at least one procedure (the list's filter). The
 * claims with any differing record come first, so a list of an organisation's many claims reads the current
 * decisions of those few only.
 */
export const decisionDiffersSql = sql`(${claims.id} in (select ${claimDecisions.claimId} from ${claimDecisions} where ${claimDecisions.differs})
  and exists (select 1 from ${currentDecisions(sql`d.differs`)} cur where cur.differs))`;

/**
 * The quality report's figure (docs/review-work.md): the organisation's claims whose current decisions were made in
 * the period (the newest of them), and of those the claims where one differs from the verdict.
 */
export async function decisionFigures(
  db: DbOrTx,
  scope: { org: string; adjudicatedOnly: boolean },
  period: { start: Date; end: Date },
): Promise<{ claims: number; differing: number }> {
  const current = db
    .selectDistinctOn([claimDecisions.claimId, claimDecisions.procedureCode], {
      claimId: claimDecisions.claimId,
      differs: claimDecisions.differs,
      decidedAt: claimDecisions.decidedAt,
    })
    .from(claimDecisions)
    .innerJoin(claims, eq(claims.id, claimDecisions.claimId))
    .where(
      and(
        eq(claims.org, scope.org),
        scope.adjudicatedOnly ? eq(claims.status, 'ADJUDICATED') : undefined,
        sql`${claims.procedureCodes} @> jsonb_build_array(${claimDecisions.procedureCode})`,
      ),
    )
    .orderBy(claimDecisions.claimId, claimDecisions.procedureCode, desc(claimDecisions.id))
    .as('current');
  const perClaim = db
    .select({ differs: sql<boolean>`bool_or(${current.differs})`.as('differs') })
    .from(current)
    .groupBy(current.claimId)
    .having(and(gte(sql`max(${current.decidedAt})`, period.start), lt(sql`max(${current.decidedAt})`, period.end)))
    .as('per_claim');
  const [row] = await db
    .select({
      claims: sql<number>`count(*)::int`,
      differing: sql<number>`count(*) filter (where ${perClaim.differs})::int`,
    })
    .from(perClaim);
  return { claims: row?.claims ?? 0, differing: row?.differing ?? 0 };
}
