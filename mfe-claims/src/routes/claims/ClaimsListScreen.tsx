import { FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import {
  mayCreateClaims,
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
import type { BatchOutcome, ClaimListRow, ClaimSearchBody } from '@claims/shared-kernel';
import { hashKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Select, Tooltip, theme } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { batchKeys, batchOptionsQuery, createBatch } from '../../api/batches';
import {
  type BatchSelection,
  type ClaimListSource,
  claimKeys,
  dashboardKeys,
  downloadClaimsCsv,
  fetchListPage,
  listSourceKey,
} from '../../api/claims';
import { batchOptions, hospitalOptions, procedureOptions, type ClaimFilterOptions } from '../../api/lookups';
// From their own modules, not the annotation index: the list must not load the claim page's annotation panels.
import { AnnotationReportButton, DOWNLOAD_FAILED } from '../../components/annotation/AnnotationReportButton';
import { useAnnotationMode } from '../../components/annotation/useAnnotationMode';
import { type ClaimListState, type ClaimOpening, claimUrl } from '../claim/listState';
import { BatchNameModal } from './BatchNameModal';
import { claimColumns } from './claimColumns';
import { toSearchBody, type ClaimFilter } from './claimFilter';
import { ClaimFilterPanel } from './ClaimFilterPanel';

export const RUN_VERIFICATION_HINT = 'Select Minimum 5 claims to create batch for run verifications';
export { DOWNLOAD_FAILED };

const INSURER_OPTIONS = INSURERS.map((i) => ({ value: i.code, label: i.label }));
const INSURER_ORGS: readonly string[] = INSURERS.map((i) => i.code).filter((code) => code !== PROVIDER_ORG);
const today = () => todayInZone().format('DD-MM-YYYY');
const isKnownOrg = (code: string | null): code is string => !!code && INSURERS.some((i) => i.code === code);

/** Hospitals and procedures come from the kernel's cached lookups; batches follow the chosen insurer. */
function useFilterOptions(enabled: boolean, org: string): ClaimFilterOptions {
  const hospitals = useLookup(lookupQueries.hospitals(), { enabled, select: hospitalOptions });
  const procedures = useLookup(lookupQueries.procedures(), { enabled, select: procedureOptions });
  const { data: batches = NO_ROWS } = useQuery({ ...batchOptionsQuery(org), enabled, select: batchOptions });
  return useMemo(() => ({ hospitals, procedures, batches }), [hospitals, procedures, batches]);
}

/** What the list asks the server for, without the page. */
function sourceOf(org: string, body: ClaimSearchBody | null, insurerUser: boolean, batch: BatchSelection | null): ClaimListSource {
  if (batch) return { kind: 'batch', org, batch: { batchId: batch.batchId, adjType: batch.adjType } };
  if (body) return { kind: 'search', org, body };
  return { kind: 'list', org, ...(insurerUser ? { status: 'ADJUDICATED' as const } : {}) };
}

/**
 * ?batchId&adjType&batchName (the batch console's links, and Back from a claim opened from them): one batch's
 * claims with one outcome. The server checks adjType and answers a clear 400 for one it does not know.
 */
function batchOf(params: URLSearchParams): (BatchSelection & { batchName: string }) | null {
  const batchId = Number(params.get('batchId'));
  const adjType = params.get('adjType');
  if (!Number.isInteger(batchId) || batchId <= 0 || !adjType) return null;
  return { batchId, adjType: adjType as BatchOutcome, batchName: params.get('batchName') ?? '' };
}

/** /claims: the claims to review (spec 1 §2). */
export function ClaimsListScreen() {
  const { token } = theme.useToken();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const organization = useSession((s) => s.organization) ?? '';
  const role = useSession((s) => s.role);
  const provider = isProviderOrg(organization);
  /** Batches are the provider's and the demo organisation's (the api refuses anyone else). */
  const batchesAllowed = provider || isDemoOrg(organization);
  const insurerUser = INSURER_ORGS.includes(organization);
  const requestedOrg = searchParams.get('org');
  /** The provider's organisation picks the insurer (?org=); everyone else sees their own organisation. */
  const org = provider ? (isKnownOrg(requestedOrg) ? requestedOrg : PROVIDER_ORG) : organization;

  const batch = useMemo(() => batchOf(searchParams), [searchParams]);
  const typedSearch = useClaimSearch().trim();
  const query = typedSearch.length >= LIMITS.claimSearchMinChars ? typedSearch : '';

  const [applied, setApplied] = useState<ClaimFilter | null>(null);
  const [selected, setSelected] = useState<Key[]>([]);
  const [batchPromptOpen, setBatchPromptOpen] = useState(false);

  const queryClient = useQueryClient();
  const annotationMode = useAnnotationMode();
  const filterOptions = useFilterOptions(provider, org);
  const searchBody = (filter = applied) => toSearchBody(filter, { insurer: insurerUser, query });
  /** A filter or the search text makes it a search; otherwise the plain list. */
  const bodyOf = (filter: ClaimFilter | null) => (filter || query ? searchBody(filter) : null);

  const source = sourceOf(org, bodyOf(applied), insurerUser, batch);
  const key = listSourceKey(source);
  const list = usePagedList<ClaimListRow>(key, (page, pageSize) => fetchListPage(source, page, pageSize));

  /** Filter lists from page 1, and asks the server again when the filter is the one already applied. */
  const applyFilter = (filter: ClaimFilter) => {
    setApplied({ ...filter });
    if (hashKey(listSourceKey(sourceOf(org, bodyOf(filter), insurerUser, batch))) !== hashKey(key)) return;
    if (list.page === 1) list.reload();
    else list.setPage(1);
  };

  // Another insurer's claims are other claims: a selection does not carry over.
  if (useChanged([org])) setSelected([]);

  const { columns, minWidth } = useMemo(
    () => claimColumns({ provider, searchText: query, selectable: batchesAllowed }),
    [provider, query, batchesAllowed],
  );

  /** A batch's claims open with the batch (Back returns to it), others with annotation mode and their case type. */
  const opening: ClaimOpening = { org, batch, showAnnotation: annotationMode };
  // The claim page steps through this list's claims (next / previous claim, across pages) and returns to this list.
  const openClaim = (row: ClaimListRow) => {
    const state: ClaimListState = {
      claims: list.rows.map((r) => ({ id: r.id, url: claimUrl(r, opening) })),
      listUrl: `/claims${searchParams.size ? `?${searchParams}` : ''}`,
      pages: { source, page: list.page, pageSize: list.pageSize, total: list.total, opening },
    };
    void navigate(claimUrl(row, opening), { state });
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

  // A batch takes its claims off the list and verifies them: claims, batches and dashboard counts change.
  const batchCreation = useMutation({
    mutationFn: ({ batchName, moveFromBatches }: { batchName: string; moveFromBatches: boolean }) =>
      createBatch({
        claims: selected.map(Number),
        batchName,
        downloadedClaimFlag: 'false',
        organization: org,
        ...(moveFromBatches ? { moveFromBatches } : {}),
      }),
    onSuccess: () => {
      for (const queryKey of [claimKeys.all, batchKeys.all, dashboardKeys.all]) void queryClient.invalidateQueries({ queryKey });
      clearClaimSearch();
      void navigate('/uploadsDownloads');
    },
    // Not returned: the dialog is thenable (until closed), and a mutation waits for what onError returns.
    onError: (error) => {
      // Another user may have batched some of the claims meanwhile: the prompt asks again which batches they leave.
      void queryClient.invalidateQueries({ queryKey: batchKeys.all });
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
      {batch && <Button onClick={() => navigate(`/claims?${new URLSearchParams({ org })}`)}>All Claims</Button>}
      {provider && !batch && (
        <Select aria-label="Insurer" style={{ width: 140 }} value={org} options={INSURER_OPTIONS} onChange={chooseOrg} />
      )}
      {annotationMode && <AnnotationReportButton />}
      {/* Other organisations have no side navigation (spec 1 §1): their reviewers reach their queue from here. */}
      {!provider && <Button onClick={() => navigate('/myQueue')}>My Queue</Button>}
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
      {mayCreateClaims({ organization, role }) && (
        <Button
          icon={<PlusOutlined />}
          onClick={() => navigate(provider ? `/claims/create?org=${encodeURIComponent(org)}` : '/claims/create')}
        >
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
    <Flex vertical style={{ padding: token.padding }}>
      {!batch && (
        <ClaimFilterPanel
          onFilter={applyFilter}
          onReset={resetFilter}
          fullFilter={provider}
          insurer={insurerUser}
          options={filterOptions}
        />
      )}
      <PagedTable<ClaimListRow>
        title={batch ? `Claims to Review: ${batch.batchName || `batch ${batch.batchId}`}` : 'Claims to Review'}
        avatar="CR"
        rowKey="id"
        columns={columns}
        fitWidth={minWidth}
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
        claims={selected.map(Number)}
        org={org}
        onCancel={() => setBatchPromptOpen(false)}
        onCreate={(batchName, moveFromBatches) => batchCreation.mutate({ batchName, moveFromBatches })}
      />
    </Flex>
  );
}
