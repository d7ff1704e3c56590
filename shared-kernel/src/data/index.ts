/**
 * @claims/shared-kernel/data: the page's server-data cache (one TanStack Query client, emptied on sign-out)
 * and the cached lookups the pickers of every area use. Shared at runtime as a singleton; kept out of the
 * core entry so the sign-in page does not load it. It reaches the core through the package name.
 */
export * from './query-client';
export * from './lookups';
