/**
 * Writes a remote's area.json beside its mf-manifest.json: what its src/area.ts declares (validated
 * against the contract's AreaDeclaration schema, so a bad declaration fails the build), plus `requires`,
 * the names the remote's own code imports from the page's shared modules. The shell reads the file
 * before it loads any of the remote's code (see shell/src/federation).
 */
const path = require('node:path');
const { require: requireTs } = require('tsx/cjs/api');

const NAME = 'AreaDeclarationPlugin';
const CONTRACT_AREAS = path.join(__dirname, '..', 'src', 'contract', 'areas.ts');
/** The shared modules whose contents differ between releases: the facades and the kernel's shared entries. */
const CHECKED_SHARES = [
  'antd',
  'react-router-dom',
  '@claims/shared-kernel',
  '@claims/shared-kernel/ui',
  '@claims/shared-kernel/data',
  '@tanstack/react-query',
];

function loadDeclaration(file) {
  const { AreaDeclaration } = requireTs(CONTRACT_AREAS, __filename);
  const { area } = requireTs(file, __filename);
  const parsed = AreaDeclaration.safeParse(area);
  if (!parsed.success) throw new Error(`${file}: not a valid area declaration:\n${parsed.error.message}`);
  return parsed.data;
}

/**
 * For each checked share, the names imported from it by modules under `sourceDir`, sorted. Read once the
 * modules are built and before they are concatenated (a concatenated module hides its parts' imports).
 * An antd module imported by path that is not shared on its own would be a second antd in the page: refused.
 */
function sharedRequirements(modules, sourceDir, lazyShares) {
  const checked = [...CHECKED_SHARES, ...lazyShares];
  const needs = new Map();
  for (const module of modules) {
    if (!module.resource?.startsWith(sourceDir)) continue;
    for (const dependency of module.dependencies) {
      if (/^antd\/(es|lib)\//.test(dependency.request ?? '') && !lazyShares.includes(dependency.request)) {
        throw new Error(
          `${path.relative(sourceDir, module.resource)} imports ${dependency.request}, which is not shared: import it from 'antd' (the facade) or add it to LAZY_ANTD in federated-app.cjs`,
        );
      }
      if (!checked.includes(dependency.request) || !Array.isArray(dependency.ids) || dependency.ids.length === 0) continue;
      if (!needs.has(dependency.request)) needs.set(dependency.request, new Set());
      needs.get(dependency.request).add(dependency.ids[0]);
    }
  }
  return Object.fromEntries([...needs].sort(([a], [b]) => a.localeCompare(b)).map(([share, names]) => [share, [...names].sort()]));
}

class AreaDeclarationPlugin {
  /** @param {{ file: string, sourceDir: string, builtAgainst: Record<string, string>, lazyShares: string[] }} options */
  constructor({ file, sourceDir, builtAgainst, lazyShares }) {
    this.file = file;
    this.sourceDir = sourceDir;
    this.builtAgainst = builtAgainst;
    this.lazyShares = lazyShares;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.fileDependencies.add(this.file);
      let requires = {};
      compilation.hooks.finishModules.tap(NAME, (modules) => {
        try {
          requires = sharedRequirements(modules, this.sourceDir, this.lazyShares);
        } catch (error) {
          compilation.errors.push(new compiler.webpack.WebpackError(error.message));
        }
      });
      compilation.hooks.processAssets.tap({ name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        try {
          const declaration = { ...loadDeclaration(this.file), requires, builtAgainst: this.builtAgainst };
          compilation.emitAsset('area.json', new sources.RawSource(`${JSON.stringify(declaration, null, 2)}\n`));
        } catch (error) {
          compilation.errors.push(new compiler.webpack.WebpackError(error.message));
        }
      });
    });
  }
}

module.exports = { AreaDeclarationPlugin };
