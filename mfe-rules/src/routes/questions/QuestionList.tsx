import { DeleteConfirm } from '@claims/shared-kernel/ui';
import { DeleteOutlined, EditOutlined, InfoCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { QUESTION_TYPES } from '@claims/shared-kernel';
import type { Procedure, ProcedureQuestion, QuestionSearchBody, QuestionType } from '@claims/shared-kernel';
import { lookupQueries, NO_ROWS, useLookup } from '@claims/shared-kernel/data';
import { FilterPanel, LimitedSelect, PagedTable, usePagedList } from '@claims/shared-kernel/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Col, Flex, Form, Row, Select, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { allQuestionsQuery, deleteQuestion, fetchQuestionPage, questionKeys, searchQuestions } from '../../api/questions';
import { chosenFilter, filterLock } from '../../components/filterLock';
import { InsurerSelect } from '../../components/InsurerSelect';
import { SelectAllPicker } from '../../components/SelectAllPicker';
import { useInsurer } from '../rules/useInsurer';
import { EditChoiceDialog, QuestionInfoDialog } from './QuestionDialogs';
import { ALERTS, editPath, QUESTIONS_PATH } from './questionDraft';
import { useQuestionEditor } from './useQuestionEditor';

export const QUESTIONS_TITLE = 'Procedure Questions';

interface Selection {
  procedureCode: string[];
  procedureName: string[];
  diagnosis: string[];
  question: string[];
  questionType: QuestionType[];
}
type FilterField = keyof Selection;

const EMPTY_SELECTION: Selection = { procedureCode: [], procedureName: [], diagnosis: [], question: [], questionType: [] };

type Choice = { value: string; label: string };
const choices = (names: string[]): Choice[] =>
  [...new Set(names.filter(Boolean))].sort((a, b) => a.localeCompare(b)).map((name) => ({ value: name, label: name }));
// The lookups' `select`s: module-level, so each picker's list is kept while its lookup's rows are.
const procedureCodes = (procedures: Procedure[]) => choices(procedures.map((p) => p.procedure_code));
const procedureNames = (procedures: Procedure[]) => choices(procedures.map((p) => p.name));
const names = (rows: { name: string }[]) => [...new Set(rows.map((row) => row.name))].sort((a, b) => a.localeCompare(b));
const questionTexts = (questions: ProcedureQuestion[]) => choices(questions.map((q) => q.question));

/** A cell whose text is one the filter searched for is marked, as lists highlight what was searched. */
function Marked({ text, searched }: { text: string; searched: readonly string[] | undefined }) {
  return searched?.includes(text) ? <Typography.Text mark>{text}</Typography.Text> : text;
}

type Dialog = { kind: 'info' | 'edit' | 'delete'; question: ProcedureQuestion } | null;

/**
 * The procedure protocol questions (spec 2 §2.2, §2.3): Question and Procedure Name, each row's information
 * and, for the named question editors, Edit Question and Delete Question. Rows open nothing on click. The
 * provider's organisation picks the insurer (?org=); the filter panel searches the server, locked once applied as
 * the rules list's is.
 */
export default function QuestionList() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const { insurer, canChoose, choose: chooseInsurer } = useInsurer();
  const { canEdit } = useQuestionEditor();

  const codeChoices = useLookup(lookupQueries.procedures(), { select: procedureCodes });
  const nameChoices = useLookup(lookupQueries.procedures(), { select: procedureNames });
  const diagnoses = useLookup(lookupQueries.keywords('diagnoses'), { select: names });
  const { data: questionChoices = NO_ROWS } = useQuery({ ...allQuestionsQuery(insurer), select: questionTexts });
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [applied, setApplied] = useState<QuestionSearchBody | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);

  const list = usePagedList<ProcedureQuestion>(questionKeys.list(insurer, applied), (page, pageSize) =>
    applied ? searchQuestions(insurer, applied, page, pageSize) : fetchQuestionPage(insurer, page, pageSize),
  );

  const removal = useMutation({
    mutationFn: (question: ProcedureQuestion) => deleteQuestion(question.id, insurer),
    onSuccess: () => {
      void message.success(ALERTS.deleted);
      setDialog(null);
    },
    onError: (failure) => {
      void message.error(ALERTS.deleteFailed(failure.message));
      setDialog(null);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  });

  const { filterDisabled } = filterLock(selection, applied);
  const choose = (field: FilterField) => (chosen: string[]) => setSelection((s) => ({ ...s, [field]: chosen }));
  const picker = (field: Exclude<FilterField, 'diagnosis' | 'questionType'>, label: string, offered: Choice[]) => (
    <Form.Item label={label} style={{ marginBottom: 0 }}>
      <LimitedSelect
        aria-label={label}
        placeholder={label}
        value={selection[field]}
        onChange={choose(field)}
        options={offered}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );

  const columns: TableColumnsType<ProcedureQuestion> = [
    { key: 'question', title: 'Question', render: (_, row) => <Marked text={row.question} searched={applied?.question} /> },
    {
      key: 'procedure',
      title: 'Procedure Name',
      render: (_, row) => <Marked text={row.procedure.procedure_name} searched={applied?.procedureName} />,
    },
    {
      key: 'actions',
      title: 'Actions',
      width: 140,
      render: (_, row) => (
        <Flex gap={4}>
          <Tooltip title="Click here to view details">
            <Button
              type="text"
              icon={<InfoCircleOutlined />}
              aria-label="Click here to view details"
              onClick={() => setDialog({ kind: 'info', question: row })}
            />
          </Tooltip>
          {canEdit && (
            <>
              <Tooltip title="Edit Question">
                <Button
                  type="text"
                  icon={<EditOutlined />}
                  aria-label="Edit Question"
                  onClick={() => setDialog({ kind: 'edit', question: row })}
                />
              </Tooltip>
              <Tooltip title="Delete Question">
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label="Delete Question"
                  onClick={() => setDialog({ kind: 'delete', question: row })}
                />
              </Tooltip>
            </>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <FilterPanel
        filterDisabled={filterDisabled}
        onFilter={() => setApplied(chosenFilter(selection))}
        onReset={() => {
          setSelection(EMPTY_SELECTION);
          setApplied(null);
        }}
      >
        <Form layout="vertical" component="div">
          <Row gutter={[16, 12]}>
            <Col xs={24} md={12} xl={8}>
              {picker('procedureCode', 'Procedure Code', codeChoices)}
            </Col>
            <Col xs={24} md={12} xl={8}>
              {picker('procedureName', 'Procedure Name', nameChoices)}
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item label="Diagnosis" style={{ marginBottom: 0 }} extra="Type 4 or more characters to select all matches">
                <SelectAllPicker label="Diagnosis" options={diagnoses} value={selection.diagnosis} onChange={choose('diagnosis')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              {picker('question', 'Questions', questionChoices)}
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item label="Question Type" style={{ marginBottom: 0 }}>
                <Select<QuestionType[]>
                  mode="multiple"
                  allowClear
                  aria-label="Question Type"
                  placeholder="Question Type"
                  value={selection.questionType}
                  onChange={(chosen) => setSelection((s) => ({ ...s, questionType: chosen }))}
                  options={QUESTION_TYPES.map((t) => ({ value: t.code, label: t.label }))}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </FilterPanel>
      <PagedTable<ProcedureQuestion>
        title={QUESTIONS_TITLE}
        columns={columns}
        list={list}
        rowKey="id"
        toolbar={
          <Flex gap={12} align="center">
            {canChoose && <InsurerSelect value={insurer} onChange={chooseInsurer} />}
            {canEdit && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => navigate(`${QUESTIONS_PATH}/create?org=${encodeURIComponent(insurer)}`)}
              >
                Create
              </Button>
            )}
          </Flex>
        }
      />
      <QuestionInfoDialog
        key={dialog?.question.id}
        question={dialog?.kind === 'info' ? dialog.question : null}
        onClose={() => setDialog(null)}
      />
      <EditChoiceDialog
        open={dialog?.kind === 'edit'}
        onCancel={() => setDialog(null)}
        onChoose={(type) => {
          if (dialog) void navigate(editPath(dialog.question.fk_procedure, type, insurer), { state: { questionId: dialog.question.id } });
        }}
      />
      <DeleteConfirm
        open={dialog?.kind === 'delete'}
        busy={removal.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() => dialog && removal.mutate(dialog.question)}
      />
    </Flex>
  );
}
