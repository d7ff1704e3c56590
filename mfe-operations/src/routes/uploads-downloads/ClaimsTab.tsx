import { CASE_TYPES, CONSOLE_CLAIM_STATUSES, CONSOLE_PAGE_SIZES } from '@claims/shared-kernel';
import { usePagedList, PagedTable, useChanged } from '@claims/shared-kernel/ui';
import type { ConsoleClaimRow, ConsoleFilterBody } from '@claims/shared-kernel';
import { useCallback, useMemo, useState, type Key } from 'react';
import { consoleKeys, listConsoleClaims, searchConsoleClaims, type ClaimsTab as ClaimsTabKey } from '../../api/console';
import { ClaimActions } from '../../components/ClaimActions';
import { ConsoleFilter, distinctOptions, type FilterField, type FilterOption } from '../../components/ConsoleFilter';
import { HeaderStats, type HeaderStat } from '../../components/HeaderStats';
import { useClaimDialogs } from '../../components/useClaimDialogs';

export const CONSOLE_BODY_HEIGHT = 450;

const asOptions = (values: readonly string[]): FilterOption[] => values.map((value) => ({ value, label: value }));

/** The claim statuses a tab's filter offers: a failed tab lists only its own statuses. */
const TAB_FILTER_STATUSES: Record<ClaimsTabKey, readonly string[]> = {
  uploads: CONSOLE_CLAIM_STATUSES,
  downloadFailed: [],
  uploadFailed: ['UPLOAD_FAILED', 'VERIFICATION_FAILED'],
};

export const ERROR_CODES = ['404', '500'] as const;

function claimFilterFields(tab: ClaimsTabKey, rows: readonly ConsoleClaimRow[], procedureOptions: readonly FilterOption[]): FilterField[] {
  const statuses = TAB_FILTER_STATUSES[tab];
  const fields: (FilterField | null)[] = [
    statuses.length > 1 ? { key: 'vitraya_claim_status', label: 'Vitraya Claim Status', options: asOptions(statuses) } : null,
    { key: 'caseType', label: 'Case Type', options: CASE_TYPES.map((c) => ({ value: c.code, label: c.label })) },
    { key: 'vitraya_procedure_code', label: 'Procedure Code', options: procedureOptions, free: true },
    {
      key: 'insurerProcedureName',
      label: 'Insurer Procedure Name',
      options: distinctOptions(rows, (r) => r.insurer_procedure_name),
      free: true,
    },
    { key: 'insurerIllnessName', label: 'Insurer Illness Name', options: distinctOptions(rows, (r) => r.insurer_illness_name), free: true },
    { key: 'insurerClaimStatus', label: 'Insurer Claim Status', options: distinctOptions(rows, (r) => r.insurer_claim_status), free: true },
    { key: 'error', label: 'Error', options: asOptions(ERROR_CODES) },
  ];
  return fields.filter((f): f is FilterField => f !== null);
}

export interface ClaimsTabProps {
  tab: ClaimsTabKey;
  label: string;
  org: string;
  stats: readonly HeaderStat[];
  procedureOptions: readonly FilterOption[];
}

/** One claims tab of the console: statistics, Filter panel and the paged claims grid with row selection. */
export function ClaimsTab({ tab, label, org, stats, procedureOptions }: ClaimsTabProps) {
  const [filter, setFilter] = useState<ConsoleFilterBody | null>(null);
  const [selection, setSelection] = useState<{ keys: Key[]; rows: ConsoleClaimRow[] }>({ keys: [], rows: [] });
  const clearSelection = useCallback(() => setSelection({ keys: [], rows: [] }), []);
  const list = usePagedList<ConsoleClaimRow>(consoleKeys.claims(org, tab, filter), (page, size) =>
    filter ? searchConsoleClaims(tab, org, filter, size, page) : listConsoleClaims(tab, org, size, page),
  );
  // Another insurer's claims are other claims: a selection does not carry over.
  if (useChanged([org])) clearSelection();
  const { columns, dialogs } = useClaimDialogs();
  const fields = useMemo(() => claimFilterFields(tab, list.rows, procedureOptions), [tab, list.rows, procedureOptions]);

  return (
    <>
      <HeaderStats stats={stats} />
      <ConsoleFilter fields={fields} onFilter={setFilter} onReset={() => setFilter(null)} />
      <PagedTable<ConsoleClaimRow>
        title={label}
        columns={columns}
        list={list}
        pageSizes={CONSOLE_PAGE_SIZES}
        rowKey="id"
        selectedKeys={selection.keys}
        // antd may hand back no record for a key kept from a page not seen since.
        onSelectionChange={(keys, rows) => setSelection({ keys, rows: rows.filter(Boolean) })}
        toolbar={<ClaimActions tab={tab} org={org} selected={selection.rows} procedureOptions={procedureOptions} onDone={clearSelection} />}
        emptyText={`No Data Found in ${label}`}
        maxBodyHeight={CONSOLE_BODY_HEIGHT}
      />
      {dialogs}
    </>
  );
}
