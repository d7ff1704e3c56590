/**
 * Included in a remote's own page (main.js) only, and run before federation starts there (see
 * host-runtime-plugin.cjs): a remote run alone provides the runtime core its bundles read, as the shell does.
 */
import { provideRuntimeCore } from './runtime-core-for-remotes.js';

provideRuntimeCore(__FEDERATION_RUNTIME_CORE_FROM__);
