import { apiClient, fetchLookup, lookupFailure, pageTotal } from '@claims/shared-kernel';
import type {
  Annotation,
  AnnotationBody,
  ClinicalAttribute,
  ErrorAnnotationBody,
  ErrorAnnotations,
  ErrorCategory,
} from '@claims/shared-kernel';
import { LOOKUP_STALE_MS, lookupKeys } from '@claims/shared-kernel/data';
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
export async function fetchAnnotationUsers(): Promise<string[]> {
  const { data } = await apiClient.get<string[]>('/annotation/getUsers');
  return data;
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
export async function downloadAnnotationReport(): Promise<Blob> {
  const { data } = await apiClient.get<Blob>('/annotation/generateReport', { responseType: 'blob' });
  return data;
}

export interface AnnotationPage {
  rows: Annotation[];
  total: number;
}

/** GET /annotation?limit&page_number: newest first; the first row carries the total. */
export async function listAnnotations(limit: number, pageNumber: number): Promise<AnnotationPage> {
  const { data } = await apiClient.get<Annotation[]>('/annotation', { params: { limit, page_number: pageNumber } });
  return { rows: data, total: pageTotal(data) };
}

/** GET /annotation/{id}: one flat record. */
export async function fetchAnnotation(id: number): Promise<Annotation> {
  const { data } = await apiClient.get<Annotation>(`/annotation/${id}`);
  return data;
}

export const annotationQuery = (id: number) => queryOptions({ queryKey: annotationKeys.detail(id), queryFn: () => fetchAnnotation(id) });

/** POST /annotation: a claim's annotation. */
export async function createAnnotation(body: AnnotationBody): Promise<Annotation> {
  const { data } = await apiClient.post<Annotation>('/annotation', body);
  return data;
}

/** PUT /annotation/{id}: the whole record again, its slots renumbered from 1. */
export async function updateAnnotation(id: number, body: AnnotationBody): Promise<Annotation> {
  const { data } = await apiClient.put<Annotation>(`/annotation/${id}`, body);
  return data;
}

/** GET /annotationErrorCategory: the categories an error flag can have (a lookup: they rarely change). */
export const errorCategoriesQuery = () =>
  queryOptions({
    queryKey: annotationKeys.errorCategories,
    queryFn: async () => (await apiClient.get<ErrorCategory[]>('/annotationErrorCategory')).data,
    staleTime: LOOKUP_STALE_MS,
  });

/** GET /claims/{claimId}/annotation?org: the claim's error flags. */
export const errorFlagsQuery = (claimId: number, org: string) =>
  queryOptions({
    queryKey: annotationKeys.errorFlags(claimId),
    queryFn: async () => (await apiClient.get<ErrorAnnotations>(`/claims/${claimId}/annotation`, { params: { org } })).data,
  });

/** POST (the claim's first flags) or PUT /claims/{claimId}/annotation?org: the claim's flags, replaced. */
export async function saveErrorFlags(
  claimId: number,
  org: string,
  errors: ErrorAnnotationBody['errors'],
  method: 'post' | 'put',
): Promise<ErrorAnnotations> {
  const { data } = await apiClient[method]<ErrorAnnotations>(`/claims/${claimId}/annotation`, { errors }, { params: { org } });
  return data;
}

/** GET /clinicalAttribute?getall: the clinical attributes with their units, cached as the kernel's lookups are. */
export const clinicalAttributesQuery = () =>
  queryOptions({
    queryKey: lookupKeys.module('clinicalAttribute'),
    queryFn: () => fetchLookup<ClinicalAttribute>('clinicalAttribute'),
    staleTime: LOOKUP_STALE_MS,
    meta: { failureLog: lookupFailure('clinicalAttribute') },
  });
