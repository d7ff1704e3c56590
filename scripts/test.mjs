/**
 * `npm test`: installs what is missing (Chromium included), type-checks, runs the jest suites of every
 * package (the api's against the embedded database and the real PostgreSQL server), builds the apps and
 * runs the end-to-end tests in headless Chromium. Ends with one 'N passed, N failed' line.
 * `npm test -- --skip-e2e` or `-- --only=api,shell` narrow it while developing.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildApps } from './build.mjs';
import { ensureDependencies, ensureSystemPackages } from './ensure-install.mjs';
import { log } from './lib/run.mjs';
import { ROOT } from './lib/suite.mjs';
import { spawnSync } from 'node:child_process';
import { PACKAGES, typecheck } from './typecheck.mjs';

const args = process.argv.slice(2);
const onlyArg = args.find((a) => a.startsWith('--only='))?.slice(7);
const only = onlyArg ? onlyArg.split(',') : null;
const wants = (name) => !only || only.includes(name);

ensureDependencies();
ensureSystemPackages({ browser: wants('e2e') && !args.includes('--skip-e2e') });
typecheck();

const resultsDir = path.join(ROOT, '.tmp', 'test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const suites = [];
function jest(name, cwd, extraArgs = [], env = {}) {
  log(`jest: ${name}`);
  const outputFile = path.join(resultsDir, `${name}.json`);
  const result = spawnSync('npx', ['jest', '--maxWorkers=1', '--json', `--outputFile=${outputFile}`, ...extraArgs], {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  let passed = 0;
  let failed = 0;
  try {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'));
    passed = report.numPassedTests;
    failed = report.numFailedTests + report.numRuntimeErrorTestSuites;
  } catch {
    failed = 1; // jest died before writing its report
  }
  if (result.status !== 0 && failed === 0) failed = 1;
  suites.push({ name, passed, failed });
}

for (const dir of PACKAGES.filter((d) => d !== 'api')) {
  if (wants(dir)) jest(dir, path.join(ROOT, dir));
}
if (wants('api')) {
  jest('api', path.join(ROOT, 'api'), [], { NODE_OPTIONS: '--experimental-vm-modules' });
}
if (wants('e2e') && !args.includes('--skip-e2e')) {
  buildApps();
  // The harness imports the suite scripts (ESM) from jest's CommonJS: that needs vm modules.
  jest('e2e', path.join(ROOT, 'scripts', 'e2e'), [], { NODE_OPTIONS: '--experimental-vm-modules' });
}

const passed = suites.reduce((n, s) => n + s.passed, 0);
const failed = suites.reduce((n, s) => n + s.failed, 0);
console.log('\nSuite results:');
for (const s of suites) console.log(`  ${s.name.padEnd(16)} ${String(s.passed).padStart(4)} passed ${String(s.failed).padStart(4)} failed`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
