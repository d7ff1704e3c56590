/**
 * `npm test`: installs what is missing (Chromium included), type-checks and lints, runs the jest suites of
 * every package (the api's against the embedded database and the real PostgreSQL server), builds the apps
 * and runs the end-to-end tests in headless Chromium. Ends with the time of each phase and one
 * 'N passed, N failed' line.
 * `npm test -- --skip-e2e` or `-- --only=api,shell` narrow it while developing.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildApps } from './build.mjs';
import { ensureDependencies, ensureSystemPackages } from './ensure-install.mjs';
import { log, run } from './lib/run.mjs';
import { ROOT } from './lib/suite.mjs';
import { PACKAGES, typecheck } from './typecheck.mjs';

/** What `--only` can name: a package's jest suite, or one of the phases around them. */
const PARTS = ['typecheck', 'lint', ...PACKAGES, 'e2e'];

const args = process.argv.slice(2);
const onlyArg = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const only = onlyArg ? onlyArg.split(',').filter(Boolean) : null;
const unknown = (only ?? []).filter((name) => !PARTS.includes(name));
if (only && (unknown.length || only.length === 0)) {
  console.error(
    `npm test --only: unknown part${unknown.length === 1 ? '' : 's'} ${unknown.join(', ') || '(none named)'}; choose from ${PARTS.join(', ')}`,
  );
  process.exit(2);
}
const wants = (name) => (!only || only.includes(name)) && !(name === 'e2e' && args.includes('--skip-e2e'));

const phases = [];
async function phase(name, work) {
  const started = Date.now();
  try {
    return await work();
  } finally {
    phases.push({ name, seconds: Math.round((Date.now() - started) / 1000) });
  }
}

await phase('install', () => {
  ensureDependencies();
  ensureSystemPackages({ browser: wants('e2e') });
});
if (wants('typecheck')) await phase('typecheck', typecheck);
if (wants('lint')) {
  await phase('lint', () => {
    log('lint (biome)');
    run('npx', ['biome', 'ci', '--reporter=summary', '.']);
  });
}

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

const frontEnd = PACKAGES.filter((dir) => dir !== 'api' && wants(dir));
if (frontEnd.length) {
  await phase('jest: components', () => {
    for (const dir of frontEnd) jest(dir, path.join(ROOT, dir));
  });
}
if (wants('api')) {
  // In a machine zone far from UTC and from the display zone: the api must not depend on the machine's.
  await phase('jest: api', () =>
    jest('api', path.join(ROOT, 'api'), [], { NODE_OPTIONS: '--experimental-vm-modules', TZ: 'America/Los_Angeles' }),
  );
}
if (wants('e2e')) {
  await phase('build', () => buildApps());
  // The harness imports the suite scripts (ESM) from jest's CommonJS: that needs vm modules.
  await phase('jest: e2e', () => jest('e2e', path.join(ROOT, 'scripts', 'e2e'), [], { NODE_OPTIONS: '--experimental-vm-modules' }));
}

const passed = suites.reduce((n, s) => n + s.passed, 0);
const failed = suites.reduce((n, s) => n + s.failed, 0);
console.log('\nPhase times:');
for (const p of phases) console.log(`  ${p.name.padEnd(18)} ${String(p.seconds).padStart(5)} s`);
console.log(`  ${'total'.padEnd(18)} ${String(phases.reduce((n, p) => n + p.seconds, 0)).padStart(5)} s`);
console.log('\nSuite results:');
for (const s of suites) console.log(`  ${s.name.padEnd(16)} ${String(s.passed).padStart(4)} passed ${String(s.failed).padStart(4)} failed`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
