import { caseTypeLabel, formatInZone, Highlight, verificationResultText } from '@claims/shared-kernel';
import type { ClaimListRow } from '@claims/shared-kernel';
import type { TableColumnsType } from 'antd';

type Columns = TableColumnsType<ClaimListRow>;

/** Found-entity counts, shown to the provider's organisation only. */
const PROVIDER_COLUMNS: Columns = [
  { title: 'Annotation', key: 'annotation', dataIndex: 'annotated', render: (annotated: boolean) => (annotated ? 'Done' : 'Not Done') },
  { title: 'Procedures Found', key: 'proceduresFound', dataIndex: 'proceduresFound' },
  { title: 'Diagnosis Found', key: 'diagnosisFound', dataIndex: 'diagnosisFound' },
  { title: 'Evidence Found', key: 'evidenceFound', dataIndex: 'evidenceFound' },
  { title: 'Documents Found', key: 'documentsFound', dataIndex: 'documentsFound' },
];

/** The /claims columns of spec 1 §2; cells that compute their text highlight the search text themselves. */
export function claimColumns({ provider, searchText }: { provider: boolean; searchText: string }): Columns {
  const highlighted = (text: string) => <Highlight text={text} query={searchText} />;
  return [
    { title: 'Case No.', key: 'referenceClaimId', dataIndex: 'referenceClaimId' },
    { title: 'Case Type', key: 'caseType', render: (_, row) => highlighted(caseTypeLabel(row.caseType ?? row.case_type)) },
    { title: 'Patient Name', key: 'patientName', dataIndex: 'patientName' },
    { title: 'Procedure Code', key: 'procedureCodes', render: (_, row) => highlighted((row.procedureCodes ?? []).join(', ')) },
    { title: 'Hospital Code', key: 'hospitalCode', dataIndex: 'hospitalCode' },
    ...(provider ? PROVIDER_COLUMNS : []),
    {
      title: 'Verification Result',
      key: 'verificationResult',
      render: (_, row) => highlighted(verificationResultText(row.adjudicationResult, row.adjudicationReason)),
    },
    { title: 'Date', key: 'lastModifiedOn', render: (_, row) => formatInZone(row.lastModifiedOn, 'YYYY-MM-DD') },
  ];
}
