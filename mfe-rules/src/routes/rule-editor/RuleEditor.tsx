import { DeleteOutlined, ExperimentOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { ApiError, PROVIDER_ORG, caseTypeLabel, insurerLabel } from '@claims/shared-kernel';
import type { CaseType, Procedure, Rule, RuleDryRunBody, RuleExistence, StatementProblem } from '@claims/shared-kernel';
import { lookupQueries, useLookup } from '@claims/shared-kernel/data';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BackTitle, DeleteConfirm } from '@claims/shared-kernel/ui';
import { Alert, App, Button, Card, Checkbox, Col, Collapse, Flex, Form, Input, Modal, Row, Select, Typography } from 'antd';
import Radio from 'antd/es/radio';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { createRule, deleteRule, dryRunRule, ruleExistence, rulesOfProcedure, updateRule } from '../../api/rules';
import { RuleBuilder } from '../../components/rule-builder/RuleBuilder';
import { useBuilderMasters } from '../../components/rule-builder/useBuilderMasters';
import { VersionsPanel } from '../../components/VersionsPanel';
import { displayProcedureCode } from '../rules/RuleList';
import { DocumentPicker } from './DocumentPicker';
import { DryRunPanel } from './DryRunPanel';
import { OverrideDialog } from './OverrideDialog';
import { BUILDERS, DOCUMENT_PICKERS, draftFor, draftOf, draftProblems, type RuleDraft, saveBodyOf } from './ruleForm';
import { RETURN_AFTER_EDIT_MS, RULE_TEXTS } from './texts';

/**
 * The form's steps: the rule itself; after 'Wanna configure other case type too ?' the same content for the other
 * case type; after 'Wanna configure preauth case type too ?' on a settlement rule, the pre-authorisation variant.
 */
type Step = 'main' | 'other' | 'preauth';
type Dialog = 'configureOther' | 'counterpart' | 'delete' | 'override' | null;

const otherCaseType = (caseType: CaseType): CaseType => (caseType === 'PRE_AUTH' ? 'SETTLEMENT' : 'PRE_AUTH');
const CASE_TYPE_OPTIONS: { value: CaseType; label: string }[] = [
  { value: 'PRE_AUTH', label: 'Pre Authorization' },
  { value: 'SETTLEMENT', label: 'Settlement' },
];

/** What the existence check found for the chosen procedure (create). */
interface Existing {
  result: RuleExistence['result'];
  /** The settlement rule, when that is the case type already configured ('View PreAuth'). */
  settlementId: number | null;
}

export interface RuleEditorProps {
  /** The organisation whose rule this is. */
  org: string;
  /** The rule to edit; none to create one. */
  rule?: Rule;
  /** Edited from this claim's page: the editor returns there. */
  claimId?: string | null;
  /** The organisation the claim was opened in (?claimOrg=), so the claim page opens it again. */
  claimOrg?: string | null;
}

/**
 * The rule editor (spec 2 §2.8, §4): procedure and case type, the four document pickers, the four rule builders,
 * Save and the case-type flows with their alerts, Delete, the per-insurer overrides, the versions, and 'Try on
 * claims', which judges the draft against the most recent verified claims before it is saved.
 */
export function RuleEditor({ org, rule, claimId, claimOrg }: RuleEditorProps) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const masters = useBuilderMasters();
  const procedures = useLookup(lookupQueries.procedures());
  const [draft, setDraft] = useState<RuleDraft>(() => draftOf(rule));
  const [step, setStep] = useState<Step>('main');
  const [configureOther, setConfigureOther] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [problems, setProblems] = useState<StatementProblem[]>([]);
  const [awaitingCounterpart, setAwaitingCounterpart] = useState(false);
  /**
   * The version the next save of this rule is made on (sent with it, so a save by someone else since is refused
   * rather than silently undone): the one loaded, then that of this editor's own last save.
   */
  const baseVersion = useRef(rule?.version);
  const returning = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(returning.current), []);

  const editing = !!rule && step === 'main';
  const listPath = `/rules?org=${encodeURIComponent(org)}`;
  const backTo = claimId
    ? `/claims/${encodeURIComponent(claimId)}${claimOrg ? `?${new URLSearchParams({ org: claimOrg })}` : ''}`
    : listPath;
  /** The chosen procedure (the lookup's row, or the loaded rule's while the lookup loads). */
  const procedure: (Pick<Procedure, 'id' | 'name' | 'procedure_code'> & { procedure_group?: Procedure['procedure_group'] }) | undefined =
    procedures.find((p) => p.id === draft.procedureId) ?? (rule && rule.fk_procedure === draft.procedureId ? rule.procedures : undefined);
  const name = procedure?.name ?? '';
  const code = procedure?.procedure_code ?? '';

  /** Create: which case types the chosen procedure has already (spec 2 §4). */
  const check = useMutation({
    mutationFn: async (procedureCode: string): Promise<Existing> => {
      const result = await ruleExistence(org, procedureCode);
      const settlement =
        result === 'SETTLEMENT' ? (await rulesOfProcedure(org, procedureCode)).find((r) => r.case_type === 'SETTLEMENT') : undefined;
      return { result, settlementId: settlement?.id ?? null };
    },
  });
  const existing = !rule && step === 'main' ? check.data : undefined;
  /** Edit: whether the procedure's other case type has a rule too. */
  const counterpartCheck = { queryKey: ['rules', 'existence', org, code] as const, queryFn: () => ruleExistence(org, code) };
  const counterpart = useQuery({ ...counterpartCheck, enabled: !!rule && !!code });
  const preauthMissing = editing && rule.case_type === 'SETTLEMENT' && counterpart.data === 'SETTLEMENT';

  const chooseProcedure = (procedureId: number) => {
    const chosen = procedures.find((p) => p.id === procedureId);
    setDraft((d) => ({ ...d, procedureId }));
    if (!chosen) return;
    check.mutate(chosen.procedure_code, {
      onSuccess: ({ result }) => {
        if (result === true) {
          void message.warning(RULE_TEXTS.bothExist(chosen.name));
          void navigate(listPath);
        } else if (result) {
          // One case type is configured: the other is the one left to create.
          setDraft((d) => ({ ...d, caseType: result === 'PREAUTH' ? 'SETTLEMENT' : 'PRE_AUTH' }));
          setConfigureOther(false);
        }
      },
    });
  };

  const returnLater = () => {
    returning.current = setTimeout(() => void navigate(backTo), RETURN_AFTER_EDIT_MS);
  };

  const save = useMutation({
    /** Saves the form; on an edit with `alsoCounterpart` the other case type's rule gets the same content. */
    mutationFn: async (alsoCounterpart: boolean): Promise<CaseType[]> => {
      const body = saveBodyOf(draft, masters);
      if (!editing) {
        await createRule(org, body);
        return [draft.caseType];
      }
      const saved = await updateRule(rule.id, org, { ...body, version: baseVersion.current });
      baseVersion.current = saved.version;
      if (!alsoCounterpart) return [rule.case_type];
      const other = otherCaseType(rule.case_type);
      const twin = (await rulesOfProcedure(org, code)).find((r) => r.case_type === other);
      if (!twin) return [rule.case_type];
      await updateRule(twin.id, org, saveBodyOf(draftFor(draft, other), masters));
      return [rule.case_type, other];
    },
    onSuccess: async (caseTypes) => {
      // An edited rule is not read again while its editor stays: its new version would start the form afresh
      // (the editor is keyed by version), dropping the way back and the pre-auth step; it is read when next shown.
      await queryClient.invalidateQueries({ queryKey: ['rules'], refetchType: editing ? 'none' : 'active' });
      setDialog(null);
      if (editing) {
        for (const caseType of caseTypes) void message.success(RULE_TEXTS.edited(caseType));
        if (configureOther && preauthMissing) {
          setDraft((d) => draftFor(d, 'PRE_AUTH'));
          setConfigureOther(false);
          setStep('preauth');
        } else returnLater();
        return;
      }
      if (step === 'other') {
        void message.success(RULE_TEXTS.bothSaved(name));
        void navigate(listPath);
      } else if (step === 'preauth') {
        void message.success(RULE_TEXTS.preauthSaved(name));
        void navigate(backTo);
      } else if (configureOther) setDialog('configureOther');
      else {
        void message.success(RULE_TEXTS.savedIn(name, draft.caseType));
        void navigate(backTo);
      }
    },
    onError: (error) => {
      setDialog(null);
      void message.error(error.message);
    },
  });

  const remove = useMutation({
    mutationFn: () => deleteRule(rule!.id, org),
    onSuccess: async () => {
      void message.success(RULE_TEXTS.deleted);
      await queryClient.invalidateQueries({ queryKey: ['rules'] });
      void navigate(listPath);
    },
    onError: (error) => {
      void message.error(RULE_TEXTS.deleteFailed(error.message));
      setDialog(null);
    },
  });

  const dryRun = useMutation({ mutationFn: (body: RuleDryRunBody) => dryRunRule(org, body) });

  /** The trees' problems (the api's words) stop a save or a dry run before anything is sent. */
  const wellFormed = () => {
    const found = draftProblems(draft);
    setProblems(found);
    return found.length === 0;
  };
  const onSave = async () => {
    if (!wellFormed()) return;
    save.reset();
    if (!editing) {
      save.mutate(false);
      return;
    }
    // Whether to ask depends on the check: a save before it answers waits for it rather than skipping the question.
    setAwaitingCounterpart(true);
    const existence = await queryClient.ensureQueryData(counterpartCheck).catch(() => null);
    setAwaitingCounterpart(false);
    // A failed check asks too: Yes changes the other case type only where it has a rule.
    if (existence === true || existence === null) setDialog('counterpart');
    else save.mutate(false);
  };
  const onTry = () => {
    if (wellFormed()) dryRun.mutate(saveBodyOf(draft, masters));
  };

  const fixedCaseType = editing || step !== 'main';
  const offeredCaseTypes = CASE_TYPE_OPTIONS.filter(
    (option) => !existing?.result || (existing.result === 'PREAUTH' ? option.value === 'SETTLEMENT' : option.value === 'PRE_AUTH'),
  );
  const title = editing ? RULE_TEXTS.editTitle(insurerLabel(org)) : RULE_TEXTS.createTitle;
  const canSave = draft.procedureId !== null && !check.isPending && !save.isPending && !awaitingCounterpart;
  const savedMeanwhile = save.error instanceof ApiError && save.error.status === 409 && editing;

  return (
    <Card
      title={
        <BackTitle to={backTo} label={claimId ? 'Back to the claim' : 'Back to Procedure Protocol'}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
        </BackTitle>
      }
      extra={
        editing && (
          <Flex gap={8}>
            {org === PROVIDER_ORG && (
              <Button icon={<SafetyCertificateOutlined />} onClick={() => setDialog('override')}>
                {RULE_TEXTS.enableOverride}
              </Button>
            )}
            <Button type="link" danger icon={<DeleteOutlined />} onClick={() => setDialog('delete')}>
              Delete
            </Button>
          </Flex>
        )
      }
    >
      <Flex vertical gap={16}>
        {step !== 'main' && (
          <Alert
            type="info"
            showIcon
            title={`${caseTypeLabel(draft.caseType)} rule for ${name}: the content is filled in from the rule just saved.`}
          />
        )}
        <Form layout="vertical" component="div">
          <Row gutter={[16, 12]}>
            <Col xs={24} md={10}>
              <Form.Item label="Procedure" required style={{ marginBottom: 0 }}>
                <Select<number>
                  id="rule-procedure"
                  aria-label="Procedure"
                  showSearch
                  optionFilterProp="label"
                  placeholder="Select a procedure"
                  disabled={!!rule || step !== 'main'}
                  value={draft.procedureId ?? undefined}
                  options={(procedures.length ? procedures : procedure ? [procedure] : []).map((p) => ({
                    value: p.id,
                    label: `${displayProcedureCode(p.procedure_code).trim()} - ${p.name}`,
                  }))}
                  onChange={chooseProcedure}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={7}>
              <Form.Item label="Procedure Group" style={{ marginBottom: 0 }}>
                <Input aria-label="Procedure Group" readOnly value={procedure?.procedure_group?.name ?? ''} />
              </Form.Item>
            </Col>
            <Col xs={24} md={7}>
              <Form.Item label="Case Type" style={{ marginBottom: 0 }}>
                {fixedCaseType ? (
                  <Typography.Text data-testid="case-type">{caseTypeLabel(draft.caseType)}</Typography.Text>
                ) : (
                  <Radio.Group
                    name="rule-case-type"
                    aria-label="Case Type"
                    value={draft.caseType}
                    options={offeredCaseTypes}
                    onChange={(event) => setDraft((d) => ({ ...d, caseType: event.target.value as CaseType }))}
                  />
                )}
              </Form.Item>
            </Col>
          </Row>
        </Form>
        {check.error && (
          <Alert type="error" showIcon title={`The existing rules of this procedure could not be checked: ${check.error.message}`} />
        )}
        {existing?.result && existing.result !== true && (
          <Alert
            type="info"
            showIcon
            title={RULE_TEXTS.present(name, existing.result === 'PREAUTH' ? 'PRE_AUTH' : 'SETTLEMENT')}
            action={
              existing.settlementId !== null && (
                // Spec 2 §2.8: the provider's view of the rule, whichever insurer's form this is.
                <Button size="small" onClick={() => navigate(`/rules/view/${existing.settlementId}?org=${PROVIDER_ORG}`)}>
                  {RULE_TEXTS.viewPreauth}
                </Button>
              )
            }
          />
        )}
        {step === 'main' && !rule && !existing?.result && (
          <Checkbox checked={configureOther} onChange={(event) => setConfigureOther(event.target.checked)}>
            {RULE_TEXTS.configureOther}
          </Checkbox>
        )}
        {preauthMissing && (
          <Checkbox checked={configureOther} onChange={(event) => setConfigureOther(event.target.checked)}>
            {RULE_TEXTS.configurePreauth}
          </Checkbox>
        )}
        <Form layout="vertical" component="div">
          <Row gutter={[16, 12]}>
            {DOCUMENT_PICKERS.map(({ field, label }) => (
              <Col key={field} xs={24} md={12}>
                <DocumentPicker
                  id={`rule-${field}`}
                  label={label}
                  value={draft.documents[field]}
                  documents={masters.entities.document}
                  onChange={(ids) => setDraft((d) => ({ ...d, documents: { ...d.documents, [field]: ids } }))}
                />
              </Col>
            ))}
          </Row>
        </Form>
        {BUILDERS.map(({ name: tree, title: builderTitle, defaultEntity }) => (
          <Card key={tree} size="small" title={builderTitle}>
            <RuleBuilder
              title={builderTitle}
              tree={draft.trees[tree]}
              defaultEntity={defaultEntity}
              masters={masters}
              onChange={(next) => setDraft((d) => ({ ...d, trees: { ...d.trees, [tree]: next } }))}
            />
          </Card>
        ))}
        {problems.length > 0 && (
          <Alert
            type="error"
            showIcon
            title="The rule cannot be saved until these statements are corrected"
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {problems.map((p) => (
                  <li key={p.path}>{`${p.path}: ${p.message}`}</li>
                ))}
              </ul>
            }
            closable={{ onClose: () => setProblems([]) }}
          />
        )}
        {save.error && (
          <Alert
            type="error"
            showIcon
            title={save.error.message}
            closable={{ onClose: save.reset }}
            action={
              // Someone saved the rule since it was loaded: reading it again starts the form from their version.
              savedMeanwhile && (
                <Button size="small" onClick={() => void queryClient.invalidateQueries({ queryKey: ['rules'] })}>
                  Reload
                </Button>
              )
            }
          />
        )}
        <Flex gap={8} wrap>
          <Button type="primary" disabled={!canSave} loading={save.isPending || awaitingCounterpart} onClick={() => void onSave()}>
            Save
          </Button>
          <Button icon={<ExperimentOutlined />} disabled={draft.procedureId === null} loading={dryRun.isPending} onClick={onTry}>
            {RULE_TEXTS.tryOnClaims}
          </Button>
        </Flex>
        {(dryRun.isPending || dryRun.data || dryRun.error) && (
          <DryRunPanel result={dryRun.data} pending={dryRun.isPending} error={dryRun.error} />
        )}
        {editing && (
          <Collapse
            size="small"
            items={[
              { key: 'versions', label: `Versions (now version ${rule.version})`, children: <VersionsPanel rule={rule} canRestore /> },
            ]}
          />
        )}
      </Flex>

      <Modal
        open={dialog === 'configureOther'}
        destroyOnHidden
        title={RULE_TEXTS.savedIn(name, draft.caseType)}
        onCancel={() => navigate(listPath)}
        footer={[
          <Button key="cancel" onClick={() => navigate(listPath)}>
            Cancel
          </Button>,
          <Button
            key="next"
            type="primary"
            onClick={() => {
              setDraft((d) => draftFor(d, otherCaseType(d.caseType)));
              setConfigureOther(false);
              setStep('other');
              setDialog(null);
            }}
          >
            {RULE_TEXTS.moveNext}
          </Button>,
        ]}
      >
        {RULE_TEXTS.configureOtherQuestion}
      </Modal>
      <Modal
        open={dialog === 'counterpart'}
        destroyOnHidden
        title="Other case type"
        onCancel={() => setDialog(null)}
        footer={[
          <Button key="no" loading={save.isPending && save.variables === false} onClick={() => save.mutate(false)}>
            No
          </Button>,
          <Button key="yes" type="primary" loading={save.isPending && save.variables === true} onClick={() => save.mutate(true)}>
            Yes
          </Button>,
        ]}
      >
        {RULE_TEXTS.changeCounterpart}
      </Modal>
      <DeleteConfirm
        open={dialog === 'delete'}
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setDialog(null)}
      />
      {dialog === 'override' && rule && <OverrideDialog rule={rule} masters={masters} onClose={() => setDialog(null)} />}
    </Card>
  );
}
