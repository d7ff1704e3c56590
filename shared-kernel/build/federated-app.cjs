/**
 * The one webpack configuration shape of the suite: every app's webpack.config.cjs is a single call.
 * Module Federation shares the libraries that must be one copy in the page as singletons.
 */
const path = require('node:path');
const fs = require('node:fs');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyPlugin = require('copy-webpack-plugin');

const kernelPackage = require('../package.json');
const rootPackage = require('../../package.json');

/** Singletons every app shares; versions come from the kernel's peer ranges so all apps agree. */
function sharedSingletons() {
  const peer = kernelPackage.peerDependencies;
  const singleton = (requiredVersion) => ({ singleton: true, requiredVersion });
  return {
    react: singleton(peer.react),
    'react/jsx-runtime': singleton(peer.react),
    'react-dom': singleton(peer['react-dom']),
    'react-dom/client': singleton(peer['react-dom']),
    'react-router-dom': singleton(peer['react-router-dom']),
    antd: singleton(peer.antd),
    dayjs: singleton(peer.dayjs),
    'dayjs/': singleton(peer.dayjs),
    zustand: singleton(peer.zustand),
    '@claims/shared-kernel': singleton(kernelPackage.version),
  };
}

/**
 * @param {object} options
 * @param {string} options.dir the app's folder (__dirname of its webpack config)
 * @param {string} options.name federation name (mfe_claims, shell)
 * @param {number} options.port default dev-server port
 * @param {Record<string,string>} [options.exposes] modules a remote exposes
 * @param {string} [options.title] page title
 */
function federatedApp({ dir, name, port, exposes = {}, title = 'Claims Verification' }) {
  return (_env, argv = {}) => {
    const production = argv.mode !== 'development';
    const publicDir = path.join(dir, 'public');
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
        chunkFilename: production ? '[name].[contenthash].js' : '[name].js',
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'] },
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
          { test: /\.module\.css$/, use: ['style-loader', { loader: 'css-loader', options: { modules: { namedExport: false, localIdentName: `${name}__[local]__[hash:base64:5]` } } }] },
          { test: /\.css$/, exclude: /\.module\.css$/, use: ['style-loader', 'css-loader'] },
          { test: /\.(png|jpe?g|svg|mp4|webm)$/, type: 'asset/resource' },
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
        }),
        new HtmlWebpackPlugin({ template: path.join(__dirname, 'index.html'), title, publicPath: '/' }),
        ...(fs.existsSync(publicDir) ? [new CopyPlugin({ patterns: [{ from: publicDir, noErrorOnMissing: true }] })] : []),
      ],
      performance: { hints: false },
      devServer: {
        port: Number(process.env.PORT) || port,
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        static: fs.existsSync(publicDir) ? { directory: publicDir } : false,
      },
      stats: 'errors-warnings',
      infrastructureLogging: { level: 'warn' },
      name: `${rootPackage.name}:${name}`,
    };
  };
}

module.exports = { federatedApp, sharedSingletons };
