/**
 * The one webpack configuration shape of the suite: every app's webpack.config.cjs is a single call.
 * Module Federation shares the libraries that must be one copy in the page as singletons.
 */
const path = require('node:path');
const fs = require('node:fs');
const { createHash } = require('node:crypto');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const webpack = require('webpack');
const CopyPlugin = require('copy-webpack-plugin');
const { AreaDeclarationPlugin } = require('./area-declaration-plugin.cjs');
const { HostRuntimePlugin, PROVIDE_RUNTIME_CORE_PLUGIN } = require('./host-runtime-plugin.cjs');
// webpack's own minimizer plugin (its dependency, so always the version webpack expects).
const MinimizerPlugin = require(require.resolve('minimizer-webpack-plugin', { paths: [path.dirname(require.resolve('webpack'))] }));

const kernelPackage = require('../package.json');
const rootPackage = require('../../package.json');

const KERNEL_SOURCE = path.join(__dirname, '..', 'src');
/**
 * What 'antd' and 'react-router-dom' mean in the suite's code: the parts it uses (src/facades), not
 * the whole libraries, which a shared module would otherwise carry into every page.
 */
const FACADES = path.join(KERNEL_SOURCE, 'facades');
const antdVersion = require('antd/package.json').version;
const reactRouterDomVersion = require('react-router-dom/package.json').version;
const reactRouterDist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist');

/** The files under `target` (a file or a folder), tests left out, in a stable order. */
function sourceFiles(target) {
  if (fs.statSync(target).isFile()) return [target];
  return fs
    .readdirSync(target, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const full = path.join(target, entry.name);
      if (entry.isDirectory()) return entry.name === '__tests__' || entry.name === 'testing' ? [] : sourceFiles(full);
      return /\.test\.tsx?$/.test(entry.name) ? [] : [full];
    });
}

/**
 * A version that changes whenever the files behind a facade or a kernel entry change: '0.3.0+1a2b3c4d'. The
 * build metadata leaves version matching as it was (semver ignores it) and tells which content a build was
 * made against; each remote's area.json records them beside the names it needs (see area-declaration-plugin).
 */
function contentVersion(base, targets) {
  const hash = createHash('sha256');
  for (const file of targets.flatMap(sourceFiles)) hash.update(path.relative(KERNEL_SOURCE, file)).update(fs.readFileSync(file));
  return `${base}+${hash.digest('hex').slice(0, 8)}`;
}

/** The content versions of what the kernel defines: the two facades and the kernel's shared entries. */
const SHARED_CONTENT_VERSIONS = {
  antd: contentVersion(antdVersion, [
    path.join(FACADES, 'antd.ts'),
    path.join(FACADES, 'antd-deferred.tsx'),
    path.join(FACADES, 'deferred'),
  ]),
  'react-router-dom': contentVersion(reactRouterDomVersion, [path.join(FACADES, 'react-router-dom.ts')]),
  '@claims/shared-kernel': contentVersion(kernelPackage.version, [KERNEL_SOURCE]),
};

/**
 * antd components shared one by one under their own module path ('antd/es/upload'), not in the 'antd' facade,
 * which every signed-in page loads: those only one area uses, which its screens import by path, so each loads
 * with the screen that uses it; and those the facade defers (facades/antd-deferred.tsx: alert, date-picker,
 * result, segmented, tabs, timeline; popover, radio, skeleton and tree, which antd's own modules import, see
 * DEFERRED_INSIDE_ANTD), which load when first rendered. Every app provides them all and the shell loads them
 * (shell/src/federation/runtime.ts), so the page's copy is the shell's, built with the same antd internals as
 * the facade (one theme, one ConfigProvider context). Importing another 'antd/es/*' module fails the build
 * (see area-declaration-plugin): add it here, or to the facade when a second area needs it.
 */
const LAZY_ANTD = [
  'alert',
  'badge',
  'date-picker',
  'descriptions',
  'divider',
  'drawer',
  'input-number',
  'list',
  'pagination',
  'popover',
  'progress',
  'radio',
  'result',
  'segmented',
  'skeleton',
  'space',
  'splitter',
  'statistic',
  'steps',
  'switch',
  'tabs',
  'timeline',
  'tree',
  'upload',
];
const lazyAntdKey = (name) => `antd/es/${name}`;

/**
 * antd's own modules that import a component for a feature no landing page uses: Card's tabs (tabList) and
 * its and Modal's loading skeletons; Table's single-choice and tree filters, radio selection and virtual
 * mode; Input's and Dropdown's rarer static members (TextArea, Password, OTP, Group, Dropdown.Button);
 * Typography's editing and copying; Avatar.Group's popover; App's notifications. The import gets a deferred
 * stand-in (facades/deferred/*, from facades/antd-deferred.tsx), which loads the real one when first
 * rendered or called, so the facade's chunk does not carry it.
 */
const ANTD_ES = path.join(path.dirname(require.resolve('antd/package.json')), 'es');
const DEFERRED_INSIDE_ANTD = [
  { issuer: 'app/App.js', request: '../notification/useNotification', standIn: 'useNotification.tsx' },
  { issuer: 'avatar/AvatarGroup.js', request: '../popover', standIn: 'Popover.ts' },
  { issuer: 'card/Card.js', request: '../skeleton', standIn: 'Skeleton.ts' },
  { issuer: 'card/Card.js', request: '../tabs', standIn: 'Tabs.ts' },
  { issuer: 'dropdown/index.js', request: './dropdown-button', standIn: 'DropdownButton.ts' },
  { issuer: 'input/index.js', request: './Group', standIn: 'InputGroup.ts' },
  { issuer: 'input/index.js', request: './OTP', standIn: 'InputOTP.ts' },
  { issuer: 'input/index.js', request: './Password', standIn: 'InputPassword.ts' },
  { issuer: 'input/index.js', request: './TextArea', standIn: 'InputTextArea.ts' },
  { issuer: 'modal/Modal.js', request: '../skeleton', standIn: 'Skeleton.ts' },
  { issuer: 'table/InternalTable.js', request: './RcTable/VirtualTable', standIn: 'VirtualTable.ts' },
  { issuer: 'table/hooks/useFilter/FilterDropdown.js', request: '../../../radio', standIn: 'Radio.ts' },
  { issuer: 'table/hooks/useFilter/FilterDropdown.js', request: '../../../tree', standIn: 'Tree.ts' },
  { issuer: 'table/hooks/useSelection.js', request: '../../radio', standIn: 'Radio.ts' },
  { issuer: 'typography/Base/index.js', request: '../Editable', standIn: 'TypographyEditable.ts' },
  { issuer: 'typography/Base/index.js', request: './CopyBtn', standIn: 'TypographyCopyBtn.ts' },
  { issuer: 'typography/Editable.js', request: '../input/TextArea', standIn: 'InputTextArea.ts' },
];

/**
 * Packages without a sideEffects flag whose barrel file keeps what antd does not use: Table's row selection
 * imports four helpers from @rc-component/tree's index, which would otherwise bring the whole tree component.
 */
const SIDE_EFFECT_FREE = /[\\/]node_modules[\\/]@rc-component[\\/](tree|steps)[\\/]/;

/** Redirects DEFERRED_INSIDE_ANTD's imports; warns when one is no longer there (a newer antd), as the page would then grow. */
class DeferInsideAntdPlugin {
  apply(compiler) {
    const redirects = DEFERRED_INSIDE_ANTD.map((entry) => ({ ...entry, issuer: path.join(ANTD_ES, entry.issuer) }));
    compiler.hooks.thisCompilation.tap('DeferInsideAntdPlugin', (compilation, { normalModuleFactory }) => {
      const redirected = new Set();
      normalModuleFactory.hooks.beforeResolve.tap('DeferInsideAntdPlugin', (data) => {
        const redirect = redirects.find(({ issuer, request }) => data.request === request && data.contextInfo.issuer === issuer);
        if (!redirect) return;
        data.request = path.join(FACADES, 'deferred', redirect.standIn);
        redirected.add(redirect);
      });
      compilation.hooks.finishModules.tap('DeferInsideAntdPlugin', (modules) => {
        const built = new Set([...modules].map((module) => module.resource));
        for (const redirect of redirects) {
          if (built.has(redirect.issuer) && !redirected.has(redirect)) {
            compilation.warnings.push(
              new webpack.WebpackError(
                `DeferInsideAntdPlugin: ${redirect.issuer} no longer imports '${redirect.request}'; see DEFERRED_INSIDE_ANTD`,
              ),
            );
          }
        }
      });
    });
  }
}

/**
 * Singletons every app shares; versions come from the kernel's peer ranges so all apps agree. 'antd',
 * 'react-router-dom' and the kernel's entries resolve to the kernel's own files, whose package.json
 * cannot tell their version, hence the explicit ones. The kernel's entries name their file: an app
 * then provides them even when it does not import them itself (the shell never imports '/ui'), so
 * the host's copy is the one a remote finds.
 */
function sharedSingletons() {
  const peer = kernelPackage.peerDependencies;
  const singleton = (requiredVersion, version) => ({ singleton: true, requiredVersion, ...(version && { version }) });
  const kernelVersion = SHARED_CONTENT_VERSIONS['@claims/shared-kernel'];
  const kernelEntry = (file) => ({ ...singleton(kernelPackage.version, kernelVersion), import: path.join(KERNEL_SOURCE, file) });
  return {
    react: singleton(peer.react),
    'react/jsx-runtime': singleton(peer.react),
    'react-dom': singleton(peer['react-dom']),
    'react-dom/client': singleton(peer['react-dom']),
    'react-router-dom': singleton(peer['react-router-dom'], SHARED_CONTENT_VERSIONS['react-router-dom']),
    antd: singleton(peer.antd, SHARED_CONTENT_VERSIONS.antd),
    dayjs: singleton(peer.dayjs),
    'dayjs/': singleton(peer.dayjs),
    zustand: singleton(peer.zustand),
    '@tanstack/react-query': singleton(peer['@tanstack/react-query']),
    // Drag and drop (the masters' document order, the console's batch priority): one copy, loaded with the first area that sorts.
    '@dnd-kit/core': singleton(peer['@dnd-kit/core']),
    '@dnd-kit/sortable': singleton(peer['@dnd-kit/sortable']),
    '@dnd-kit/utilities': singleton(peer['@dnd-kit/utilities']),
    '@claims/shared-kernel': kernelEntry('index.ts'),
    '@claims/shared-kernel/ui': kernelEntry('ui/index.ts'),
    '@claims/shared-kernel/data': kernelEntry('data/index.ts'),
    ...Object.fromEntries(
      LAZY_ANTD.map((name) => [lazyAntdKey(name), { ...singleton(peer.antd, antdVersion), import: require.resolve(lazyAntdKey(name)) }]),
    ),
  };
}

/**
 * Production builds take react-router's production bundle: its package points every bundler at the
 * development one, warnings and all.
 */
function productionAliases(production) {
  if (!production) return {};
  return {
    'react-router$': path.join(reactRouterDist, 'production', 'index.mjs'),
    'react-router/dom$': path.join(reactRouterDist, 'production', 'dom-export.mjs'),
  };
}

/**
 * The manifest plugin warns on every build that publicPath 'auto' makes a remote's files resolve from
 * the URL its manifest was loaded from. That is the design (a remote is deployable at any URL without a
 * rebuild), so that one notice is dropped and every other warning kept.
 */
function withoutManifestNotice(target) {
  const notice = /Manifest will use absolute path resolution/;
  return new Proxy(target, {
    get: (object, key) =>
      key === 'warn' ? (...args) => (args.some((a) => notice.test(String(a))) ? undefined : object.warn(...args)) : object[key],
  });
}

/**
 * The runtime-config.json a development server answers with, from the environment (API_BASE_URL,
 * DISPLAY_TIME_ZONE, and for the shell the remotes' manifests at REMOTE_URLS, a comma-separated
 * name=url list), so nothing machine-specific is tracked in the repository.
 */
function devRuntimeConfig(name) {
  const env = process.env;
  const remotes = (env.REMOTE_URLS ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => {
      const [remote, url] = pair.split('=');
      return { name: remote.trim(), entry: `${url.trim().replace(/\/$/, '')}/mf-manifest.json` };
    });
  return {
    apiBaseUrl: env.API_BASE_URL || 'http://localhost:4000/v0.3.0',
    displayTimeZone: env.DISPLAY_TIME_ZONE || 'Asia/Kolkata',
    ...(name === 'shell' && { remotes, parentOrigins: (env.PARENT_ORIGINS ?? '').split(',').filter(Boolean) }),
  };
}

/**
 * @param {object} options
 * @param {string} options.dir the app's folder (__dirname of its webpack config)
 * @param {string} options.name federation name (mfe_claims, shell)
 * @param {number} options.port default dev-server port
 * @param {Record<string,string>} [options.exposes] modules a remote exposes
 * @param {string} [options.title] page title
 * @param {string} [options.area] a remote's declaration module (src/area.ts), built into area.json
 */
function federatedApp({ dir, name, port, exposes = {}, title = 'Claims Verification', area }) {
  return (_env, argv = {}) => {
    const production = argv.mode !== 'development';
    const publicDir = path.join(dir, 'public');
    // The shell exposes nothing: it provides the page's federation runtime, which a remote uses.
    const isRemote = Object.keys(exposes).length > 0;
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: './src/index.ts',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        publicPath: 'auto',
        uniqueName: name,
        filename: production ? '[name].[contenthash].js' : '[name].js',
        // Hashed in development too: a kernel entry's provided copy and its fallback share a name.
        chunkFilename: '[name].[contenthash].js',
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        alias: {
          antd$: path.join(FACADES, 'antd.ts'),
          'react-router-dom$': path.join(FACADES, 'react-router-dom.ts'),
          ...productionAliases(production),
        },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2022',
                },
              },
            },
          },
          {
            test: /\.module\.css$/,
            use: [
              'style-loader',
              { loader: 'css-loader', options: { modules: { namedExport: false, localIdentName: `${name}__[local]__[hash:base64:5]` } } },
            ],
          },
          { test: /\.css$/, exclude: /\.module\.css$/, use: ['style-loader', 'css-loader'] },
          { test: /\.(png|jpe?g|svg|mp4|webm)$/, type: 'asset/resource' },
          { test: SIDE_EFFECT_FREE, sideEffects: false },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          shared: sharedSingletons(),
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
          // One runtime in the page, the shell's (host-runtime-plugin.cjs); browsers only (no Node loading code).
          ...(isRemote ? {} : { runtimePlugins: [PROVIDE_RUNTIME_CORE_PLUGIN] }),
          experiments: { optimization: { target: 'web' }, ...(isRemote && { externalRuntime: true }) },
        }),
        new HostRuntimePlugin({ name, role: isRemote ? 'remote' : 'host' }),
        new DeferInsideAntdPlugin(),
        // index.ejs: a lodash template (the title), which html-webpack-plugin's own loader renders.
        ...(area
          ? [
              new AreaDeclarationPlugin({
                file: path.join(dir, area),
                sourceDir: path.join(dir, 'src'),
                builtAgainst: SHARED_CONTENT_VERSIONS,
                lazyShares: LAZY_ANTD.map(lazyAntdKey),
              }),
            ]
          : []),
        // What this build's shared facades and kernel are, for the shell's mismatch message.
        new webpack.DefinePlugin({ __SHARED_CONTENT_VERSIONS__: JSON.stringify(SHARED_CONTENT_VERSIONS) }),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'index.ejs'),
          title,
          publicPath: '/',
          favicon: path.join(__dirname, 'favicon.svg'),
        }),
        ...(fs.existsSync(publicDir) ? [new CopyPlugin({ patterns: [{ from: publicDir, noErrorOnMissing: true }] })] : []),
      ],
      // swc's minifier: the same output size as terser here at a fraction of the build time.
      optimization: {
        minimizer: [
          new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: { passes: 2 }, mangle: true } }),
        ],
      },
      performance: { hints: false },
      devServer: {
        host: process.env.HOST || 'localhost',
        port: Number(process.env.PORT) || port,
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        static: fs.existsSync(publicDir) ? { directory: publicDir } : false,
        setupMiddlewares: (middlewares) => [
          {
            name: 'runtime-config',
            path: '/runtime-config.json',
            middleware: (_request, response) => response.json(devRuntimeConfig(name)),
          },
          ...middlewares,
        ],
        onListening: (server) => {
          const { port: listening } = server.server.address();
          console.log(`\n  ${name} (development) at http://localhost:${listening}  ·  api: ${devRuntimeConfig(name).apiBaseUrl}\n`);
        },
      },
      stats: 'errors-warnings',
      infrastructureLogging: { level: 'warn', console: withoutManifestNotice(console) },
      name: `${rootPackage.name}:${name}`,
    };
  };
}

module.exports = { federatedApp, sharedSingletons, SHARED_CONTENT_VERSIONS };
