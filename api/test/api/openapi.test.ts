/** The api describes itself: the OpenAPI document covers every route with its schemas, and answers keep to them. */
import type { RouteOptions } from 'fastify';
import { ClaimCreateResponse, Hospital } from '@claims/shared-kernel/contract';
import { buildApp } from '../../src/app';
import { replies } from '../../src/http/replies';
import { DATABASES } from '../../testing/databases';
import { BASE, collectingLogger, testConfig } from '../../testing/http';
import { apiSuite } from '../../testing/suite';

describe.each(DATABASES)('openapi on %s', (_name, open) => {
  /** Every route as registered. */
  const routes: RouteOptions[] = [];
  const { app, testDb, errorLog } = apiSuite(open, { onRoute: (route) => routes.push(route) });

  describe('the api describes itself', () => {
    type Operation = {
      security?: unknown[];
      requestBody?: { content: Record<string, { schema?: unknown }> };
      responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
    };
    type Document = {
      openapi: string;
      servers: { url: string }[];
      security: unknown[];
      components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
      paths: Record<string, Record<string, Operation>>;
    };
    /** `/v0.3.0/claims/:claimId` as the document names it: `/claims/{claimId}` under the server's base path. */
    const documentPath = (url: string) => url.slice(BASE.length).replace(/:(\w+)/g, '{$1}');
    const methodsOf = (route: RouteOptions) => [route.method].flat().filter((m) => m !== 'HEAD');
    const apiRoutes = () => routes.filter((r) => r.url.startsWith(`${BASE}/`) && !r.schema?.hide && methodsOf(r).length);
    let document: Document;

    beforeAll(async () => {
      const response = await app.inject({ method: 'GET', url: `${BASE}/openapi.json` });
      expect(response.statusCode).toBe(200);
      document = response.json<Document>();
    });

    test('the OpenAPI document is public and describes the bearer scheme', () => {
      expect(document).toMatchObject({
        openapi: expect.stringMatching(/^3\./),
        servers: [{ url: BASE }],
        security: [{ bearerAuth: [] }],
        components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
      });
      // Calls without a token say so; the others inherit the bearer scheme.
      expect(document.paths['/login'].post.security).toEqual([]);
      expect(document.paths['/version'].get.security).toEqual([]);
      expect(document.paths['/claims'].get.security).toBeUndefined();
    });

    test('every registered route appears with its request and response schemas', () => {
      const hidden = routes.filter((r) => r.schema?.hide).map((r) => r.url);
      // Only the documentation itself (and CORS preflights) are left out.
      expect(hidden.every((url) => url === '*' || url === `${BASE}/openapi.json` || url.startsWith(`${BASE}/docs`))).toBe(true);
      expect(apiRoutes().length).toBeGreaterThan(100);
      const missing: string[] = [];
      for (const route of apiRoutes()) {
        for (const method of methodsOf(route)) {
          const operation = document.paths[documentPath(route.url)]?.[method.toLowerCase()];
          const success = Object.entries(operation?.responses ?? {}).filter(([status]) => /^2/.test(status));
          const described =
            success.length > 0 &&
            success.every(
              ([, answer]) => Object.values(answer.content ?? {}).length > 0 && Object.values(answer.content!).every((m) => m.schema),
            );
          const errors = operation?.responses['4XX']?.content?.['application/json']?.schema;
          if (!described || !errors) missing.push(`${method} ${route.url}`);
          else expect(errors).toMatchObject({ type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] });
          if (route.schema?.params) expect(JSON.stringify(operation)).toMatch(/"in":"path"/);
          if (route.schema?.body) expect(operation).toHaveProperty('requestBody');
        }
      }
      expect(missing).toEqual([]);
      // Nothing is described that is not served.
      const served = new Set(apiRoutes().flatMap((r) => methodsOf(r).map((m) => `${m.toLowerCase()} ${documentPath(r.url)}`)));
      const described = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((m) => `${m} ${path}`));
      expect(described.filter((operation) => !served.has(operation))).toEqual([]);
    });

    test('every schema reference resolves', () => {
      const refs = [...JSON.stringify(document.paths).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
      expect(refs.length).toBeGreaterThan(0);
      expect([...new Set(refs)].filter((name) => !(name in document.components.schemas))).toEqual([]);
    });

    test('files are described as files, not JSON', () => {
      // Claims are created from a multipart form with the documents.
      const upload = document.paths['/claims'].post.requestBody!.content;
      expect(Object.keys(upload)).toEqual(['multipart/form-data']);
      expect(upload['multipart/form-data'].schema).toMatchObject({
        properties: { documents: { type: 'array', items: { type: 'string', format: 'binary' } }, referenceClaimId: { type: 'string' } },
      });
      const csv = document.paths['/claims/search'].post.responses['200'].content!;
      expect(Object.keys(csv).sort()).toEqual(['application/json', 'text/csv']);
      expect(csv['text/csv'].schema).toEqual({ type: 'string', format: 'binary' });
      const doc = document.paths['/claims/{claimId}/documents/{documentId}'].get.responses['200'].content!;
      expect(Object.keys(doc).sort()).toEqual(['application/pdf', 'image/jpeg', 'image/png']);
    });

    test('the reference page is public and loads everything from its own origin, as the CSP allows', async () => {
      const page = await app.inject({ method: 'GET', url: `${BASE}/docs` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).not.toMatch(/upgrade-insecure-requests/);
      // No inline script: every script and stylesheet is a file of the page's origin, served without a token.
      expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
      const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
      expect(assets.length).toBeGreaterThan(3);
      for (const asset of [...assets, `${BASE}/docs/json`]) {
        expect(asset).toMatch(new RegExp(`^${BASE}/docs/`));
        const response = await app.inject({ method: 'GET', url: asset });
        expect({ asset, status: response.statusCode }).toEqual({ asset, status: 200 });
      }
    });

    test('an answer that drifts from its contract schema is refused; undeclared fields are not sent', async () => {
      const logged: string[] = [];
      const probe = await buildApp(testConfig(), { database: testDb.database, logger: collectingLogger(logged) });
      const publicRoute = { config: { public: true } };
      // The spec's spelling is requestAdditoinalInput: the corrected one is a drift from the contract.
      probe.post(`${BASE}/drifted`, { ...publicRoute, schema: { response: replies({ 200: ClaimCreateResponse }) } }, async () => ({
        id: 1,
        requestAdditionalInput: true,
      }));
      probe.get(`${BASE}/wrong-type`, { ...publicRoute, schema: { response: replies({ 200: Hospital }) } }, async () => ({
        id: '7',
        hospital_code: 'H1',
        name: 'Alpha',
      }));
      probe.get(`${BASE}/extra-field`, { ...publicRoute, schema: { response: replies({ 200: Hospital }) } }, async () => ({
        id: 7,
        hospital_code: 'H1',
        name: 'Alpha',
        password_hash: 'secret',
      }));
      try {
        for (const [method, url] of [
          ['POST', `${BASE}/drifted`],
          ['GET', `${BASE}/wrong-type`],
        ] as const) {
          const refused = await probe.inject({ method, url });
          expect({ url, status: refused.statusCode, body: refused.json() }).toEqual({
            url,
            status: 500,
            body: { detail: 'Internal server error' },
          });
        }
        expect(logged.filter((line) => line.includes('response does not match its schema'))).toHaveLength(2);
        const trimmed = await probe.inject({ method: 'GET', url: `${BASE}/extra-field` });
        expect(trimmed.statusCode).toBe(200);
        expect(trimmed.json()).toEqual({ id: 7, hospital_code: 'H1', name: 'Alpha' });
      } finally {
        await probe.close();
      }
    });

    test('every answer of the calls above passed its schema', () => {
      expect(errorLog.filter((line) => line.includes('response does not match its schema'))).toEqual([]);
    });
  });
});
