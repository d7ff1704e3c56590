import { apiClient } from '@claims/shared-kernel';

/** GET /annotation/getUsers: the analysts allowed to annotate; a failure means nobody (annotation mode off). */
export async function getAnnotationUsers(): Promise<string[]> {
  try {
    const { data } = await apiClient.get<string[]>('/annotation/getUsers');
    return data;
  } catch (error) {
    console.error('Annotation users could not be loaded', error);
    return [];
  }
}

/** GET /annotation/generateReport: the annotations as an xlsx workbook. */
export async function downloadAnnotationReport(): Promise<Blob> {
  const { data } = await apiClient.get<Blob>('/annotation/generateReport', { responseType: 'blob' });
  return data;
}
