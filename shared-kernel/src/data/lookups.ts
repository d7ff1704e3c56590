/**
 * The cached lookups every remote's pickers use (spec 2 §7 caches them): one GET /{module}?getall per
 * module (and organisation) for LOOKUP_STALE_MS, however many screens and pickers ask.
 *
 *   const { data: procedures = NO_ROWS } = useQuery({ ...lookupQueries.procedures(org), enabled });
 *   const hospitals = useLookup(lookupQueries.hospitals(), { select: toOptions });
 *
 * A failed lookup is logged once ('Lookup of procedures failed') and leaves the picker empty (spec 1 §8); it is
 * not cached, so the next screen that needs it asks again. A write to a master invalidates its lookups:
 * `queryClient.invalidateQueries({ queryKey: lookupKeys.module('procedures') })`.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type ClinicalAttribute,
  fetchLookup,
  type Hospital,
  type KeywordEntity,
  type KeywordModule,
  lookupFailure,
  type Procedure,
} from '@claims/shared-kernel';
import { LOOKUP_STALE_MS } from './query-client';

export const lookupKeys = {
  /** Every lookup. */
  all: ['lookup'] as const,
  /** One master's lookups, of every organisation: ['lookup', 'procedures']. */
  module: (module: string) => ['lookup', module] as const,
};

function lookup<T>(module: string, org?: string) {
  return queryOptions({
    queryKey: org ? [...lookupKeys.module(module), org] : lookupKeys.module(module),
    queryFn: () => fetchLookup<T>(module, org),
    staleTime: LOOKUP_STALE_MS,
    meta: { failureLog: lookupFailure(module) },
  });
}

export const lookupQueries = {
  /** GET /procedures?getall[&org]: key ['lookup', 'procedures'] or ['lookup', 'procedures', org]. */
  procedures: (org?: string) => lookup<Procedure>('procedures', org),
  /** GET /hospitals?getall: key ['lookup', 'hospitals']. */
  hospitals: () => lookup<Hospital>('hospitals'),
  /** GET /{module}?getall of a keyword master: key ['lookup', module]. */
  keywords: (module: KeywordModule) => lookup<KeywordEntity>(module),
  /** GET /clinicalAttribute?getall, the attributes with their units: key ['lookup', 'clinicalAttribute']. */
  clinicalAttributes: () => lookup<ClinicalAttribute>('clinicalAttribute'),
};

/** The empty list a picker shows while its lookup loads or after it failed (one array, so memos hold). */
export const NO_ROWS: never[] = [];

export interface UseLookupOptions<T, S> {
  /** False until the screen needs the list (e.g. only the provider's filter has the picker). */
  enabled?: boolean;
  /** Turns the rows into what the picker shows; define it outside the component so its result is kept. */
  select?: (rows: T[]) => S[];
}

/** A cached lookup's rows (or what `select` makes of them); empty while loading and after a failure. */
export function useLookup<T, S = T>(options: ReturnType<typeof lookup<T>>, { enabled = true, select }: UseLookupOptions<T, S> = {}): S[] {
  const { data } = useQuery({ ...options, enabled, select: select as ((rows: T[]) => S[]) | undefined });
  return (data as S[] | undefined) ?? NO_ROWS;
}
