/**
 * The PGlite template for the api tests: a database migrated and loaded with the fixture, dumped once
 * (a new PGlite database costs seconds) and loaded by every test file. Cached by the content of the
 * migrations and the fixture's sources.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIGRATIONS_FOLDER, openDatabase } from '../src/db';
import { seedFixture } from './fixture';

const API_ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = ['testing/fixture.ts', 'src/seed/base.ts'];

function templatePath(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    const file = join(MIGRATIONS_FOLDER, name);
    if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(file));
  }
  for (const source of SOURCES) hash.update(readFileSync(join(API_ROOT, source)));
  return join(API_ROOT, '.tmp', `pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

export async function ensureTemplate(): Promise<string> {
  const path = templatePath();
  if (existsSync(path)) return path;
  const database = await openDatabase({ kind: 'pglite' });
  await seedFixture(database.db);
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  mkdirSync(join(API_ROOT, '.tmp'), { recursive: true });
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, path);
  return path;
}

export async function loadTemplate(): Promise<Blob> {
  return new Blob([readFileSync(await ensureTemplate())]);
}
