/**
 * `npm run bench`: what a reviewer waits for and downloads, and how fast the adjudicator works.
 *  - gzip size of the JavaScript loaded for the sign-in page and for /claims, per package
 *  - time from navigation to the claims table rendered (median of several runs)
 *  - the adjudicator's own figures (api/src/verification/bench.ts) and claims per minute end to end
 *    through the queue (api/scripts/bench-pipeline.ts)
 * Results are printed and written to bench-results/latest.json for comparison between changes.
 * Budgets (issue 2): sign-in <= 300 KB gzip, /claims <= 550 KB gzip including the shell.
 * `npm run bench -- --frontend` measures the front end only (a minute instead of several).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApps } from './build.mjs';
import { ensureDependencies, ensureSystemPackages } from './ensure-install.mjs';
import { log, run } from './lib/run.mjs';
import { startSuite } from './lib/suite-servers.mjs';
import { CHROMIUM, DEMO_PASSWORD, portsFrom, ROOT, suiteConfig } from './lib/suite.mjs';

const BUDGET_KB = { signIn: 300, claims: 550 };
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORTS = portsFrom(Number(process.env.BENCH_PORT_BASE) || 3700);

ensureDependencies();
ensureSystemPackages({ browser: true });
await buildApps();

const { chromium } = await import('playwright-core');
const config = suiteConfig({ ...PORTS, publicHost: 'localhost' });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'claims-bench-'));
const suite = await startSuite(config, { dataDir, quietApi: true, apiEnv: { SEED_CLAIMS: '200' } });
const browser = await chromium.launch(CHROMIUM);
const appOfPort = Object.fromEntries(config.apps.map((a) => [String(a.port), a.dir]));

/** Loads `url` in a fresh context and sums the gzip size of every script by the app that served it. */
async function scriptSizes(prepare) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const sizes = {};
  const pending = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then((body) => {
        const app = appOfPort[new URL(response.url()).port] ?? 'other';
        sizes[app] = (sizes[app] ?? 0) + gzipSync(body).length;
      }),
    );
  });
  await prepare(page);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await context.close();
  const total = Object.values(sizes).reduce((a, b) => a + b, 0);
  return { total: kb(total), perPackage: Object.fromEntries(Object.entries(sizes).map(([k, v]) => [k, kb(v)])) };
}

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

async function signIn(page) {
  await page.goto(config.shellUrl);
  await page.getByLabel('Username').fill('vitraya.admin');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const claimsRow = (page) => page.locator('.ant-table-tbody tr.ant-table-row').first();

async function claimsTableTimes() {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page);
  await claimsRow(page).waitFor({ timeout: 60_000 });
  const times = [];
  for (let i = 0; i < RUNS; i += 1) {
    await page.goto('about:blank');
    const started = performance.now();
    await page.goto(`${config.shellUrl}/claims`);
    await claimsRow(page).waitFor({ timeout: 60_000 });
    times.push(performance.now() - started);
  }
  await context.close();
  times.sort((a, b) => a - b);
  return { medianMs: Math.round(times[Math.floor(times.length / 2)]), runs: times.map(Math.round) };
}

const results = { date: new Date().toISOString(), budgetsKb: BUDGET_KB };
try {
  results.signInPage = await scriptSizes((page) => page.goto(config.shellUrl).then(() => page.getByLabel('Username').waitFor()));
  results.claimsPage = await scriptSizes(async (page) => {
    await signIn(page);
    await claimsRow(page).waitFor({ timeout: 60_000 });
  });
  results.claimsTable = await claimsTableTimes();
} finally {
  await browser.close();
  await suite.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const line = (label, size, budget) =>
  `${label.padEnd(22)} ${String(size.total).padStart(7)} KB gzip (budget ${budget} KB) ${size.total <= budget ? 'ok' : 'OVER BUDGET'}  ${JSON.stringify(size.perPackage)}`;
console.log('\nFront end');
console.log(line('sign-in page JS', results.signInPage, BUDGET_KB.signIn));
console.log(line('/claims JS', results.claimsPage, BUDGET_KB.claims));
console.log(
  `${'claims table rendered'.padEnd(22)} ${results.claimsTable.medianMs} ms median of ${RUNS} (${results.claimsTable.runs.join(', ')})`,
);

if (!process.argv.includes('--frontend')) await adjudicatorBenchmarks();

mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
writeFileSync(path.join(ROOT, 'bench-results', 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
log('Written to bench-results/latest.json');

async function adjudicatorBenchmarks() {
  log('Adjudicator benchmarks (api/src/verification/bench.ts)...');
  const adjudicatorOut = path.join(ROOT, '.tmp', 'bench-adjudicator.json');
  mkdirSync(path.dirname(adjudicatorOut), { recursive: true });
  run('npx', ['tsx', 'src/verification/bench.ts', '--json', adjudicatorOut], { cwd: path.join(ROOT, 'api') });
  results.adjudicator = JSON.parse(readFileSync(adjudicatorOut, 'utf8'));
  const pipelineOut = path.join(ROOT, '.tmp', 'bench-pipeline.json');
  run('npx', ['tsx', 'scripts/bench-pipeline.ts', '--claims', process.env.BENCH_CLAIMS ?? '20', '--json', pipelineOut], {
    cwd: path.join(ROOT, 'api'),
  });
  results.adjudicator.endToEnd = JSON.parse(readFileSync(pipelineOut, 'utf8'));
}
