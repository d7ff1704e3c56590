import type { Hospital, KeywordEntity, Procedure } from '../contract';
import { apiClient } from './client';

/**
 * Full lists for pickers (GET /{module}?getall&org): used by several remotes. A failed lookup falls
 * back to an empty list (spec 1 §8); the picker then simply offers nothing.
 */
async function getAll<T>(module: string, org?: string): Promise<T[]> {
  try {
    const { data } = await apiClient.get<T[] | { results: T[] }>(`/${module}`, { params: { getall: '', ...(org ? { org } : {}) } });
    return Array.isArray(data) ? data : data.results;
  } catch (error) {
    console.error(`Lookup of ${module} failed`, error);
    return [];
  }
}

export const lookupProcedures = (org?: string) => getAll<Procedure>('procedures', org);
export const lookupHospitals = () => getAll<Hospital>('hospitals');
export const lookupKeywords = (module: 'diagnoses' | 'document' | 'evidence' | 'drugs' | 'tissues' | 'procedureGroup') =>
  getAll<KeywordEntity>(module);
