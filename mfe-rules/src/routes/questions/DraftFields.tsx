import { DeleteOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { ANSWER_TEXT_MAX, QUESTION_ENTITY_TYPES, QUESTION_LIMIT, QUESTION_TEXT_MAX, QUESTION_TYPES } from '@claims/shared-kernel';
import type { QuestionEntityType, QuestionType } from '@claims/shared-kernel';
import { Button, Flex, Form, Input, Select, Typography } from 'antd';
import type { InputRef } from 'antd';
import { type Ref, useState } from 'react';
import { AnswerPicker } from './AnswerPicker';
import { canAddAnswer, type DraftProblems, type QuestionDraft, withQuestionType } from './questionDraft';

export interface DraftFieldsProps {
  draft: QuestionDraft;
  onChange: (draft: QuestionDraft) => void;
  /** Shown once the user tried to queue or save the question. */
  problems: DraftProblems;
  /** Enter in the question: queue it and start the next (or Save Changes while one is edited). */
  onSubmitQuestion: () => void;
  questionRef: Ref<InputRef>;
  org: string;
  procedureCodes: string[];
}

const ANSWER_HINTS: Partial<Record<QuestionType, string>> = {
  radio: 'Leave empty to offer Yes and No',
  numerics: 'A Numerical Value question is answered with a number',
};

/** One question's fields (spec 2 §2.11): question text, entity type, question type and possible answers. */
export function DraftFields({ draft, onChange, problems, onSubmitQuestion, questionRef, org, procedureCodes }: DraftFieldsProps) {
  const [picking, setPicking] = useState(false);
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const status = (field: keyof DraftProblems) => (problems[field] ? 'error' : undefined);
  const setAnswer = (index: number, text: string) => onChange({ ...draft, answers: draft.answers.map((a, i) => (i === index ? text : a)) });
  const addAnswer = () => {
    if (!canAddAnswer(draft)) return;
    setFocusRow(draft.answers.length);
    onChange({ ...draft, answers: [...draft.answers, ''] });
  };
  const filledAnswers = draft.answers.filter((a) => a.trim());
  const pick = (picked: string[]) => {
    onChange({ ...draft, answers: [...filledAnswers, ...picked].slice(0, QUESTION_LIMIT) });
    setPicking(false);
  };

  return (
    <>
      <Form.Item label="Question" htmlFor="question-text" required validateStatus={status('question')} help={problems.question}>
        <Input
          id="question-text"
          ref={questionRef}
          value={draft.question}
          maxLength={QUESTION_TEXT_MAX}
          placeholder="Type the question and press Enter for the next"
          onChange={(event) => onChange({ ...draft, question: event.target.value })}
          onPressEnter={(event) => {
            event.preventDefault();
            onSubmitQuestion();
          }}
        />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item
          label="Entity Type"
          htmlFor="entity-type"
          required
          validateStatus={status('entityType')}
          help={problems.entityType}
          style={{ minWidth: 240, flex: 1 }}
        >
          <Select<QuestionEntityType>
            id="entity-type"
            aria-label="Entity Type"
            placeholder="Select the entity type"
            value={draft.entityType}
            onChange={(entityType) => onChange({ ...draft, entityType })}
            options={QUESTION_ENTITY_TYPES.map((type) => ({ value: type, label: type }))}
          />
        </Form.Item>
        <Form.Item
          label="Question Type"
          htmlFor="question-type"
          required
          validateStatus={status('questionType')}
          help={problems.questionType}
          style={{ minWidth: 240, flex: 1 }}
        >
          <Select<QuestionType>
            id="question-type"
            aria-label="Question Type"
            placeholder="Select the question type"
            value={draft.questionType}
            onChange={(questionType) => onChange(withQuestionType(draft, questionType))}
            options={QUESTION_TYPES.map((type) => ({ value: type.code, label: type.label }))}
          />
        </Form.Item>
      </Flex>
      <Form.Item
        label="Possible Answers"
        validateStatus={status('answers')}
        help={problems.answers ?? (draft.questionType ? ANSWER_HINTS[draft.questionType] : undefined)}
      >
        {draft.questionType !== 'numerics' && (
          <Flex vertical gap={8}>
            {draft.answers.map((answer, index) => (
              // Rows are positions in the list: the answer at a position is what the row edits.
              // biome-ignore lint/suspicious/noArrayIndexKey: answer rows have no identity but their position
              <Flex key={index} gap={8} align="center">
                <Typography.Text type="secondary" style={{ width: 24 }}>{`${index + 1}.`}</Typography.Text>
                <Input
                  aria-label={`Possible Answer ${index + 1}`}
                  value={answer}
                  maxLength={ANSWER_TEXT_MAX}
                  autoFocus={focusRow === index}
                  onChange={(event) => setAnswer(index, event.target.value)}
                  onPressEnter={(event) => {
                    event.preventDefault();
                    addAnswer();
                  }}
                />
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`Remove Possible Answer ${index + 1}`}
                  onClick={() => onChange({ ...draft, answers: draft.answers.filter((_, i) => i !== index) })}
                />
              </Flex>
            ))}
            <Flex gap={8} wrap>
              <Button icon={<PlusOutlined />} disabled={!canAddAnswer(draft)} onClick={addAnswer}>
                Add Possible Answer
              </Button>
              <Button icon={<UnorderedListOutlined />} disabled={filledAnswers.length >= QUESTION_LIMIT} onClick={() => setPicking(true)}>
                Choose Answers
              </Button>
            </Flex>
          </Flex>
        )}
      </Form.Item>
      <AnswerPicker
        open={picking}
        org={org}
        entityType={draft.entityType}
        procedureCodes={procedureCodes}
        existing={filledAnswers}
        room={QUESTION_LIMIT - filledAnswers.length}
        onClose={() => setPicking(false)}
        onPick={pick}
      />
    </>
  );
}
