/**
 * Run after `npm install` changes package-lock.json. The registry this project installs from serves only
 * the platform binaries of the machines it runs on (linux glibc), so npm leaves the other platforms'
 * optional binaries (@swc/core-darwin-arm64, @rspack/binding-win32-x64-msvc, ...) out of the lock, and
 * `npm ci` then refuses the lock as out of sync. This adds each missing one as an optional entry with
 * the os, cpu and libc its name states, so `npm ci` knows to skip it on this platform.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/suite.mjs';

const OS = ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openharmony', 'wasi'];
const CPU = {
  arm64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  ppc64: 'ppc64',
  s390x: 's390x',
  riscv64: 'riscv64',
  loong64: 'loong64',
  wasm32: 'wasm32',
  arm: 'arm',
};

/** os, cpu and libc from a binary package's name, e.g. @rspack/binding-linux-x64-musl. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.map((p) => CPU[p]).find(Boolean);
  const libc = parts.some((p) => p.startsWith('musl')) ? 'musl' : parts.some((p) => p.startsWith('gnu')) ? 'glibc' : undefined;
  if (!os && !cpu) return null;
  return { ...(os && os !== 'wasi' && { os: [os] }), ...(cpu && { cpu: [cpu] }), ...(libc && { libc: [libc] }) };
}

const lockPath = path.join(ROOT, 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const added = [];
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `${location ? `${location}/` : ''}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (lock.packages[key] || lock.packages[hoisted]) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    lock.packages[hoisted] = { version, ...(entry.dev && { dev: true }), optional: true, ...platform };
    added.push(`${name}@${version}`);
  }
}
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `Added ${added.length} platform binaries to the lock: ${added.join(', ')}` : 'The lock is complete.');
