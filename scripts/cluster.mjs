/**
 * `npm run cluster`: the suite as it runs on several machines, here on one (issue 21 §7): a throwaway PostgreSQL
 * database on the local server (TEST_DATABASE_URL's), an S3 server, two `api` and two `worker` processes behind a
 * round-robin balancer on the api's usual port, seeded, and the suite's front end against the balancer. Ctrl+C
 * stops all of it and drops the database. CLUSTER_APIS and CLUSTER_WORKERS change the counts.
 */
import { buildApps } from './build.mjs';
import { ensureDependencies, ensureSystemPackages } from './ensure-install.mjs';
import { startCluster } from './lib/cluster.mjs';
import { createRoundRobinProxy } from './lib/round-robin-proxy.mjs';
import { log, waitForHttp } from './lib/run.mjs';
import { serveApps } from './lib/suite-servers.mjs';
import { DEMO_LOGINS, DEMO_PASSWORD, suiteConfig } from './lib/suite.mjs';

ensureDependencies();
ensureSystemPackages({ browser: false });
await buildApps();

const config = suiteConfig();
const apis = Number(process.env.CLUSTER_APIS ?? 2);
const workers = Number(process.env.CLUSTER_WORKERS ?? 2);
log(`Starting a cluster: ${apis} api and ${workers} worker processes on a throwaway PostgreSQL database and an S3 server...`);
const cluster = await startCluster({
  apis,
  workers,
  basePort: config.apiPort + 100,
  env: { SEED_CLAIMS: process.env.SEED_CLAIMS ?? '60' },
});
const balancer = createRoundRobinProxy(cluster.apiOrigins);
await new Promise((resolve, reject) => {
  balancer.once('error', reject);
  balancer.listen(config.apiPort, config.bindHost, resolve);
});
const apps = await serveApps(config);
await waitForHttp(new URL('/ready', config.apiBaseUrl).href, 60_000);

const width = Math.max(...DEMO_LOGINS.map(([user]) => user.length));
log(
  [
    '',
    `  Claims Verification (cluster) is running: ${config.shellUrl}`,
    `  Balancer: ${config.apiBaseUrl} -> ${cluster.apiOrigins.join(', ')}`,
    `  Workers: ${cluster.workers.map(({ child }) => `pid ${child.pid}`).join(', ')}`,
    `  Database: ${cluster.databaseName} on ${new URL(cluster.databaseUrl).host}   S3: ${cluster.s3.endpoint}`,
    `  Metrics: ${cluster.apiOrigins[0]}/metrics   Readiness: ${config.apiBaseUrl.replace(/\/v[\d.]+$/, '')}/ready`,
    '',
    `  Demo logins (password: ${DEMO_PASSWORD}):`,
    ...DEMO_LOGINS.map(([user, role, org]) => `    ${user.padEnd(width)}  ${role.padEnd(10)}  ${org}`),
    '',
    '  Press Ctrl+C to stop (the database is dropped).',
  ].join('\n'),
);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  log('Stopping the cluster...');
  balancer.closeAllConnections();
  balancer.close();
  await apps.stop();
  await cluster.stop();
  process.exit(0);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, shutdown);
