/**
 * The shell's Module Federation runtime plugin (runtimePlugins in federated-app.cjs): before its federation
 * instance starts, the page's runtime core is put where the remotes' bundles read it (see
 * host-runtime-plugin.cjs).
 */
import { provideRuntimeCore } from './runtime-core-for-remotes.js';

export default function provideRuntimeCorePlugin() {
  return {
    name: 'claims-provide-runtime-core',
    beforeInit(args) {
      provideRuntimeCore(__FEDERATION_RUNTIME_CORE_FROM__);
      return args;
    },
  };
}
