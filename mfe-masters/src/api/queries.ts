import { lookupKeys } from '@claims/shared-kernel/data';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * The query keys of a master, all under its path ('hospitals', 'diagnoses', ...), so that one
 * invalidation reaches everything shown of it: its list pages [path, 'list', filters, paging] and its
 * records [path, code] (the code as the route has it).
 */
export const masterKeys = {
  all: (path: string) => [path] as const,
  list: (path: string, filters: Record<string, string>) => [path, 'list', filters] as const,
  /** The number of a master's records (a list title's total where the master has a count call). */
  count: (path: string) => [path, 'count'] as const,
  record: (path: string, code: string) => [path, code] as const,
};

/**
 * A create, edit or delete of a master record. Once it succeeds every list page and record of that master
 * is stale (a rename moves rows, a re-code or delete leaves the old code's record behind), and so are the
 * pickers of other screens that offer the master (the kernel's lookups, cached for minutes).
 * The master's own queries are marked stale without refetching: the editor that wrote is the only one on
 * screen, its record is about to be left (and may be gone), and the list it returns to fetches afresh.
 */
export function useMasterWrite<V>(path: string, write: (variables: V) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation<void, Error, V>({
    mutationFn: write,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: masterKeys.all(path), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: lookupKeys.module(path) });
    },
  });
}
