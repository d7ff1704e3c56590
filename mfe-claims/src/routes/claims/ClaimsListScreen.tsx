import { DownloadOutlined, FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import {
  canCreateClaims,
  clearClaimSearch,
  INSURERS,
  isDemoOrg,
  isProviderOrg,
  LIMITS,
  PROVIDER_ORG,
  saveBlob,
  todayInZone,
  useClaimSearch,
  useSession,
} from '@claims/shared-kernel';
import { lookupQueries, NO_ROWS, useLookup } from '@claims/shared-kernel/data';
import { usePagedList, PagedTable, useChanged } from '@claims/shared-kernel/ui';
import type { ClaimListRow, ClaimSearchBody } from '@claims/shared-kernel';
import { hashKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Select, Tooltip } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { annotationUsersQuery, downloadAnnotationReport } from '../../api/annotations';
import { batchKeys, batchOptionsQuery, createBatch } from '../../api/batches';
import { claimKeys, dashboardKeys, downloadClaimsCsv, listClaims, searchClaims } from '../../api/claims';
import { batchOptions, hospitalOptions, procedureOptions, type ClaimFilterOptions } from '../../api/lookups';
import { BatchNameModal } from './BatchNameModal';
import { claimColumns } from './claimColumns';
import { toSearchBody, type ClaimFilter } from './claimFilter';
import { ClaimFilterPanel } from './ClaimFilterPanel';

export const RUN_VERIFICATION_HINT = 'Select Minimum 5 claims to create batch for run verifications';
export const DOWNLOAD_FAILED = 'Failed to download';

const INSURER_OPTIONS = INSURERS.map((i) => ({ value: i.code, label: i.label }));
const INSURER_ORGS: readonly string[] = INSURERS.map((i) => i.code).filter((code) => code !== PROVIDER_ORG);
const today = () => todayInZone().format('DD-MM-YYYY');
const isKnownOrg = (code: string | null): code is string => !!code && INSURERS.some((i) => i.code === code);

/** The annotation analysts come from the server; annotation mode is on when the current user is one. */
function useAnnotationMode(enabled: boolean, user: string | null): boolean {
  const { data: users } = useQuery({ ...annotationUsersQuery(), enabled: enabled && !!user });
  return enabled && !!user && !!users?.includes(user);
}

/** Hospitals and procedures come from the kernel's cached lookups; batches follow the chosen insurer. */
function useFilterOptions(enabled: boolean, org: string): ClaimFilterOptions {
  const hospitals = useLookup(lookupQueries.hospitals(), { enabled, select: hospitalOptions });
  const procedures = useLookup(lookupQueries.procedures(), { enabled, select: procedureOptions });
  const { data: batches = NO_ROWS } = useQuery({ ...batchOptionsQuery(org), enabled, select: batchOptions });
  return useMemo(() => ({ hospitals, procedures, batches }), [hospitals, procedures, batches]);
}

/** The list's query key: what it asks the server for, without the page. */
function listKey(org: string, body: ClaimSearchBody | null, insurerUser: boolean) {
  return body ? claimKeys.search(org, body) : claimKeys.list(org, insurerUser ? 'ADJUDICATED' : undefined);
}

/** /claims: the claims to review (spec 1 §2). */
export function ClaimsListScreen() {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const organization = useSession((s) => s.organization) ?? '';
  const user = useSession((s) => s.user);
  const provider = isProviderOrg(organization);
  /** Batches are the provider's and the demo organisation's (the api refuses anyone else). */
  const batchesAllowed = provider || isDemoOrg(organization);
  const insurerUser = INSURER_ORGS.includes(organization);
  const requestedOrg = searchParams.get('org');
  /** The provider's organisation picks the insurer (?org=); everyone else sees their own organisation. */
  const org = provider ? (isKnownOrg(requestedOrg) ? requestedOrg : PROVIDER_ORG) : organization;

  const typedSearch = useClaimSearch().trim();
  const query = typedSearch.length >= LIMITS.claimSearchMinChars ? typedSearch : '';

  const [applied, setApplied] = useState<ClaimFilter | null>(null);
  const [selected, setSelected] = useState<Key[]>([]);
  const [batchPromptOpen, setBatchPromptOpen] = useState(false);

  const queryClient = useQueryClient();
  const annotationMode = useAnnotationMode(provider, user);
  const filterOptions = useFilterOptions(provider, org);
  const searchBody = (filter = applied) => toSearchBody(filter, { insurer: insurerUser, query });
  /** A filter or the search text makes it a search; otherwise the plain list. */
  const bodyOf = (filter: ClaimFilter | null) => (filter || query ? searchBody(filter) : null);

  const key = listKey(org, bodyOf(applied), insurerUser);
  const list = usePagedList<ClaimListRow>(key, (page, pageSize) => {
    const request = { org, limit: pageSize, pageNumber: page };
    const body = bodyOf(applied);
    if (body) return searchClaims(body, request);
    return listClaims(request, insurerUser ? 'ADJUDICATED' : undefined);
  });

  /** Filter lists from page 1, and asks the server again when the filter is the one already applied. */
  const applyFilter = (filter: ClaimFilter) => {
    setApplied({ ...filter });
    if (hashKey(listKey(org, bodyOf(filter), insurerUser)) !== hashKey(key)) return;
    if (list.page === 1) list.reload();
    else list.setPage(1);
  };

  // Another insurer's claims are other claims: a selection does not carry over.
  if (useChanged([org])) setSelected([]);

  const columns = useMemo(() => claimColumns({ provider, searchText: query }), [provider, query]);

  const openClaim = (row: ClaimListRow) => {
    const params = new URLSearchParams({ org, showAnnotation: String(annotationMode), caseType: row.caseType ?? row.case_type });
    void navigate(`/claims/${row.id}?${params}`);
  };

  const chooseOrg = (code: string) =>
    setSearchParams((params) => {
      params.set('org', code);
      return params;
    });

  // Downloads read without caching: each press asks the server, and the file is saved under the display zone's date.
  const downloadFailed = (error: Error) => {
    console.error(error);
    void message.error(DOWNLOAD_FAILED);
  };
  const csvDownload = useMutation({
    mutationFn: async () => ({ data: await downloadClaimsCsv(searchBody(), org), name: `claims_data_${today()}.csv` }),
    onSuccess: ({ data, name }) => saveBlob(data, name),
    onError: downloadFailed,
  });
  const reportDownload = useMutation({
    mutationFn: async () => ({ data: await downloadAnnotationReport(), name: `Annotate_data_${today()}.xlsx` }),
    onSuccess: ({ data, name }) => saveBlob(data, name),
    onError: downloadFailed,
  });

  // A batch takes its claims off the list and verifies them: claims, batches and dashboard counts change.
  const batchCreation = useMutation({
    mutationFn: (batchName: string) =>
      createBatch({ claims: selected.map(Number), batchName, downloadedClaimFlag: 'false', organization: org }),
    onSuccess: () => {
      for (const queryKey of [claimKeys.all, batchKeys.all, dashboardKeys.all]) void queryClient.invalidateQueries({ queryKey });
      clearClaimSearch();
      void navigate('/uploadsDownloads');
    },
    // Not returned: the dialog is thenable (until closed), and a mutation waits for what onError returns.
    onError: (error) => {
      modal.error({ title: 'Batch could not be created', content: error.message });
    },
  });

  const resetFilter = () => {
    setApplied(null);
    clearClaimSearch();
  };

  const tooFewSelected = selected.length < LIMITS.minClaimsForBatch;
  const toolbar = (
    <Flex gap={8} wrap align="center">
      {provider && <Select aria-label="Insurer" style={{ width: 140 }} value={org} options={INSURER_OPTIONS} onChange={chooseOrg} />}
      {annotationMode && (
        <Button icon={<DownloadOutlined />} loading={reportDownload.isPending} onClick={() => reportDownload.mutate()}>
          Annotation Report
        </Button>
      )}
      {batchesAllowed && (
        <Tooltip title={tooFewSelected ? RUN_VERIFICATION_HINT : undefined}>
          {/* React sends no mouse events to a disabled button: the wrapper lets the hint show. */}
          <span style={{ display: 'inline-flex' }}>
            <Button type="primary" disabled={tooFewSelected} onClick={() => setBatchPromptOpen(true)}>
              Run Verification
            </Button>
          </span>
        </Tooltip>
      )}
      {canCreateClaims(organization) && (
        <Button icon={<PlusOutlined />} onClick={() => navigate('/claims/create')}>
          Create Claim
        </Button>
      )}
      {provider && applied && (
        <Tooltip title="Download Excel">
          <Button
            aria-label="Download Excel"
            icon={<FileExcelOutlined />}
            loading={csvDownload.isPending}
            onClick={() => csvDownload.mutate()}
          />
        </Tooltip>
      )}
    </Flex>
  );

  return (
    <Flex vertical style={{ padding: 16 }}>
      <ClaimFilterPanel onFilter={applyFilter} onReset={resetFilter} fullFilter={provider} options={filterOptions} />
      <PagedTable<ClaimListRow>
        title="Claims to Review"
        avatar="CR"
        rowKey="id"
        columns={columns}
        list={list}
        searchText={query}
        selectedKeys={selected}
        onSelectionChange={batchesAllowed ? setSelected : undefined}
        onRowClick={openClaim}
        toolbar={toolbar}
      />
      <BatchNameModal
        open={batchPromptOpen}
        busy={batchCreation.isPending}
        onCancel={() => setBatchPromptOpen(false)}
        onCreate={(name) => batchCreation.mutate(name)}
      />
    </Flex>
  );
}
