/**
 * `npm start`: installs what is missing, builds what changed, starts the api (embedded database,
 * seeded on first start) and serves the shell with all four remotes. Ctrl+C stops everything.
 */
import path from 'node:path';
import { buildApps } from './build.mjs';
import { ensureDependencies, ensureSystemPackages } from './ensure-install.mjs';
import { log, waitForHttp } from './lib/run.mjs';
import { startSuite } from './lib/suite-servers.mjs';
import { DEMO_LOGINS, DEMO_PASSWORD, ROOT, suiteConfig } from './lib/suite.mjs';

ensureDependencies();
ensureSystemPackages({ browser: false });
await buildApps();

const config = suiteConfig();
const dataDir = process.env.DATA_DIR ?? path.join(ROOT, 'api', '.data');
log(`Starting the api on port ${config.apiPort} (data in ${path.relative(ROOT, dataDir) || dataDir}) and the apps...`);
const suite = await startSuite(config, { dataDir });
// The api answers /ready once its database is migrated and its first requests' paths are warm (api/src/http/health.ts).
await waitForHttp(new URL('/ready', config.apiBaseUrl).href, 180_000, suite.api).catch(async (error) => {
  await suite.stop();
  throw error;
});

const width = Math.max(...DEMO_LOGINS.map(([user]) => user.length));
log(
  [
    '',
    `  Claims Verification is running: ${config.shellUrl}`,
    `  API: ${config.apiBaseUrl}   Remotes: ${config.apps
      .slice(1)
      .map((a) => `${a.dir} ${a.url}`)
      .join(', ')}`,
    '',
    `  Demo logins (password: ${DEMO_PASSWORD}):`,
    ...DEMO_LOGINS.map(([user, role, org]) => `    ${user.padEnd(width)}  ${role.padEnd(10)}  ${org}`),
    '',
    '  Press Ctrl+C to stop.',
  ].join('\n'),
);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  log('Stopping...');
  await suite.stop();
  process.exit(0);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, shutdown);
// npm does not pass a SIGTERM on to this script: when `npm start` itself is killed, this process is
// handed to another parent, and that is the signal to stop.
const launchedBy = process.ppid;
setInterval(() => {
  if (process.ppid !== launchedBy) void shutdown();
}, 1000).unref();
suite.api.on('exit', (code) => {
  if (!stopping) {
    log(`The api exited (${code}); stopping.`);
    void shutdown();
  }
});
