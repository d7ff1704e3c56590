/**
 * Installs what is missing, so `npm start` and `npm test` work on a fresh clone. Uses only node
 * built-ins: it runs before node_modules exists. `--browser` also makes sure Chromium is there.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { log, run } from './lib/run.mjs';
import { APPS, ROOT } from './lib/suite.mjs';

const MANIFESTS = [
  'package.json',
  'package-lock.json',
  ...['shared-kernel', 'api', ...APPS.map((a) => a.dir)].map((d) => `${d}/package.json`),
];
const STAMP = path.join(ROOT, 'node_modules', '.install-stamp');

function manifestHash() {
  const hash = createHash('sha256');
  for (const file of MANIFESTS) {
    const full = path.join(ROOT, file);
    if (existsSync(full)) hash.update(file).update(readFileSync(full));
  }
  return hash.digest('hex');
}

/** The Node versions every locked package runs on (package.json engines, .nvmrc). */
const NODE_RANGE = { major: 20, minor: 19 };

export function ensureNodeVersion(version = process.versions.node) {
  const [major, minor] = version.split('.').map(Number);
  if (major > NODE_RANGE.major || (major === NODE_RANGE.major && minor >= NODE_RANGE.minor)) return;
  console.error(`This suite needs Node ${NODE_RANGE.major}.${NODE_RANGE.minor} or newer (see .nvmrc); this is Node ${version}.`);
  process.exit(1);
}

/** Installs exactly what the lock names (npm ci) when the manifests changed since the last install. */
export function ensureDependencies() {
  ensureNodeVersion();
  const wanted = manifestHash();
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === wanted) return;
  log('Installing dependencies (npm ci)...');
  run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error']);
  writeFileSync(STAMP, manifestHash());
}

/** Debian packages the browser tests need (a browser download does not work here; Debian's Chromium does). */
const SYSTEM_PACKAGES = [{ binary: '/usr/bin/chromium', pkg: 'chromium' }];

export function ensureSystemPackages({ browser }) {
  const missing = SYSTEM_PACKAGES.filter((p) => (browser || p.pkg !== 'chromium') && !existsSync(p.binary));
  if (missing.length === 0) return;
  const names = missing.map((p) => p.pkg);
  if (process.getuid?.() !== 0) {
    throw new Error(`Missing system packages: ${names.join(', ')}. Install them with: sudo apt-get install -y ${names.join(' ')}`);
  }
  log(`Installing ${names.join(', ')} from Debian...`);
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', ...names], { env: { DEBIAN_FRONTEND: 'noninteractive' } });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  ensureDependencies();
  ensureSystemPackages({ browser: process.argv.includes('--browser') });
}
