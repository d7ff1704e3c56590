/**
 * The HTTP application: every call of the three spec documents under the versioned base path.
 * `buildApp` is what tests drive with `inject`; main.ts opens the database, seeds it and listens.
 */
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import pretty from 'pino-pretty';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_BASE_PATH } from '@claims/shared-kernel/constants';
import { registerAuth } from './auth/plugin';
import type { AppConfig } from './config';
import { trustProxyOption } from './http/client-address';
import { serverTimeouts } from './http/connections';
import { openDatabase, type Db, type OpenDatabase } from './db';
import { answerFrameworkError, registerErrorHandling } from './http/error-handler';
import { registerHealth } from './http/health';
import { FORM_BODY_LIMIT, registerInputGuard } from './http/input-guard';
import { registerLingeringClose } from './http/lingering-close';
import { docsRoutes, registerOpenApi, tagRoutes } from './http/openapi';
import { registerRateLimits } from './http/rate-limits';
import { registerMetrics } from './http/metrics';
import { REQUEST_ID_HEADER, REQUEST_ID_LOG_FIELD, RequestLogController, registerRequestId, requestIdOptions } from './http/request-log';
import annotationRoutes from './routes/annotations';
import auditRoutes from './routes/audit';
import authRoutes from './routes/auth';
import batchRoutes from './routes/batches';
import claimAnnotationRoutes from './routes/claim-annotations';
import decisionLetterRoutes from './routes/decision-letters';
import claimDecisionRoutes from './routes/claim-decisions';
import claimDocumentRoutes from './routes/claim-documents';
import claimQuestionRoutes from './routes/claim-questions';
import claimVerificationRoutes from './routes/claim-verification';
import documentRoundRoutes from './routes/document-rounds';
import claimRoutes from './routes/claims';
import clinicalAttributeRoutes from './routes/clinical-attributes';
import clinicalTryRoutes from './routes/clinical-try';
import decisionReasonRoutes from './routes/decision-reasons';
import clinicalUnitRoutes from './routes/clinical-units';
import consoleRoutes from './routes/console';
import dashboardRoutes from './routes/dashboard';
import docgroupRoutes from './routes/docgroups';
import hospitalRoutes from './routes/hospitals';
import keywordRoutes from './routes/keywords';
import procedureRoutes from './routes/procedures';
import qualityRoutes from './routes/quality';
import reviewRoutes from './routes/review';
import questionRoutes from './routes/questions';
import ruleRoutes from './routes/rules';
import { openDocumentStore } from './storage';
import type { DocumentStore } from './storage/store';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
    /** The claims' documents (src/storage). */
    documentStore: DocumentStore;
  }
}

/** Every route module (one per resource), by the name the reference page groups its calls under. */
const API_ROUTES: [string, FastifyPluginAsync][] = [
  ['session', authRoutes],
  ['claims', claimRoutes],
  ['claim documents', claimDocumentRoutes],
  ['claim questions', claimQuestionRoutes],
  ['claim verification', claimVerificationRoutes],
  ['claim documents', documentRoundRoutes],
  ['claim error annotations', claimAnnotationRoutes],
  ['claim decision letters', decisionLetterRoutes],
  ['claim decisions', claimDecisionRoutes],
  ['dashboard', dashboardRoutes],
  ['dashboard', qualityRoutes],
  ['review work', reviewRoutes],
  ['batches', batchRoutes],
  ['console', consoleRoutes],
  ['annotations', annotationRoutes],
  ['hospitals', hospitalRoutes],
  ['keyword masters', keywordRoutes],
  ['procedures', procedureRoutes],
  ['clinical attributes and test units', clinicalAttributeRoutes],
  ['clinical attributes and test units', clinicalUnitRoutes],
  ['clinical attributes and test units', clinicalTryRoutes],
  ['document segregation', docgroupRoutes],
  ['decision reasons', decisionReasonRoutes],
  ['rules', ruleRoutes],
  ['procedure questions', questionRoutes],
  ['audit log', auditRoutes],
];

/** Every route module, registered in order under the versioned base path. */
const apiRoutes: FastifyPluginAsync = async (api) => {
  // Answers carry patient data: no cache (browser, proxy) keeps any of them, JSON, files and errors alike.
  // The OpenAPI document and the reference page are registered outside this scope and stay cacheable.
  api.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });
  for (const [tag, routes] of API_ROUTES) {
    await api.register(async (resource) => {
      resource.addHook('onRoute', tagRoutes(tag));
      await resource.register(routes);
    });
  }
};

export interface BuildOptions {
  /** An already open database (tests); otherwise the one the config names is opened and closed with the app. */
  database?: OpenDatabase;
  /** The document store; by default the one the config names (DOCUMENT_STORE: the folder DOCUMENT_STORE_DIR, or S3). */
  documentStore?: DocumentStore;
  logger?: FastifyServerOptions['logger'];
  /** Sees every route as it is registered (the tests list them against the OpenAPI document). */
  onRoute?: (route: RouteOptions) => void;
}

function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  if (config.logFormat === 'json') return { level: config.logLevel };
  return {
    level: config.logLevel,
    stream: pretty({
      singleLine: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: `pid,hostname,${REQUEST_ID_LOG_FIELD}`,
      // The request id leads the line, short enough to read and whole to search for.
      messageFormat: `{if ${REQUEST_ID_LOG_FIELD}}[{${REQUEST_ID_LOG_FIELD}}] {end}{msg}`,
      sync: true,
    }),
  };
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const database = options.database ?? (await openDatabase(config.database));
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    logController: new RequestLogController(config.logRequests),
    ...requestIdOptions,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
    trustProxy: trustProxyOption(config.trustProxy),
    ...serverTimeouts(config.httpTimeouts),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRequestId(app);

  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate('documentStore', options.documentStore ?? openDocumentStore(config));
  if (!options.database) app.addHook('onClose', () => database.close());
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  await app.register(helmet, { crossOriginResourcePolicy: { policy: 'cross-origin' } });
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    // Range and the headers of its answer: the claim page's PDF viewer reads large documents by range from another origin.
    allowedHeaders: ['Authorization', 'Content-Type', 'Range', REQUEST_ID_HEADER],
    exposedHeaders: ['Accept-Ranges', 'Content-Range', 'Content-Length', 'Content-Disposition', REQUEST_ID_HEADER],
    maxAge: 600,
  });
  // Bodies are JSON, forms or multipart; plain text is refused (415) rather than passed on as a string.
  app.removeContentTypeParser('text/plain');
  await app.register(formbody, { bodyLimit: FORM_BODY_LIMIT });
  // A backstop: readMultipart refuses the file one too many and the claim over its total, naming the limit.
  const { maxFileBytes, maxFiles } = config.uploadLimits;
  await app.register(multipart, {
    limits: { fileSize: maxFileBytes, files: maxFiles + 1, fields: 50, fieldSize: 64 * 1024, parts: maxFiles + 51 },
  });
  // Only /login and uploads opt in (route config `rateLimit`); documents and lists are never throttled.
  await registerRateLimits(app, database.driver === 'postgres');
  registerAuth(app, database);
  registerInputGuard(app);
  registerLingeringClose(app);
  // /metrics, /health and /ready: outside the versioned prefix, and registered before the OpenAPI plugin, which leaves them out.
  registerMetrics(app);
  registerHealth(app);

  // Before the routes, which it describes.
  await registerOpenApi(app);
  await app.register(docsRoutes);
  await app.register(apiRoutes, { prefix: API_BASE_PATH });
  return app;
}
