import { DeleteOutlined, ExperimentOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { PROVIDER_ORG, caseTypeLabel } from '@claims/shared-kernel';
import type { CaseType } from '@claims/shared-kernel';
import { BackTitle, DeleteConfirm } from '@claims/shared-kernel/ui';
import { Alert, Button, Card, Checkbox, Col, Collapse, Flex, Form, Input, Modal, Row, Select, Typography, theme } from 'antd';
import Radio from 'antd/es/radio';
import { useNavigate } from 'react-router-dom';
import { RuleBuilder } from '../../components/rule-builder/RuleBuilder';
import { VersionsPanel } from '../../components/VersionsPanel';
import { displayProcedureCode } from '../rules/RuleList';
import { DocumentPicker } from './DocumentPicker';
import { DryRunPanel } from './DryRunPanel';
import { OverrideDialog } from './OverrideDialog';
import { BUILDERS, DOCUMENT_PICKERS } from './ruleForm';
import { RULE_TEXTS } from './texts';
import { type RuleEditorProps, useRuleEditor } from './useRuleEditor';

/**
 * The rule editor (spec 2 §2.8, §4): procedure and case type, the four document pickers, the four rule builders,
 * Save and the case-type flows with their alerts, Delete, the per-insurer overrides, the versions, and 'Try on
 * claims', which judges the draft against the most recent verified claims before it is saved. Its state is
 * `useRuleEditor`'s.
 */
export function RuleEditor(props: RuleEditorProps) {
  const { rule, org, claimId } = props;
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const editor = useRuleEditor(props);
  const { draft, edited, existing, save } = editor;

  return (
    <Card
      title={
        <BackTitle to={editor.backTo} label={claimId ? 'Back to the claim' : 'Back to Procedure Protocol'}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {editor.title}
          </Typography.Title>
        </BackTitle>
      }
      extra={
        edited && (
          <Flex gap={8}>
            {org === PROVIDER_ORG && (
              <Button icon={<SafetyCertificateOutlined />} onClick={() => editor.setDialog('override')}>
                {RULE_TEXTS.enableOverride}
              </Button>
            )}
            <Button type="link" danger icon={<DeleteOutlined />} onClick={() => editor.setDialog('delete')}>
              Delete
            </Button>
          </Flex>
        )
      }
    >
      <Flex vertical gap={16}>
        {editor.step !== 'main' && (
          <Alert
            type="info"
            showIcon
            title={`${caseTypeLabel(draft.caseType)} rule for ${editor.name}: the content is filled in from the rule just saved.`}
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
                  disabled={!!rule || editor.step !== 'main'}
                  value={draft.procedureId ?? undefined}
                  options={editor.procedureChoices.map((p) => ({
                    value: p.id,
                    label: `${displayProcedureCode(p.procedure_code).trim()} - ${p.name}`,
                  }))}
                  onChange={editor.chooseProcedure}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={7}>
              <Form.Item label="Procedure Group" style={{ marginBottom: 0 }}>
                <Input aria-label="Procedure Group" readOnly value={editor.procedure?.procedure_group?.name ?? ''} />
              </Form.Item>
            </Col>
            <Col xs={24} md={7}>
              <Form.Item label="Case Type" style={{ marginBottom: 0 }}>
                {editor.fixedCaseType ? (
                  <Typography.Text data-testid="case-type">{caseTypeLabel(draft.caseType)}</Typography.Text>
                ) : (
                  <Radio.Group
                    name="rule-case-type"
                    aria-label="Case Type"
                    value={draft.caseType}
                    options={editor.offeredCaseTypes}
                    onChange={(event) => editor.setCaseType(event.target.value as CaseType)}
                  />
                )}
              </Form.Item>
            </Col>
          </Row>
        </Form>
        {editor.existenceFailure && (
          <Alert
            type="error"
            showIcon
            title={`The existing rules of this procedure could not be checked: ${editor.existenceFailure.message}`}
          />
        )}
        {existing?.result && existing.result !== true && (
          <Alert
            type="info"
            showIcon
            title={RULE_TEXTS.present(editor.name, existing.result === 'PREAUTH' ? 'PRE_AUTH' : 'SETTLEMENT')}
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
        {editor.step === 'main' && !rule && !existing?.result && (
          <Checkbox checked={editor.configureOther} onChange={(event) => editor.setConfigureOther(event.target.checked)}>
            {RULE_TEXTS.configureOther}
          </Checkbox>
        )}
        {editor.preauthMissing && (
          <Checkbox checked={editor.configureOther} onChange={(event) => editor.setConfigureOther(event.target.checked)}>
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
                  documents={editor.masters.entities.document}
                  onChange={(ids) => editor.setDocuments(field, ids)}
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
              masters={editor.masters}
              onChange={(next) => editor.setTree(tree, next)}
            />
          </Card>
        ))}
        {editor.problems.length > 0 && (
          <Alert
            type="error"
            showIcon
            title="The rule cannot be saved until these statements are corrected"
            description={
              <ul style={{ margin: 0, paddingInlineStart: token.padding }}>
                {editor.problems.map((p) => (
                  <li key={p.path}>{`${p.path}: ${p.message}`}</li>
                ))}
              </ul>
            }
            closable={{ onClose: editor.clearProblems }}
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
              editor.savedMeanwhile && (
                <Button size="small" onClick={editor.reload}>
                  Reload
                </Button>
              )
            }
          />
        )}
        <Flex gap={8} wrap>
          <Button type="primary" disabled={!editor.canSave} loading={editor.saving} onClick={() => void editor.requestSave()}>
            Save
          </Button>
          <Button
            icon={<ExperimentOutlined />}
            disabled={draft.procedureId === null}
            loading={editor.dryRun.isPending}
            onClick={editor.tryOnClaims}
          >
            {RULE_TEXTS.tryOnClaims}
          </Button>
        </Flex>
        {(editor.dryRun.isPending || editor.dryRun.data || editor.dryRun.error) && (
          <DryRunPanel result={editor.dryRun.data} pending={editor.dryRun.isPending} error={editor.dryRun.error} />
        )}
        {edited && (
          <Collapse
            size="small"
            items={[
              { key: 'versions', label: `Versions (now version ${edited.version})`, children: <VersionsPanel rule={edited} canRestore /> },
            ]}
          />
        )}
      </Flex>

      <Modal
        open={editor.dialog === 'configureOther'}
        destroyOnHidden
        title={RULE_TEXTS.savedIn(editor.name, draft.caseType)}
        onCancel={() => navigate(editor.listPath)}
        footer={[
          <Button key="cancel" onClick={() => navigate(editor.listPath)}>
            Cancel
          </Button>,
          <Button key="next" type="primary" onClick={editor.moveToOtherCaseType}>
            {RULE_TEXTS.moveNext}
          </Button>,
        ]}
      >
        {RULE_TEXTS.configureOtherQuestion}
      </Modal>
      <Modal
        open={editor.dialog === 'counterpart'}
        destroyOnHidden
        title="Other case type"
        onCancel={() => editor.setDialog(null)}
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
        open={editor.dialog === 'delete'}
        busy={editor.remove.isPending}
        onConfirm={() => editor.remove.mutate()}
        onCancel={() => editor.setDialog(null)}
      />
      {editor.dialog === 'override' && rule && (
        <OverrideDialog rule={rule} masters={editor.masters} onClose={() => editor.setDialog(null)} />
      )}
    </Card>
  );
}
