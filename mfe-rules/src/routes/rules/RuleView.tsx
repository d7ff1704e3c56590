import { ArrowLeftOutlined, HistoryOutlined } from '@ant-design/icons';
import { ApiError, CASE_TYPES, caseTypeLabel, insurerLabel } from '@claims/shared-kernel';
import { AuditHistoryDialog, RuleTree, lastModifiedText } from '@claims/shared-kernel/ui';
import type { CaseType, Rule, RuleTreeName } from '@claims/shared-kernel';
import { Alert, Button, Card, Descriptions, Flex, Result, Segmented, Spin, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { fetchRule } from '../../api/rules';
import { InsurerSelect } from '../../components/InsurerSelect';
import { displayProcedureCode } from './RuleList';
import { useInsurer } from './useInsurer';

const TREES: { name: RuleTreeName; title: string }[] = [
  { name: 'procedureRule', title: 'Procedure Rule' },
  { name: 'diagnosisRule', title: 'Diagnosis Rule' },
  { name: 'documentRule', title: 'Document Rule' },
  { name: 'clinicalTermsRule', title: 'Clinical Terms Rule' },
];

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; rule: Rule }
  | { status: 'absent'; message: string }
  | { status: 'failed'; message: string };

const isCaseType = (value: string | null): value is CaseType => CASE_TYPES.some((c) => c.code === value);

function RuleDetails({ rule }: { rule: Rule }) {
  const [historyOpen, setHistoryOpen] = useState(false);
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary" data-testid="last-modified">
          {lastModifiedText(rule)}
        </Typography.Text>
        <Button icon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)}>
          History
        </Button>
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
      <AuditHistoryDialog open={historyOpen} onClose={() => setHistoryOpen(false)} record={rule} history={rule.modification_history} />
    </Flex>
  );
}

/**
 * /rules/view/{id}?org={insurer}[&case_type=]: one procedure protocol, read-only (spec 2 §2.9,
 * §2.10). The insurer selector and the case-type toggle show the same procedure's rule for another
 * insurer or case type; when there is none the server's sentence says so.
 */
export function RuleView() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { insurer, canChoose, choose } = useInsurer();
  const [params, setParams] = useSearchParams();
  const requestedCaseType = params.get('case_type');
  const caseType = isCaseType(requestedCaseType) ? requestedCaseType : undefined;
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  /** The number of the latest load: an earlier one's answer, or any after unmounting, is dropped. */
  const latest = useRef(0);
  /** Loads the rule shown (again on Retry), superseding a load under way. */
  const load = useCallback(() => {
    const request = ++latest.current;
    setState({ status: 'loading' });
    fetchRule(id, insurer, caseType)
      .then((rule) => request === latest.current && setState({ status: 'ready', rule }))
      .catch((error: Error) => {
        if (request !== latest.current) return;
        setState(
          error instanceof ApiError && error.status === 404
            ? { status: 'absent', message: error.message }
            : { status: 'failed', message: error.message },
        );
      });
  }, [id, insurer, caseType]);

  useEffect(() => {
    load();
    return () => {
      latest.current += 1;
    };
  }, [load]);

  const shownCaseType = state.status === 'ready' ? state.rule.case_type : caseType;
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
        <Flex align="center" gap={8}>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label="Back to Procedure Protocol"
            onClick={() => navigate(`/rules?org=${encodeURIComponent(insurer)}`)}
          />
          <span>
            {state.status === 'ready'
              ? `${state.rule.procedures.name} (${insurerLabel(insurer)})`
              : `Procedure Protocol (${insurerLabel(insurer)})`}
          </span>
        </Flex>
      }
      extra={
        <Flex gap={12} align="center" wrap>
          {canChoose && <InsurerSelect value={insurer} onChange={choose} />}
          <Segmented<CaseType>
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
      {state.status === 'loading' && (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      )}
      {state.status === 'ready' && <RuleDetails rule={state.rule} />}
      {state.status === 'absent' && (
        <Alert
          type="info"
          showIcon
          title={state.message || `There is no ${caseTypeLabel(caseType)} case type rule for this procedure in ${insurer}`}
        />
      )}
      {state.status === 'failed' && (
        <Result
          status="error"
          title="The rule could not be loaded"
          subTitle={state.message}
          extra={
            <Button type="primary" onClick={load}>
              Retry
            </Button>
          }
        />
      )}
    </Card>
  );
}
