/**
 * Several api processes on one machine as they run on several (issue 21): a throwaway PostgreSQL database on the
 * local server, an S3 server for the documents and the insurer inbox, `api` processes (HTTP only) and `worker`
 * processes (the queue only), started all at once. Used by `npm run cluster` and by the scale-out test.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { start, waitForHttp } from './run.mjs';
import { stopProcess } from './suite-servers.mjs';
import { ROOT } from './suite.mjs';

export const POSTGRES_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const S3_BUCKET = 'claims-documents';

async function onServer(statement) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A port nothing listens on now (tests: so that runs beside other suites never collide). */
export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * @param options.apis number of `api` processes (ports basePort + 1, + 2, ...)
 * @param options.workers number of `worker` processes
 * @param options.basePort the first api's port is basePort + 1, the S3 server's basePort + 90; without it, free ports
 * @param options.env extra environment for every process (SEED_CLAIMS, QUEUE_CONCURRENCY, ...)
 */
export async function startCluster({ apis = 2, workers = 2, basePort, env = {}, quiet = false } = {}) {
  const portAt = (offset) => (basePort === undefined ? freePort() : Promise.resolve(basePort + offset));
  const databaseName = `claims_cluster_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await onServer(`create database ${databaseName}`);
  const databaseUrl = new URL(POSTGRES_URL);
  databaseUrl.pathname = `/${databaseName}`;
  const s3Dir = mkdtempSync(path.join(tmpdir(), 'claims-cluster-s3-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'claims-cluster-data-'));
  const { startS3Server } = await import('../../api/testing/s3-server.mjs');
  const s3 = await startS3Server({ port: await portAt(90), directory: s3Dir, buckets: [S3_BUCKET] });

  const sharedEnv = {
    // A test runner's flags (jest's --experimental-vm-modules) are not the api's.
    NODE_OPTIONS: '',
    // Nothing of a process is kept on its machine; the folder only keeps it away from `npm start`'s data.
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl.toString(),
    JWT_SECRET: randomBytes(32).toString('base64url'),
    DOCUMENT_STORE: 's3',
    S3_BUCKET,
    S3_PREFIX: 'cluster/',
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: s3.accessKeyId,
    AWS_SECRET_ACCESS_KEY: s3.secretAccessKey,
    // The balancer in front passes the client's address on; loopback is the only proxy trusted here.
    TRUST_PROXY: '127.0.0.1',
    LOG_REQUESTS: 'false',
    ...env,
  };
  const spawnProcess = (role, index, port) =>
    start(`${role}-${index + 1}`, process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.join(ROOT, 'api'),
      quiet,
      env: { ...sharedEnv, PROCESS_ROLE: role, ...(port ? { PORT: String(port), HOST: '127.0.0.1' } : {}) },
    });
  const apiPorts = [];
  for (let i = 0; i < apis; i += 1) apiPorts.push(await portAt(1 + i));
  const apiProcesses = apiPorts.map((port, i) => ({ port, child: spawnProcess('api', i, port) }));
  const workerProcesses = Array.from({ length: workers }, (_, i) => ({ child: spawnProcess('worker', i) }));
  const apiOrigins = apiProcesses.map(({ port }) => `http://127.0.0.1:${port}`);

  const cluster = {
    databaseUrl: databaseUrl.toString(),
    databaseName,
    s3,
    apiOrigins,
    apis: apiProcesses,
    workers: workerProcesses,
    /** Starts one more worker (after one was killed). */
    addWorker() {
      const worker = { child: spawnProcess('worker', workerProcesses.length) };
      workerProcesses.push(worker);
      return worker;
    },
    async stop() {
      await Promise.all([...apiProcesses, ...workerProcesses].map(({ child }) => stopProcess(child)));
      await s3.close();
      for (const dir of [s3Dir, dataDir]) rmSync(dir, { recursive: true, force: true });
      await onServer(`drop database if exists ${databaseName} with (force)`);
    },
  };
  try {
    await Promise.all(apiProcesses.map(({ child }, i) => waitForHttp(`${apiOrigins[i]}/ready`, 240_000, child)));
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return cluster;
}
