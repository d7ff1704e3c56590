import { answersProblem, insurerLabel, QUESTION_LIMIT } from '@claims/shared-kernel';
import type { ProcedureQuestion, QuestionEntityType, QuestionSaveBody, QuestionType } from '@claims/shared-kernel';

/** One question as the form holds it while it is typed; `id` when it is a stored question being edited. */
export interface QuestionDraft {
  id?: number;
  question: string;
  entityType: QuestionEntityType | null;
  questionType: QuestionType | null;
  /** The possible-answer rows, blanks included while they are typed. */
  answers: string[];
}

export const EMPTY_DRAFT: QuestionDraft = { question: '', entityType: null, questionType: null, answers: [''] };

export type DraftField = 'question' | 'entityType' | 'questionType' | 'answers';
export type DraftProblems = Partial<Record<DraftField, string>>;

export const draftOf = (stored: ProcedureQuestion): QuestionDraft => ({
  id: stored.id,
  question: stored.question,
  entityType: stored.entityType,
  questionType: stored.questionType,
  answers: [...stored.answer],
});

const filled = (answers: string[]) => answers.map((a) => a.trim());

/** Nothing typed yet: Save ignores such a form. */
export const isBlank = (draft: QuestionDraft): boolean =>
  !draft.question.trim() && !draft.entityType && !draft.questionType && draft.answers.every((a) => !a.trim());

/**
 * A Numerical Value question has no answer rows; a Boolean one keeps only the answers typed (none offers Yes and
 * No); a choice starts with one empty row.
 */
export function withQuestionType(draft: QuestionDraft, questionType: QuestionType): QuestionDraft {
  if (questionType === 'numerics') return { ...draft, questionType, answers: [] };
  if (questionType === 'radio') return { ...draft, questionType, answers: draft.answers.filter((a) => a.trim()) };
  return { ...draft, questionType, answers: draft.answers.length === 0 ? [''] : draft.answers };
}

/** Another answer row may be added when every row has text and fewer than 10 are there (spec 2 §5). */
export const canAddAnswer = (draft: QuestionDraft): boolean =>
  draft.questionType !== 'numerics' && draft.answers.length < QUESTION_LIMIT && draft.answers.every((a) => a.trim() !== '');

/** What keeps the question from being queued or saved, per field. */
export function draftProblems(draft: QuestionDraft): DraftProblems {
  const problems: DraftProblems = {};
  if (!draft.question.trim()) problems.question = 'Enter the question';
  if (!draft.entityType) problems.entityType = 'Choose the entity type';
  if (!draft.questionType) problems.questionType = 'Choose the question type';
  if (draft.answers.some((a) => !a.trim())) problems.answers = 'Fill in every possible answer';
  else if (draft.questionType) {
    const problem = answersProblem(draft.questionType, filled(draft.answers));
    if (problem) problems.answers = problem.charAt(0).toUpperCase() + problem.slice(1);
  }
  return problems;
}

export const hasProblems = (problems: DraftProblems): boolean => Object.keys(problems).length > 0;

/** The wire body of the draft for the chosen procedures, or null while it has problems (draftProblems). */
export function saveBody(draft: QuestionDraft, procedures: number[]): QuestionSaveBody | null {
  const { entityType, questionType } = draft;
  if (!entityType || !questionType || hasProblems(draftProblems(draft))) return null;
  return { fk_procedure: procedures, question: draft.question.trim(), questionType, entityType, answer: filled(draft.answers) };
}

/** Whether a stored question's draft differs from what is stored. */
export function isChanged(draft: QuestionDraft, stored: ProcedureQuestion): boolean {
  return (
    draft.question.trim() !== stored.question ||
    draft.entityType !== stored.entityType ||
    draft.questionType !== stored.questionType ||
    filled(draft.answers).join('\u0000') !== stored.answer.join('\u0000')
  );
}

/** The alerts of spec 2 §8 (with 'overrided' spelled 'overridden', spec README). */
export const ALERTS = {
  created: (org: string) => `Procedure protocol question created for the mentioned procedure(s) in ${insurerLabel(org)}`,
  notCreated: (procedures: string) => `Procedure protocol has not created for this ${procedures}.`,
  overridden: (procedures: string, org: string) => `Procedure protocol question overridden for the ${procedures} in ${insurerLabel(org)}`,
  notOverridden: 'Procedure protocol has not created for this procedure.',
  updated: (procedures: string) => `Procedure protocol question is updated for this procedure ${procedures}`,
  deleted: 'Deleted Successfully',
  deleteFailed: (message: string) => `Error: ${message}`,
};

export const QUESTIONS_PATH = '/procedureQuestions';
export const listPath = (org: string): string => `${QUESTIONS_PATH}?org=${encodeURIComponent(org)}`;

/** The two ways into the editor from a question (spec 2 §2.1, §2.12). */
export const EDIT_TYPES = ['onlyEditProcedure', 'notEditProcedure'] as const;
export type EditType = (typeof EDIT_TYPES)[number];
export const editPath = (procedureId: number, type: EditType, org: string): string =>
  `${QUESTIONS_PATH}/edit?procedureId=${procedureId}&type=${type}&org=${encodeURIComponent(org)}`;
