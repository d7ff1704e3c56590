import {
  DECISION_LABELS,
  DECISION_REASON_CODE_MAX,
  DECISION_REASON_DESCRIPTION_MAX,
  DECISIONS,
  type Decision,
  type DecisionReason,
  type DecisionReasonSaveBody,
} from '@claims/shared-kernel';
import { App, Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { createDecisionReason, fetchDecisionReason, updateDecisionReason } from '../../api/decisionReasons';
import { useMasterWrite } from '../../api/queries';
import { EditorFrame } from '../../components/EditorFrame';
import { MasterEditorRoute } from '../../components/MasterEditorRoute';
import { DECISION_REASONS } from './decisionReasonScreens';

const LIST_PATH = `/${DECISION_REASONS.module}`;
const DECISION_OPTIONS = DECISIONS.map((decision) => ({ value: decision, label: DECISION_LABELS[decision] }));

interface Draft {
  code: string;
  description: string;
  decisions: Decision[];
  active: boolean;
}

/**
 * Code*, Description*, Applies to* (one or more of Approve, Deny, Query) and Active. A reason is never deleted:
 * decisions keep it as it read, and an inactive one is no longer offered.
 */
function DecisionReasonForm({ reason }: { reason?: DecisionReason }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>({
    code: reason?.code ?? '',
    description: reason?.description ?? '',
    decisions: reason?.decisions ?? [],
    active: reason?.active ?? true,
  });
  const [touched, setTouched] = useState<Partial<Record<keyof Draft, boolean>>>({});
  const save = useMasterWrite(DECISION_REASONS.module, (body: DecisionReasonSaveBody) =>
    reason ? updateDecisionReason(reason.code, body) : createDecisionReason(body),
  );
  const change = <K extends keyof Draft>(field: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setTouched((t) => ({ ...t, [field]: true }));
  };
  const missing = {
    code: draft.code.trim() === '',
    description: draft.description.trim() === '',
    decisions: draft.decisions.length === 0,
  };
  const canSave = !missing.code && !missing.description && !missing.decisions;
  /** A required field emptied after it was touched. */
  const shows = (field: keyof typeof missing): boolean => !!touched[field] && missing[field];

  const submit = () =>
    save.mutate(
      { code: draft.code.trim(), description: draft.description.trim(), decisions: draft.decisions, active: draft.active },
      {
        onSuccess: () => {
          void message.success('Saved Successfully');
          void navigate(LIST_PATH);
        },
      },
    );

  return (
    <EditorFrame
      heading={reason ? 'Edit' : 'Create'}
      listPath={LIST_PATH}
      listTitle={DECISION_REASONS.title}
      subject={DECISION_REASONS.noun}
      error={save.error?.message ?? null}
      onDismissError={save.reset}
    >
      <Form layout="vertical" onFinish={() => canSave && submit()}>
        <Form.Item
          label="Code"
          htmlFor="code"
          required
          validateStatus={shows('code') ? 'error' : undefined}
          help={shows('code') ? 'Code is required' : undefined}
        >
          <Input id="code" value={draft.code} maxLength={DECISION_REASON_CODE_MAX} onChange={(e) => change('code', e.target.value)} />
        </Form.Item>
        <Form.Item
          label="Description"
          htmlFor="description"
          required
          validateStatus={shows('description') ? 'error' : undefined}
          help={shows('description') ? 'Description is required' : 'The plain sentence people read beside the decision.'}
        >
          <Input.TextArea
            id="description"
            value={draft.description}
            maxLength={DECISION_REASON_DESCRIPTION_MAX}
            rows={3}
            onChange={(e) => change('description', e.target.value)}
          />
        </Form.Item>
        <Form.Item
          label="Applies to"
          required
          validateStatus={shows('decisions') ? 'error' : undefined}
          help={shows('decisions') ? 'Select at least one decision' : undefined}
        >
          <Checkbox.Group<Decision>
            aria-label="Applies to"
            options={DECISION_OPTIONS}
            value={draft.decisions}
            onChange={(values) =>
              change(
                'decisions',
                DECISIONS.filter((d) => values.includes(d)),
              )
            }
          />
        </Form.Item>
        <Form.Item help="An inactive reason is no longer offered for new decisions.">
          <Checkbox checked={draft.active} onChange={(e) => change('active', e.target.checked)}>
            Active
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" disabled={!canSave} loading={save.isPending}>
          Save
        </Button>
      </Form>
    </EditorFrame>
  );
}

/** /decisionReasons/create and /decisionReasons/edit/{code}; the provider's super users only, as the api writes masters. */
export function DecisionReasonEditor() {
  return (
    <MasterEditorRoute
      module={DECISION_REASONS.module}
      load={fetchDecisionReason}
      noun={DECISION_REASONS.noun}
      listPath={LIST_PATH}
      form={(reason) => <DecisionReasonForm key={reason?.id} reason={reason} />}
    />
  );
}
