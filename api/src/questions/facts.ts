/**
 * A claim's answers to its procedure questions as facts for the adjudicator. The questions page keeps the
 * answers by question id; each counts as a value of the question's entity type (a diagnosis answer makes
 * that diagnosis present for a rule's diagnosis leaf, and only there), answers to 'other' questions count
 * for every entity. A Numerical Value answer to a Clinical Attribute question is that attribute's value
 * when the question's text is the attribute's name or an alias (it wins over what the documents say); other
 * numbers name nothing a rule looks for and are left out. Answers to questions deleted since are left out.
 */
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db';
import { procedureQuestions } from '../db/schema';
import type { VerificationFacts } from '../verification/types';

type AnswerFacts = Pick<VerificationFacts, 'answers' | 'measurements'>;

const QUESTION_ID = /^\d+$/;

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
        })
        .from(procedureQuestions)
        .where(inArray(procedureQuestions.id, ids))
    : [];
  const answers: Record<string, string[]> = {};
  const measurements: NonNullable<VerificationFacts['measurements']> = {};
  const add = (entityType: string, values: string[]) => {
    answers[entityType] = [...new Set([...(answers[entityType] ?? []), ...values])];
  };
  for (const [key, values] of Object.entries(saved)) {
    // Older answers were kept by entity type already.
    if (!QUESTION_ID.test(key)) {
      add(key, values);
      continue;
    }
    const question = asked.find((q) => q.id === Number(key));
    if (!question) continue;
    if (question.questionType !== 'numerics') {
      add(question.entityType, values);
      continue;
    }
    const value = Number(values[0]);
    if (question.entityType === 'Clinical Attribute' && values[0]?.trim() && Number.isFinite(value))
      measurements[question.question.trim()] = { value, unit: null };
  }
  return {
    ...(Object.keys(answers).length ? { answers } : {}),
    ...(Object.keys(measurements).length ? { measurements } : {}),
  };
}
