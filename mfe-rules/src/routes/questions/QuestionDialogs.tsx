import { formatInZone, questionTypeLabel } from '@claims/shared-kernel';
import type { ProcedureQuestion } from '@claims/shared-kernel';
import { AuditHistoryDialog } from '@claims/shared-kernel/ui';
import { Button, Flex, Modal, Typography, theme } from 'antd';
import Descriptions from 'antd/es/descriptions';
import { useState } from 'react';
import type { EditType } from './questionDraft';

/** The question history's time (spec 2 §2.12), in the display zone with its offset (UTC+05:30 by default). */
export const HISTORY_TIME_FORMAT = 'h:mm:ss a, DD-MM-YYYY';
/** What a Boolean question offers when it names no answers of its own (as the claim's questions page does). */
const BOOLEAN_DEFAULT = ['Yes', 'No'];

const stamp = (at: string) => `${formatInZone(at, HISTORY_TIME_FORMAT)} (UTC${formatInZone(at, 'Z')})`;

/** Before editing a question: change only its procedures, or everything else about it (spec 2 §2.12). */
export function EditChoiceDialog({
  open,
  onCancel,
  onChoose,
}: {
  open: boolean;
  onCancel: () => void;
  onChoose: (type: EditType) => void;
}) {
  return (
    <Modal open={open} title="Edit Question" onCancel={onCancel} footer={null} destroyOnHidden>
      <Flex vertical gap={16}>
        <Typography.Text>What do you want to edit?</Typography.Text>
        <Flex gap={8} wrap>
          <Button type="primary" onClick={() => onChoose('onlyEditProcedure')}>
            Edit only Procedure
          </Button>
          <Button type="primary" onClick={() => onChoose('notEditProcedure')}>
            Edit other than Procedure
          </Button>
        </Flex>
      </Flex>
    </Modal>
  );
}

function PossibleAnswers({ question }: { question: ProcedureQuestion }) {
  const { token } = theme.useToken();
  if (question.questionType === 'numerics') return <Typography.Text type="secondary">Answered with a number</Typography.Text>;
  const answers = question.answer.length === 0 && question.questionType === 'radio' ? BOOLEAN_DEFAULT : question.answer;
  return (
    <ol aria-label="Possible Answers" style={{ margin: 0, paddingInlineStart: token.paddingMD }}>
      {answers.map((answer) => (
        <li key={answer}>{answer}</li>
      ))}
    </ol>
  );
}

/** How the question's own fields read in its history (the others as the kernel names them). */
const HISTORY_LABELS = { question: 'Question', procedure_code: 'Procedure', org: 'Insurer' };

/**
 * The question's history (spec 2 §2.12): created by and at, last modified by and at, in the question's time format
 * in the display zone; for the provider, who reads the audit log, each change with what it changed (the api logs
 * every question write as procedureQuestions, keyed by the question's id), older changes included.
 */
function HistoryDialog({ question, open, onClose }: { question: ProcedureQuestion; open: boolean; onClose: () => void }) {
  return (
    <AuditHistoryDialog
      open={open}
      onClose={onClose}
      entity="procedureQuestions"
      recordKey={question.id}
      record={{
        created_by: question.created_by,
        created_at: question.created_on,
        last_modified_by: question.last_modified_by,
        last_modified_at: question.last_modified_on,
      }}
      fieldLabels={HISTORY_LABELS}
      formatTime={stamp}
    />
  );
}

/** The information dialog of a question, titled with its procedure's name, with its History (spec 2 §2.12). */
export function QuestionInfoDialog({ question, onClose }: { question: ProcedureQuestion | null; onClose: () => void }) {
  const [historyOpen, setHistoryOpen] = useState(false);
  if (!question) return null;
  return (
    <Modal
      open
      title={question.procedure.procedure_name}
      onCancel={onClose}
      footer={<Button onClick={() => setHistoryOpen(true)}>History</Button>}
      destroyOnHidden
    >
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'question', label: 'Question', children: question.question },
          { key: 'entityType', label: 'Entity Type', children: question.entityType },
          { key: 'questionType', label: 'Question Type', children: questionTypeLabel(question.questionType) },
          {
            key: 'procedure',
            label: 'Procedure',
            children: `${question.procedure.procedure_name} (${question.procedure.procedure_code})`,
          },
          { key: 'answers', label: 'Possible Answers', children: <PossibleAnswers question={question} /> },
        ]}
      />
      <HistoryDialog question={question} open={historyOpen} onClose={() => setHistoryOpen(false)} />
    </Modal>
  );
}
