/**
 * Starts the api: configuration from the environment, the database (migrated; seeded when empty), the
 * document store (documents still held in the database moved into it), the verification worker and HTTP.
 */
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { warmUp } from './http/health';
import { loadQueueConfig, startVerificationWorker, type VerificationWorker } from './jobs';
import { generatedClaimsPending, seedMastersIfEmpty } from './seed';
import { createFolderStore } from './storage/folder';
import { moveLegacyDocuments } from './storage/legacy';

const config = loadConfig();
const queue = loadQueueConfig();
const database = await openDatabase(config.database);
const documentStore = createFolderStore(config.documentStoreDir);
const app = await buildApp(config, { database, documentStore });

const log = (message: string) => app.log.info(message);
const moved = await moveLegacyDocuments(database.db, documentStore);
if (moved > 0) log(`moved ${moved} document(s) from the database into ${config.documentStoreDir}`);
// Users and masters are in place before the first request; generated claims follow in the background.
if (config.seed) await seedMastersIfEmpty(database.db, log, { generatedClaims: config.seedClaims });

let worker: VerificationWorker | null = null;
if (queue.enabled) {
  worker = startVerificationWorker({
    db: database.db,
    store: documentStore,
    concurrency: config.queueConcurrency,
    pollMs: queue.pollMs,
    leaseMs: queue.leaseMs,
    maxAttempts: queue.maxAttempts,
    retryBaseMs: queue.retryBaseMs,
    retryMaxMs: queue.retryMaxMs,
    // Only this process uses an embedded database, so jobs left running by a crash are taken over at once.
    takeOverRunningJobs: database.driver === 'pglite',
    log: app.log,
  });
}
// The worker stops before the database closes.
app.addHook('onClose', async () => {
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

await app.listen({ port: config.port, host: config.host });
// Listening already, so that /health answers; /ready answers 503 until the warm-up has run.
await warmUp(app);

// The claim generator is loaded only here, when it seeds the demo claims (or goes on with a seed a kill stopped).
if (config.seed && (await generatedClaimsPending(database.db))) {
  import('./seed/generated-claims')
    .then(({ seedGeneratedClaims }) => seedGeneratedClaims(database.db, documentStore, config.seedClaims, log, config.inboxDir))
    .catch((error: unknown) => app.log.error({ err: error }, 'seeding the generated claims failed'));
}
