/**
 * Every 4xx/5xx answer is `{detail: string}`. Validation failures name the field; bad input of any
 * kind (malformed JSON, wrong content type, oversized or wrong uploads, database constraint
 * violations caused by the request) answers 4xx, never 500.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ZodError } from 'zod';
import { HttpError } from './errors';

interface Issue {
  path?: readonly PropertyKey[];
  message: string;
  code?: string;
}

/** 'limit: Too small: expected number to be >=1' (the field first, the reason after). */
export function describeIssues(issues: readonly Issue[]): string {
  return issues
    .map((issue) => {
      const field = (issue.path ?? []).map(String).join('.');
      return field ? `${field}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

export const describeZodError = (error: ZodError): string => describeIssues(error.issues);

/** Fastify and plugin error codes whose default text is unclear to a caller. */
const FRIENDLY: Record<string, (error: FastifyError, request: FastifyRequest) => [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => [400, 'Malformed JSON body'],
  FST_ERR_CTP_EMPTY_JSON_BODY: () => [400, "Body cannot be empty when content-type is set to 'application/json'"],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: (_e, request) => [
    415,
    `Unsupported content type '${request.headers['content-type'] ?? ''}': send JSON, a form or multipart`,
  ],
  FST_ERR_CTP_BODY_TOO_LARGE: () => [413, 'Request body is too large'],
  FST_REQ_FILE_TOO_LARGE: () => [413, 'documents: a file exceeds the upload size limit'],
  FST_FILES_LIMIT: () => [413, 'documents: too many files'],
  FST_PARTS_LIMIT: () => [413, 'Too many form parts'],
  FST_FIELDS_LIMIT: () => [413, 'Too many form fields'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => [415, 'Expected a multipart/form-data body'],
  FST_PROTO_VIOLATION: () => [400, 'Invalid field name'],
  FST_MP_PREMATURE_CLOSE: () => [400, 'The upload was interrupted'],
};

/** The multipart parser's own errors carry no code, only these texts: each is a malformed body. */
const MULTIPART_ERRORS: Record<string, string> = {
  'Unexpected end of multipart data': 'The multipart body ends before its last part is complete',
  'Multipart: Boundary not found': 'The multipart content type names no boundary',
};

/** Errors the router raises before any route or hook runs (fastify's `frameworkErrors` option). */
const ROUTER_ERRORS: Record<string, [number, string]> = {
  FST_ERR_BAD_URL: [400, 'The address is not a valid URL'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'A part of the address is too long'],
};

/** Answers the router's own errors as `{detail}` like every other error (passed to Fastify() as `frameworkErrors`). */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const [status, detail] = ROUTER_ERRORS[error.code] ?? [400, 'Bad request'];
  reply.code(status).send({ detail });
}

/** PostgreSQL error codes that can only come from what the request asked for. */
const DATABASE_CLIENT_ERRORS: Record<string, [number, string]> = {
  '23505': [409, 'A record with the same key already exists'],
  '23503': [409, 'The record is referenced by other data or refers to missing data'],
  '22P02': [400, 'A value has the wrong format'],
  '22003': [400, 'A number is out of range'],
  '22001': [400, 'A value is too long'],
  '22007': [400, 'A date has the wrong format'],
  '22008': [400, 'A date is out of range'],
};

function databaseCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = error.validationContext && error.validationContext !== 'body' ? `${error.validationContext} ` : '';
      const issues = error.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? 'Invalid value',
      }));
      return reply.code(400).send({ detail: `${part}${describeIssues(issues)}`.trim() });
    }
    if (error instanceof HttpError) return reply.code(error.statusCode).send({ detail: error.message });
    const friendly = error.code ? FRIENDLY[error.code] : undefined;
    if (friendly) {
      const [status, detail] = friendly(error, request);
      return reply.code(status).send({ detail });
    }
    const multipart = MULTIPART_ERRORS[error.message];
    if (multipart && !error.code) return reply.code(400).send({ detail: multipart });
    const dbCode = databaseCode(error);
    if (dbCode && DATABASE_CLIENT_ERRORS[dbCode]) {
      const [status, detail] = DATABASE_CLIENT_ERRORS[dbCode];
      request.log.info({ err: error }, 'database rejected the request');
      return reply.code(status).send({ detail });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ detail: error.message || 'Bad request' });
    if (isResponseSerializationError(error)) request.log.error({ issues: error.cause.issues }, 'response does not match its schema');
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'Internal server error' });
  });

  app.setNotFoundHandler((request, reply) => reply.code(404).send({ detail: `Not found: ${request.method} ${request.url.split('?')[0]}` }));
}
