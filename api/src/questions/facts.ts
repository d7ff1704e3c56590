/**
 * A claim's answers to its procedure questions as facts for the adjudicator. The questions page keeps the
 * answers by question id; each counts, where its question's procedure is judged, as a value of the question's
 * entity type (a diagnosis answer makes that diagnosis present for a rule's diagnosis leaf, and only there);
 * answers to 'other' questions count for every entity. A Numerical Value answer to a Clinical Attribute
 * question is that attribute's value (it wins over what the documents say); the attribute is the one the
 * question's possible answers name, or the one its text names ('What is the patient's Haemoglobin?').
 * Answers to questions deleted since are left out; older answers, kept by entity type, count claim-wide.
 */
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db';
import { procedureQuestions, procedures } from '../db/schema';
import type { ProcedureFacts, VerificationFacts } from '../verification/types';

type AnswerFacts = Pick<VerificationFacts, 'answers' | 'byProcedure'>;

const QUESTION_ID = /^\d+$/;

const addAnswers = (facts: ProcedureFacts, entityType: string, values: string[]) => {
  facts.answers ??= {};
  facts.answers[entityType] = [...new Set([...(facts.answers[entityType] ?? []), ...values])];
};

export async function answerFacts(db: DbOrTx, saved: Record<string, string[]>): Promise<AnswerFacts> {
  const ids = Object.keys(saved)
    .filter((key) => QUESTION_ID.test(key))
    .map(Number);
  const asked = ids.length
    ? await db
        .select({
          id: procedureQuestions.id,
          question: procedureQuestions.question,
          questionType: procedureQuestions.questionType,
          entityType: procedureQuestions.entityType,
          possibleAnswers: procedureQuestions.answer,
          procedureCode: procedures.procedureCode,
        })
        .from(procedureQuestions)
        .innerJoin(procedures, eq(procedures.id, procedureQuestions.procedureId))
        .where(inArray(procedureQuestions.id, ids))
    : [];
  const claimWide: ProcedureFacts = {};
  const byProcedure: Record<string, ProcedureFacts> = {};
  for (const [key, values] of Object.entries(saved)) {
    if (!QUESTION_ID.test(key)) {
      addAnswers(claimWide, key, values);
      continue;
    }
    const question = asked.find((q) => q.id === Number(key));
    if (!question) continue;
    byProcedure[question.procedureCode] ??= {};
    const facts = byProcedure[question.procedureCode];
    if (question.questionType !== 'numerics') {
      addAnswers(facts, question.entityType, values);
      continue;
    }
    const value = Number(values[0]);
    if (question.entityType !== 'Clinical Attribute' || !values[0]?.trim() || !Number.isFinite(value)) continue;
    facts.measurements ??= {};
    // The adjudicator takes the value for the attribute any of these names.
    for (const name of [...question.possibleAnswers, question.question])
      if (name.trim()) facts.measurements[name.trim()] = { value, unit: null };
  }
  return {
    ...(claimWide.answers ? { answers: claimWide.answers } : {}),
    ...(Object.keys(byProcedure).length ? { byProcedure } : {}),
  };
}
