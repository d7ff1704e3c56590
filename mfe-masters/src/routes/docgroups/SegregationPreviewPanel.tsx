import type { SegregationPageChange, SegregationPreviewClaim, SegregationPreviewResult } from '@claims/shared-kernel';
import { Alert, Card, Flex, Spin, Table, Typography, theme } from 'antd';
import type { TableColumnsType } from 'antd';
import { Link } from 'react-router-dom';
import { VerdictChange } from '@claims/shared-kernel/ui';

const typeText = (type: string | null) => type ?? 'no type';
const pageText = (page: SegregationPageChange) =>
  `${page.fileName} p. ${page.pageNumber}: ${typeText(page.before)} → ${typeText(page.after)}`;

const columns: TableColumnsType<SegregationPreviewClaim> = [
  {
    key: 'claim',
    title: 'Claim',
    render: (_, claim) => (
      <Flex vertical>
        <Link to={`/claims/${claim.id}`}>{claim.referenceClaimId}</Link>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {`${claim.org} · ${claim.hospitalCode}`}
        </Typography.Text>
      </Flex>
    ),
  },
  {
    key: 'verdict',
    title: 'Verdict now → with this segregation',
    render: (_, claim) => <VerdictChange before={claim.before} after={claim.after} />,
  },
  {
    key: 'pages',
    title: 'Pages typed differently',
    render: (_, claim) =>
      claim.pagesChanged === 0 ? (
        <Typography.Text type="secondary">None</Typography.Text>
      ) : (
        <Flex vertical gap={2}>
          {claim.pages.map((page) => (
            <span key={`${page.fileName}-${page.pageNumber}`}>{pageText(page)}</span>
          ))}
          {claim.pagesChanged > claim.pages.length && (
            <Typography.Text type="secondary">{`and ${claim.pagesChanged - claim.pages.length} more`}</Typography.Text>
          )}
        </Flex>
      ),
  },
  {
    key: 'reason',
    title: 'Reason with this segregation',
    render: (_, claim) => (claim.before === claim.after ? '' : (claim.afterReason ?? '')),
  },
];

function Summary({ result }: { result: SegregationPreviewResult }) {
  const changed = result.claims.length;
  return (
    <Flex vertical gap={8}>
      <Typography.Text data-testid="segregation-preview-summary">
        {`${result.considered} recent verified ${result.considered === 1 ? 'claim' : 'claims'} of ${result.hospitals.join(', ')} tried: ${changed} would change (verdict or typed pages), ${result.unchanged} would stay the same.`}
      </Typography.Text>
      {result.stoppedEarly && (
        <Alert
          type="warning"
          showIcon
          title={`Stopped at the time allowance: ${result.considered} of the ${result.found} most recent verified claims were tried.`}
        />
      )}
    </Flex>
  );
}

/**
 * What 'Try on claims' of a document segregation found: the most recent verified claims of its hospitals whose verdict
 * or typed pages would change with the edited configuration, each with its verdict and pages before and after.
 */
export function SegregationPreviewPanel({
  result,
  pending,
  error,
}: {
  result?: SegregationPreviewResult;
  pending: boolean;
  error: Error | null;
}) {
  const { token } = theme.useToken();
  return (
    <Card size="small" title="Try on claims" aria-label="Try on claims results" style={{ marginTop: token.margin }}>
      {pending ? (
        <Flex justify="center" style={{ padding: token.padding }}>
          <Spin aria-label="Trying the segregation on claims" />
        </Flex>
      ) : error ? (
        <Alert type="error" showIcon title={error.message} />
      ) : result?.considered === 0 ? (
        <Typography.Text>{`There are no verified claims of ${result.hospitals.join(', ')} to try the segregation on.`}</Typography.Text>
      ) : result ? (
        <Flex vertical gap={12}>
          <Summary result={result} />
          {result.claims.length > 0 && (
            <Table<SegregationPreviewClaim> size="small" rowKey="id" columns={columns} dataSource={result.claims} pagination={false} />
          )}
        </Flex>
      ) : null}
    </Card>
  );
}
