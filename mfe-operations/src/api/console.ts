import { API_BASE_PATH, ApiError, apiClient, CONSOLE_PAGE_SIZES, callApi, getRuntimeConfig, pageTotal } from '@claims/shared-kernel';
import type {
  BatchOutcome,
  BatchRow,
  ConsoleClaimRow,
  ConsoleFilterBody,
  ConsoleFilterOptions,
  DownloadedCount,
} from '@claims/shared-kernel';

/**
 * The console's query keys. They share the page-wide prefixes of what they show, so that a write anywhere
 * reaches them: ['batches'] is every batch list (the console's, the claims filter's batch options),
 * ['claims'] every claims list.
 */
export const consoleKeys = {
  /** GET /downloadedCount of an insurer: the header statistics. */
  counts: (org: string) => ['downloadedCount', org] as const,
  /** A claims tab's list or filter search (usePagedList adds the page). */
  claims: (org: string, tab: ClaimsTab, filter: ConsoleFilterBody | null) => ['claims', 'console', org, tab, filter] as const,
  /** The Batch Summary's list or filter search. */
  batches: (org: string, filter: ConsoleFilterBody | null) => ['batches', 'console', org, filter] as const,
  /** The claims of one batch with one outcome (POST /redirectOther), a page at a time. */
  outcome: (org: string, batchId: number, outcome: BatchOutcome, paging: { page: number; pageSize: number }) =>
    ['batches', 'outcome', org, batchId, outcome, paging] as const,
  /** The priority dialog's batches, in their priority order. */
  priority: (org: string) => ['batches', 'priority', org] as const,
  /** The Filter panels' choices (GET /claim/batch/filterOptions): names and statuses of the insurer's claims and batches. */
  filterOptions: (org: string) => ['batches', 'filterOptions', org] as const,
  /** The live progress of the batches in processing, polled while any is. */
  progress: (org: string, batchIds: readonly number[]) => ['batches', 'progress', org, batchIds] as const,
  /** GET /users: the organisation's users, the analysts of work allocation. */
  users: () => ['users'] as const,
  /** One insurer document by its address. */
  document: (address: string) => ['document', address] as const,
};

/** The three claims tabs of the console, by the path segment their filter search uses. */
export type ClaimsTab = 'uploads' | 'downloadFailed' | 'uploadFailed';

/** The page size a list asks for when the screen's is missing or not one the grid offers (spec 3 §9: 'fallback 75'). */
export const FALLBACK_PAGE_SIZE = 75;

/** The screen's page size if the grid offers it (spec 3 §9: 25 to 300), otherwise the fallback. */
export function consolePageSize(size: number | null | undefined): number {
  return (CONSOLE_PAGE_SIZES as readonly number[]).includes(size ?? Number.NaN) ? (size as number) : FALLBACK_PAGE_SIZE;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

/** The status each claims tab lists (spec 3 §7): the uploads tab lists every downloaded claim. */
const TAB_STATUS: Record<ClaimsTab, string | undefined> = {
  uploads: undefined,
  downloadFailed: 'DOWNLOAD_FAILED',
  uploadFailed: 'UPLOAD_FAILED,VERIFICATION_FAILED',
};

const toPage = <T extends { total_count?: number }>(rows: T[] | null | undefined): Page<T> => {
  const list = Array.isArray(rows) ? rows : [];
  return { rows: list, total: pageTotal(list) };
};

/**
 * The header statistics. The spec shows the call without a query; the api counts per organisation,
 * so the chosen insurer goes along as org (the provider's own without it).
 */
export async function getDownloadedCount(org: string): Promise<DownloadedCount> {
  return callApi('GET /downloadedCount', { query: { org } });
}

/** GET /claims?downloaded=true&org&limit&page_number[&status]. */
export async function listConsoleClaims(tab: ClaimsTab, org: string, limit: number, pageNumber: number): Promise<Page<ConsoleClaimRow>> {
  const status = TAB_STATUS[tab];
  const rows = await callApi('GET /claims', {
    query: { downloaded: true, org, limit: consolePageSize(limit), page_number: pageNumber, ...(status ? { status } : {}) },
  });
  return toPage(rows);
}

/**
 * POST /claim/batch/{uploads,downloadFailed,uploadFailed}/search?limit&page_number with the filter.
 * org follows so a filter searches the chosen insurer's claims, as the list does (the api scopes by it).
 */
export async function searchConsoleClaims(
  tab: ClaimsTab,
  org: string,
  filter: ConsoleFilterBody,
  limit: number,
  pageNumber: number,
): Promise<Page<ConsoleClaimRow>> {
  const rows = await callApi(`POST /claim/batch/${tab}/search`, {
    query: { limit: consolePageSize(limit), page_number: pageNumber, org },
    body: filter,
  });
  return toPage(rows);
}

/** GET /claim/batch?downloaded=true&org&limit&page_number. */
export async function listBatches(org: string, limit: number, pageNumber: number): Promise<Page<BatchRow>> {
  return toPage(
    await callApi('GET /claim/batch', { query: { downloaded: true, org, limit: consolePageSize(limit), page_number: pageNumber } }),
  );
}

/** POST /claim/batch/search?limit&page_number&downloaded=true&org with the filter. */
export async function searchBatches(org: string, filter: ConsoleFilterBody, limit: number, pageNumber: number): Promise<Page<BatchRow>> {
  const rows = await callApi('POST /claim/batch/search', {
    query: { limit: consolePageSize(limit), page_number: pageNumber, downloaded: true, org },
    body: filter,
  });
  return toPage(rows);
}

/**
 * The priority dialog's batches: the first `limit` batches in the given statuses, most urgent first
 * (POST /claim/batch/search?sort=priority).
 */
export async function batchesByPriority(org: string, batchStatus: readonly string[], limit: number): Promise<BatchRow[]> {
  const rows = await callApi('POST /claim/batch/search', {
    query: { limit, page_number: 1, downloaded: true, org, sort: 'priority' },
    body: { batchStatus: [...batchStatus] },
  });
  return Array.isArray(rows) ? rows : [];
}

/** GET /claim/batch/filterOptions?org: every insurer name and status of the insurer's claims, every batch name and creator. */
export async function fetchFilterOptions(org: string): Promise<ConsoleFilterOptions> {
  return callApi('GET /claim/batch/filterOptions', { query: { org } });
}

/** POST /redirectOther {batchId, adjType}: the claims of one batch with one outcome, a page at a time. */
export async function claimsByOutcome(
  batchId: number,
  adjType: BatchOutcome,
  org: string,
  limit: number,
  pageNumber: number,
): Promise<Page<ConsoleClaimRow>> {
  const rows = await callApi('POST /redirectOther', {
    query: { org, limit: consolePageSize(limit), page_number: pageNumber },
    body: { batchId, adjType },
  });
  return toPage(rows);
}

/**
 * Where a document address points. Addresses the api hands out may be relative to its base, or carry
 * the versioned base path already (then they hang off the api's origin, not its base URL).
 */
export function resolveDocumentUrl(url: string): { url: string; api: boolean } {
  const base = new URL(getRuntimeConfig().apiBaseUrl, window.location.href);
  const baseText = base.toString().replace(/\/$/, '');
  let absolute: URL;
  if (/^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('//')) absolute = new URL(url, base);
  else if (url.startsWith(`${API_BASE_PATH}/`)) absolute = new URL(url, base.origin);
  else absolute = new URL(`${baseText}/${url.replace(/^\//, '')}`);
  return { url: absolute.toString(), api: absolute.origin === base.origin };
}

/**
 * A blob call's error body arrives as a blob too, so the client cannot read its {detail}: read it here
 * and keep the server's reason ('Document 15 was deleted after verification'). Blob.text() reads the
 * browser's blobs and Node's alike (FileReader only takes the DOM's own).
 */
async function withBlobDetail(error: unknown): Promise<unknown> {
  if (!(error instanceof ApiError) || !(error.body instanceof Blob)) return error;
  try {
    const parsed = JSON.parse(await error.body.text()) as { detail?: unknown };
    return typeof parsed.detail === 'string' ? new ApiError(parsed.detail, error.status, parsed) : error;
  } catch {
    return error;
  }
}

/**
 * Fetches one insurer document as a blob. The api's own documents go through the api client (bearer
 * token; an address the api handed out, not a call of the endpoint table, hence not `callApi`); documents
 * stored elsewhere are fetched plainly so the token never leaves for another host.
 */
export async function fetchDocument(address: string): Promise<Blob> {
  const { url, api } = resolveDocumentUrl(address);
  if (api) {
    try {
      const { data } = await apiClient.get<Blob>(url, { responseType: 'blob' });
      return data;
    } catch (error) {
      throw await withBlobDetail(error);
    }
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The document could not be loaded (HTTP ${response.status})`);
  return response.blob();
}
