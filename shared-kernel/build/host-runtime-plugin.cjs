/**
 * One Module Federation runtime in the page. A remote is built with `experiments.externalRuntime`: its
 * bundles read '@module-federation/runtime-core' from the global `_FEDERATION_RUNTIME_CORE` instead of
 * carrying a copy (remoteEntry.js goes from about 30 KB gzip to 12). The page's runtime core is put there by
 *  - the shell, through a runtime plugin (provide-runtime-core-plugin.js) that hands over the names the
 *    remotes' runtime imports (runtime-core-for-remotes.js). Module Federation's own provider
 *    (`experiments.provideExternalRuntime`) hands over the module's namespace, which keeps all of the runtime
 *    core in the shell's main.js (31 KB gzip instead of the 15 it uses);
 *  - a remote's own page (index.html, main.js: run alone by a developer, or its standalone page when it is
 *    deployed), when the page has none: main.js carries the runtime core and provides it before federation
 *    starts (provide-runtime-core.js). remoteEntry.js, which the shell loads, does not carry it.
 * remoteEntry.js loaded by a page that provides no runtime core (a shell built before this change) stops with
 * an error saying so, which the shell's errorLoadRemote hook turns into the area's error panel. A remote's
 * build fails if its runtime needs a name of the runtime core that the list does not hand over.
 */
const fs = require('node:fs');
const path = require('node:path');

const NAME = 'HostRuntimePlugin';
const GLOBAL = '_FEDERATION_RUNTIME_CORE';
const RUNTIME_CORE_DIST = path.dirname(
  require.resolve('@module-federation/runtime-core', { paths: [path.dirname(require.resolve('@module-federation/runtime'))] }),
);
/** Its ES module build (what a bundler takes for the package name), under a name the externalRuntime external does not match. */
const RUNTIME_CORE_FILE = path.join(RUNTIME_CORE_DIST, 'index.js');
const RUNTIME_CORE_ALIAS = 'claims-federation-runtime-core';
const RUNTIME_CORE_VERSION = JSON.parse(fs.readFileSync(path.join(RUNTIME_CORE_DIST, '..', 'package.json'), 'utf8')).version;
const HANDED_OVER = path.join(__dirname, 'runtime-core-for-remotes.js');
/** The shell's runtime plugin (for ModuleFederationPlugin's runtimePlugins). */
const PROVIDE_RUNTIME_CORE_PLUGIN = path.join(__dirname, 'provide-runtime-core-plugin.js');
/** Included in a remote's page entry. */
const STANDALONE_PROVIDER = path.join(__dirname, 'provide-runtime-core.js');

/** The names runtime-core-for-remotes.js imports, hence hands over. */
function handedOverNames() {
  const source = fs.readFileSync(HANDED_OVER, 'utf8');
  const list = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*'${RUNTIME_CORE_ALIAS}'`).exec(source);
  if (!list) throw new Error(`${HANDED_OVER} imports nothing from '${RUNTIME_CORE_ALIAS}'`);
  return new Set(
    list[1]
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
}

class HostRuntimePlugin {
  /**
   * @param {{ name: string, role: 'host' | 'remote', entryName?: string }} options the app's federation name,
   *   whether it provides the runtime (the shell) or uses the page's (a remote), its page's entry
   */
  constructor({ name, role, entryName = 'main' }) {
    this.name = name;
    this.role = role;
    this.entryName = entryName;
  }

  apply(compiler) {
    const { RuntimeModule, RuntimeGlobals, Template, DefinePlugin, WebpackError } = compiler.webpack;
    const { name, role, entryName } = this;

    new DefinePlugin({ __FEDERATION_RUNTIME_CORE_FROM__: JSON.stringify({ name, version: RUNTIME_CORE_VERSION }) }).apply(compiler);
    compiler.options.resolve.alias[`${RUNTIME_CORE_ALIAS}$`] = RUNTIME_CORE_FILE;
    if (role === 'host') return;

    /** Wraps the startup as the federation plugin's own embed module does, one stage later, so it runs first. */
    class ProvideRuntimeCoreModule extends RuntimeModule {
      constructor(provider) {
        super('provide federation runtime core', RuntimeModule.STAGE_TRIGGER);
        this.provider = provider;
      }
      generate() {
        const { compilation, chunkGraph } = this;
        const load = compilation.runtimeTemplate.moduleRaw({
          module: this.provider,
          chunkGraph,
          request: 'provide-runtime-core',
          weak: false,
          runtimeRequirements: new Set(),
        });
        return Template.asString([
          `var startupBeforeRuntimeCore = ${RuntimeGlobals.startup};`,
          `${RuntimeGlobals.startup} = ${compilation.runtimeTemplate.basicFunction('', [
            `if (!${RuntimeGlobals.global}.${GLOBAL}) ${load};`,
            'return startupBeforeRuntimeCore();',
          ])};`,
        ]);
      }
    }

    class RequireHostRuntimeModule extends RuntimeModule {
      constructor() {
        super('require the host federation runtime', RuntimeModule.STAGE_TRIGGER);
      }
      generate() {
        const message =
          `${name} uses the page's Module Federation runtime, and this page provides none: ` +
          "the suite's shell must be updated before this area (see shared-kernel/build/host-runtime-plugin.cjs).";
        return `if (!${RuntimeGlobals.global}.${GLOBAL}) throw new Error(${JSON.stringify(message)});`;
      }
    }

    compiler.hooks.make.tapAsync(NAME, (compilation, callback) => {
      const dependency = compiler.webpack.EntryPlugin.createDependency(STANDALONE_PROVIDER, { name: entryName });
      compilation.addInclude(compiler.context, dependency, { name: entryName }, (error) => callback(error));
    });

    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      // The runtime core names this remote's runtime reads from the global must all be handed over.
      // (Production builds only: a development build records no export usage.)
      compilation.hooks.afterOptimizeDependencies.tap(NAME, (modules) => {
        if (!compiler.options.optimization.usedExports) return;
        const external = [...modules].find((module) => module.constructor.name === 'ExternalModule' && module.request === GLOBAL);
        if (!external) return;
        const exportsInfo = compilation.moduleGraph.getExportsInfo(external);
        const { UsageState } = compiler.webpack;
        const handed = handedOverNames();
        const wholeNamespace = exportsInfo.otherExportsInfo.getUsed(undefined) !== UsageState.Unused;
        const lacking = [...exportsInfo.orderedExports]
          .filter((info) => info.getUsed(undefined) !== UsageState.Unused && !handed.has(info.name))
          .map((info) => info.name);
        if (wholeNamespace || lacking.length > 0) {
          const what = wholeNamespace ? 'the whole module' : lacking.join(', ');
          compilation.errors.push(
            new WebpackError(
              `${NAME}: this remote's federation runtime reads ${what} from the page's runtime core, which the shell does not hand over: add ${wholeNamespace ? 'the names' : 'them'} to ${path.basename(HANDED_OVER)} (then rebuild the shell first)`,
            ),
          );
        }
      });

      compilation.hooks.additionalTreeRuntimeRequirements.tap(NAME, (chunk, runtimeRequirements) => {
        if (!chunk.hasRuntime()) return;
        if (chunk.name === entryName) {
          const provider = compilation.chunkGraph
            .getChunkModules(chunk)
            .find((module) => module.resource === STANDALONE_PROVIDER || module.rootModule?.resource === STANDALONE_PROVIDER);
          if (!provider) {
            compilation.errors.push(new WebpackError(`${NAME}: ${path.basename(STANDALONE_PROVIDER)} is not in the ${entryName} chunk`));
            return;
          }
          runtimeRequirements.add(RuntimeGlobals.startup);
          runtimeRequirements.add(RuntimeGlobals.global);
          compilation.addRuntimeModule(chunk, new ProvideRuntimeCoreModule(provider));
        } else if (chunk.name === name) {
          runtimeRequirements.add(RuntimeGlobals.global);
          compilation.addRuntimeModule(chunk, new RequireHostRuntimeModule());
        }
      });
    });
  }
}

module.exports = { HostRuntimePlugin, PROVIDE_RUNTIME_CORE_PLUGIN };
