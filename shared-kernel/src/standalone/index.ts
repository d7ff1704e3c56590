/**
 * @claims/shared-kernel/standalone: the frame a remote runs in on its own, for its developers (a
 * sign-in, a header with its links, the suite's providers). Not shared: a remote inside the shell
 * never loads it.
 */
export * from './StandaloneApp';
export * from './SuiteProviders';
