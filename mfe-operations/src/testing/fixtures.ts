/** Rows shaped as the contract says the api answers them (test only). */
import type {
  BatchProgress,
  BatchRow,
  ConsoleClaimRow,
  ConsoleFilterOptions,
  DownloadedCount,
  Hospital,
  Procedure,
  RefreshDownloadsResponse,
} from '@claims/shared-kernel';

export const COUNTS: DownloadedCount = {
  downloadedClaims: 57,
  downloadedFailedClaims: 3,
  batchDataCount: 4,
  batchFailedDataCount: 1,
  userLastBatch: 'vitraya.admin',
  uploadedFailedClaims: 6,
  totalDownloadFailedClaims: 12,
};

/** The Filter panels' choices of an insurer with no claims or batches yet. */
export const NO_FILTER_OPTIONS: ConsoleFilterOptions = {
  insurerProcedureName: [],
  insurerIllnessName: [],
  insurerClaimStatus: [],
  batchName: [],
  userName: [],
};

export function claimRow(overrides: Partial<ConsoleClaimRow> = {}): ConsoleClaimRow {
  return {
    id: 101,
    obj_id: 'obj-101',
    intimation_number: 'INT-0001',
    insurer_illness_name: 'Cataract',
    insurer_procedure_name: 'Phaco with IOL',
    vitraya_procedure_name: ['Phacoemulsification'],
    vitraya_procedure_code: ['OPH001'],
    caseType: 'PRE_AUTH',
    insurer_claim_status: 'Approved',
    vitraya_claim_status: 'DOWNLOADED',
    createdOn: '2025-03-04T10:00:00Z',
    vitraya_arrival_date: '2025-03-03T09:00:00Z',
    vitraya_snomed_code: ['110473004'],
    insurer_documents: ['/claims/101/documents/1', '/claims/101/documents/2'],
    fk_batch_id: null,
    error_code: null,
    error_message: null,
    total_count: 1,
    page_number: 1,
    ...overrides,
  };
}

export function batchRow(overrides: Partial<BatchRow> = {}): BatchRow {
  return {
    id: 7,
    batchName: 'March cataract',
    total_claims_count: 20,
    createdBy: 'vitraya.admin',
    createdAt: '2025-03-05T06:00:00Z',
    priority: 1,
    status_info: { status: 'IN_PROCESSING' },
    allocation_status: null,
    processing: { accepted: 9, rejected: 2, query: 3, toBeVerified: 1, inProgress: 4, verificationFailed: 1 },
    total_count: 1,
    page_number: 1,
    ...overrides,
  };
}

export function progressRow(overrides: Partial<BatchProgress> = {}): BatchProgress {
  return {
    id: 7,
    batchName: 'March cataract',
    status_info: { status: 'IN_PROCESSING' },
    total_claims_count: 20,
    processing: { accepted: 9, rejected: 2, query: 3, toBeVerified: 1, inProgress: 4, verificationFailed: 1 },
    done: 15,
    remaining: 5,
    ratePerMinute: 2,
    etaSeconds: 150,
    ...overrides,
  };
}

export function refreshResult(overrides: Partial<RefreshDownloadsResponse> = {}): RefreshDownloadsResponse {
  return {
    Message: 'Page got refreshed successfully',
    downloaded: 3,
    failed: 1,
    alreadyImported: 0,
    unreadableManifests: [],
    ...overrides,
  };
}

const procedure = (id: number, code: string, name: string): Procedure => ({
  id,
  procedure_code: code,
  name,
  snomedct_code: String(100 + id),
  procedure_group: null,
  alias: [],
});

export const PROCEDURES: Procedure[] = [procedure(1, 'OPH001', 'Phacoemulsification'), procedure(2, 'GEN002', 'Hernia repair')];
export const HOSPITALS: Hospital[] = [
  { id: 1, hospital_code: 'H01', name: 'City Hospital' },
  { id: 2, hospital_code: 'H02', name: 'Lake Hospital' },
];
