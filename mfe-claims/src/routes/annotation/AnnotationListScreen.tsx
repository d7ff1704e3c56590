import {
  adjudicationResultLabel,
  ADJUDICATION_RESULTS,
  caseTypeLabel,
  expectedResultLabel,
  formatInZone,
  isProviderOrg,
  useSession,
} from '@claims/shared-kernel';
import type { AdjudicationResult, Annotation } from '@claims/shared-kernel';
import { PagedTable, usePagedList } from '@claims/shared-kernel/ui';
import type { TableColumnsType } from 'antd';
import { Flex, theme } from 'antd';
import { Navigate, useNavigate } from 'react-router-dom';
import { annotationKeys, listAnnotations } from '../../api/annotations';
import { AnnotationReportButton } from '../../components/annotation/AnnotationReportButton';
import { useAnnotationMode } from '../../components/annotation/useAnnotationMode';

const resultLabel = (value: string | undefined) =>
  value && (ADJUDICATION_RESULTS as readonly string[]).includes(value)
    ? adjudicationResultLabel(value as AdjudicationResult)
    : (value ?? '');

/** The columns of spec 1 §2 '/annotation list'; the date is the display zone's. */
const COLUMNS: TableColumnsType<Annotation> = [
  { title: 'Case ID', key: 'reference_claim_id', dataIndex: 'reference_claim_id' },
  { title: 'Claim ID', key: 'claim_id', dataIndex: 'claim_id' },
  { title: 'Procedure name', key: 'procedure_name', render: (_, row) => row.procedure_name ?? row.procedure_code },
  { title: 'Case Type', key: 'case_type', render: (_, row) => caseTypeLabel(row.case_type) },
  { title: 'Verification Result', key: 'verification_result', render: (_, row) => resultLabel(row.verification_result) },
  { title: 'Expected Result', key: 'expected_result', render: (_, row) => expectedResultLabel(row.expected_result) },
  { title: 'Analyst', key: 'username', dataIndex: 'username' },
  { title: 'Date', key: 'annotated_on', render: (_, row) => formatInZone(row.annotated_on, 'DD-MM-YYYY') },
];

function AnnotationList() {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const annotationMode = useAnnotationMode();
  const list = usePagedList<Annotation>(annotationKeys.list, (page, pageSize) => listAnnotations(pageSize, page));

  /** Opens the annotated claim as the claims list does, in its organisation. */
  const openClaim = (row: Annotation) => {
    const params = new URLSearchParams({
      ...(row.organization ? { org: row.organization } : {}),
      showAnnotation: String(annotationMode),
      ...(row.case_type ? { caseType: row.case_type } : {}),
    });
    void navigate(`/claims/${row.claim_id}?${params}`);
  };

  return (
    <Flex vertical style={{ padding: token.padding }}>
      <PagedTable<Annotation>
        title="Annotation"
        avatar="AN"
        rowKey="id"
        columns={COLUMNS}
        list={list}
        onRowClick={openClaim}
        toolbar={<AnnotationReportButton />}
      />
    </Flex>
  );
}

/** /annotation: the annotations made, newest first (spec 1 §2); the provider's organisation only. */
export function AnnotationListScreen() {
  const provider = useSession((s) => isProviderOrg(s.organization));
  return provider ? <AnnotationList /> : <Navigate to="/claims" replace />;
}
