/**
 * Builds the shell and the four remotes for production, one after the other (2 cores: parallel builds
 * only fight). An app whose sources, the kernel and the lockfile are unchanged since its last build is
 * skipped. `node scripts/build.mjs mfe-rules` builds one area; `--force` ignores the stamps.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureDependencies } from './ensure-install.mjs';
import { log, run } from './lib/run.mjs';
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

export function buildApps({ only = [], force = false } = {}) {
  const selected = only.length ? APPS.filter((a) => only.includes(a.dir)) : APPS;
  for (const app of selected) {
    const stamp = path.join(ROOT, app.dir, 'dist', '.build-stamp');
    const wanted = sourceHash(app.dir);
    if (!force && existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) {
      log(`${app.dir}: up to date`);
      continue;
    }
    log(`${app.dir}: building...`);
    run('npx', ['webpack', '--mode', 'production'], { cwd: path.join(ROOT, app.dir) });
    writeFileSync(stamp, wanted);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  ensureDependencies();
  const args = process.argv.slice(2);
  buildApps({ only: args.filter((a) => !a.startsWith('--')), force: args.includes('--force') });
}
