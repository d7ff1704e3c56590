/**
 * Manifests are read on a worker thread, never on the request thread: reading one, however hostile, leaves the api
 * answering. The thread's heap is capped and a reading that passes its time is stopped (the thread terminated), so a
 * manifest that slips past every check costs at most MANIFEST_THREAD.memoryMb and timeoutSeconds, and a refusal.
 */
import { Piscina } from 'piscina';
import { ManifestError, type ManifestRow } from './manifest';
import type { ManifestOutcome } from './manifest-read';

export const MANIFEST_THREAD = { memoryMb: 128, timeoutSeconds: 30 } as const;

const ENTRY = new URL('./manifest-entry.mjs', import.meta.url).href;
const MODULE = new URL(`./manifest-read${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url).href;

let pool: Piscina | null = null;

/** One thread, started on the first manifest; an idle one goes after a minute (and never holds the process open). */
const thread = (): Piscina =>
  (pool ??= new Piscina({
    filename: ENTRY,
    workerData: { module: MODULE },
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: MANIFEST_THREAD.memoryMb },
  }));

/** The manifest's rows by column; ManifestError when it cannot be read or passes a limit. */
export async function parseManifest(fileName: string, data: Uint8Array): Promise<ManifestRow[]> {
  const timeout = AbortSignal.timeout(MANIFEST_THREAD.timeoutSeconds * 1000);
  let outcome: ManifestOutcome;
  try {
    outcome = (await thread().run({ fileName, data }, { signal: timeout })) as ManifestOutcome;
  } catch (error) {
    if (timeout.aborted) {
      throw new ManifestError(`reading it takes longer than ${MANIFEST_THREAD.timeoutSeconds} s, the limit`, true);
    }
    if ((error as { code?: unknown })?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
      throw new ManifestError(`reading it needs more than ${MANIFEST_THREAD.memoryMb} MB, the limit`, true);
    }
    throw error;
  }
  if ('refused' in outcome) throw new ManifestError(outcome.refused, outcome.tooLarge);
  return outcome.rows;
}
