// A manifest-reading thread's entry for piscina: plain JavaScript, so it starts under jest and tsx alike (see
// src/jobs/verify-entry.mjs). The api runs its TypeScript through tsx, whose loader a worker thread does not inherit.
import { workerData } from 'piscina';

if (workerData.module.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
const { readManifestTask } = await import(workerData.module);

export default readManifestTask;
