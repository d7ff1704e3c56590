/**
 * What a remote's bundle reads from the page's Module Federation runtime core (built with
 * experiments.externalRuntime, it imports '@module-federation/runtime-core' from the global
 * _FEDERATION_RUNTIME_CORE): the names its bundled '@module-federation/runtime' imports, no more, so the
 * host keeps the tree-shaken runtime core it needs itself. host-runtime-plugin.cjs reads this import list
 * and fails a remote's build that needs a name it lacks.
 */
import {
  assert,
  CurrentGlobal,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  Module,
  ModuleFederation,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} from 'claims-federation-runtime-core';

/** Puts this bundle's runtime core on the global, unless the page has one already (the first app to start wins). */
export function provideRuntimeCore(from) {
  if (globalThis._FEDERATION_RUNTIME_CORE) return;
  globalThis._FEDERATION_RUNTIME_CORE = {
    assert,
    CurrentGlobal,
    getGlobalFederationConstructor,
    getRemoteEntry,
    getRemoteInfo,
    helpers,
    loadScript,
    loadScriptNode,
    Module,
    ModuleFederation,
    registerGlobalPlugins,
    satisfy,
    setGlobalFederationConstructor,
    setGlobalFederationInstance,
  };
  globalThis._FEDERATION_RUNTIME_CORE_FROM = from;
}
