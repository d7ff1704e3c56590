import { BranchesOutlined, HistoryOutlined } from '@ant-design/icons';
import { ApiError, CASE_TYPES, caseTypeLabel, insurerLabel, isProviderOrg, useSession } from '@claims/shared-kernel';
import { AuditExportButton, AuditHistoryDialog, BackTitle, LoadState, RuleTree, lastModifiedText } from '@claims/shared-kernel/ui';
import type { CaseType, Rule, RuleTreeName } from '@claims/shared-kernel';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Modal, Segmented, Typography } from 'antd';
import Descriptions from 'antd/es/descriptions';
import { lazy, useCallback, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { ruleQuery } from '../../api/rules';
import { InsurerSelect } from '../../components/InsurerSelect';
import { VersionsPanel } from '../../components/VersionsPanel';
import { displayProcedureCode } from './RuleList';
import { useInsurer } from './useInsurer';

const TREES: { name: RuleTreeName; title: string }[] = [
  { name: 'procedureRule', title: 'Procedure Rule' },
  { name: 'diagnosisRule', title: 'Diagnosis Rule' },
  { name: 'documentRule', title: 'Document Rule' },
  { name: 'clinicalTermsRule', title: 'Clinical Terms Rule' },
];

const isCaseType = (value: string | null): value is CaseType => CASE_TYPES.some((c) => c.code === value);

/** The editor the Edit Rule toggle opens in place (loaded when first asked for, as on its own routes). */
const RuleEditor = lazy(() => import('../rule-editor/RuleEditor').then((module) => ({ default: module.RuleEditor })));

type ViewMode = 'view' | 'edit';
export const VIEW_RULE = 'View Rule';
export const EDIT_RULE = 'Edit Rule';
/** Whether the signed-in user may write this rule (the api's rule: super users, of the provider or of its organisation). */
const useMayEdit = (rule: Pick<Rule, 'org'>): boolean =>
  useSession((s) => s.role === 'super_user' && (isProviderOrg(s.organization) || s.organization === rule.org));

function RuleDetails({ rule }: { rule: Rule }) {
  const [historyOpen, setHistoryOpen] = useState(false);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const mayEdit = useMayEdit(rule);
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary" data-testid="last-modified">
          {lastModifiedText(rule)}
        </Typography.Text>
        <Flex gap={8}>
          <Button icon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)}>
            History
          </Button>
          <AuditExportButton entity="rules" />
          <Button icon={<BranchesOutlined />} onClick={() => setVersionsOpen(true)}>
            {`Versions (${rule.version})`}
          </Button>
        </Flex>
      </Flex>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'name', label: 'Procedure Name', children: rule.procedures.name },
          { key: 'code', label: 'Procedure Code', children: displayProcedureCode(rule.procedures.procedure_code) },
          { key: 'snomed', label: 'SNOMED Code', children: rule.procedures.snomedct_code },
          { key: 'group', label: 'Procedure Group', children: rule.procedures.procedure_group?.name ?? '' },
        ]}
      />
      {TREES.map(({ name, title }) => (
        <Card key={name} size="small" title={title}>
          <RuleTree rule={rule[name]} />
        </Card>
      ))}
      <AuditHistoryDialog open={historyOpen} onClose={() => setHistoryOpen(false)} entity="rules" recordKey={rule.id} record={rule} />
      <Modal open={versionsOpen} title="Versions" footer={null} width={800} onCancel={() => setVersionsOpen(false)} destroyOnHidden>
        <VersionsPanel rule={rule} canRestore={mayEdit} />
      </Modal>
    </Flex>
  );
}

/**
 * /rules/view/{id}?org={insurer}[&case_type=]: one procedure protocol, read-only (spec 2 §2.9,
 * §2.10). The insurer selector and the case-type toggle show the same procedure's rule for another
 * insurer or case type; when there is none the server's sentence says so. The owning organisation (the
 * provider) also has the Edit Rule / View Rule toggle: its super users edit the rule in place.
 */
export function RuleView() {
  const { id = '' } = useParams();
  const { insurer, canChoose, choose } = useInsurer();
  const [params, setParams] = useSearchParams();
  const requestedCaseType = params.get('case_type');
  const caseType = isCaseType(requestedCaseType) ? requestedCaseType : undefined;
  const query = useQuery(ruleQuery(id, insurer, caseType));
  /** The server's 404 says there is no such rule for this insurer and case type (its sentence is shown). */
  const absent = query.error instanceof ApiError && query.error.status === 404 ? query.error : null;
  const rule = query.isError ? undefined : query.data;
  const [mode, setMode] = useState<ViewMode>('view');
  const superUser = useSession((s) => s.role === 'super_user');

  const shownCaseType = rule ? rule.case_type : caseType;
  const chooseCaseType = useCallback(
    (code: CaseType) =>
      setParams(
        (p) => {
          p.set('case_type', code);
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );

  return (
    <Card
      title={
        <BackTitle to={`/rules?org=${encodeURIComponent(insurer)}`} label="Back to Procedure Protocol">
          <span>{rule ? `${rule.procedures.name} (${insurerLabel(insurer)})` : `Procedure Protocol (${insurerLabel(insurer)})`}</span>
        </BackTitle>
      }
      extra={
        <Flex gap={12} align="center" wrap>
          {canChoose && (
            <Segmented<ViewMode>
              name="rule-view-mode"
              aria-label="View or edit the rule"
              value={mode}
              options={[
                { value: 'view', label: VIEW_RULE },
                { value: 'edit', label: EDIT_RULE, disabled: !superUser || !rule },
              ]}
              onChange={setMode}
            />
          )}
          {canChoose && <InsurerSelect value={insurer} onChange={choose} />}
          <Segmented<CaseType>
            name="rule-case-type"
            aria-label="Case type"
            value={shownCaseType ?? 'SETTLEMENT'}
            options={[
              { value: 'SETTLEMENT', label: 'Settlement' },
              { value: 'PRE_AUTH', label: 'Pre Authorization' },
            ]}
            onChange={chooseCaseType}
          />
        </Flex>
      }
    >
      {absent ? (
        <Alert
          type="info"
          showIcon
          title={absent.message || `There is no ${caseTypeLabel(caseType)} case type rule for this procedure in ${insurer}`}
        />
      ) : mode === 'edit' && rule && superUser ? (
        <RuleEditor key={`${rule.id}-${rule.version}`} org={rule.org} rule={rule} />
      ) : (
        <LoadState query={query}>{(loaded) => <RuleDetails rule={loaded} />}</LoadState>
      )}
    </Card>
  );
}
