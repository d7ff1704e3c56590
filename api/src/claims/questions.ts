/**
 * A claim's procedure questions (the /questions/{claimId} screen): the questions asked for its procedures
 * with the answers saved, and saving answers, which verifies the claim again with them. Questions never
 * block a claim: it is verified from its documents at once, wherever it came from, and until its questions
 * are answered it shows 'Answers requested' (answersRequested) and its review clock is paused.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PROVIDER_ORG } from '@claims/shared-kernel/constants';
import type { ClaimAnswersBody, ClaimQuestions, ProcedureQuestion } from '@claims/shared-kernel/contract';
import type { AuthContext } from '../auth/tokens';
import type { Db, DbOrTx } from '../db';
import { claimAnswers, claims, procedureQuestions, procedures } from '../db/schema';
import { badRequest } from '../http/errors';
import { enqueueVerification, INTERACTIVE_PRIORITY } from '../jobs/enqueue';
import { questions } from '../questions/store';
import { resumeClock } from '../review/clock';
import type { ClaimRow } from './mapping';

const questionsOf = (db: DbOrTx, org: string, codes: string[]) =>
  codes.length
    ? questions(db, and(eq(procedureQuestions.org, org), inArray(procedures.procedureCode, codes)))
    : Promise.resolve<ProcedureQuestion[]>([]);

/**
 * The questions asked for these procedures of an organisation's claim: for each procedure the organisation's
 * own questions, or the provider's where it has none (as a rule of the provider judges an insurer without one).
 */
export async function questionsAskedFor(db: DbOrTx, org: string, codes: string[]): Promise<ProcedureQuestion[]> {
  const own = await questionsOf(db, org, codes);
  const answered = new Set(own.map((q) => q.procedure.procedure_code));
  const borrowed =
    org === PROVIDER_ORG
      ? []
      : await questionsOf(
          db,
          PROVIDER_ORG,
          codes.filter((code) => !answered.has(code)),
        );
  return [...own, ...borrowed];
}

const savedAnswers = async (db: DbOrTx, claimId: number): Promise<Record<string, string[]> | null> => {
  const [saved] = await db
    .select({ payload: claimAnswers.payload })
    .from(claimAnswers)
    .where(and(eq(claimAnswers.claimId, claimId), eq(claimAnswers.kind, 'questions')));
  return (saved?.payload.answers as Record<string, string[]> | undefined) ?? null;
};

export async function claimQuestions(db: Db, claim: ClaimRow): Promise<ClaimQuestions> {
  const list = await questionsAskedFor(db, claim.org, claim.procedureCodes);
  return { questions: list, answers: (await savedAnswers(db, claim.id)) ?? {} };
}

/** Questions are asked for the claim's procedures and none is answered yet: the claim page and the lists say 'Answers requested'. */
export async function answersRequested(db: DbOrTx, claim: Pick<ClaimRow, 'id' | 'org' | 'procedureCodes'>): Promise<boolean> {
  if ((await savedAnswers(db, claim.id)) !== null) return false;
  return (await questionsAskedFor(db, claim.org, claim.procedureCodes)).length > 0;
}

/**
 * A column of the outer query's claims row, always with its table: drizzle writes a single table's columns bare in
 * a select list, and a bare "id" or "org" inside the subqueries below would name the subquery's own table.
 */
const claimColumn = (name: 'id' | 'org' | 'procedure_codes'): SQL => sql`${sql.identifier('claims')}.${sql.identifier(name)}`;

/**
 * answersRequested as a condition on the claims table, for the lists' column and filter. A procedure is asked the
 * organisation's own questions or, without any, the provider's: so it is asked some exactly when either has one.
 */
export const answersRequestedSql: SQL<boolean> = sql<boolean>`(exists (
    select 1 from ${procedureQuestions} q join ${procedures} p on p.id = q.procedure_id
    where q.org in (${claimColumn('org')}, ${PROVIDER_ORG}) and ${claimColumn('procedure_codes')} ? p.procedure_code
  ) and not exists (
    select 1 from ${claimAnswers} a where a.claim_id = ${claimColumn('id')} and a.kind = 'questions'
  ))`;

/**
 * Answers are kept as facts for the rules (each must be one of the claim's questions) and the claim is
 * verified again with them: after a verification already running, or together with one still waiting.
 * The first answers resume the review clock that the requested answers paused.
 */
export async function answerClaimQuestions(
  db: Db,
  auth: AuthContext,
  claim: ClaimRow,
  answers: ClaimAnswersBody['answers'],
  /** The request's id (X-Request-Id), kept on the verification job so the worker's lines for it carry it. */
  requestId: string,
): Promise<void> {
  const asked = await questionsAskedFor(db, claim.org, claim.procedureCodes);
  const foreign = Object.keys(answers).filter((id) => !asked.some((q) => String(q.id) === id));
  if (foreign.length) throw badRequest(`answers.${foreign[0]}: not a question of this claim`);
  await db.transaction(async (tx) => {
    // One answer at a time per claim: the answers saved are the ones the queued verification reads.
    await tx.select({ id: claims.id }).from(claims).where(eq(claims.id, claim.id)).for('update');
    const payload = { answers };
    await tx
      .insert(claimAnswers)
      .values({ claimId: claim.id, kind: 'questions', payload, createdBy: auth.username })
      .onConflictDoUpdate({
        target: [claimAnswers.claimId, claimAnswers.kind],
        set: { payload, createdBy: auth.username, createdAt: new Date() },
      });
    const now = new Date();
    await tx.update(claims).set({ lastModifiedBy: auth.username, lastModifiedOn: now }).where(eq(claims.id, claim.id));
    await resumeClock(tx, claim.id, now);
    await enqueueVerification(tx, claim.id, { priority: INTERACTIVE_PRIORITY, rerun: true, requestedBy: auth.username, requestId });
  });
}
