import { CASE_TYPES, CONSOLE_CLAIM_STATUSES, CONSOLE_PAGE_SIZES } from '@claims/shared-kernel';
import { usePagedList, PagedTable, useChanged } from '@claims/shared-kernel/ui';
import type { ConsoleClaimRow, ConsoleFilterBody, DOWNLOAD_ERROR_CODES } from '@claims/shared-kernel';
import { useCallback, useMemo, useState, type Key } from 'react';
import { consoleKeys, consolePageSize, listConsoleClaims, searchConsoleClaims, type ClaimsTab as ClaimsTabKey } from '../../api/console';
import { ClaimActions } from '../../components/claims/ClaimActions';
import { ConsoleFilter, type FilterField, type FilterOption } from '../../components/console/ConsoleFilter';
import { HeaderStats, type HeaderStat } from '../../components/console/HeaderStats';
import { useClaimDialogs } from '../../components/claims/useClaimDialogs';

export const CONSOLE_BODY_HEIGHT = 450;

const asOptions = (values: readonly string[]): FilterOption[] => values.map((value) => ({ value, label: value }));

/** The claim statuses a tab's filter offers: a failed tab lists only its own statuses. */
const TAB_FILTER_STATUSES: Record<ClaimsTabKey, readonly string[]> = {
  uploads: CONSOLE_CLAIM_STATUSES,
  downloadFailed: [],
  uploadFailed: ['UPLOAD_FAILED', 'VERIFICATION_FAILED'],
};

/** The codes the insurer inbox writes on a claim whose download failed (contract: DOWNLOAD_ERROR_CODES). */
type InboxErrorCode = (typeof DOWNLOAD_ERROR_CODES)[keyof typeof DOWNLOAD_ERROR_CODES];

/**
 * The Error filter's codes: the spec's 404 and 500 (a document missing from the store; an upload or verification
 * that failed), every code the inbox writes (the typecheck fails while one is missing here: 400 a bad manifest row,
 * 404 a document not in the inbox, 413 too large, 415 not a PDF, PNG or JPEG), and 422 (documents that could not be read).
 */
const ERROR_CODE_SET = {
  '400': true,
  '404': true,
  '413': true,
  '415': true,
  '422': true,
  '500': true,
} as const satisfies Record<InboxErrorCode | '404' | '422' | '500', true>;
export const ERROR_CODES = Object.keys(ERROR_CODE_SET).sort();

function claimFilterFields(tab: ClaimsTabKey, procedureOptions: readonly FilterOption[]): FilterField[] {
  const statuses = TAB_FILTER_STATUSES[tab];
  const fields: (FilterField | null)[] = [
    statuses.length > 1 ? { key: 'vitraya_claim_status', label: 'Vitraya Claim Status', options: asOptions(statuses) } : null,
    { key: 'caseType', label: 'Case Type', options: CASE_TYPES.map((c) => ({ value: c.code, label: c.label })) },
    { key: 'vitraya_procedure_code', label: 'Procedure Code', options: procedureOptions },
    { key: 'insurerProcedureName', label: 'Insurer Procedure Name', options: 'server' },
    { key: 'insurerIllnessName', label: 'Insurer Illness Name', options: 'server' },
    { key: 'insurerClaimStatus', label: 'Insurer Claim Status', options: 'server' },
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
  const fields = useMemo(() => claimFilterFields(tab, procedureOptions), [tab, procedureOptions]);

  return (
    <>
      <HeaderStats stats={stats} />
      <ConsoleFilter org={org} fields={fields} onFilter={setFilter} onReset={() => setFilter(null)} />
      <PagedTable<ConsoleClaimRow>
        title={label}
        columns={columns}
        list={{ ...list, pageSize: consolePageSize(list.pageSize) }}
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
