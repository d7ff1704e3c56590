/**
 * The adjudicator's verifyClaim in a pool of worker threads (piscina), so judging a claim never holds the api's
 * event loop: list calls keep their times while a batch is verified, and a second queue worker uses a second core.
 * Each thread's heap is capped; a verification that passes its time allowance has its thread terminated and
 * fails the job (which retries, then sets it aside, like any failure).
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { BACKGROUND_NICENESS } from '../verification/read/threaded';
import type { ClaimVerification, VerificationInput } from '../verification/types';

export interface VerifierPoolOptions {
  /** Threads judging claims at once; default one per core. */
  threads?: number;
  /** Heap cap of each thread, in MB. */
  memoryMb: number;
  /** Seconds one verification may take before its thread is terminated. */
  timeoutSeconds: number;
}

export interface VerifierPool {
  verify(input: VerificationInput, signal?: AbortSignal): Promise<ClaimVerification>;
  close(): Promise<void>;
}

const ENTRY = new URL('./verify-entry.mjs', import.meta.url).href;

const MODULE = new URL(`../verification/index${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url).href;

export class VerificationTimedOut extends Error {
  constructor(seconds: number) {
    super(`The verification took longer than ${seconds} s and was stopped`);
    this.name = 'VerificationTimedOut';
  }
}

export function createVerifierPool({ threads = availableParallelism(), memoryMb, timeoutSeconds }: VerifierPoolOptions): VerifierPool {
  const pool = new Piscina({
    filename: ENTRY,
    workerData: { module: MODULE, niceness: BACKGROUND_NICENESS },
    minThreads: 0,
    maxThreads: Math.max(1, threads),
    // An idle thread goes after a minute, so an idle api holds no verification threads.
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: memoryMb },
  });
  return {
    async verify(input, signal) {
      const timeout = AbortSignal.timeout(timeoutSeconds * 1000);
      try {
        return (await pool.run(input, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout })) as ClaimVerification;
      } catch (error) {
        if (timeout.aborted && !signal?.aborted) throw new VerificationTimedOut(timeoutSeconds);
        throw error;
      }
    },
    close: () => pool.destroy(),
  };
}
