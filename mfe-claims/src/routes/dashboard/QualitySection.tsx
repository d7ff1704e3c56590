import {
  ADJUDICATION_RESULTS,
  adjudicationResultLabel,
  ANNOTATION_ENTITIES,
  EXPECTED_RESULT_VERDICT,
  EXPECTED_RESULTS,
  expectedResultLabel,
  formatInZone,
  insurerLabel,
} from '@claims/shared-kernel';
import type {
  AnnotationEntityKind,
  QualityDisagreement,
  QualityEntityName,
  QualityEntityRow,
  QualityMatrixRow,
  QualityProcedureRow,
  QualityReport,
} from '@claims/shared-kernel';
import { LoadState } from '@claims/shared-kernel/ui';
import { Card, Flex, Spin, Table, Typography, theme } from 'antd';
import type { TableColumnsType } from 'antd';
import Statistic from 'antd/es/statistic';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { qualityReportQuery } from '../../api/quality';
import { type Tones, useTones } from '../../components/verification/tones';
import { DISPLAY_DATE, PeriodPicker, useDashboardPeriod } from './PeriodPicker';

const formatDay = (day: string) => dayjs(day).format(DISPLAY_DATE);

/** A share as a percentage with at most one decimal ('66.7%', '100%'); a dash where there was nothing to count. */
const percent = (share: number | null): string => (share === null ? '—' : `${Number((share * 100).toFixed(1))}%`);

const entityLabel = (kind: AnnotationEntityKind): string => ANNOTATION_ENTITIES.find((e) => e.kind === kind)?.label ?? kind;
const entityNames = (names: QualityEntityName[]): string => names.map((n) => `${entityLabel(n.entity)}: ${n.name}`).join('; ');

/** 'Accept → Accepted; ...; Wrong Procedure → Rejected': what each expected result asks of the adjudicator. */
const VERDICT_ASKED = EXPECTED_RESULTS.map((r) => `${r.label} → ${adjudicationResultLabel(EXPECTED_RESULT_VERDICT[r.code])}`).join('; ');

/** A cell where the verdict agrees with the annotation in the verdicts' green, one that disagrees in their red. */
const matrixColumns = (tones: Tones): TableColumnsType<QualityMatrixRow> => [
  { title: 'Expected Result', dataIndex: 'expectedResult', key: 'expectedResult', render: expectedResultLabel },
  { title: 'Agrees with', dataIndex: 'countsAs', key: 'countsAs', render: adjudicationResultLabel },
  ...ADJUDICATION_RESULTS.map((verdict) => ({
    title: adjudicationResultLabel(verdict),
    key: verdict,
    align: 'right' as const,
    render: (_: unknown, row: QualityMatrixRow) => row.verdicts[verdict],
    onCell: (row: QualityMatrixRow) => ({
      style:
        row.countsAs === verdict
          ? { background: tones.greenBackground, fontWeight: 600 }
          : row.verdicts[verdict] > 0
            ? { background: tones.redBackground }
            : undefined,
    }),
  })),
  { title: 'Total', dataIndex: 'total', key: 'total', align: 'right' },
];

const countColumn = <T,>(title: string, key: keyof T & string) => ({ title, dataIndex: key, key, align: 'right' as const });
const shareColumn = <T,>(title: string, key: keyof T & string) => ({
  title,
  dataIndex: key,
  key,
  align: 'right' as const,
  render: (share: number | null) => percent(share),
});

const entityColumns: TableColumnsType<QualityEntityRow> = [
  { title: 'Entity', dataIndex: 'entity', key: 'entity', render: entityLabel },
  countColumn<QualityEntityRow>('Claims', 'claims'),
  countColumn<QualityEntityRow>('Annotated', 'annotated'),
  countColumn<QualityEntityRow>('Found', 'found'),
  countColumn<QualityEntityRow>('Matched', 'matched'),
  shareColumn<QualityEntityRow>('Precision', 'precision'),
  shareColumn<QualityEntityRow>('Recall', 'recall'),
];

const procedureColumns: TableColumnsType<QualityProcedureRow> = [
  { title: 'Procedure Code', dataIndex: 'procedureCode', key: 'procedureCode' },
  { title: 'Procedure Name', dataIndex: 'procedureName', key: 'procedureName' },
  countColumn<QualityProcedureRow>('Claims', 'claims'),
  shareColumn<QualityProcedureRow>('Agreement', 'agreement'),
  countColumn<QualityProcedureRow>('Annotated', 'annotated'),
  countColumn<QualityProcedureRow>('Found', 'found'),
  countColumn<QualityProcedureRow>('Matched', 'matched'),
  shareColumn<QualityProcedureRow>('Precision', 'precision'),
  shareColumn<QualityProcedureRow>('Recall', 'recall'),
];

/** The claim page, in the claim's organisation (the provider reads insurers' claims with ?org=). */
const claimPage = (row: QualityDisagreement) => `/claims/${row.claimId}?${new URLSearchParams({ org: row.organization })}`;

const disagreementColumns: TableColumnsType<QualityDisagreement> = [
  {
    title: 'Case No.',
    dataIndex: 'referenceClaimId',
    key: 'referenceClaimId',
    render: (reference: string, row) => <Link to={claimPage(row)}>{reference}</Link>,
  },
  {
    title: 'Procedure',
    key: 'procedure',
    render: (_, row) => (row.procedureName ? `${row.procedureCode} ${row.procedureName}` : row.procedureCode),
  },
  {
    title: 'Expected Result',
    key: 'expectedResult',
    render: (_, row) => `${expectedResultLabel(row.expectedResult)} (${adjudicationResultLabel(row.countsAs)})`,
  },
  { title: 'Verification Result', dataIndex: 'verificationResult', key: 'verificationResult', render: adjudicationResultLabel },
  { title: 'Not Found', dataIndex: 'missed', key: 'missed', render: entityNames },
  { title: 'Found, Not Annotated', dataIndex: 'unexpected', key: 'unexpected', render: entityNames },
  {
    title: 'Annotated',
    key: 'annotatedOn',
    render: (_, row) => `${formatInZone(row.annotatedOn, DISPLAY_DATE)} by ${row.annotatedBy}`,
  },
];

const PAGED = { pageSize: 10, hideOnSinglePage: true, showSizeChanger: false } as const;

function ReportCard({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Card title={title} size="small" styles={{ body: { padding: 0 } }}>
      {children}
      {note && (
        <Typography.Paragraph type="secondary" style={{ margin: token.marginXS }}>
          {note}
        </Typography.Paragraph>
      )}
    </Card>
  );
}

function QualityReportView({ report }: { report: QualityReport }) {
  const tones = useTones();
  const stats = [
    { title: 'Agreement', value: percent(report.agreement) },
    { title: 'Claims Compared', value: report.compared },
    { title: 'Agreed', value: report.agreed },
    { title: 'Annotated, Not Yet Verified', value: report.notVerified },
  ];
  // People's decisions against the verdicts (issue 23 §4): decisionDiffers is the one rule of what differs.
  const decided = [
    { title: 'Claims Decided by People', value: report.decisions.claims },
    { title: 'Decisions That Differ from the Verdict', value: report.decisions.differing },
    { title: 'Share That Differs', value: percent(report.decisions.share) },
  ];
  return (
    <Flex vertical gap={16}>
      <Typography.Text>
        {report.annotatedClaims} claims of {insurerLabel(report.organization)} annotated from {formatDay(report.from)} to{' '}
        {formatDay(report.to)}.
      </Typography.Text>
      <Flex gap={12} wrap role="group" aria-label="Agreement">
        {stats.map(({ title, value }) => (
          <Card key={title} size="small" style={{ minWidth: 180 }}>
            <Statistic title={title} value={value} groupSeparator="" />
          </Card>
        ))}
      </Flex>
      <Flex gap={12} wrap role="group" aria-label="Decisions against verdicts">
        {decided.map(({ title, value }) => (
          <Card key={title} size="small" style={{ minWidth: 180 }}>
            <Statistic title={title} value={value} groupSeparator="" />
          </Card>
        ))}
      </Flex>
      <ReportCard
        title="Verdicts against Annotations"
        note={`An expected result agrees with the verdict it asks for: ${VERDICT_ASKED}. A wrong procedure asks for Rejected: the claim must not pass under the procedure it names.`}
      >
        <Table<QualityMatrixRow>
          size="small"
          rowKey="expectedResult"
          columns={matrixColumns(tones)}
          dataSource={report.matrix}
          pagination={false}
        />
      </ReportCard>
      <ReportCard
        title="Found Entities by Type"
        note="Counted over the claims whose annotation names at least one entity of the type. Names match without regard to case, through the masters' aliases and standard names. Precision: matched of found; recall: matched of annotated."
      >
        <Table<QualityEntityRow> size="small" rowKey="entity" columns={entityColumns} dataSource={report.entities} pagination={false} />
      </ReportCard>
      <ReportCard title="By Procedure Code">
        <Table<QualityProcedureRow>
          size="small"
          rowKey="procedureCode"
          columns={procedureColumns}
          dataSource={report.procedures}
          pagination={PAGED}
          locale={{ emptyText: 'No Data Found' }}
        />
      </ReportCard>
      <ReportCard title={`Claims Where the Verdict Disagreed (${report.disagreements.length})`}>
        <Table<QualityDisagreement>
          size="small"
          rowKey="claimId"
          columns={disagreementColumns}
          dataSource={report.disagreements}
          pagination={PAGED}
          locale={{ emptyText: 'No Data Found' }}
        />
      </ReportCard>
    </Flex>
  );
}

/**
 * The dashboard's 'Verification quality': how the adjudicator does against the annotations of the organisation's
 * claims annotated in a period (?from=&to=, by default the last 90 days of the display zone).
 */
export function QualitySection({ org }: { org: string }) {
  const period = useDashboardPeriod();
  // Another period or insurer replaces the shown report once it arrives.
  const query = useQuery({
    ...qualityReportQuery({ org, from: period.from, to: period.to }),
    enabled: !period.problem,
    placeholderData: keepPreviousData,
  });

  return (
    <Flex vertical gap={12}>
      <PeriodPicker period={period} note="Claims annotated in the period" />
      {!period.problem && (
        <Spin spinning={query.isPlaceholderData && query.isFetching}>
          <LoadState query={query} isEmpty={(report) => report.annotatedClaims === 0}>
            {(report) => <QualityReportView report={report} />}
          </LoadState>
        </Spin>
      )}
    </Flex>
  );
}
