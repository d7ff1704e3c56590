// A verification thread's entry for piscina: plain JavaScript, so it starts under jest and tsx alike. The api runs
// its TypeScript through tsx, whose loader a worker thread does not inherit: it is registered here first.
import { setPriority } from 'node:os';
import { workerData } from 'piscina';

// On Linux a thread's nice value is its own: judging claims yields the cores to the api's request thread.
setPriority(workerData.niceness);

if (workerData.module.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
const { verifyClaim } = await import(workerData.module);

export default verifyClaim;
