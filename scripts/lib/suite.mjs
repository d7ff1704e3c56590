/**
 * The suite's layout and its configuration from the environment: one place that knows the apps,
 * their federation names, ports and URLs. Used by start, test, bench and serve-app.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The five front-end apps, host first. `env` names the variable that overrides the port. */
export const APPS = [
  { dir: 'shell', name: 'shell', port: 3000, env: 'SHELL_PORT' },
  { dir: 'mfe-claims', name: 'mfe_claims', port: 3001, env: 'CLAIMS_PORT' },
  { dir: 'mfe-masters', name: 'mfe_masters', port: 3002, env: 'MASTERS_PORT' },
  { dir: 'mfe-rules', name: 'mfe_rules', port: 3003, env: 'RULES_PORT' },
  { dir: 'mfe-operations', name: 'mfe_operations', port: 3004, env: 'OPERATIONS_PORT' },
];
export const REMOTES = APPS.slice(1);

export const DEMO_LOGINS = [
  ['vitraya.admin', 'super_user', 'vitraya'],
  ['vitraya.reviewer', 'user', 'vitraya (annotation user)'],
  ['starhealth.reviewer', 'user', 'starhealth'],
  ['maxbupa.reviewer', 'user', 'maxbupa'],
  ['bajaj.reviewer', 'user', 'bajaj'],
  ['ml.reviewer', 'user', 'ML'],
  ['demo.reviewer', 'user', 'vitraya-demo'],
];
export const DEMO_PASSWORD = 'demo-password';

/** Debian's Chromium as the end-to-end tests and the benchmark drive it: headless, no sandbox, no network of its own. */
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * A private block of ports for a second suite beside a running one (tests, benchmarks): the shell on
 * `base`, the remotes on the next four, the api on `base + 1000`. Set by E2E_PORT_BASE and
 * BENCH_PORT_BASE, so two checkouts on one machine can test at once.
 */
export function portsFrom(base) {
  return { ...Object.fromEntries(APPS.map((app, i) => [app.dir, base + i])), api: base + 1000 };
}

/** Loopback only, unless PUBLIC_HOST names a host other machines use. */
export const bindHostFor = (publicHost) => (['localhost', '127.0.0.1', '::1'].includes(publicHost) ? '127.0.0.1' : '0.0.0.0');

/**
 * Ports and public URLs. `overrides` lets tests and benchmarks run a second suite beside a running one.
 * PUBLIC_HOST is the host name browsers use to reach the servers (default localhost).
 */
export function suiteConfig(overrides = {}, env = process.env) {
  const host = overrides.publicHost ?? env.PUBLIC_HOST ?? 'localhost';
  const portOf = (app) => Number(overrides[app.dir] ?? env[app.env] ?? app.port);
  const apiPort = Number(overrides.api ?? env.API_PORT ?? 4000);
  const apps = APPS.map((app) => ({ ...app, port: portOf(app), url: `http://${host}:${portOf(app)}` }));
  const apiBaseUrl = overrides.apiBaseUrl ?? env.API_BASE_URL ?? `http://${host}:${apiPort}/v0.3.0`;
  return {
    host,
    bindHost: bindHostFor(host),
    apiPort,
    apiBaseUrl,
    apps,
    shellUrl: apps[0].url,
    parentOrigins: (overrides.parentOrigins ?? env.PARENT_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    corsOrigins: apps.flatMap((a) => [a.url, `http://127.0.0.1:${a.port}`]),
    displayTimeZone: env.DISPLAY_TIME_ZONE || 'Asia/Kolkata',
    externalClaimsUrl: env.EXTERNAL_CLAIMS_URL || '/claims',
    externalStagingUrl: env.EXTERNAL_STAGING_URL || '/claims',
  };
}

/**
 * A remote's built area.json: the shell fetches it from the remote, and keeps this copy in its runtime
 * configuration for when the remote cannot be reached (its navigation stays, its area shows Retry).
 */
function builtDeclaration(appDir) {
  try {
    return JSON.parse(readFileSync(path.join(ROOT, appDir, 'dist', 'area.json'), 'utf8'));
  } catch {
    return undefined;
  }
}

/** The runtime-config.json an app is served with in this environment. */
export function runtimeConfigFor(appDir, config) {
  const base = {
    apiBaseUrl: config.apiBaseUrl,
    displayTimeZone: config.displayTimeZone,
    externalClaimsUrl: config.externalClaimsUrl,
    externalStagingUrl: config.externalStagingUrl,
  };
  if (appDir !== 'shell') return base;
  return {
    ...base,
    remotes: config.apps.slice(1).map((a) => ({ name: a.name, entry: `${a.url}/mf-manifest.json`, area: builtDeclaration(a.dir) })),
    parentOrigins: config.parentOrigins,
  };
}
