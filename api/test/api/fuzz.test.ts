/**
 * Bad input never gets a 500 (on PGlite and PostgreSQL): every operation of the api's own OpenAPI document is
 * called with malformed path parameters, query values and bodies (wrong types, NUL bytes, unicode, huge numbers and
 * arrays, deep nesting, truncated JSON and multipart, multipart without a boundary), as a super user and as an
 * insurer's user. Every answer must be below 500, and every error a `{detail}` with nothing internal in it (no
 * stack, no SQL, no Node error code). Bounded: at most MAX_CASES_PER_OPERATION calls per operation and user.
 */
import type { InjectOptions } from 'fastify';
import { DATABASES } from '../../testing/databases';
import { BASE, bearer, login } from '../../testing/http';
import { apiSuite } from '../../testing/suite';

const MAX_CASES_PER_OPERATION = 30;
/** More ids than PostgreSQL's 65,535 bind parameters, far above any real id. */
const HUGE_ARRAY = Array.from({ length: 70_000 }, (_, i) => 10_000_000 + i);
const DEEP = 5_000;

/** Calls that end the caller's session would make every later call a 401: covered by the session tests. */
const SKIPPED = new Set(['post /logout']);

type Schema = {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; schema?: Schema };
type Operation = { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema?: Schema }> } };
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

/** What an error must never show a caller: a stack, SQL or the database's words, a Node error code. */
const INTERNAL =
  /\n\s+at |node_modules|\.[jt]s:\d+|\bselect\b[\s\S]*?\bfrom\b\s+"|\binsert into\b|\bdelete from\b|\bupdate\s+"|Failed query|syntax error|violates|relation "|column "|bind message|TypeError|ReferenceError|RangeError|Cannot read prop|is not a function|undefined is not|\bERR_[A-Z_]{4,}|pglite|drizzle/i;

const PATH_VALUES = [
  '99999999999999999999',
  '-1',
  '0',
  '1.5',
  '1e999',
  '%00',
  'a%00b',
  encodeURIComponent('डिस्चार्ज 😀'),
  encodeURIComponent('\u202e‮x'),
  'x'.repeat(3000),
  "1'%20OR%20'1'='1",
  '%2E%2E%2F%2E%2E%2Fetc',
];

const QUERY_VALUES = ['%00', '-1', '99999999999999999999', encodeURIComponent('😀डि'), 'x'.repeat(5000), 'true%00', '%E0%A4'];

/** Every property a body schema names (through $ref, allOf, anyOf, oneOf and array items), to fill with bad values. */
function propertyNames(document: Document, schema: Schema | undefined, depth = 0): string[] {
  if (!schema || depth > 6) return [];
  if (schema.$ref) return propertyNames(document, document.components.schemas[schema.$ref.split('/').pop()!], depth + 1);
  const nested = [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.items ? [schema.items] : [])];
  return [...new Set([...Object.keys(schema.properties ?? {}), ...nested.flatMap((s) => propertyNames(document, s, depth + 1))])];
}

const fill = (names: string[], value: unknown) => Object.fromEntries((names.length ? names : ['value']).map((name) => [name, value]));

function jsonBodies(names: string[]): string[] {
  const deep = `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`;
  return [
    '"just a string"',
    '[1, 2, 3]',
    'null',
    '{"truncated": ',
    `{${names.map((n) => `"${n}": ${deep}`).join(', ') || `"value": ${deep}`}}`,
    ...[
      fill(names, { nested: { object: true } }),
      fill(names, 'NUL \u0000 inside'),
      fill(names, '😀 डिस्चार्ज सारांश \u202e'),
      fill(names, -1),
      fill(names, 1e308),
      fill(names, 'x'.repeat(100_000)),
      fill(names, HUGE_ARRAY),
      fill(names, [null, 'a', { b: 1 }]),
      { ...fill(names, 1), 'bad\u0000key': 1 },
    ].map((body) => JSON.stringify(body)),
  ];
}

const BOUNDARY = '----fuzz-boundary';
const MULTIPART_CASES: { contentType: string; payload: string }[] = [
  // Truncated: the part never ends.
  {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="documents"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 trunc`,
  },
  {
    contentType: 'multipart/form-data',
    payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--${BOUNDARY}--\r\n`,
  },
  {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="patientName"\r\n\r\nNUL\u0000\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="documents"; filename="\u0000😀.pdf"\r\nContent-Type: application/pdf\r\n\r\nnot a pdf\r\n--${BOUNDARY}--\r\n`,
  },
  { contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: 'no parts at all' },
];

/** The malformed calls of one operation: path, then query, then body cases, at most MAX_CASES_PER_OPERATION. */
function casesOf(document: Document, method: string, path: string, operation: Operation): InjectOptions[] {
  const parameters = operation.parameters ?? [];
  const pathNames = parameters.filter((p) => p.in === 'path').map((p) => p.name);
  const queryNames = parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const url = (value: (name: string) => string, query = '') =>
    `${BASE}${path.replace(/\{(\w+)\}/g, (_m, name: string) => value(name))}${query ? `?${query}` : ''}`;
  const anyId = () => '1';
  const inject = (rest: Omit<InjectOptions, 'method'>): InjectOptions => ({
    method: method.toUpperCase() as InjectOptions['method'],
    ...rest,
  });
  const cases: InjectOptions[] = [];

  if (pathNames.length) for (const value of PATH_VALUES) cases.push(inject({ url: url(() => value) }));
  if (queryNames.length) {
    for (const value of QUERY_VALUES) cases.push(inject({ url: url(anyId, queryNames.map((n) => `${n}=${value}`).join('&')) }));
    cases.push(inject({ url: url(anyId, queryNames.map((n) => `${n}=1&${n}=2`).join('&')) }));
  }
  const content = operation.requestBody?.content ?? {};
  if (content['application/json']) {
    const names = propertyNames(document, content['application/json'].schema);
    for (const payload of jsonBodies(names))
      cases.push(inject({ url: url(anyId), headers: { 'content-type': 'application/json' }, payload }));
    cases.push(inject({ url: url(anyId), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=%00&b[c]=1' }));
  }
  if (content['multipart/form-data']) {
    for (const { contentType, payload } of MULTIPART_CASES)
      cases.push(inject({ url: url(anyId), headers: { 'content-type': contentType }, payload }));
  }
  return cases.slice(0, MAX_CASES_PER_OPERATION);
}

describe.each(DATABASES)('malformed input on every route on %s', (_name, open) => {
  const { app } = apiSuite(open);
  let document: Document;

  beforeAll(async () => {
    document = (await app.inject({ method: 'GET', url: `${BASE}/openapi.json` })).json<Document>();
  });

  test('the bad inputs the fuzzing found answer 400 or 414 naming the problem', async () => {
    const headers = bearer(await login(app, 'vitraya.admin'));
    const multipart = (contentType: string, payload: string): InjectOptions => ({
      method: 'POST',
      url: `${BASE}/claims`,
      headers: { 'content-type': contentType },
      payload,
    });
    const cases: [InjectOptions, number, string][] = [
      [
        multipart(MULTIPART_CASES[0].contentType, MULTIPART_CASES[0].payload),
        400,
        'The multipart body ends before its last part is complete',
      ],
      [multipart(MULTIPART_CASES[1].contentType, MULTIPART_CASES[1].payload), 400, 'The multipart content type names no boundary'],
      [{ method: 'DELETE', url: `${BASE}/claims/drop`, payload: { claimIdList: HUGE_ARRAY } }, 400, 'claimIdList: at most 10000 items'],
      // Lists each within the limit, together past what one query can bind (short items: a search takes 64 KB).
      [
        {
          method: 'POST',
          url: `${BASE}/claim/batch/uploads/search`,
          payload: Object.fromEntries(['status', 'caseType', 'batchName'].map((key) => [key, Array.from({ length: 7_000 }, () => 0)])),
        },
        400,
        'body: at most 20000 list items in all',
      ],
      [{ method: 'GET', url: `${BASE}/claims/${'9'.repeat(3000)}` }, 414, 'A part of the address is too long'],
    ];
    for (const [call, status, detail] of cases) {
      const response = await app.inject({ ...call, headers: { ...headers, ...call.headers } });
      expect({ url: call.url, status: response.statusCode, body: response.json() }).toEqual({ url: call.url, status, body: { detail } });
    }
  });

  test.each(['vitraya.admin', 'starhealth.reviewer'])(
    'as %s: every answer is below 500 and every error a clean {detail}',
    async (user) => {
      const headers = bearer(await login(app, user));
      const operations = Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, operation]) => ({ method, path, operation })),
      );
      expect(operations.length).toBeGreaterThan(100);
      const failures: string[] = [];
      let calls = 0;
      for (const { method, path, operation } of operations) {
        if (SKIPPED.has(`${method} ${path}`)) continue;
        for (const [index, call] of casesOf(document, method, path, operation).entries()) {
          const response = await app.inject({ ...call, headers: { ...headers, ...call.headers } });
          calls += 1;
          const what = `${call.method} ${path} (case ${index}: ${JSON.stringify(String(call.payload ?? call.url).slice(0, 80))})`;
          if (response.statusCode >= 500) failures.push(`${response.statusCode} ${what}: ${response.body.slice(0, 200)}`);
          if (response.statusCode < 400) continue;
          let body: unknown;
          try {
            body = response.json();
          } catch {
            body = response.body;
          }
          const detail = (body as { detail?: unknown } | null)?.detail;
          if (typeof detail !== 'string' || !detail)
            failures.push(`${response.statusCode} without detail ${what}: ${response.body.slice(0, 200)}`);
          else if (INTERNAL.test(detail)) failures.push(`${response.statusCode} internal text ${what}: ${detail.slice(0, 200)}`);
        }
      }
      expect(calls).toBeGreaterThan(1000);
      expect(failures).toEqual([]);
    },
    // A bound, not a speed target: about 40 s on a busy 2-core machine.
    120_000,
  );
});
