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
import { usePagedList, PagedTable, useChanged } from '@claims/shared-kernel/ui';
import type { ClaimListRow } from '@claims/shared-kernel';
import { App, Button, Flex, Select, Tooltip } from 'antd';
import { useEffect, useMemo, useState, type Key } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { downloadAnnotationReport, getAnnotationUsers } from '../../api/annotations';
import { createBatch } from '../../api/batches';
import { downloadClaimsCsv, listClaims, searchClaims } from '../../api/claims';
import { loadBatchOptions, loadMasterOptions, NO_FILTER_OPTIONS, type ClaimFilterOptions } from '../../api/lookups';
import { BatchNameModal } from './BatchNameModal';
import { claimColumns } from './claimColumns';
import { toSearchBody, type ClaimFilter } from './claimFilter';
import { ClaimFilterPanel } from './ClaimFilterPanel';

export const RUN_VERIFICATION_HINT = 'Select Minimum 5 claims to create batch for run verifications';
export const DOWNLOAD_FAILED = 'Failed to download';

const INSURER_OPTIONS = INSURERS.map((i) => ({ value: i.code, label: i.label }));
const INSURER_ORGS: readonly string[] = INSURERS.map((i) => i.code).filter((code) => code !== PROVIDER_ORG);
const isKnownOrg = (code: string | null): code is string => !!code && INSURERS.some((i) => i.code === code);

/** The annotation analysts come from the server; annotation mode is on when the current user is one. */
function useAnnotationMode(enabled: boolean, user: string | null): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    if (!enabled || !user) return;
    let live = true;
    void getAnnotationUsers().then((users) => live && setOn(users.includes(user)));
    return () => {
      live = false;
    };
  }, [enabled, user]);
  return enabled && on;
}

/** Hospitals and procedures are loaded once; batches follow the chosen insurer. */
function useFilterOptions(enabled: boolean, org: string): ClaimFilterOptions {
  const [lists, setLists] = useState<Omit<ClaimFilterOptions, 'batches'>>(NO_FILTER_OPTIONS);
  const [batches, setBatches] = useState<ClaimFilterOptions['batches']>([]);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void loadMasterOptions().then((loaded) => live && setLists(loaded));
    return () => {
      live = false;
    };
  }, [enabled]);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void loadBatchOptions(org).then((loaded) => live && setBatches(loaded));
    return () => {
      live = false;
    };
  }, [enabled, org]);
  return useMemo(() => ({ ...lists, batches }), [lists, batches]);
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
  const [batchPrompt, setBatchPrompt] = useState({ open: false, busy: false });
  const [downloading, setDownloading] = useState<'csv' | 'report' | null>(null);

  const annotationMode = useAnnotationMode(provider, user);
  const filterOptions = useFilterOptions(provider, org);
  const searchBody = () => toSearchBody(applied, { insurer: insurerUser, query });

  const list = usePagedList<ClaimListRow>(['claims', org, applied, query, insurerUser], (page, pageSize) => {
    const request = { org, limit: pageSize, pageNumber: page };
    if (applied || query) return searchClaims(searchBody(), request);
    return listClaims(request, insurerUser ? 'ADJUDICATED' : undefined);
  });

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

  const download = async (kind: 'csv' | 'report') => {
    setDownloading(kind);
    const today = todayInZone().format('DD-MM-YYYY');
    try {
      if (kind === 'csv') saveBlob(await downloadClaimsCsv(searchBody(), org), `claims_data_${today}.csv`);
      else saveBlob(await downloadAnnotationReport(), `Annotate_data_${today}.xlsx`);
    } catch (error) {
      console.error(error);
      void message.error(DOWNLOAD_FAILED);
    } finally {
      setDownloading(null);
    }
  };

  const createBatchOfSelection = async (batchName: string) => {
    setBatchPrompt({ open: true, busy: true });
    try {
      await createBatch({ claims: selected.map(Number), batchName, downloadedClaimFlag: 'false', organization: org });
      clearClaimSearch();
      void navigate('/uploadsDownloads');
    } catch (error) {
      setBatchPrompt({ open: true, busy: false });
      modal.error({ title: 'Batch could not be created', content: (error as Error).message });
    }
  };

  const resetFilter = () => {
    setApplied(null);
    clearClaimSearch();
  };

  const tooFewSelected = selected.length < LIMITS.minClaimsForBatch;
  const toolbar = (
    <Flex gap={8} wrap align="center">
      {provider && <Select aria-label="Insurer" style={{ width: 140 }} value={org} options={INSURER_OPTIONS} onChange={chooseOrg} />}
      {annotationMode && (
        <Button icon={<DownloadOutlined />} loading={downloading === 'report'} onClick={() => void download('report')}>
          Annotation Report
        </Button>
      )}
      {batchesAllowed && (
        <Tooltip title={tooFewSelected ? RUN_VERIFICATION_HINT : undefined}>
          {/* React sends no mouse events to a disabled button: the wrapper lets the hint show. */}
          <span style={{ display: 'inline-flex' }}>
            <Button type="primary" disabled={tooFewSelected} onClick={() => setBatchPrompt({ open: true, busy: false })}>
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
            loading={downloading === 'csv'}
            onClick={() => void download('csv')}
          />
        </Tooltip>
      )}
    </Flex>
  );

  return (
    <Flex vertical style={{ padding: 16 }}>
      <ClaimFilterPanel
        onFilter={(filter) => setApplied({ ...filter })}
        onReset={resetFilter}
        fullFilter={provider}
        options={filterOptions}
      />
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
        open={batchPrompt.open}
        busy={batchPrompt.busy}
        onCancel={() => setBatchPrompt({ open: false, busy: false })}
        onCreate={(name) => void createBatchOfSelection(name)}
      />
    </Flex>
  );
}
