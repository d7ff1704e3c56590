/**
 * The shell's side of Module Federation: remotes come from runtime-config.json (no rebuild to move
 * one), and a remote that is down or broken costs only its own area, never the page.
 */
import {
  getInstance,
  init,
  type ModuleFederation,
  type ModuleFederationRuntimePlugin,
  registerGlobalPlugins,
} from '@module-federation/enhanced/runtime';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RemoteEntry } from '@claims/shared-kernel';
import { areaLabel, areaOf, type RemoteName } from '../areas';

const SHARED_KERNEL_UI = '@claims/shared-kernel/ui';

let configuredRemotes: readonly RemoteEntry[] = [];

/**
 * One lazy component per remote, until a Retry. It cannot live in the area's React state: React
 * throws away the first renders of an area that suspends, and a new lazy component per render would
 * suspend again forever. A failure stays until Retry, so every render shows the same panel.
 */
const areaComponents = new Map<RemoteName, LazyExoticComponent<ComponentType>>();

/** The instance the build created (the shell is a federated app); a bare one only outside webpack. */
function federation(): ModuleFederation {
  return getInstance() ?? init({ name: 'shell', remotes: [] });
}

/** The runtime mutates what it registers (it normalises entries), so it always gets a fresh copy. */
const asRemote = ({ name, entry }: RemoteEntry) => ({ name, entry });

/**
 * Layer two of the failure handling (layer one is shareStrategy 'loaded-first', layer three the
 * area's error boundary). A failed manifest, entry or module ends in the 'onLoad' lifecycle, where
 * we hand back a stand-in whose component rethrows the failure inside the area, so the area's
 * boundary shows it with a Retry. A remote entry that fails while shared modules are being set up
 * ('beforeLoadShare') is skipped so the rest of the page keeps its shared libraries.
 */
export function remoteFailurePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'claims-shell-remote-failure',
    errorLoadRemote({ id, error, lifecycle }) {
      if (lifecycle === 'beforeLoadShare') {
        console.warn(`Remote ${id} is unavailable; shared modules are set up without it`, error);
        return undefined;
      }
      // Earlier lifecycles (the manifest, the request) carry on to 'onLoad' with the same error.
      if (lifecycle !== 'onLoad') return undefined;
      const failure = error instanceof Error ? error : new Error(String(error));
      return {
        __esModule: true,
        default: function RemoteUnavailable(): never {
          throw failure;
        },
      };
    },
  };
}

/**
 * A shared module the shell provides is loaded by the shell, also when an area's screen asks for it first
 * (the antd components shared one by one load with the screen that uses them, not with the area). The page
 * then holds the shell's copy, built with the facade's antd internals (one theme), whatever another app
 * registered, and the page's share records say so (a module is recorded as coming from the app that loaded
 * it). A global plugin: it acts in the remotes' federation instances, created as they load.
 */
export function shellLoadsSharesPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'claims-shell-loads-shares',
    async beforeLoadShare(args) {
      const shell = federation();
      if (args.origin !== shell && pageProvides(args.pkgName)) await shell.loadShare(args.pkgName);
      return args;
    },
  };
}

/** Called once at start-up, after runtime-config.json is read. */
export function setupFederation(remotes: readonly RemoteEntry[]): void {
  configuredRemotes = remotes;
  areaComponents.clear();
  const instance = federation();
  instance.registerPlugins([remoteFailurePlugin()]);
  registerGlobalPlugins([shellLoadsSharesPlugin()]);
  instance.registerRemotes(remotes.map(asRemote));
}

/** What this shell's build shared (facades and kernel, with their content versions); set by the build. */
declare const __SHARED_CONTENT_VERSIONS__: Record<string, string> | undefined;
const PAGE_VERSIONS: Record<string, string> = typeof __SHARED_CONTENT_VERSIONS__ === 'undefined' ? {} : __SHARED_CONTENT_VERSIONS__;

/** 'built against @claims/shared-kernel 0.3.0+1a2b3c4d, this page has 0.3.0+5e6f7a8b' for each that differs. */
function versionNote(remote: RemoteName): string {
  const builtAgainst = areaOf(remote)?.builtAgainst ?? {};
  const differing = Object.entries(builtAgainst).filter(([share, version]) => PAGE_VERSIONS[share] && PAGE_VERSIONS[share] !== version);
  if (differing.length === 0) return '';
  return ` (built against ${differing.map(([share, version]) => `${share} ${version}, this page has ${PAGE_VERSIONS[share]}`).join('; ')})`;
}

/** A remote whose code needs shared names this shell does not provide: loading it would render undefined components. */
export class SharedMismatchError extends Error {
  constructor(
    readonly remote: RemoteName,
    readonly missing: string[],
  ) {
    super(
      `The ${areaLabel(remote)} area was built against newer shared libraries than this page provides: ` +
        `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing${versionNote(remote)}. ` +
        "It needs the suite's shell to be updated.",
    );
    this.name = 'SharedMismatchError';
  }
}

/**
 * antd components shared one by one ('antd/es/steps', LAZY_ANTD in the kernel's federated-app.cjs) load with
 * the screen that uses them, not with the area: the check asks only whether this page provides them.
 */
const LOADS_WITH_ITS_SCREEN = /^antd\/es\//;

/** Whether this page's build shares `shareKey` (without loading it). */
function pageProvides(shareKey: string): boolean {
  return (federation().options?.shared?.[shareKey]?.length ?? 0) > 0;
}

/**
 * Checks what the remote's build recorded that it imports from each shared module ('antd', the kernel's
 * entries) against what this page's copies export, before any of the remote's code runs. The modules the
 * signed-in page holds anyway are loaded and read; those that load with one screen are only looked up.
 */
export async function missingSharedNames(remote: RemoteName): Promise<string[]> {
  const requires = areaOf(remote)?.requires ?? {};
  const missing: string[] = [];
  for (const [shareKey, names] of Object.entries(requires)) {
    if (LOADS_WITH_ITS_SCREEN.test(shareKey)) {
      if (!pageProvides(shareKey)) missing.push(`${shareKey} (not shared)`);
      continue;
    }
    const factory = await federation().loadShare<Record<string, unknown>>(shareKey);
    const provided = factory ? factory() : undefined;
    if (!provided) {
      missing.push(`${shareKey} (not shared)`);
      continue;
    }
    for (const name of names) if (!(name in provided)) missing.push(`${shareKey} ${name}`);
  }
  return missing;
}

/** The default export of '<remote>/Routes': the remote's <Routes>, paths relative to the root. */
export function areaRoutes(remote: RemoteName): LazyExoticComponent<ComponentType> {
  let component = areaComponents.get(remote);
  if (!component) {
    component = lazy(async () => {
      const missing = await missingSharedNames(remote);
      if (missing.length > 0) throw new SharedMismatchError(remote, missing);
      const module = await federation().loadRemote<{ default?: ComponentType }>(`${remote}/Routes`);
      if (!module?.default) throw new Error(`${remote}/Routes has no default export`);
      return { default: module.default };
    });
    areaComponents.set(remote, component);
  }
  return component;
}

/**
 * Loads the kernel's UI entry from the shell before any area is shown. The shell provides it but has
 * no screen that imports it; a remote registered later would otherwise be the one to provide it.
 * Loaded here, every remote gets the shell's copy, as it does the libraries the shell itself uses.
 */
export async function loadSharedKernelUi(): Promise<void> {
  await federation().loadShare(SHARED_KERNEL_UI);
}

/**
 * Registers the remote again with force, which drops its cached manifest, entry and modules, so the
 * next load goes back to the network.
 */
export function reloadRemote(remote: RemoteName): void {
  areaComponents.delete(remote);
  const entry = configuredRemotes.find((candidate) => candidate.name === remote);
  if (entry) federation().registerRemotes([asRemote(entry)], { force: true });
}
