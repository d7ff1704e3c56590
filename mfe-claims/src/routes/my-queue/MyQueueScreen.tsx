import { caseTypeLabel, formatInZone, isProviderOrg, useSession } from '@claims/shared-kernel';
import type { QueueClaim, QueueCounts, ReviewerLoad, ReviewQueue } from '@claims/shared-kernel';
import { LoadState, VerdictTag } from '@claims/shared-kernel/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Alert, App, Button, Card, Flex, Select, Table, Tag, theme, Typography } from 'antd';
import Statistic from 'antd/es/statistic';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { claimKeys } from '../../api/claims';
import { assignClaims, reviewQueueQuery } from '../../api/review';
import { type ClaimListState, claimUrl } from '../claim/listState';

/** The super user's choice in the reviewers' table: the claims nobody holds. */
const UNASSIGNED = 'unassigned';

/** A review's due time in the display zone, tagged when it has passed or its clock is paused. */
export function DueTime({ dueAt, overdue, paused }: { dueAt: string | null | undefined; overdue?: boolean; paused?: boolean }) {
  if (!dueAt) return <Typography.Text type="secondary">–</Typography.Text>;
  return (
    <Flex gap={4} align="center" wrap>
      <span>{formatInZone(dueAt, 'DD-MM-YYYY HH:mm')}</span>
      {overdue && <Tag color="error">Overdue</Tag>}
      {paused && <Tag>Paused</Tag>}
    </Flex>
  );
}

function Counts({ counts }: { counts: QueueCounts }) {
  const { token } = theme.useToken();
  return (
    <Flex gap={token.marginXL}>
      <Statistic title="Open" value={counts.open} />
      <Statistic title="Due today" value={counts.dueToday} />
      <Statistic
        title="Overdue"
        value={counts.overdue}
        styles={counts.overdue > 0 ? { content: { color: token.colorError } } : undefined}
      />
    </Flex>
  );
}

const claimColumns = (showHolder: boolean): TableColumnsType<QueueClaim> => [
  { title: 'Claim ID', key: 'referenceClaimId', dataIndex: 'referenceClaimId' },
  { title: 'Patient Name', key: 'patientName', dataIndex: 'patientName' },
  { title: 'Organisation', key: 'org', dataIndex: 'org' },
  { title: 'Case Type', key: 'caseType', render: (_, row) => caseTypeLabel(row.caseType) },
  { title: 'Verification Result', key: 'adjudicationResult', render: (_, row) => <VerdictTag result={row.adjudicationResult} /> },
  ...(showHolder
    ? [{ title: 'Assigned to', key: 'assignedTo', render: (_: unknown, row: QueueClaim) => row.assignedTo ?? 'Unassigned' }]
    : []),
  { title: 'Due', key: 'dueAt', render: (_, row) => <DueTime dueAt={row.dueAt} overdue={row.overdue} paused={row.paused} /> },
];

const REVIEWER_COLUMNS: TableColumnsType<ReviewerLoad> = [
  { title: 'Reviewer', key: 'username', dataIndex: 'username' },
  { title: 'Organisation', key: 'organization', dataIndex: 'organization' },
  { title: 'Open', key: 'open', dataIndex: 'open', align: 'right' },
  { title: 'Overdue', key: 'overdue', dataIndex: 'overdue', align: 'right' },
];

/** The queue's claims by due time; opening one hands the claim page the queue's order, so next and previous follow it. */
function QueueTable({
  claims,
  listUrl,
  showHolder,
  selection,
}: {
  claims: QueueClaim[];
  listUrl: string;
  showHolder: boolean;
  selection?: { keys: number[]; onChange: (keys: number[]) => void };
}) {
  const navigate = useNavigate();
  /** The address the claims list would open the claim with, in the claim's organisation. */
  const urlOf = (row: QueueClaim) => claimUrl({ ...row, case_type: row.caseType }, { org: row.org, batch: null, showAnnotation: false });
  const open = (row: QueueClaim) => {
    const state: ClaimListState = { claims: claims.map((c) => ({ id: c.id, url: urlOf(c) })), listUrl };
    void navigate(urlOf(row), { state });
  };
  return (
    <Table<QueueClaim>
      rowKey="id"
      size="small"
      columns={claimColumns(showHolder)}
      dataSource={claims}
      pagination={false}
      locale={{ emptyText: 'No open claims' }}
      onRow={(row) => ({ onClick: () => open(row), style: { cursor: 'pointer' } })}
      rowSelection={
        selection && {
          selectedRowKeys: selection.keys,
          onChange: (keys) => selection.onChange(keys as number[]),
        }
      }
    />
  );
}

/** Reassigning the selected claims to another reviewer (provider super users; the server checks each claim's organisation). */
function Reassign({ claimIds, reviewers, onDone }: { claimIds: number[]; reviewers: ReviewerLoad[]; onDone: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [reviewer, setReviewer] = useState<string | undefined>(undefined);
  const assign = useMutation({
    mutationFn: (to: string) => assignClaims({ claimIds, reviewer: to }),
    onSuccess: (answer, to) => {
      void message.success(`${answer.assigned.length} claim(s) assigned to ${to}`);
      void queryClient.invalidateQueries({ queryKey: claimKeys.all });
      setReviewer(undefined);
      onDone();
    },
  });
  return (
    <Flex gap="small" align="center" wrap>
      <Select
        aria-label="Reassign to"
        placeholder="Reassign to"
        style={{ minWidth: 240 }}
        value={reviewer}
        onChange={setReviewer}
        options={reviewers.map((r) => ({ value: r.username, label: `${r.username} (${r.organization})` }))}
        showSearch
      />
      <Button
        type="primary"
        disabled={!reviewer || claimIds.length === 0}
        loading={assign.isPending}
        onClick={() => reviewer && assign.mutate(reviewer)}
      >
        Reassign
      </Button>
      {assign.error && <Alert type="error" showIcon title={assign.error.message} />}
    </Flex>
  );
}

/** The provider super user's view: every reviewer's load, and the chosen reviewer's (or nobody's) claims to reassign. */
function SupervisorView({ queue, chosen, choose }: { queue: ReviewQueue; chosen: string; choose: (who: string) => void }) {
  const { token } = theme.useToken();
  const [selected, setSelected] = useState<number[]>([]);
  const reviewers = queue.reviewers ?? [];
  const showing = chosen === UNASSIGNED ? queue.unassigned : { counts: queue.counts, claims: queue.claims };
  const pick = (who: string) => {
    setSelected([]);
    choose(who);
  };
  return (
    <Flex vertical gap={token.margin}>
      <Card title="Reviewers" size="small" styles={{ body: { padding: 0 } }}>
        <Table<ReviewerLoad>
          rowKey="username"
          size="small"
          columns={REVIEWER_COLUMNS}
          dataSource={reviewers}
          pagination={false}
          rowClassName={(row) => (row.username === chosen ? 'ant-table-row-selected' : '')}
          onRow={(row) => ({ onClick: () => pick(row.username), style: { cursor: 'pointer' } })}
        />
      </Card>
      <Card
        size="small"
        title={chosen === UNASSIGNED ? 'Unassigned claims' : `Claims of ${chosen}`}
        extra={
          chosen === UNASSIGNED ? null : (
            <Button type="link" onClick={() => pick(UNASSIGNED)}>
              Unassigned claims ({queue.unassigned?.counts.open ?? 0})
            </Button>
          )
        }
      >
        {showing && (
          <Flex vertical gap={token.margin}>
            <Counts counts={showing.counts} />
            <Reassign claimIds={selected} reviewers={reviewers} onDone={() => setSelected([])} />
            <QueueTable
              claims={showing.claims}
              listUrl={`/myQueue?${new URLSearchParams({ reviewer: chosen })}`}
              showHolder
              selection={{ keys: selected, onChange: setSelected }}
            />
          </Flex>
        )}
      </Card>
    </Flex>
  );
}

/** /myQueue: the signed-in reviewer's open claims by due time; a provider super user sees every reviewer's and reassigns. */
export function MyQueueScreen() {
  const { token } = theme.useToken();
  const supervisor = useSession((s) => isProviderOrg(s.organization) && s.role === 'super_user');
  const [params, setParams] = useSearchParams();
  const chosen = supervisor ? (params.get('reviewer') ?? UNASSIGNED) : null;
  const queue = useQuery(reviewQueueQuery(chosen && chosen !== UNASSIGNED ? chosen : null));
  return (
    <Flex vertical gap={token.margin} style={{ padding: token.padding }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        My Queue
      </Typography.Title>
      <LoadState query={queue} isEmpty={() => false}>
        {(data) =>
          chosen ? (
            <SupervisorView queue={data} chosen={chosen} choose={(who) => setParams({ reviewer: who })} />
          ) : (
            <Card size="small">
              <Flex vertical gap={token.margin}>
                <Counts counts={data.counts} />
                <QueueTable claims={data.claims} listUrl="/myQueue" showHolder={false} />
              </Flex>
            </Card>
          )
        }
      </LoadState>
    </Flex>
  );
}
