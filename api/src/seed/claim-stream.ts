/**
 * The demo claims as the synthetic generator makes them, generated in a worker thread at a low priority: drawing
 * their scans takes seconds of CPU, and on a first start the api serves while they arrive.
 */
import { Worker } from 'node:worker_threads';
import { BACKGROUND_NICENESS } from '../verification/read/threaded';
import type { GeneratedClaim, SeedCursor } from './synthetic/generator';

const ENTRY = new URL('./claim-thread-entry.mjs', import.meta.url);
const MODULE = new URL(`./synthetic/generator${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url).href;

type Answer = { value: { claim: GeneratedClaim; next: SeedCursor } } | { done: true } | { error: string };

/** streamSeedClaimsFrom of the generator, run in its own thread; the thread ends with the iteration. */
export async function* streamSeedClaimsInThread(
  count: number,
  seed: number,
  from: SeedCursor | undefined,
): AsyncGenerator<{ claim: GeneratedClaim; next: SeedCursor }> {
  const worker = new Worker(ENTRY, { workerData: { module: MODULE, count, seed, from, niceness: BACKGROUND_NICENESS } });
  const failed = new Promise<never>((_, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the claim generator's thread exited with code ${code}`)));
  });
  failed.catch(() => {});
  try {
    for (;;) {
      const answer = new Promise<Answer>((resolve) => worker.once('message', resolve));
      worker.postMessage('next');
      const next = await Promise.race([answer, failed]);
      if ('done' in next) return;
      if ('error' in next) throw new Error(`generating a claim failed: ${next.error}`);
      // A Buffer arrives as a plain Uint8Array, as the store expects.
      yield next.value;
    }
  } finally {
    await worker.terminate();
  }
}
