import { QueryCache, QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { ApiError, sessionStore } from '@claims/shared-kernel';

/** Tries after the first: a flaky network or a busy server gets two more chances. */
const MAX_RETRIES = 2;

/**
 * Only a failure that another try can cure is retried: no answer at all, or a 5xx. A 4xx is the server's
 * answer (bad input, no permission, not found) and a 401 has already signed the user out.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (!(error instanceof ApiError)) return true;
  return error.status === null || error.status >= 500;
}

/** How long lookups (procedures, hospitals, users for pickers) are served from the cache: spec 2 §7 caches them. */
export const LOOKUP_STALE_MS = 5 * 60_000;

/**
 * A query whose failure the screen does not show (a picker's list, the api version) names its console line
 * in `meta: { failureLog }`; the cache logs it with the error once, after the last try.
 */
export interface QueryFailureLog {
  failureLog?: string;
}

function logFailure(error: Error, meta: Record<string, unknown> | undefined): void {
  const { failureLog } = (meta ?? {}) as QueryFailureLog;
  if (typeof failureLog === 'string') console.error(failureLog, error);
}

export function createQueryClient(overrides: QueryClientConfig['defaultOptions'] = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => logFailure(error, query.meta) }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, ...overrides.queries },
      mutations: { retry: false, ...overrides.mutations },
    },
  });
}

/**
 * The page's one cache of server data, shared by the shell and every remote (the kernel is a singleton).
 * Signing out empties it, so the next user never sees the last one's data.
 */
export const queryClient = createQueryClient();

sessionStore.subscribe((state, previous) => {
  if (previous.token && state.token !== previous.token) queryClient.clear();
});
