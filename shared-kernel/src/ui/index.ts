/**
 * @claims/shared-kernel/ui: the antd-based pieces two or more areas use. Shared at runtime as a
 * singleton beside the core entry; it reaches the core through the package name, so it always uses
 * the page's one session store and API client. The sortable list is its own entry (`/ui/sortable`): drag and drop
 * loads with the screens that sort, not with every page. The charts (Charts.tsx) are a frame here and a chunk of this
 * entry loaded when the first chart is shown: the charting library is no shared module of its own, the page's copy is
 * the one in the shell's build of this entry.
 */
export * from './PagedTable';
export * from './usePagedList';
export * from './LoadState';
export * from './ScreenLoading';
export * from './RemoteRoutes';
export * from './BackTitle';
export * from './useChanged';
export * from './keys';
export * from './FilterPanel';
export * from './LimitedSelect';
export * from './AuditHistory';
export * from './DeleteConfirm';
export * from './RuleTree';
export * from './SuiteTheme';
export * from './RefusalNotice';
export * from './VerdictTag';
export * from './Charts';
export * from './decisionLetters';
