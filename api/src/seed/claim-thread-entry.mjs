// The seed's claim generator in a worker thread (started by ./claim-stream.ts): plain JavaScript, so it starts under
// jest and tsx alike. The api runs its TypeScript through tsx, whose loader a worker thread does not inherit.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

if (workerData.module.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
// Drawing scans is heavy: it yields the cores to the api's request thread.
setPriority(workerData.niceness);
const { streamSeedClaimsFrom } = await import(workerData.module);
const claims = streamSeedClaimsFrom(workerData.count, workerData.seed, workerData.from);

// One claim per request, so the thread is never more than one claim ahead of what is stored.
parentPort.on('message', async () => {
  try {
    const { value, done } = await claims.next();
    if (done) return parentPort.postMessage({ done: true });
    // Copied, not transferred: a small document's bytes may share their ArrayBuffer with other buffers.
    parentPort.postMessage({ value });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
