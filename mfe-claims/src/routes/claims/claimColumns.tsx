import { caseTypeLabel, formatInZone, Highlight, verificationResultText } from '@claims/shared-kernel';
import type { ClaimListRow } from '@claims/shared-kernel';
import { Tooltip, type TableColumnsType } from 'antd';

type Columns = TableColumnsType<ClaimListRow>;

/** A count column: narrow, its two-word title on two lines. */
const COUNT_WIDTH = 96;

/** The verdict column's width; its text is held to it (the table sizes columns to content, so a width alone is not). */
const RESULT_WIDTH = 280;
const RESULT_TEXT_STYLE = {
  display: 'block',
  maxWidth: RESULT_WIDTH - 16,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

/** Found-entity counts, shown to the provider's organisation only. */
const PROVIDER_COLUMNS: Columns = [
  { title: 'Annotation', key: 'annotation', dataIndex: 'annotated', render: (annotated: boolean) => (annotated ? 'Done' : 'Not Done') },
  { title: 'Procedures Found', key: 'proceduresFound', dataIndex: 'proceduresFound', width: COUNT_WIDTH },
  { title: 'Diagnosis Found', key: 'diagnosisFound', dataIndex: 'diagnosisFound', width: COUNT_WIDTH },
  { title: 'Evidence Found', key: 'evidenceFound', dataIndex: 'evidenceFound', width: COUNT_WIDTH },
  { title: 'Documents Found', key: 'documentsFound', dataIndex: 'documentsFound', width: COUNT_WIDTH },
];

/**
 * The /claims columns of spec 1 §2; cells that compute their text highlight the search text themselves. The
 * verdict and the date stay pinned at the right edge, so the verdict shows without scrolling sideways; a long
 * reason is cut to one line, whole on hover.
 */
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
      width: RESULT_WIDTH,
      fixed: 'right',
      ellipsis: { showTitle: false },
      render: (_, row) => {
        const text = verificationResultText(row.adjudicationResult, row.adjudicationReason);
        return (
          <Tooltip title={text} placement="topLeft">
            <span style={RESULT_TEXT_STYLE}>{highlighted(text)}</span>
          </Tooltip>
        );
      },
    },
    {
      title: 'Date',
      key: 'lastModifiedOn',
      width: 110,
      fixed: 'right',
      render: (_, row) => formatInZone(row.lastModifiedOn, 'YYYY-MM-DD'),
    },
  ];
}
