/**
 * Builds the shell and the four remotes for production, as many at once as there are cores
 * (BUILD_CONCURRENCY overrides). An app whose sources, the kernel and the lockfile are unchanged since
 * its last build is skipped. `node scripts/build.mjs mfe-rules` builds one area; `--force` ignores the stamps.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureDependencies } from './ensure-install.mjs';
import os from 'node:os';
import { log, runAsync } from './lib/run.mjs';
import { APPS, ROOT } from './lib/suite.mjs';

function hashTree(hash, dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir).sort()) {
    if (entry === 'node_modules' || entry === 'dist' || entry.endsWith('.test.tsx') || entry.endsWith('.test.ts')) continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) hashTree(hash, full);
    else hash.update(full).update(readFileSync(full));
  }
}

function sourceHash(appDir) {
  const hash = createHash('sha256');
  for (const dir of [
    path.join(ROOT, appDir, 'src'),
    path.join(ROOT, appDir, 'public'),
    path.join(ROOT, 'shared-kernel/src'),
    path.join(ROOT, 'shared-kernel/build'),
  ]) {
    hashTree(hash, dir);
  }
  for (const file of [`${appDir}/package.json`, `${appDir}/webpack.config.cjs`, 'package-lock.json']) {
    const full = path.join(ROOT, file);
    if (existsSync(full)) hash.update(readFileSync(full));
  }
  return hash.digest('hex');
}

export async function buildApps({ only = [], force = false } = {}) {
  const selected = only.length ? APPS.filter((a) => only.includes(a.dir)) : APPS;
  const pending = [];
  for (const app of selected) {
    const stamp = path.join(ROOT, app.dir, 'dist', '.build-stamp');
    const wanted = sourceHash(app.dir);
    if (!force && existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) log(`${app.dir}: up to date`);
    else pending.push({ app, stamp, wanted });
  }
  const concurrency = Number(process.env.BUILD_CONCURRENCY) || os.availableParallelism();
  const buildNext = async () => {
    for (let next = pending.shift(); next; next = pending.shift()) {
      const started = Date.now();
      log(`${next.app.dir}: building...`);
      await runAsync('npx', ['webpack', '--mode', 'production'], { cwd: path.join(ROOT, next.app.dir) });
      writeFileSync(next.stamp, next.wanted);
      log(`${next.app.dir}: built in ${Math.round((Date.now() - started) / 1000)} s`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, pending.length) }, buildNext));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  ensureDependencies();
  const args = process.argv.slice(2);
  await buildApps({ only: args.filter((a) => !a.startsWith('--')), force: args.includes('--force') });
}
