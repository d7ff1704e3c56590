/**
 * What every api test file sets up inside its `describe.each(DATABASES)`: a copy of the fixture database, the app
 * over it, the demo users signed in, and both closed after the file. One call registers the hooks and returns what
 * the tests use:
 *
 *   describe.each(DATABASES)('hospitals on %s', (_name, open) => {
 *     const { app, as, errorLog } = apiSuite(open, { users: ['vitraya.admin'] });
 *
 * Its hooks come first, so a `beforeAll` the file adds after the call finds the app open and signed in, and an
 * `afterAll` it adds runs once the app is closed and the database dropped (jest runs hooks in the order declared).
 */
import type { FastifyInstance } from 'fastify';
import type { BuildOptions } from '../src/app';
import type { AppConfig } from '../src/config';
import type { Db } from '../src/db';
import { claimIds } from './fixture';
import { bearer, collectingLogger, login, type TestDatabase, testApp } from './http';

export interface ApiSuiteOptions {
  /** The demo users to sign in: their tokens in `tokens`, their headers from `as(user)`. */
  users?: readonly string[];
  /** Settings over testConfig(); a function when they are known only in an earlier `beforeAll` (a server it starts). */
  settings?: Partial<AppConfig> | (() => Partial<AppConfig>);
  /** The app's logger; by default one that keeps what is logged at error level in `errorLog`. */
  logger?: BuildOptions['logger'];
  onRoute?: BuildOptions['onRoute'];
}

export interface ApiSuite {
  /** The app under test, from the suite's `beforeAll` on. */
  app: FastifyInstance;
  /** The file's copy of the fixture database, from the suite's `beforeAll` on. */
  testDb: TestDatabase;
  db: () => Db;
  /** Each signed-in user's access token. */
  tokens: Record<string, string>;
  /** The authorization header of a signed-in user. */
  as: (user: string) => { authorization: string };
  /** What the app logged at error level (a refused answer among it), with the default logger. */
  errorLog: string[];
  /** The fixture's claims' ids by reference (`claimIds`). */
  fixture: Record<string, number>;
}

/**
 * A stand-in for an object made in a `beforeAll`, so that a test file can take it when its `describe` runs: each
 * property read and write goes to the object (its methods bound to it).
 */
function openedLater<T extends object>(current: () => T | undefined, what: string): T {
  const target = () => {
    const value = current();
    if (value === undefined) throw new Error(`${what} is opened in the suite's beforeAll and is not open yet`);
    return value;
  };
  return new Proxy({} as T, {
    get(_stand, key) {
      const opened = target();
      const value: unknown = Reflect.get(opened, key, opened);
      return typeof value === 'function' ? value.bind(opened) : value;
    },
    set: (_stand, key, value) => Reflect.set(target(), key, value),
    has: (_stand, key) => Reflect.has(target(), key),
  });
}

export function apiSuite(open: () => Promise<TestDatabase>, options: ApiSuiteOptions = {}): ApiSuite {
  let opened: TestDatabase | undefined;
  let started: FastifyInstance | undefined;
  const tokens: Record<string, string> = {};
  const errorLog: string[] = [];
  const fixture: Record<string, number> = {};
  const testDb: TestDatabase = {
    get database() {
      if (!opened) throw new Error("The test database is open from the suite's beforeAll until it is dropped");
      return opened.database;
    },
    // Once: a test may drop it early (to see the app without its database), and the suite's afterAll drops what is left.
    drop: async () => {
      const dropping = opened;
      opened = undefined;
      await dropping?.drop();
    },
  };

  beforeAll(async () => {
    opened = await open();
    const settings = typeof options.settings === 'function' ? options.settings() : options.settings;
    started = await testApp(opened.database, { logger: options.logger ?? collectingLogger(errorLog), onRoute: options.onRoute }, settings);
    Object.assign(fixture, await claimIds(opened.database.db));
    for (const user of options.users ?? []) tokens[user] = await login(started, user);
  });

  afterAll(async () => {
    await started?.close();
    await testDb.drop();
  });

  return {
    app: openedLater(() => started, 'The app'),
    testDb,
    db: () => testDb.database.db,
    tokens,
    as: (user) => bearer(tokens[user]),
    errorLog,
    fixture,
  };
}
