import type { KeywordModule } from '../constants';
import type { Hospital, KeywordEntity, Procedure } from '../contract';
import { apiClient } from './client';

/** GET /{module}?getall[&org]: a master's full list for a picker; rejects when the call fails. */
export async function fetchLookup<T>(module: string, org?: string): Promise<T[]> {
  const { data } = await apiClient.get<T[] | { results: T[] }>(`/${module}`, { params: { getall: '', ...(org ? { org } : {}) } });
  return Array.isArray(data) ? data : data.results;
}

/** The console line of a failed lookup. */
export const lookupFailure = (module: string): string => `Lookup of ${module} failed`;

/**
 * Full lists for pickers (GET /{module}?getall&org): used by several remotes. A failed lookup falls
 * back to an empty list (spec 1 §8); the picker then simply offers nothing. Screens use the cached
 * form, `lookupQueries` (data/lookups.ts); these one-off calls are for code outside React.
 */
async function getAll<T>(module: string, org?: string): Promise<T[]> {
  try {
    return await fetchLookup<T>(module, org);
  } catch (error) {
    console.error(lookupFailure(module), error);
    return [];
  }
}

export const lookupProcedures = (org?: string) => getAll<Procedure>('procedures', org);
export const lookupHospitals = () => getAll<Hospital>('hospitals');
export const lookupKeywords = (module: KeywordModule) => getAll<KeywordEntity>(module);
