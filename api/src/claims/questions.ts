/**
 * A claim's procedure questions (the /questions/{claimId} screen): the questions its organisation asks
 * for its procedures with the answers saved, and saving answers, which verifies the claim again.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { ClaimAnswersBody, ClaimQuestions } from '@claims/shared-kernel/contract';
import type { AuthContext } from '../auth/tokens';
import type { Db } from '../db';
import { claimAnswers, claims, procedureQuestions, procedures } from '../db/schema';
import { badRequest } from '../http/errors';
import { enqueueVerification, INTERACTIVE_PRIORITY } from '../jobs/enqueue';
import { questions } from '../questions/store';
import type { ClaimRow } from './mapping';
import { lockIdleClaim } from './verification';

const askedOf = (db: Db, claim: ClaimRow) =>
  questions(
    db,
    and(
      eq(procedureQuestions.org, claim.org),
      inArray(procedures.procedureCode, claim.procedureCodes.length ? claim.procedureCodes : ['']),
    ),
  );

export async function claimQuestions(db: Db, claim: ClaimRow): Promise<ClaimQuestions> {
  const list = claim.procedureCodes.length ? await askedOf(db, claim) : [];
  const [saved] = await db
    .select({ payload: claimAnswers.payload })
    .from(claimAnswers)
    .where(and(eq(claimAnswers.claimId, claim.id), eq(claimAnswers.kind, 'questions')));
  return { questions: list, answers: (saved?.payload.answers as Record<string, string[]> | undefined) ?? {} };
}

/** Answers are kept as facts for the rules (each must be one of the claim's questions) and the claim is verified again. */
export async function answerClaimQuestions(
  db: Db,
  auth: AuthContext,
  claim: ClaimRow,
  answers: ClaimAnswersBody['answers'],
): Promise<void> {
  const asked = await askedOf(db, claim);
  const foreign = Object.keys(answers).filter((id) => !asked.some((q) => String(q.id) === id));
  if (foreign.length) throw badRequest(`answers.${foreign[0]}: not a question of this claim`);
  await db.transaction(async (tx) => {
    await lockIdleClaim(tx, claim.id, { joinWaiting: true });
    const payload = { answers };
    await tx
      .insert(claimAnswers)
      .values({ claimId: claim.id, kind: 'questions', payload, createdBy: auth.username })
      .onConflictDoUpdate({
        target: [claimAnswers.claimId, claimAnswers.kind],
        set: { payload, createdBy: auth.username, createdAt: new Date() },
      });
    await tx.update(claims).set({ lastModifiedBy: auth.username, lastModifiedOn: new Date() }).where(eq(claims.id, claim.id));
    await enqueueVerification(tx, claim.id, { priority: INTERACTIVE_PRIORITY, rerun: true, requestedBy: auth.username });
  });
}
