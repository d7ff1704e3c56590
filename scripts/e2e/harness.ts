/**
 * Starts a private copy of the whole suite on its own ports and data folder, and a headless Chromium,
 * so the end-to-end tests never touch a suite a developer is running.
 */
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { ClaimListRow } from '@claims/shared-kernel/contract';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

/** The suite's private ports: E2E_PORT_BASE (default 3600) for the shell, the next four for the remotes, +1000 for the api. */
const PORT_BASE = Number(process.env.E2E_PORT_BASE) || 3600;
export const PARENT_ALLOWED_PORT = PORT_BASE + 98;
export const PARENT_REFUSED_PORT = PORT_BASE + 97;
export const PASSWORD = 'demo-password';
/** Set to a folder to keep screenshots of the screens the tests walk through. */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

/** Waits until no select's list of options is open (two may be closing at once, each in its own animation). */
export async function selectListsClosed(page: Page): Promise<void> {
  const open = page.locator('.ant-select-dropdown:visible');
  while ((await open.count()) > 0) await open.first().waitFor({ state: 'hidden' });
}

/**
 * Opens a select and picks the option holding `text` from the list this select controls (typing `text` first where
 * pickers list a limited number of options until one types). It starts once any earlier list has closed: a click
 * that lands while a list is still animating shut is now and then lost, and the list never opens.
 */
export async function chooseInSelect(page: Page, select: Locator, text: string, { type = true }: { type?: boolean } = {}): Promise<void> {
  await selectListsClosed(page);
  await select.click();
  const expanded = select.locator('xpath=self::*[@aria-expanded="true" and @aria-controls]');
  if (!(await expanded.isVisible())) await select.click();
  await expanded.waitFor();
  if (type) await page.keyboard.type(text);
  const list = await select.getAttribute('aria-controls');
  await page
    .locator('.ant-select-dropdown')
    .filter({ has: page.locator(`[id="${list}"]`) })
    .locator('.ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click();
}

/** Keeps a screenshot named `name` when E2E_SCREENSHOTS names a folder (to look at the screens as a user sees them). */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png` });
}

interface SuiteHandle {
  stopApp(dir: string): Promise<void>;
  restartApp(dir: string, options?: { distDir?: string }): Promise<void>;
  stop(): Promise<void>;
}
interface SuiteModule {
  startSuite(config: unknown, options: { dataDir: string; quietApi?: boolean; apiEnv?: Record<string, string> }): Promise<SuiteHandle>;
}
interface SuiteConfigModule {
  suiteConfig(overrides: Record<string, unknown>): { shellUrl: string; apiBaseUrl: string };
  portsFrom(base: number): Record<string, number>;
  CHROMIUM: { executablePath: string; headless: boolean; args: string[] };
}

export interface E2E {
  suite: SuiteHandle;
  browser: Browser;
  shellUrl: string;
  apiBaseUrl: string;
  /** The private suite's DATA_DIR: the api's database, document store and insurer inbox (DATA_DIR/inbox/{org}/). */
  dataDir: string;
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

// The suite scripts are plain ESM (they run before any install); jest's CommonJS reaches them by import().
const importEsm = new Function('specifier', 'return import(specifier)') as <T>(specifier: string) => Promise<T>;

export async function startE2E(): Promise<E2E> {
  const { startSuite } = await importEsm<SuiteModule>(path.join(__dirname, '../lib/suite-servers.mjs'));
  const { suiteConfig, portsFrom, CHROMIUM } = await importEsm<SuiteConfigModule>(path.join(__dirname, '../lib/suite.mjs'));
  const config = suiteConfig({
    ...portsFrom(PORT_BASE),
    publicHost: 'localhost',
    parentOrigins: `http://localhost:${PARENT_ALLOWED_PORT}`,
  });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'claims-e2e-'));
  const suite = await startSuite(config, {
    dataDir,
    quietApi: !process.env.E2E_VERBOSE,
    // Every browser test signs in from 127.0.0.1, the layout tests once per width: close together they can pass the
    // default of 20 sign-ins a minute per address (the limit is proven in the api's tests, not here).
    // Review work (review-queue.ts): three open reviews fill a reviewer, so the provider's further claims wait unassigned.
    apiEnv: { SEED_CLAIMS: process.env.E2E_SEED_CLAIMS ?? '60', LOGIN_RATE_LIMIT: '1000', REVIEW_OPEN_CLAIM_LIMIT: '3' },
  });
  const browser = await chromium.launch(CHROMIUM);
  return {
    suite,
    browser,
    shellUrl: config.shellUrl,
    apiBaseUrl: config.apiBaseUrl,
    dataDir,
    async newPage() {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      return { context, page: await context.newPage() };
    },
    async close() {
      await browser.close();
      await suite.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function apiLogin(
  apiBaseUrl: string,
  username: string,
): Promise<{ access_token: string; organization: string; user: string }> {
  const response = await fetch(`${apiBaseUrl}/login`, { method: 'POST', body: new URLSearchParams({ username, password: PASSWORD }) });
  if (!response.ok) throw new Error(`login ${username}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { access_token: string; organization: string; user: string };
}

export async function signInThroughUi(page: Page, shellUrl: string, username: string, password = PASSWORD): Promise<void> {
  await page.goto(shellUrl);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * dnd-kit swallows the clicks of the 50 ms after a drop (its click guard is taken off by a timer on the page): a
 * longer timer on the page has run after that one, so a test's next click is a click.
 */
const DRAG_CLICK_GUARD_MS = 100;

/** Drags a sortable item by its handle onto another's place with the mouse, in small steps as a hand moves. */
export async function dragOnto(page: Page, handle: Locator, target: Locator): Promise<void> {
  const from = await handle.boundingBox();
  const onto = await target.boundingBox();
  if (!from || !onto) throw new Error('the drag handle or the place to drag it onto is not shown');
  const x = from.x + from.width / 2;
  await page.mouse.move(x, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, from.y + from.height / 2 - 8, { steps: 4 });
  await page.mouse.move(x, onto.y + onto.height / 4, { steps: 20 });
  await page.mouse.up();
  await page.evaluate((ms) => new Promise((resolve) => setTimeout(resolve, ms)), DRAG_CLICK_GUARD_MS);
}

/** Signs in through the sign-in page and waits for the claims list every user lands on. */
export async function signInAs(page: Page, shellUrl: string, username: string): Promise<void> {
  await signInThroughUi(page, shellUrl, username);
  await page.waitForURL('**/claims');
}

/** The api as one demo user reads it: GET with the user's bearer token, failing loudly on anything but 200. */
export interface ApiUser {
  get<T>(path: string): Promise<T>;
}

export async function apiAs(apiBaseUrl: string, username: string): Promise<ApiUser> {
  const { access_token: token } = await apiLogin(apiBaseUrl, username);
  return {
    async get<T>(path: string): Promise<T> {
      const response = await fetch(`${apiBaseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } });
      if (response.status !== 200) throw new Error(`GET ${path} as ${username}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
  };
}

/**
 * Waits until the seed's first claims are in the api (the seed generates them while the api already answers, at a
 * low priority, so on a busy machine the list can be empty for a while after start).
 */
export async function untilSeededClaims(apiBaseUrl: string, timeoutMs = 90_000): Promise<void> {
  const admin = await apiAs(apiBaseUrl, 'vitraya.admin');
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    if ((await admin.get<unknown[]>('/claims?limit=1&page_number=1')).length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no seeded claim within ${timeoutMs / 1000} s`);
}

/**
 * The first verified claim of `org` that `wanted` accepts, waiting for the seed's verification queue to store one
 * (a scenario that runs early finds the seeded claims still queued).
 */
export async function untilVerifiedClaim(
  apiBaseUrl: string,
  org: string,
  wanted: (row: ClaimListRow) => boolean = () => true,
  timeoutMs = 180_000,
): Promise<ClaimListRow> {
  await untilSeededClaims(apiBaseUrl, timeoutMs);
  const admin = await apiAs(apiBaseUrl, 'vitraya.admin');
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    const rows = await admin.get<ClaimListRow[]>(`/claims?org=${org}&status=ADJUDICATED&limit=25&page_number=1`);
    const row = rows.find((r) => r.adjudicationResult && wanted(r));
    if (row) return row;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`no verified claim of ${org} within ${timeoutMs / 1000} s`);
}

/** A parent portal on another origin that embeds the shell and hands it a session by postMessage. */
export function startParentPortal(port: number, shellUrl: string, message: Record<string, string>): Promise<http.Server> {
  const html = `<!doctype html><html><body><h1>Parent portal</h1>
<iframe id="shell" src="${shellUrl}/iframeauthenticate" style="width:1200px;height:800px"></iframe>
<script>
  // A portal that does not know whether the shell is ready keeps offering the session until it answers.
  const frame = document.getElementById('shell');
  const send = () => frame.contentWindow.postMessage(${JSON.stringify(message)}, ${JSON.stringify(shellUrl)});
  let tries = 0;
  const timer = setInterval(() => { if (++tries > 40) clearInterval(timer); else send(); }, 500);
  window.addEventListener('message', (event) => {
    if (event.origin !== ${JSON.stringify(shellUrl)} || event.data?.type !== 'claims-shell-ready') return;
    clearInterval(timer);
    send();
  });
</script></body></html>`;
  const server = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end(html));
  return new Promise((resolve) => server.listen(port, () => resolve(server)));
}

const ROOT = path.resolve(__dirname, '../..');

/**
 * Builds the rules remote as a team with a newer kernel would: against a copy of the kernel whose antd
 * facade also offers Drawer and whose core entry gains an export, with a rules screen that uses both.
 * Served to the current shell, it must show its error panel, not render undefined components.
 * Answers the build's dist folder (under .tmp, removed with `cleanup`).
 */
export function buildRulesAgainstNewerKernel(): { distDir: string; cleanup: () => void } {
  const work = path.join(ROOT, '.tmp', 'e2e-newer-kernel');
  rmSync(work, { recursive: true, force: true });
  const kernel = path.join(work, 'shared-kernel');
  const rules = path.join(work, 'mfe-rules');
  for (const part of ['src', 'build', 'package.json'])
    cpSync(path.join(ROOT, 'shared-kernel', part), path.join(kernel, part), { recursive: true });
  for (const part of ['src', 'package.json']) cpSync(path.join(ROOT, 'mfe-rules', part), path.join(rules, part), { recursive: true });
  writeFileSync(path.join(work, 'package.json'), JSON.stringify({ name: 'claims-verification-suite-next', private: true }));
  appendFileSync(path.join(kernel, 'src/facades/antd.ts'), "export { default as Drawer } from 'antd/es/drawer';\n");
  appendFileSync(path.join(kernel, 'src/index.ts'), "export const kernelRelease = 'next';\n");
  const routes = path.join(rules, 'src/routes/index.tsx');
  writeFileSync(
    routes,
    `import { Drawer } from 'antd';\nimport { kernelRelease } from '@claims/shared-kernel';\n${readFileSync(routes, 'utf8')}\nexport const NEWER = [Drawer, kernelRelease];\n`,
  );
  writeFileSync(
    path.join(rules, 'webpack.config.cjs'),
    `module.exports = require('../shared-kernel/build/federated-app.cjs').federatedApp(${JSON.stringify({
      name: 'mfe_rules',
      port: 3003,
      exposes: { './Routes': './src/routes/index.tsx' },
      area: './src/area.ts',
      title: 'Procedure Protocol',
    }).replace(/^\{/, '{ dir: __dirname,')});\n`,
  );
  execFileSync('npx', ['webpack', '--mode', 'production'], { cwd: rules, stdio: 'inherit' });
  return { distDir: path.join(rules, 'dist'), cleanup: () => rmSync(work, { recursive: true, force: true }) };
}

/** Edits a built area's declaration (area.json) in place; answers a function that puts it back. */
export function editAreaDeclaration(appDir: string, edit: (declaration: Record<string, unknown>) => void): () => void {
  const file = path.join(ROOT, appDir, 'dist', 'area.json');
  const original = readFileSync(file, 'utf8');
  const declaration = JSON.parse(original) as Record<string, unknown>;
  edit(declaration);
  writeFileSync(file, JSON.stringify(declaration));
  return () => writeFileSync(file, original);
}

/**
 * Starts `npm run dev -w @claims/<remote>` (webpack dev server) on `port` against the api at
 * `apiBaseUrl`, and waits until it serves the remote's page. Answers a function that stops it.
 */
export async function startDevServer(remote: string, port: number, apiBaseUrl: string): Promise<() => void> {
  const child = spawn('npm', ['run', 'dev', '-w', `@claims/${remote}`], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), API_BASE_URL: apiBaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const stop = () => {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
  };
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${remote} dev server exited (${child.exitCode}):\n${output}`);
    try {
      // The dev server holds requests until the first compilation is done, then serves the page.
      const response = await fetch(`http://localhost:${port}/`);
      if (response.ok && (await response.text()).includes('<div id="root">')) return stop;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stop();
  throw new Error(`${remote} dev server did not serve its page within 180 s:\n${output}`);
}
