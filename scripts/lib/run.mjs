/** Small process helpers for the suite scripts (no dependencies: they run before npm install). */
import { spawn, spawnSync } from 'node:child_process';
import { ROOT } from './suite.mjs';

export function log(message) {
  process.stdout.write(`\x1b[36m[suite]\x1b[0m ${message}\n`);
}

/** Runs a command to completion with inherited output; throws on a non-zero exit. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
  }
}

/** Runs a command to completion with inherited output, without blocking this process; rejects on a non-zero exit. */
export function runAsync(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}`)),
    );
  });
}

/** Starts a long-running child; its output is prefixed so the logs of the servers stay readable. */
export function start(label, command, args, options = {}) {
  // The IPC channel closes when this process dies, however it dies: the child (the api) then stops too.
  const child = spawn(command, args, {
    cwd: ROOT,
    ...options,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const prefix = (stream, target) => {
    let buffered = '';
    stream.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop();
      if (options.quiet) return;
      for (const line of lines) target.write(`[${label}] ${line}\n`);
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  return child;
}

/** Waits until `url` answers (any HTTP status below 500), or throws after `timeoutMs`. */
export async function waitForHttp(url, timeoutMs = 120_000, child = null) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // Not up yet.
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
