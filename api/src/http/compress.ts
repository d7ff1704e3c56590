/**
 * Gzip for the routes whose JSON runs to megabytes (a 200-page document's words), when the client accepts
 * it. The api has no general compression: @fastify/compress is not among its dependencies, and every other
 * answer is small.
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzipped = promisify(gzip);

/** Smaller bodies gain nothing worth the work. */
const MIN_BYTES = 1024;

/** Whether an Accept-Encoding header accepts gzip (named, or '*', with a q above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((entry) => {
    const [name, ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    const q = parameters.find((p) => p.startsWith('q='));
    return (name === 'gzip' || name === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/** A route's onSend hook: the serialized JSON, gzipped when the client accepts it. */
export async function gzipWhenAccepted(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (typeof payload !== 'string' || payload.length < MIN_BYTES || !acceptsGzip(request.headers['accept-encoding'])) return payload;
  reply.header('Content-Encoding', 'gzip').header('Vary', 'Accept-Encoding');
  return gzipped(payload);
}
