import { CLAIM_DECISION_LABELS, caseTypeLabel, formatInZone, Highlight, verificationResultText } from '@claims/shared-kernel';
import type { ClaimListRow } from '@claims/shared-kernel';
import { Flex, Tag, Tooltip, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { ANSWERS_REQUESTED, DOCUMENTS_REQUESTED, OVERDUE } from './claimFilter';

type Columns = TableColumnsType<ClaimListRow>;

/**
 * Widths in px, padding included, sized to the longest word of each title (titles wrap between words) and to the
 * values the column holds. The verdict has no width: it takes what the others leave, at least VERDICT_MIN_WIDTH.
 */
const WIDTH = {
  caseNo: 112,
  caseType: 104,
  patientName: 136,
  procedureCode: 104,
  hospitalCode: 88,
  annotation: 92,
  count: 94,
  date: 96,
  decision: 88,
  assignedTo: 120,
  due: 112,
} as const;
/** The least the verdict gets before the table scrolls sideways. */
const VERDICT_MIN_WIDTH = 160;
/** The row selection checkbox column antd adds (size small). */
const SELECTION_WIDTH = 32;

const ONE_LINE = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** Text held to its cell's one line, cut with an ellipsis and whole on hover. */
function oneLine(text: string, shown: ReactNode): ReactNode {
  return (
    <Tooltip title={text} placement="topLeft">
      <span style={ONE_LINE}>{shown}</span>
    </Tooltip>
  );
}

const countColumn = (title: string, key: 'proceduresFound' | 'diagnosisFound' | 'evidenceFound' | 'documentsFound') => ({
  title,
  key,
  dataIndex: key,
  width: WIDTH.count,
});

/** Found-entity counts, shown to the provider's organisation only. */
const PROVIDER_COLUMNS: Columns = [
  {
    title: 'Annotation',
    key: 'annotation',
    dataIndex: 'annotated',
    width: WIDTH.annotation,
    render: (annotated: boolean) => (annotated ? 'Done' : 'Not Done'),
  },
  countColumn('Procedures Found', 'proceduresFound'),
  countColumn('Diagnosis Found', 'diagnosisFound'),
  countColumn('Evidence Found', 'evidenceFound'),
  countColumn('Documents Found', 'documentsFound'),
];

const sizedWidth = (columns: Columns) => columns.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : 0), 0);

/**
 * The /claims columns of spec 1 §2 and the narrowest the table gets before it scrolls sideways. The columns fit the
 * list's width (no column is pinned: a pinned column covers the columns scrolling under it); titles wrap between
 * words, long values are cut to one line and shown whole on hover, and cells highlight the search text.
 */
export function claimColumns({ provider, searchText, selectable }: { provider: boolean; searchText: string; selectable: boolean }): {
  columns: Columns;
  minWidth: number;
} {
  const highlighted = (text: string) => <Highlight text={text} query={searchText} />;
  const clipped = (text: string | null | undefined) => oneLine(text ?? '', highlighted(text ?? ''));
  const columns: Columns = [
    { title: 'Case No.', key: 'referenceClaimId', dataIndex: 'referenceClaimId', width: WIDTH.caseNo, render: clipped },
    {
      title: 'Case Type',
      key: 'caseType',
      width: WIDTH.caseType,
      render: (_, row) => highlighted(caseTypeLabel(row.caseType ?? row.case_type)),
    },
    { title: 'Patient Name', key: 'patientName', dataIndex: 'patientName', width: WIDTH.patientName, render: clipped },
    {
      title: 'Procedure Code',
      key: 'procedureCodes',
      width: WIDTH.procedureCode,
      render: (_, row) => clipped((row.procedureCodes ?? []).join(', ')),
    },
    { title: 'Hospital Code', key: 'hospitalCode', dataIndex: 'hospitalCode', width: WIDTH.hospitalCode, render: clipped },
    ...(provider ? PROVIDER_COLUMNS : []),
    {
      title: 'Verification Result',
      key: 'verificationResult',
      render: (_, row) => {
        const verdict = clipped(verificationResultText(row.adjudicationResult, row.adjudicationReason));
        if (!row.answersRequested && !row.documentsRequested) return verdict;
        return (
          <Flex vertical gap={2} align="start">
            {verdict}
            {row.answersRequested && <Tag color="processing">{ANSWERS_REQUESTED}</Tag>}
            {row.documentsRequested && <Tag color="processing">{DOCUMENTS_REQUESTED}</Tag>}
          </Flex>
        );
      },
    },
    {
      // A person's decision beside the verdict (issue 23 §4): the procedures' current decisions, or Mixed.
      title: 'Decision',
      key: 'decision',
      width: WIDTH.decision,
      render: (_, row) => (row.decision ? CLAIM_DECISION_LABELS[row.decision] : null),
    },
    {
      // The review's holder and due time (issue 23 §1-§2), overdue ones tagged.
      title: 'Assigned to',
      key: 'assignedTo',
      width: WIDTH.assignedTo,
      render: (_, row) => clipped(row.assignedTo),
    },
    {
      title: 'Due',
      key: 'dueAt',
      width: WIDTH.due,
      render: (_, row) =>
        row.dueAt ? (
          <Flex vertical gap={2} align="start">
            {formatInZone(row.dueAt, 'YYYY-MM-DD HH:mm')}
            {row.overdue && <Tag color="error">{OVERDUE}</Tag>}
          </Flex>
        ) : null,
    },
    {
      title: 'Date',
      key: 'lastModifiedOn',
      width: WIDTH.date,
      render: (_, row) => formatInZone(row.lastModifiedOn, 'YYYY-MM-DD'),
    },
  ];
  const minWidth = sizedWidth(columns) + VERDICT_MIN_WIDTH + (selectable ? SELECTION_WIDTH : 0);
  return { columns, minWidth };
}
