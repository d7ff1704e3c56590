/**
 * Starts the api: configuration from the environment, the database (migrated; seeded when empty), the
 * document store (documents still held in the database moved into it), then what PROCESS_ROLE asks: HTTP and the
 * verification worker (`all`), HTTP only (`api`) or the worker only (`worker`, no port). Any number of processes
 * may start at once on one PostgreSQL database: the migrations, the seed and the generated demo claims each run in
 * one of them at a time, under an advisory lock (db/index.ts).
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { type AppConfig, loadConfig, type ProcessRole } from './config';
import { openDatabase, SchemaNewerThanCode } from './db';
import { LISTEN_BACKLOG } from './http/connections';
import { warmUp } from './http/health';
import { startOperatorServer } from './http/operator-server';
import { loadQueueConfig, type QueueConfig, startVerificationWorker, type VerificationWorker } from './jobs';
import { generatedClaimsPending, seedMastersIfEmpty } from './seed';
import { openInbox } from './inbox/open';
import { documentStoreLocation, openDocumentStore } from './storage';
import { moveLegacyDocuments } from './storage/legacy';

/** Ends a start that must not go on (settings it cannot run with, a database newer than its code), saying why. */
function refuseToStart(reason: unknown): never {
  console.error(`api not started: ${reason instanceof Error ? reason.message : String(reason)}`);
  process.exit(1);
}

const ROLES: Record<ProcessRole, string> = {
  all: 'HTTP and the verification queue',
  api: 'HTTP only, no verification worker',
  worker: 'the verification queue only, no HTTP port',
};

let config: AppConfig;
let queue: QueueConfig;
try {
  config = loadConfig();
  queue = loadQueueConfig();
} catch (error) {
  refuseToStart(error);
}
if (config.processRole === 'worker' && !queue.enabled)
  refuseToStart('PROCESS_ROLE=worker runs only the verification queue, but QUEUE_ENABLED is off');
const serving = config.processRole !== 'worker';
const working = config.processRole !== 'api' && queue.enabled;

const database = await openDatabase(config.database).catch((error: unknown) =>
  error instanceof SchemaNewerThanCode ? refuseToStart(error) : Promise.reject(error),
);
const documentStore = openDocumentStore(config);
const app = await buildApp(config, { database, documentStore });

const log = (message: string) => app.log.info(message);
log(`PROCESS_ROLE=${config.processRole}: ${ROLES[config.processRole]}`);
const moved = await moveLegacyDocuments(database.db, documentStore);
if (moved > 0) log(`moved ${moved} document(s) from the database into ${documentStoreLocation(config)}`);
// Users and masters are in place before the first request; generated claims follow in the background.
if (config.seed) await seedMastersIfEmpty(database.db, log, { generatedClaims: config.seedClaims });

let worker: VerificationWorker | null = null;
if (working) {
  worker = startVerificationWorker({
    db: database.db,
    store: documentStore,
    concurrency: config.queueConcurrency,
    pollMs: queue.pollMs,
    leaseMs: queue.leaseMs,
    maxAttempts: queue.maxAttempts,
    retryBaseMs: queue.retryBaseMs,
    retryMaxMs: queue.retryMaxMs,
    retentionDays: queue.retentionDays,
    listenUrl: config.database.kind === 'postgres' ? config.database.url : undefined,
    // Only this process uses an embedded database, so jobs left running by a crash are taken over at once.
    takeOverRunningJobs: database.driver === 'pglite',
    log: app.log,
  });
}
// The worker stops before the database closes.
let operatorServer: FastifyInstance | null = null;
app.addHook('onClose', async () => {
  await operatorServer?.close();
  await worker?.stop();
  await database.close();
});

let closing = false;
function shutDown(reason: string): void {
  if (closing) return;
  closing = true;
  app.log.info(`${reason}: shutting down`);
  app
    .close()
    .then(() => process.exit(0))
    .catch((error: unknown) => {
      app.log.error(error);
      process.exit(1);
    });
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => shutDown(signal));
// Started by the suite's scripts with an IPC channel: it closes when they end, even by SIGKILL.
if (process.send) process.once('disconnect', () => shutDown('the suite that started the api has ended'));

if (serving) {
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  // Listening already, so that /health answers; /ready answers 503 until the warm-up has run.
  await warmUp(app);
} else {
  await app.ready();
  if (config.metricsPort) {
    operatorServer = await startOperatorServer(config, database.db, config.metricsPort);
    log(`operators: /health, /ready and /metrics on port ${config.metricsPort}`);
  }
}

// One process at a time stores the demo claims; the others wait, so that one of them goes on if it is killed. The
// claim generator is loaded only here, when it seeds them (or goes on with a seed a kill stopped).
if (config.seed && (await generatedClaimsPending(database.db))) {
  database
    .exclusively('generated-claims seed', async () => {
      // Stored by another process while this one waited.
      if (!(await generatedClaimsPending(database.db))) return;
      const { seedGeneratedClaims } = await import('./seed/generated-claims');
      await seedGeneratedClaims(database.db, documentStore, config.seedClaims, log, openInbox(config), {
        startedAt: new Date(),
        zone: config.displayTimeZone,
      });
    })
    .catch((error: unknown) => {
      // Closing the database gives up the wait or stops the seed midway; the next start goes on with it.
      if (!closing) app.log.error({ err: error }, 'seeding the generated claims failed');
    });
}
