/**
 * Starts a private copy of the whole suite on its own ports and data folder, and a headless Chromium,
 * so the end-to-end tests never touch a suite a developer is running.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The suite's private ports: E2E_PORT_BASE (default 3600) for the shell, the next four for the remotes, +1000 for the api. */
const PORT_BASE = Number(process.env.E2E_PORT_BASE) || 3600;
export const PARENT_ALLOWED_PORT = PORT_BASE + 98;
export const PARENT_REFUSED_PORT = PORT_BASE + 97;
export const PASSWORD = 'demo-password';

interface SuiteHandle {
  stopApp(dir: string): Promise<void>;
  restartApp(dir: string): Promise<void>;
  stop(): Promise<void>;
}
interface SuiteModule {
  startSuite(config: unknown, options: { dataDir: string; quietApi?: boolean; apiEnv?: Record<string, string> }): Promise<SuiteHandle>;
}
interface SuiteConfigModule {
  suiteConfig(overrides: Record<string, unknown>): { shellUrl: string; apiBaseUrl: string };
  portsFrom(base: number): Record<string, number>;
}

export interface E2E {
  suite: SuiteHandle;
  browser: Browser;
  shellUrl: string;
  apiBaseUrl: string;
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

// The suite scripts are plain ESM (they run before any install); jest's CommonJS reaches them by import().
const importEsm = new Function('specifier', 'return import(specifier)') as <T>(specifier: string) => Promise<T>;

export async function startE2E(): Promise<E2E> {
  const { startSuite } = await importEsm<SuiteModule>(path.join(__dirname, '../lib/suite-servers.mjs'));
  const { suiteConfig, portsFrom } = await importEsm<SuiteConfigModule>(path.join(__dirname, '../lib/suite.mjs'));
  const config = suiteConfig({
    ...portsFrom(PORT_BASE),
    publicHost: 'localhost',
    parentOrigins: `http://localhost:${PARENT_ALLOWED_PORT}`,
  });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'claims-e2e-'));
  const suite = await startSuite(config, {
    dataDir,
    quietApi: !process.env.E2E_VERBOSE,
    apiEnv: { SEED_CLAIMS: process.env.E2E_SEED_CLAIMS ?? '60' },
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  return {
    suite,
    browser,
    shellUrl: config.shellUrl,
    apiBaseUrl: config.apiBaseUrl,
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
