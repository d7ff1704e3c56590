/**
 * The contract's endpoint table and the routes the api registers are the same calls with the same schemas:
 * every route has its row and every row a route, and each route validates and answers with its row's schemas
 * (the very objects, as `endpoint()` gives them), so the typed client and the test fake, typed by the table,
 * describe what the api does; and each row's call is documented in /openapi.json under its resource, so a plugin in
 * API_ROUTES with its rows (CONTRIBUTING's 'Add an api route') is all a new call needs. Which calls exist does not
 * depend on the database: this runs on PGlite only.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { type ApiCall, ENDPOINTS, type Endpoint } from '@claims/shared-kernel/contract';
import { API_BASE_PATH } from '@claims/shared-kernel/constants';
import { OPENAPI_PATH } from '../../src/http/openapi';
import { pgliteDatabase, testApp, type TestDatabase } from '../../testing/http';

let testDb: TestDatabase;
let app: FastifyInstance;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  testDb = await pgliteDatabase();
  app = await testApp(testDb.database, { onRoute: (route) => routes.push(route) });
});

afterAll(async () => {
  await app?.close();
  await testDb?.drop();
});

/** 'GET /claims/:claimId' for each method of each route of the api (not its documentation, not CORS preflights). */
function served(): { call: string; route: RouteOptions }[] {
  return routes
    .filter((route) => route.url.startsWith(`${API_BASE_PATH}/`) && !route.schema?.hide)
    .flatMap((route) =>
      [route.method]
        .flat()
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ call: `${method} ${route.url.slice(API_BASE_PATH.length)}`, route })),
    );
}

const row = (call: string): Endpoint | undefined => ENDPOINTS[call as ApiCall];

test('every route the api serves has its row in the endpoint table, and every row a route', () => {
  const calls = served().map(({ call }) => call);
  expect(calls.length).toBeGreaterThan(100);
  expect(calls.filter((call) => !row(call))).toEqual([]);
  const servedCalls = new Set(calls);
  expect(Object.keys(ENDPOINTS).filter((call) => !servedCalls.has(call))).toEqual([]);
});

test("each route validates its input and answers with its row's schemas", () => {
  const drifted: string[] = [];
  for (const { call, route } of served()) {
    const expected = row(call);
    if (!expected) continue;
    const schema = route.schema ?? {};
    for (const part of ['params', 'querystring', 'body'] as const) {
      if (schema[part] !== expected[part]) drifted.push(`${call}: ${part}`);
    }
    const answers = (schema.response ?? {}) as Record<string, unknown>;
    const success = Object.keys(answers).filter((status) => /^2\d\d$/.test(status));
    const statuses = Object.keys(expected.response);
    if (success.sort().join() !== statuses.sort().join()) drifted.push(`${call}: statuses ${success} against ${statuses}`);
    for (const status of statuses) {
      if (answers[status] !== expected.response[Number(status)]) drifted.push(`${call}: answer ${status}`);
    }
    if (route.config && 'multipartBody' in route.config && route.config.multipartBody !== expected.multipart) {
      drifted.push(`${call}: multipart`);
    }
  }
  expect(drifted).toEqual([]);
});

test("each row's call is documented in the OpenAPI document under its resource, with the row's answers", async () => {
  type Operation = { tags?: string[]; responses: Record<string, unknown> };
  const document = (await app.inject({ method: 'GET', url: OPENAPI_PATH })).json<{ paths: Record<string, Record<string, Operation>> }>();
  const undocumented: string[] = [];
  for (const [call, expected] of Object.entries(ENDPOINTS) as [string, Endpoint][]) {
    const [method, path] = call.split(' ');
    // The document names '/claims/:claimId' as '/claims/{claimId}'.
    const operation = document.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
    const success = Object.keys(operation?.responses ?? {}).filter((status) => /^2\d\d$/.test(status));
    if (!operation?.tags?.length) undocumented.push(`${call}: no resource`);
    if (success.sort().join() !== Object.keys(expected.response).sort().join()) undocumented.push(`${call}: answers ${success}`);
  }
  expect(undocumented).toEqual([]);
});
