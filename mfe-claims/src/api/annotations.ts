import { apiClient } from '@claims/shared-kernel';
import { LOOKUP_STALE_MS } from '@claims/shared-kernel/data';
import { queryOptions } from '@tanstack/react-query';

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
    queryKey: ['annotation', 'users'],
    queryFn: fetchAnnotationUsers,
    staleTime: LOOKUP_STALE_MS,
    meta: { failureLog: 'Annotation users could not be loaded' },
  });

/** GET /annotation/generateReport: the annotations as an xlsx workbook. */
export async function downloadAnnotationReport(): Promise<Blob> {
  const { data } = await apiClient.get<Blob>('/annotation/generateReport', { responseType: 'blob' });
  return data;
}
