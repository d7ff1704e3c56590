/**
 * @claims/shared-kernel: the one session store, API client, server-data cache (TanStack Query), runtime configuration, constants and
 * formatting of the suite, with no antd in it, so that every page can load it. Shared at runtime as a
 * Module Federation singleton. The antd-based pieces are in '@claims/shared-kernel/ui' (lists, filters,
 * audit history, rule tree), '@claims/shared-kernel/ui/basics' (the theme and the sign-in form) and
 * '@claims/shared-kernel/standalone' (the frame a remote runs in alone).
 */
export * from './constants';
export * from './rule-statements';
export * from './questions';
export * from './decisions';
export * from './document-rounds';
export * from './config/runtime-config';
export * from './session/global-store';
export * from './session/session-store';
export * from './session/search-store';
export * from './session/refusal-store';
export * from './api/client';
export * from './api/call';
export * from './api/auth';
export * from './api/lookups';
export * from './format';
export * from './ui/highlight';
export * from './ui/RequireRole';
export type * from './contract';
export * from './annotation-record';
export * from './verification-quality';
