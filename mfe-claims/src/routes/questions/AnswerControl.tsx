import type { ProcedureQuestion } from '@claims/shared-kernel';
import { LimitedSelect } from '@claims/shared-kernel/ui';
import { Select } from 'antd';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import type { ReactNode } from 'react';

type QuestionType = ProcedureQuestion['questionType'];

export interface AnswerControlProps {
  question: ProcedureQuestion;
  /** The answer as the server keeps it: a list of strings (one for single, radio and numerics). */
  value: string[];
  onChange: (value: string[]) => void;
  disabled: boolean;
}

/** A Boolean question without its own answers offers Yes and No. */
const BOOLEAN_ANSWERS = ['Yes', 'No'];
const choices = (answers: string[]) => answers.map((answer) => ({ value: answer, label: answer }));

/** One control per question type of spec 2 §3; what each asks is the question's own text. */
const CONTROLS: Record<QuestionType, (props: AnswerControlProps) => ReactNode> = {
  single: ({ question, value, onChange, disabled }) => (
    <Select<string>
      aria-label={question.question}
      placeholder="Select one"
      allowClear
      disabled={disabled}
      options={choices(question.answer)}
      value={value[0]}
      onChange={(answer) => onChange(answer === undefined ? [] : [answer])}
    />
  ),
  // LimitedSelect stops at 10 (spec 1 §5: answer pickers are limited to 10 selections).
  multi: ({ question, value, onChange, disabled }) => (
    <LimitedSelect
      aria-label={question.question}
      placeholder="Select answers"
      disabled={disabled}
      options={choices(question.answer)}
      value={value}
      onChange={onChange}
    />
  ),
  radio: ({ question, value, onChange, disabled }) => (
    <Radio.Group
      aria-label={question.question}
      disabled={disabled}
      options={choices(question.answer.length > 0 ? question.answer : BOOLEAN_ANSWERS)}
      value={value[0]}
      onChange={(event) => onChange([event.target.value as string])}
    />
  ),
  // stringMode: the number is kept as typed (no float rounding) and sent as the server keeps it, a string.
  numerics: ({ question, value, onChange, disabled }) => (
    <InputNumber<string>
      aria-label={question.question}
      stringMode
      disabled={disabled}
      style={{ width: 200 }}
      value={value[0] ?? null}
      onChange={(number) => onChange(number === null || number === '' ? [] : [number])}
    />
  ),
};

export function AnswerControl(props: AnswerControlProps) {
  return CONTROLS[props.question.questionType](props);
}
