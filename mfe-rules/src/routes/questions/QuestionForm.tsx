import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { insurerLabel, isProviderOrg, QUESTION_LIMIT, questionTypeLabel } from '@claims/shared-kernel';
import type { Procedure, ProcedureQuestion, QuestionSaveBody } from '@claims/shared-kernel';
import { lookupQueries, useLookup } from '@claims/shared-kernel/data';
import { BackTitle, LimitedSelect } from '@claims/shared-kernel/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Form, Tag, Typography, theme } from 'antd';
import type { InputRef } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { createQuestions, questionKeys, updateQuestion } from '../../api/questions';
import { DraftFields } from './DraftFields';
import { OverrideDialog } from './OverrideDialog';
import {
  ALERTS,
  type DraftProblems,
  draftOf,
  draftProblems,
  EMPTY_DRAFT,
  type EditType,
  hasProblems,
  isBlank,
  isChanged,
  listPath,
  type QuestionDraft,
  saveBody,
} from './questionDraft';

export type FormMode = 'create' | EditType;

export interface StoredQuestions {
  procedureId: number;
  questions: ProcedureQuestion[];
  /** The question the user chose to edit: it opens in Save Changes mode. */
  focusId?: number;
}

export interface QuestionFormProps {
  org: string;
  mode: FormMode;
  /** On edit: the procedure and the questions the insurer asks for it. */
  stored?: StoredQuestions;
}

export const formTitle = (mode: FormMode, org: string): string =>
  `${mode === 'create' ? 'Create' : 'Edit'} Procedure Protocol Question for ${insurerLabel(org).toUpperCase()}`;

/** A stored question as it is sent again, with other procedures (Edit only Procedure). */
const storedBody = (question: ProcedureQuestion, procedures: number[]): QuestionSaveBody => ({
  fk_procedure: procedures,
  question: question.question,
  questionType: question.questionType,
  entityType: question.entityType,
  answer: question.answer,
});

const procedureLabel = (p: Procedure) => `${p.name} (${p.procedure_code})`;
const procedureOptions = (procedures: Procedure[]) => procedures.map((p) => ({ value: p.id, label: procedureLabel(p) }));
const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((id) => b.includes(id));

/** The form's questions: those queued and those stored (edit), with the one being edited in Save Changes mode. */
interface Questions {
  queue: QuestionDraft[];
  draft: QuestionDraft;
  /** The queued question in Save Changes mode, and the form's draft put aside meanwhile. */
  editing: { index: number; setAside: QuestionDraft } | null;
}

function initialQuestions(mode: FormMode, stored: StoredQuestions | undefined): Questions {
  const queue = stored && mode === 'notEditProcedure' ? stored.questions.map(draftOf) : [];
  const focused = queue.findIndex((q) => q.id === stored?.focusId);
  return focused >= 0
    ? { queue, draft: queue[focused], editing: { index: focused, setAside: EMPTY_DRAFT } }
    : { queue, draft: EMPTY_DRAFT, editing: null };
}

/**
 * The procedure protocol question form (spec 2 §2.11, spec 3 §2.2). Questions are queued with Add Another
 * Question (or Enter in the question) and saved together; a queued question is edited in Save Changes mode.
 * On edit, 'Edit only Procedure' changes the procedures of the procedure's questions, 'Edit other than
 * Procedure' the questions themselves (and adds new ones). 'Enable Procedure Override' saves the questions as
 * another insurer's.
 */
export function QuestionForm({ org, mode, stored }: QuestionFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const allProcedures = useLookup(lookupQueries.procedures());
  const questionRef = useRef<InputRef>(null);

  const initialProcedures = stored ? [stored.procedureId] : [];
  const [procedures, setProcedures] = useState<number[]>(initialProcedures);
  const [proceduresTouched, setProceduresTouched] = useState(false);
  const [{ queue, draft, editing }, setQuestions] = useState<Questions>(() => initialQuestions(mode, stored));
  // Once the user tried to queue or save the question, its problems are shown and follow every change.
  const [showProblems, setShowProblems] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [overriding, setOverriding] = useState(false);

  const chosen = procedures.map((id) => allProcedures.find((p) => p.id === id)).filter((p): p is Procedure => !!p);
  const procedureNames = chosen.length ? chosen.map((p) => p.name).join(', ') : (stored?.questions[0]?.procedure.procedure_name ?? '');
  const procedureCodes = chosen.map((p) => p.procedure_code);
  const storedById = new Map((stored?.questions ?? []).map((q) => [q.id, q]));
  /** A stored question whose draft differs from what is stored. */
  const edited = (d: QuestionDraft) => {
    const original = d.id === undefined ? undefined : storedById.get(d.id);
    return !!original && isChanged(d, original);
  };
  const questionsOnly = mode !== 'onlyEditProcedure';

  const problems: DraftProblems = showProblems ? draftProblems(draft) : {};
  const setDraft = (next: QuestionDraft) => setQuestions((q) => ({ ...q, draft: next }));
  /** Whether the draft is complete; if not, its problems are shown from now on. */
  const check = (candidate: QuestionDraft): boolean => {
    const complete = !hasProblems(draftProblems(candidate));
    setShowProblems(!complete);
    return complete;
  };

  const addAnother = () => {
    if (!draft.question.trim() || !check(draft)) return;
    setQuestions((q) => ({ ...q, queue: [...q.queue, draft], draft: EMPTY_DRAFT }));
    questionRef.current?.focus();
  };
  const startEditing = (index: number) => {
    setShowProblems(false);
    setQuestions((q) => ({ ...q, draft: q.queue[index], editing: { index, setAside: q.draft } }));
  };
  const saveChanges = () => {
    if (!editing || !check(draft)) return;
    setQuestions((q) => ({ queue: q.queue.map((d, i) => (i === editing.index ? draft : d)), draft: editing.setAside, editing: null }));
  };
  const cancelEditing = () => {
    setShowProblems(false);
    setQuestions((q) => ({ ...q, draft: editing?.setAside ?? EMPTY_DRAFT, editing: null }));
  };
  const removeQueued = (index: number) => setQuestions((q) => ({ ...q, queue: q.queue.filter((_, i) => i !== index) }));

  /** Every question the form holds, or null (problems shown) when the one being typed is incomplete. */
  const allDrafts = (): QuestionDraft[] | null => {
    if (isBlank(draft)) return queue;
    return check(draft) ? [...queue, draft] : null;
  };
  const bodiesOf = (drafts: QuestionDraft[]) => drafts.map((d) => saveBody(d, procedures)).filter((b): b is QuestionSaveBody => !!b);
  /** What an override or a save on 'Edit only Procedure' sends: the procedure's questions with the chosen procedures. */
  const overrideBodies = (): QuestionSaveBody[] | null => {
    if (!questionsOnly) return (stored?.questions ?? []).map((q) => storedBody(q, procedures));
    const drafts = allDrafts();
    return drafts && bodiesOf(drafts);
  };

  const done = (text: string, target: string) => {
    void message.success(text);
    void navigate(target);
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: questionKeys.all });

  const create = useMutation({
    mutationFn: (bodies: QuestionSaveBody[]) => createQuestions(org, bodies),
    onSuccess: () => done(ALERTS.created(org), listPath(org)),
    onError: (failure) => {
      void message.error(ALERTS.notCreated(procedureNames));
      setSaveError(failure.message);
    },
    onSettled: refresh,
  });

  /** Edit: each changed stored question (PUT), then the new ones together (POST); stops at the first failure. */
  const update = useMutation({
    mutationFn: async ({ changed, added }: { changed: [number, QuestionSaveBody][]; added: QuestionSaveBody[] }) => {
      for (const [id, body] of changed) await updateQuestion(id, org, body);
      if (added.length) await createQuestions(org, added);
    },
    onSuccess: () => done(ALERTS.updated(procedureNames), listPath(org)),
    onError: (failure) => {
      void message.error(failure.message);
      setSaveError(failure.message);
    },
    onSettled: refresh,
  });

  const override = useMutation({
    mutationFn: ({ insurer, bodies }: { insurer: string; bodies: QuestionSaveBody[] }) => createQuestions(insurer, bodies),
    onSuccess: (_, { insurer }) => done(ALERTS.overridden(procedureNames, insurer), listPath(insurer)),
    onError: (failure) => {
      void message.error(ALERTS.notOverridden);
      setSaveError(failure.message);
      setOverriding(false);
    },
    onSettled: refresh,
  });

  const changedStored = queue.filter(edited);
  const newQueued = queue.filter((d) => d.id === undefined);
  const saveEnabled =
    procedures.length > 0 &&
    !editing &&
    (mode === 'create'
      ? queue.length > 0 || !isBlank(draft)
      : mode === 'notEditProcedure'
        ? changedStored.length > 0 || newQueued.length > 0 || !isBlank(draft)
        : !sameSet(procedures, initialProcedures));
  const busy = create.isPending || update.isPending || override.isPending;

  const save = () => {
    setSaveError(null);
    if (mode === 'onlyEditProcedure') {
      const changed = (stored?.questions ?? []).map((q): [number, QuestionSaveBody] => [q.id, storedBody(q, procedures)]);
      update.mutate({ changed, added: [] });
      return;
    }
    const drafts = allDrafts();
    if (!drafts) return;
    if (mode === 'create') {
      create.mutate(bodiesOf(drafts));
      return;
    }
    const changed = drafts.flatMap((d): [number, QuestionSaveBody][] => {
      const body = saveBody(d, procedures);
      return d.id !== undefined && body && edited(d) ? [[d.id, body]] : [];
    });
    update.mutate({ changed, added: bodiesOf(drafts.filter((d) => d.id === undefined)) });
  };

  const openOverride = () => {
    setSaveError(null);
    if (overrideBodies()?.length) setOverriding(true);
  };
  const offerOverride = mode === 'create' || isProviderOrg(org);
  const overrideReady = procedures.length > 0 && !editing && (questionsOnly ? queue.length > 0 || !isBlank(draft) : true);

  return (
    <Card
      style={{ maxWidth: 880 }}
      title={
        <BackTitle to={listPath(org)} label="Back to Procedure Questions">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {formTitle(mode, org)}
          </Typography.Title>
        </BackTitle>
      }
      extra={
        offerOverride && (
          <Button disabled={!overrideReady || busy} onClick={openOverride}>
            Enable Procedure Override
          </Button>
        )
      }
    >
      {saveError && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setSaveError(null) }}
          title={saveError}
          style={{ marginBottom: token.margin }}
        />
      )}
      <Form layout="vertical" component="div">
        <Form.Item
          label="Procedures"
          htmlFor="question-procedures"
          required
          validateStatus={proceduresTouched && procedures.length === 0 ? 'error' : undefined}
          help={
            proceduresTouched && procedures.length === 0
              ? 'Choose at least one procedure'
              : mode === 'notEditProcedure'
                ? 'Choose Edit only Procedure to change the procedures'
                : `Up to ${QUESTION_LIMIT} procedures`
          }
        >
          <LimitedSelect<number>
            id="question-procedures"
            aria-label="Procedures"
            placeholder="Select procedures"
            disabled={mode === 'notEditProcedure'}
            value={procedures}
            onChange={(ids) => {
              setProcedures(ids);
              setProceduresTouched(true);
            }}
            options={procedureOptions(allProcedures)}
          />
        </Form.Item>
        {questionsOnly && (
          <Card
            size="small"
            type="inner"
            title={editing ? `Editing question ${editing.index + 1}` : 'Question'}
            // The procedures' help line takes the place of their item's margin: the card keeps its distance from it.
            style={{ marginTop: token.marginXS, marginBottom: token.margin }}
          >
            <DraftFields
              draft={draft}
              onChange={setDraft}
              problems={problems}
              onSubmitQuestion={editing ? saveChanges : addAnother}
              questionRef={questionRef}
              org={org}
              procedureCodes={procedureCodes}
            />
          </Card>
        )}
        <Flex gap={8} wrap style={{ marginBottom: token.margin }}>
          {editing ? (
            <>
              <Button type="primary" onClick={saveChanges}>
                Save Changes
              </Button>
              <Button onClick={cancelEditing}>Cancel</Button>
            </>
          ) : (
            <>
              {questionsOnly && (
                <Button disabled={!draft.question.trim() || busy} onClick={addAnother}>
                  Add Another Question
                </Button>
              )}
              <Button type="primary" disabled={!saveEnabled} loading={create.isPending || update.isPending} onClick={save}>
                Save
              </Button>
            </>
          )}
        </Flex>
      </Form>
      <QueuedQuestions
        title={mode === 'create' ? 'Questions to save' : 'Questions of this procedure'}
        queue={queue}
        editingIndex={editing?.index ?? null}
        editable={questionsOnly && !editing}
        changed={edited}
        onEdit={startEditing}
        onRemove={removeQueued}
        stored={mode === 'onlyEditProcedure' ? (stored?.questions ?? []).map(draftOf) : null}
      />
      <OverrideDialog
        open={overriding}
        org={org}
        busy={override.isPending}
        onCancel={() => setOverriding(false)}
        onOverride={(insurer) => {
          const bodies = overrideBodies();
          if (bodies?.length) override.mutate({ insurer, bodies });
        }}
      />
    </Card>
  );
}

interface QueuedQuestionsProps {
  title: string;
  queue: QuestionDraft[];
  editingIndex: number | null;
  editable: boolean;
  changed: (draft: QuestionDraft) => boolean;
  onEdit: (index: number) => void;
  onRemove: (index: number) => void;
  /** On 'Edit only Procedure': the procedure's questions, shown read-only instead of the queue. */
  stored: QuestionDraft[] | null;
}

/** The queued (and, on edit, stored) questions: each with its type, entity type and answers; Edit and Remove. */
function QueuedQuestions({ title, queue, editingIndex, editable, changed, onEdit, onRemove, stored }: QueuedQuestionsProps) {
  const { token } = theme.useToken();
  const shown = stored ?? queue;
  if (shown.length === 0) return null;
  return (
    <Flex vertical gap={8}>
      <Typography.Title level={5} style={{ margin: 0 }}>{`${title} (${shown.length})`}</Typography.Title>
      <ol aria-label={title} style={{ margin: 0, paddingInlineStart: token.paddingMD }}>
        {shown.map((item, index) => (
          <li key={item.id ?? `new-${index}`} style={{ marginBottom: token.marginXS }}>
            <Flex justify="space-between" align="start" gap={8}>
              <Flex vertical gap={2}>
                <Flex gap={6} align="center" wrap>
                  <Typography.Text strong>{item.question}</Typography.Text>
                  {index === editingIndex && <Tag color="blue">Editing</Tag>}
                  {!stored && item.id === undefined && <Tag color="green">New</Tag>}
                  {!stored && changed(item) && <Tag color="orange">Changed</Tag>}
                </Flex>
                <Typography.Text type="secondary">
                  {[item.questionType && questionTypeLabel(item.questionType), item.entityType].filter(Boolean).join(' · ')}
                  {item.answers.filter((a) => a.trim()).length > 0 && ` · ${item.answers.filter((a) => a.trim()).join(', ')}`}
                </Typography.Text>
              </Flex>
              {!stored && editable && (
                <Flex gap={4}>
                  <Button type="text" icon={<EditOutlined />} aria-label={`Edit question ${index + 1}`} onClick={() => onEdit(index)} />
                  {item.id === undefined && (
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`Remove question ${index + 1}`}
                      onClick={() => onRemove(index)}
                    />
                  )}
                </Flex>
              )}
            </Flex>
          </li>
        ))}
      </ol>
    </Flex>
  );
}
