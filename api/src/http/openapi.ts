/**
 * The api describes itself: an OpenAPI 3 document built from the routes' zod schemas (request and
 * response, the kernel's contract) at `/v0.3.0/openapi.json`, and a reference page (Swagger UI) at
 * `/v0.3.0/docs`. Both are public; the document states the bearer scheme every other call needs.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyPluginAsync, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_BASE_PATH, API_VERSION } from '@claims/shared-kernel/constants';
import { FileBody, RuleStatement, RuleStatementInput } from '@claims/shared-kernel/contract';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A multipart body the handler reads itself: described in the OpenAPI document, not validated by Fastify. */
    multipartBody?: z.ZodType;
  }
}

export const OPENAPI_PATH = `${API_BASE_PATH}/openapi.json`;
export const DOCS_PATH = `${API_BASE_PATH}/docs`;
const BEARER = 'bearerAuth';

/**
 * What the document says beyond the schemas themselves: the recursive rule statement is a component
 * (`RuleStatement`, and `RuleStatementInput` in request bodies) that the trees refer to, and files are binary.
 */
const components = z.registry<{ id?: string; format?: string }>();
components.add(RuleStatement, { id: 'RuleStatement' });
// The tree a save sends, its operators left open so a malformed one is refused naming the statement.
components.add(RuleStatementInput, { id: 'RuleStatementToSave' });
components.add(FileBody, { format: 'binary' });
const transform = createJsonSchemaTransform({ schemaRegistry: components });

/** Collects the routes registered after it, so it must be registered before them (on the root instance). */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Claims Verification API',
        version: API_VERSION,
        description:
          'Every call of the claims verification suite. Errors answer `{detail}` (invalid input: "field: reason"). ' +
          'Sign in with POST /login and send its access_token as `Authorization: Bearer <access_token>` (the Authorize button).',
      },
      servers: [{ url: API_BASE_PATH }],
      components: {
        securitySchemes: {
          [BEARER]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access_token of POST /login.' },
        },
      },
      security: [{ [BEARER]: [] }],
    },
    // Public routes (config.public) need no token; a multipart body is described as such.
    transform: (input) => {
      const form = input.route.config?.multipartBody;
      const result = transform(form ? { ...input, schema: { ...input.schema, body: form, consumes: ['multipart/form-data'] } } : input);
      return input.route.config?.public ? { ...result, schema: { ...result.schema, security: [] } } : result;
    },
    transformObject: createJsonSchemaTransformObject({ schemaRegistry: components }),
  });
}

/** Every route of the docs plugin (and of its children) is reachable without a token. */
const publicRoutes = (route: RouteOptions) => {
  route.config = { ...route.config, public: true };
};

/**
 * The reference page keeps helmet's Content-Security-Policy (Swagger UI loads its scripts and styles from
 * the page's own origin and runs no inline script) except upgrade-insecure-requests, which would make the
 * browser fetch them over https when the api is reached over plain http by a name other than localhost.
 */
export const docsCsp = (header: string): string =>
  header
    .split(';')
    .filter((directive) => directive.trim() !== 'upgrade-insecure-requests')
    .join(';');

/** The document and the reference page, under the base path. */
export const docsRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRoute', publicRoutes);

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());

  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    uiConfig: { deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 },
    theme: { title: 'Claims Verification API' },
    transformStaticCSP: docsCsp,
  });
};

/** Tags every route of a resource plugin with the resource's name (the reference page groups by it). */
export const tagRoutes =
  (tag: string) =>
  (route: RouteOptions): void => {
    route.schema = { ...route.schema, tags: [tag] } as RouteOptions['schema'];
  };
