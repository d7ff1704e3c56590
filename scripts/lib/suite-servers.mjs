/**
 * Starts a whole suite: the api (with its own data folder) and the five built apps. Used by
 * `npm start`, by the end-to-end tests and by the benchmark, each with its own ports.
 */
import path from 'node:path';
import { start, waitForHttp } from './run.mjs';
import { createStaticServer } from './static-server.mjs';
import { ROOT, runtimeConfigFor } from './suite.mjs';

/**
 * @param config suiteConfig() result
 * @param options.dataDir the api's DATA_DIR (PGlite folder, JWT secret)
 * @param options.apiEnv extra environment for the api
 */
export async function startSuite(config, { dataDir, apiEnv = {}, quietApi = false } = {}) {
  // node itself (with tsx as its loader), not npx: a signal to an npx wrapper would leave the api running.
  const api = start('api', process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(ROOT, 'api'),
    quiet: quietApi,
    env: {
      PORT: String(config.apiPort),
      HOST: config.bindHost,
      DISPLAY_TIME_ZONE: config.displayTimeZone,
      LOG_REQUESTS: process.env.LOG_REQUESTS ?? 'false',
      DATA_DIR: dataDir,
      // On this machine the api's default (any loopback origin) also lets a remote's dev server in.
      ...(config.bindHost === '127.0.0.1' ? {} : { CORS_ORIGINS: config.corsOrigins.join(',') }),
      ...apiEnv,
    },
  });
  const apps = await serveApps(config);
  const suite = {
    ...apps,
    api,
    async stop() {
      await apps.stop();
      await stopProcess(api);
    },
  };
  try {
    await waitForHttp(`${config.apiBaseUrl}/version`, 180_000, api);
  } catch (error) {
    await suite.stop();
    throw error;
  }
  return suite;
}

/** Serves the five built apps, each with the runtime-config.json of `config` (its api base URL, ports, origins). */
export async function serveApps(config) {
  const servers = new Map();
  for (const app of config.apps) {
    servers.set(app.dir, await listen(app, config));
  }
  const apps = {
    servers,
    /** Stops one app's server (the e2e test of a remote that is down). */
    async stopApp(dir) {
      const server = servers.get(dir);
      if (!server) return;
      servers.delete(dir);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
    /** Serves an app again, from its own dist/ or from another build of it (`distDir`). */
    async restartApp(dir, { distDir } = {}) {
      servers.set(
        dir,
        await listen(
          config.apps.find((a) => a.dir === dir),
          config,
          distDir,
        ),
      );
    },
    async stop() {
      for (const dir of [...servers.keys()]) await apps.stopApp(dir);
    },
  };
  return apps;
}

/** SIGTERM (the api closes its worker and database), then SIGKILL if it is still there after 15 s. */
export async function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

function listen(app, config, distDir = path.join(ROOT, app.dir, 'dist')) {
  const server = createStaticServer({ distDir, runtimeConfig: runtimeConfigFor(app.dir, config) });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(app.port, config.bindHost, () => resolve(server));
  });
}
