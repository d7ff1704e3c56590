import { callApi, fetchLookup, lookupFailure, pageTotal } from '@claims/shared-kernel';
import type {
  ClaimListRow,
  ClaimSearchBody,
  ClinicalAttribute,
  ClinicalAttributeSaveBody,
  ClinicalAttributeTryBody,
  ClinicalAttributeTryResult,
  ClinicalUnit,
  Paged,
} from '@claims/shared-kernel';
import { LOOKUP_STALE_MS, lookupKeys } from '@claims/shared-kernel/data';
import { queryOptions } from '@tanstack/react-query';
import type { Page } from './types';

/** The master's module: its route, its resource and its query keys (spec 3 §2.1). */
export const CLINICAL_ATTRIBUTE = 'clinicalAttribute';
const toPage = (rows: Paged<ClinicalAttribute>[]): Page<ClinicalAttribute> => ({ rows, total: pageTotal(rows) });

/** GET /clinicalAttribute?limit&page_number: an array whose first row carries total_count (spec 2 §2.2). */
export async function fetchClinicalAttributePage(page: number, limit: number): Promise<Page<ClinicalAttribute>> {
  return toPage(await callApi('GET /clinicalAttribute', { query: { limit, page_number: page } }));
}

/** POST /clinicalAttribute/search?limit&page_number: per-column filters (name, alias, value_type). */
export async function searchClinicalAttributes(
  filters: Record<string, string>,
  page: number,
  limit: number,
): Promise<Page<ClinicalAttribute>> {
  return toPage(await callApi('POST /clinicalAttribute/search', { query: { limit, page_number: page }, body: { filters } }));
}

/** GET /clinicalAttribute/{code}?audit=True: with its audit trail, for the last-update caption (spec 3 §7). */
export async function fetchClinicalAttribute(code: string): Promise<ClinicalAttribute> {
  return callApi('GET /clinicalAttribute/:id', { params: { id: code }, query: { audit: 'True' } });
}

export async function createClinicalAttribute(body: ClinicalAttributeSaveBody): Promise<void> {
  await callApi('POST /clinicalAttribute', { body });
}

export async function updateClinicalAttribute(id: number, body: ClinicalAttributeSaveBody): Promise<void> {
  await callApi('PUT /clinicalAttribute/:id', { params: { id: String(id) }, body });
}

/** DELETE /clinicalAttribute/{id} with body {id}. */
export async function deleteClinicalAttribute(id: number): Promise<void> {
  await callApi('DELETE /clinicalAttribute/:id', { params: { id: String(id) }, body: { id } });
}

/** POST /clinicalAttribute/try: what the adjudicator reads with the draft; nothing is saved. */
export async function tryClinicalAttribute(body: ClinicalAttributeTryBody): Promise<ClinicalAttributeTryResult[]> {
  return (await callApi('POST /clinicalAttribute/try', { body })).results;
}

/** The test units for the picker: GET /clinicalUnit?getall, cached like the kernel's lookups and made stale by a unit's save. */
export const clinicalUnitLookup = () =>
  queryOptions({
    queryKey: lookupKeys.module('clinicalUnit'),
    queryFn: () => fetchLookup<ClinicalUnit>('clinicalUnit'),
    staleTime: LOOKUP_STALE_MS,
    meta: { failureLog: lookupFailure('clinicalUnit') },
  });

/** How many verified claims the try-out's claim picker offers for what was typed. */
export const CLAIM_CHOICES = 20;

/** POST /claims/search: the verified (ADJUDICATED) claims matching the typed case number, patient or id. */
export async function searchVerifiedClaims(query: string): Promise<ClaimListRow[]> {
  const body: ClaimSearchBody = { status: ['ADJUDICATED'], ...(query.trim() ? { query: query.trim() } : {}) };
  return callApi('POST /claims/search', { query: { limit: CLAIM_CHOICES, page_number: 1 }, body });
}
