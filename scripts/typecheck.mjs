/** Type-checks every package with the native TypeScript compiler (swc transpiles; tsc only checks). */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { log, run } from './lib/run.mjs';
import { APPS, ROOT } from './lib/suite.mjs';

export const PACKAGES = ['shared-kernel', 'api', ...APPS.map((a) => a.dir)];

/** The end-to-end tests are TypeScript too, outside any package. */
const TYPECHECKED = [...PACKAGES, 'scripts/e2e'];

export function typecheck() {
  for (const dir of TYPECHECKED) {
    log(`typecheck ${dir}`);
    run('npx', ['tsc', '--noEmit', '-p', path.join(ROOT, dir)]);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) typecheck();
