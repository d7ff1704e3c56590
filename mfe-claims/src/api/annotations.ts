import { callApi, pageTotal } from '@claims/shared-kernel';
import type { Annotation, AnnotationBody, ErrorAnnotationBody, ErrorAnnotations } from '@claims/shared-kernel';
import { LOOKUP_STALE_MS } from '@claims/shared-kernel/data';
import { queryOptions } from '@tanstack/react-query';

/** Every annotation query's key starts with 'annotation'. */
export const annotationKeys = {
  all: ['annotation'] as const,
  users: ['annotation', 'users'] as const,
  /** GET /annotation pages (usePagedList adds the page). */
  list: ['annotation', 'list'] as const,
  detail: (id: number) => ['annotation', 'detail', id] as const,
  errorCategories: ['annotation', 'errorCategories'] as const,
  /** GET /claims/{claimId}/annotation: the claim's error flags. */
  errorFlags: (claimId: number) => ['annotation', 'errorFlags', claimId] as const,
};

/** GET /annotation/getUsers: the analysts allowed to annotate. */
export function fetchAnnotationUsers(): Promise<string[]> {
  return callApi('GET /annotation/getUsers');
}

/**
 * The analysts, cached like a lookup under ['annotation', 'users']; a failure is logged and means nobody
 * (annotation mode off).
 */
export const annotationUsersQuery = () =>
  queryOptions({
    queryKey: annotationKeys.users,
    queryFn: fetchAnnotationUsers,
    staleTime: LOOKUP_STALE_MS,
    meta: { failureLog: 'Annotation users could not be loaded' },
  });

/** GET /annotation/generateReport: the annotations as an xlsx workbook. */
export function downloadAnnotationReport(): Promise<Blob> {
  return callApi('GET /annotation/generateReport', { config: { responseType: 'blob' } });
}

export interface AnnotationPage {
  rows: Annotation[];
  total: number;
}

/** GET /annotation?limit&page_number: newest first; the first row carries the total. */
export async function listAnnotations(limit: number, pageNumber: number): Promise<AnnotationPage> {
  const rows = await callApi('GET /annotation', { query: { limit, page_number: pageNumber } });
  return { rows, total: pageTotal(rows) };
}

/** GET /annotation/{id}: one flat record. */
export function fetchAnnotation(id: number): Promise<Annotation> {
  return callApi('GET /annotation/:id', { params: { id } });
}

export const annotationQuery = (id: number) => queryOptions({ queryKey: annotationKeys.detail(id), queryFn: () => fetchAnnotation(id) });

/** POST /annotation: a claim's annotation. */
export function createAnnotation(body: AnnotationBody): Promise<Annotation> {
  return callApi('POST /annotation', { body });
}

/** PUT /annotation/{id}: the whole record again, its slots renumbered from 1. */
export function updateAnnotation(id: number, body: AnnotationBody): Promise<Annotation> {
  return callApi('PUT /annotation/:id', { params: { id }, body });
}

/** GET /annotationErrorCategory: the categories an error flag can have (a lookup: they rarely change). */
export const errorCategoriesQuery = () =>
  queryOptions({
    queryKey: annotationKeys.errorCategories,
    queryFn: () => callApi('GET /annotationErrorCategory'),
    staleTime: LOOKUP_STALE_MS,
  });

/** GET /claims/{claimId}/annotation?org: the claim's error flags. */
export const errorFlagsQuery = (claimId: number, org: string) =>
  queryOptions({
    queryKey: annotationKeys.errorFlags(claimId),
    queryFn: () => callApi('GET /claims/:claimId/annotation', { params: { claimId }, query: { org } }),
  });

/** POST (the claim's first flags) or PUT /claims/{claimId}/annotation?org: the claim's flags, replaced. */
export function saveErrorFlags(
  claimId: number,
  org: string,
  errors: ErrorAnnotationBody['errors'],
  method: 'post' | 'put',
): Promise<ErrorAnnotations> {
  const call = method === 'post' ? 'POST /claims/:claimId/annotation' : 'PUT /claims/:claimId/annotation';
  return callApi(call, { params: { claimId }, query: { org }, body: { errors } });
}
