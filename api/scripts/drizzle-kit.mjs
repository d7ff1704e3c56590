/**
 * Runs drizzle-kit with this package's drizzle-orm. npm keeps drizzle-orm in api/node_modules while
 * drizzle-kit is hoisted to the root, where its version check cannot see drizzle-orm; a resolve hook
 * (ESM) and NODE_PATH (CommonJS) point it here.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));
const hooks = new URL('./drizzle-resolve-hooks.mjs', import.meta.url).href;
const bin = join(dirname(createRequire(import.meta.url).resolve('drizzle-kit')), 'bin.cjs');
const register = `data:text/javascript,import{register}from'node:module';register(${JSON.stringify(hooks)});`;

const result = spawnSync(process.execPath, ['--import', register, bin, ...process.argv.slice(2)], {
  cwd: apiRoot,
  stdio: 'inherit',
  env: { ...process.env, NODE_PATH: `${apiRoot}node_modules` },
});
process.exit(result.status ?? 1);
