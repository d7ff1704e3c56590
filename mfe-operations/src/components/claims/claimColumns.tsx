import { EyeOutlined, WarningOutlined } from '@ant-design/icons';
import { caseTypeLabel, formatInZone } from '@claims/shared-kernel';
import type { ConsoleClaimRow } from '@claims/shared-kernel';
import { Button, Flex, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';

export const DISPLAY_DATE = 'DD-MM-YYYY';

const joined = (values: readonly string[] | null | undefined): string => (values ?? []).join(', ');

export interface ClaimColumnActions {
  onPreview: (row: ConsoleClaimRow) => void;
  onShowError: (row: ConsoleClaimRow) => void;
}

/** The console claims grid (spec 3 §3.3): one column per field, plus the preview and error-code icons. */
export function consoleClaimColumns({ onPreview, onShowError }: ClaimColumnActions): TableColumnsType<ConsoleClaimRow> {
  return [
    {
      title: 'Documents',
      key: 'documents',
      width: 96,
      render: (_: unknown, row) =>
        row.insurer_documents?.length ? (
          <Tooltip title="Preview documents">
            <Button
              type="text"
              icon={<EyeOutlined />}
              aria-label={`Preview documents of ${row.intimation_number}`}
              onClick={(event) => {
                event.stopPropagation();
                onPreview(row);
              }}
            />
          </Tooltip>
        ) : (
          '-'
        ),
    },
    { title: 'Intimation Number', dataIndex: 'intimation_number', key: 'intimation_number' },
    { title: 'Insurer Illness Name', dataIndex: 'insurer_illness_name', key: 'insurer_illness_name' },
    { title: 'Insurer Procedure Name', dataIndex: 'insurer_procedure_name', key: 'insurer_procedure_name' },
    { title: 'Vitraya Procedure Names', key: 'vitraya_procedure_name', render: (_: unknown, row) => joined(row.vitraya_procedure_name) },
    { title: 'Vitraya Procedure Codes', key: 'vitraya_procedure_code', render: (_: unknown, row) => joined(row.vitraya_procedure_code) },
    { title: 'Case Type', key: 'caseType', render: (_: unknown, row) => caseTypeLabel(row.caseType) },
    { title: 'Insurer Claim Status', dataIndex: 'insurer_claim_status', key: 'insurer_claim_status' },
    { title: 'Vitraya Claim Status', dataIndex: 'vitraya_claim_status', key: 'vitraya_claim_status' },
    { title: 'Created On', key: 'createdOn', render: (_: unknown, row) => formatInZone(row.createdOn, DISPLAY_DATE) },
    {
      title: 'Arrival Date',
      key: 'vitraya_arrival_date',
      render: (_: unknown, row) => formatInZone(row.vitraya_arrival_date, DISPLAY_DATE),
    },
    { title: 'Snomed Codes', key: 'vitraya_snomed_code', render: (_: unknown, row) => joined(row.vitraya_snomed_code) },
    { title: 'Batch', key: 'fk_batch_id', render: (_: unknown, row) => row.fk_batch_id ?? '' },
    {
      title: 'Error Code',
      key: 'error_code',
      render: (_: unknown, row) =>
        row.error_code || row.error_message ? (
          <Flex align="center" gap={4}>
            {row.error_code}
            <Tooltip title="Error Response">
              <Button
                type="text"
                danger
                icon={<WarningOutlined />}
                aria-label={`Error response of ${row.intimation_number}`}
                onClick={(event) => {
                  event.stopPropagation();
                  onShowError(row);
                }}
              />
            </Tooltip>
          </Flex>
        ) : (
          ''
        ),
    },
  ];
}
