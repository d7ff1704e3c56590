import {
  adjudicationResultLabel,
  ADJUDICATION_RESULTS,
  INSURERS,
  isProviderOrg,
  LIMITS,
  PROVIDER_ORG,
  useSession,
} from '@claims/shared-kernel';
import { NO_ROWS } from '@claims/shared-kernel/data';
import type { AdjudicationResult, DashboardRow } from '@claims/shared-kernel';
import { App, Card, Col, Flex, Row, Select, Table, Tabs, Typography, theme } from 'antd';
import type { TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { dashboardCountQuery, type DashboardKind } from '../../api/claims';
import { ChartsSection } from './ChartsSection';
import { QualitySection } from './QualitySection';

const resultLabel = (value: string) =>
  (ADJUDICATION_RESULTS as readonly string[]).includes(value) ? adjudicationResultLabel(value as AdjudicationResult) : 'Not verified';

const countColumn = { title: 'Count', dataIndex: 'count', key: 'count', align: 'right' as const, width: 120 };
const procedureColumns: TableColumnsType<DashboardRow> = [
  { title: 'Procedure Code', dataIndex: 'procedureCode', key: 'procedureCode' },
  countColumn,
];

/** The four tables of spec 1 §2 /dashboard, each from one POST /claims/dashboard/count. */
const TABLES: { kind: DashboardKind; title: string; rowKey: keyof DashboardRow; columns: TableColumnsType<DashboardRow> }[] = [
  {
    kind: 'getAll',
    title: 'All Cases by Status',
    rowKey: 'status',
    columns: [{ title: 'Status', dataIndex: 'status', key: 'status' }, countColumn],
  },
  {
    kind: 'adjudicated',
    title: 'Adjudicated Cases by Result',
    rowKey: 'adjudicationResult',
    columns: [
      { title: 'Verification Result', dataIndex: 'adjudicationResult', key: 'adjudicationResult', render: resultLabel },
      countColumn,
    ],
  },
  {
    kind: 'accepted',
    title: `Top ${LIMITS.dashboardTopProcedures} Pass Procedure Codes`,
    rowKey: 'procedureCode',
    columns: procedureColumns,
  },
  {
    kind: 'rejected',
    title: `Top ${LIMITS.dashboardTopProcedures} Fail Procedure Codes`,
    rowKey: 'procedureCode',
    columns: procedureColumns,
  },
];

const INSURER_OPTIONS = INSURERS.map((i) => ({ value: i.code, label: i.label }));

function CountTable({ kind, title, rowKey, columns, org }: (typeof TABLES)[number] & { org: string }) {
  const { message } = App.useApp();
  // Another insurer's counts replace the shown ones once they arrive.
  const { data, error, isFetching } = useQuery({ ...dashboardCountQuery(kind, org), placeholderData: keepPreviousData });
  useEffect(() => {
    // A failed count falls back to an empty table (spec 1 §8), saying why once for all four tables.
    if (error) void message.error({ content: error.message, key: 'dashboard-count' });
  }, [error, message]);
  return (
    <Card title={title} size="small" styles={{ body: { padding: 0 } }}>
      <Table<DashboardRow>
        size="small"
        rowKey={(row) => String(row[rowKey])}
        columns={columns}
        dataSource={error ? NO_ROWS : (data ?? NO_ROWS)}
        loading={isFetching}
        pagination={false}
        locale={{ emptyText: 'No Data Found' }}
      />
    </Card>
  );
}

/**
 * /dashboard: counts, and the adjudicator's quality against the annotations, for super users; everyone else goes
 * to the claims list (spec 1 §6).
 */
export function DashboardScreen() {
  const { token } = theme.useToken();
  const role = useSession((s) => s.role);
  const organization = useSession((s) => s.organization);
  const [searchParams, setSearchParams] = useSearchParams();
  if (role !== 'super_user') return <Navigate to="/claims" replace />;

  const provider = isProviderOrg(organization);
  const requested = searchParams.get('org');
  const org = provider ? (INSURERS.some((i) => i.code === requested) ? requested! : PROVIDER_ORG) : organization!;
  const chooseOrg = (code: string) =>
    setSearchParams((params) => {
      params.set('org', code);
      return params;
    });
  // The open tab is in the address (?tab=quality), so a reload or a shared link opens it again.
  const tab = searchParams.get('tab') === 'quality' ? 'quality' : 'counts';
  const chooseTab = (key: string) =>
    setSearchParams((params) => {
      if (key === 'quality') params.set('tab', key);
      else params.delete('tab');
      return params;
    });

  return (
    <Flex vertical gap="middle" style={{ padding: token.padding }}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={4} style={{ margin: 0 }}>
          Dashboard
        </Typography.Title>
        {provider && <Select aria-label="Insurer" style={{ width: 140 }} value={org} options={INSURER_OPTIONS} onChange={chooseOrg} />}
      </Flex>
      {/* One tab in the page at a time: each has its own period picker, both on the address's ?from=&to=. */}
      <Tabs
        activeKey={tab}
        onChange={chooseTab}
        destroyOnHidden
        items={[
          {
            key: 'counts',
            label: 'Claim Counts',
            // The charts of the chosen period first; the tables below keep the exact numbers of every claim.
            children: (
              <Flex vertical gap="large">
                <ChartsSection org={org} />
                <Row gutter={[16, 16]}>
                  {TABLES.map((table) => (
                    <Col key={table.kind} xs={24} lg={12}>
                      <CountTable {...table} org={org} />
                    </Col>
                  ))}
                </Row>
              </Flex>
            ),
          },
          // Rendered once opened: the report reads every annotated claim of the period, the counts do not wait for it.
          { key: 'quality', label: 'Verification Quality', children: <QualitySection org={org} /> },
        ]}
      />
    </Flex>
  );
}
