import { caseTypeLabel } from '@claims/shared-kernel';
import type { DryRunClaim, RuleDryRunResult } from '@claims/shared-kernel';
import { Alert, Card, Flex, Spin, Table, Tag, Typography, theme } from 'antd';
import type { TableColumnsType } from 'antd';
import { Link } from 'react-router-dom';
import { VerdictChange, VerdictTag } from '@claims/shared-kernel/ui';

function ClaimCell({ claim }: { claim: DryRunClaim }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical>
      <Link to={`/claims/${claim.id}`}>{claim.referenceClaimId}</Link>
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {claim.org}
      </Typography.Text>
    </Flex>
  );
}

const columns: TableColumnsType<DryRunClaim> = [
  { key: 'claim', title: 'Claim', render: (_, claim) => <ClaimCell claim={claim} /> },
  {
    key: 'change',
    title: 'Verdict now → with this rule',
    render: (_, claim) => <VerdictChange before={claim.before} after={claim.after} />,
  },
  { key: 'expected', title: 'Annotation expects', render: (_, claim) => <VerdictTag result={claim.expected} /> },
  {
    key: 'flipped',
    title: 'The condition that flips it',
    render: (_, claim) => (
      <Flex vertical gap={2}>
        {claim.flipped.map((leaf) => (
          <span key={leaf.path}>
            <Typography.Text code>{leaf.path}</Typography.Text> {leaf.statement}
            {leaf.valueFound != null && leaf.valueFound !== '' && (
              <Typography.Text type="secondary">{` (found ${leaf.valueFound})`}</Typography.Text>
            )}
          </span>
        ))}
      </Flex>
    ),
  },
  { key: 'reason', title: 'Reason with this rule', render: (_, claim) => claim.afterReason ?? '' },
];

function Summary({ result }: { result: RuleDryRunResult }) {
  const changed = result.claims.length;
  const { annotated, agreeBefore, agreeAfter } = result.annotations;
  return (
    <Flex vertical gap={8}>
      <Typography.Text data-testid="dry-run-summary">
        {`${result.considered} recent verified ${result.considered === 1 ? 'claim' : 'claims'} of ${result.procedure.name} (${caseTypeLabel(result.case_type)}) tried: ${changed} ${changed === 1 ? 'verdict' : 'verdicts'} would change, ${result.unchanged} would stay the same.`}
      </Typography.Text>
      {result.stoppedEarly && (
        <Alert
          type="warning"
          showIcon
          title={`Stopped at the time allowance: ${result.considered} of the ${result.found} most recent verified claims were tried.`}
        />
      )}
      {result.transitions.length > 0 && (
        <Flex gap={6} wrap aria-label="Changed verdicts">
          {result.transitions.map((t) => (
            <Tag key={`${t.from}-${t.to}`}>{`${t.from} → ${t.to}: ${t.count}`}</Tag>
          ))}
        </Flex>
      )}
      <Typography.Text data-testid="dry-run-annotations">
        {annotated
          ? `Agreement with annotations: ${agreeBefore} of ${annotated} now, ${agreeAfter} of ${annotated} with this rule.`
          : 'None of these claims has an annotation to compare with.'}
      </Typography.Text>
    </Flex>
  );
}

/**
 * What 'Try on claims' found: how many verdicts of the most recent verified claims would change and how, each
 * changed claim (linked to its page) with the condition that flips it, and agreement with the annotations.
 */
export function DryRunPanel({ result, pending, error }: { result?: RuleDryRunResult; pending: boolean; error: Error | null }) {
  const { token } = theme.useToken();
  return (
    <Card size="small" title="Try on claims" aria-label="Try on claims results">
      {pending ? (
        <Flex justify="center" style={{ padding: token.padding }}>
          <Spin aria-label="Trying the rule on claims" />
        </Flex>
      ) : error ? (
        <Alert type="error" showIcon title={error.message} />
      ) : result?.considered === 0 ? (
        <Typography.Text>{`There are no verified claims of ${result.procedure.name} (${caseTypeLabel(result.case_type)}) for this insurer to try the rule on.`}</Typography.Text>
      ) : result ? (
        <Flex vertical gap={12}>
          <Summary result={result} />
          {result.claims.length > 0 && (
            <Table<DryRunClaim> size="small" rowKey="id" columns={columns} dataSource={result.claims} pagination={false} />
          )}
        </Flex>
      ) : null}
    </Card>
  );
}
