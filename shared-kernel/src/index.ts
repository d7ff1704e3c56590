/**
 * @claims/shared-kernel: the one session store, API client, runtime configuration, constants and
 * shared UI of the suite. Shared at runtime as a Module Federation singleton.
 */
export * from './constants';
export * from './config/runtime-config';
export * from './session/global-store';
export * from './session/session-store';
export * from './session/search-store';
export * from './api/client';
export * from './api/auth';
export * from './api/lookups';
export * from './format';
export * from './ui/highlight';
export * from './ui/PagedTable';
export * from './ui/usePagedList';
export * from './ui/FilterPanel';
export * from './ui/LimitedSelect';
export * from './ui/SuiteProviders';
export * from './ui/RequireRole';
export * from './ui/SignInForm';
export * from './ui/StandaloneApp';
export * from './ui/AuditHistory';
export * from './ui/RuleTree';
export type * from './contract';
