// A worker thread's entry: plain JavaScript, so it starts under jest and tsx alike. The api runs its
// TypeScript through tsx, whose loader a worker thread does not inherit: it is registered here before
// the reader is imported.
import { workerData } from 'node:worker_threads';

if (workerData.module.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(workerData.module);
