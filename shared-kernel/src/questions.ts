/**
 * Procedure protocol questions (spec 2 §3, §5): their types, entity types and limits, and the one rule for
 * possible answers, which the question form and the server's contract share (no zod here, so the form's
 * bundle can load it).
 */
import { ANSWER_ENTITY_TYPES, type AnswerEntityType } from './kinds';

export const QUESTION_TYPES = [
  { code: 'single', label: 'Single Select' },
  { code: 'multi', label: 'Multiple Select' },
  { code: 'radio', label: 'Boolean' },
  { code: 'numerics', label: 'Numerical Value' },
] as const;
export const QUESTION_TYPE_CODES = ['single', 'multi', 'radio', 'numerics'] as const;
export type QuestionType = (typeof QUESTION_TYPE_CODES)[number];
export const questionTypeLabel = (code: string): string => QUESTION_TYPES.find((t) => t.code === code)?.label ?? code;

/** What a question is about: a kind of the kinds table (its question entity type), or 'other'. */
export type QuestionEntityType = AnswerEntityType | 'other';
export const QUESTION_ENTITY_TYPES = [...ANSWER_ENTITY_TYPES, 'other'] as [QuestionEntityType, ...QuestionEntityType[]];

/** Procedures of one question and its possible answers: at most 10 each (spec 2 §5, §9). */
export const QUESTION_LIMIT = 10;
export const QUESTION_TEXT_MAX = 500;
export const ANSWER_TEXT_MAX = 200;

/**
 * Why a question's possible answers do not suit its type, or null: a choice needs at least one answer, a
 * numerical value takes none, and no answer is given twice (case aside). A Boolean question without answers
 * offers Yes and No.
 */
export function answersProblem(questionType: QuestionType, answers: readonly string[]): string | null {
  if (questionType === 'numerics') return answers.length ? 'a Numerical Value question takes no possible answers' : null;
  if ((questionType === 'single' || questionType === 'multi') && answers.length === 0)
    return 'Single Select and Multiple Select questions need at least one possible answer';
  const seen = new Set<string>();
  for (const answer of answers) {
    const folded = answer.trim().toLowerCase();
    if (seen.has(folded)) return `'${answer.trim()}' is given twice`;
    seen.add(folded);
  }
  return null;
}
