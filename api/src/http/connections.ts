/**
 * Slow and unfinished requests must not hold connections. A client has HTTP_HEADERS_TIMEOUT for its headers and
 * HTTP_REQUEST_TIMEOUT for the whole request (Node answers 408 and closes), HTTP_IDLE_TIMEOUT of silence and
 * HTTP_KEEP_ALIVE_TIMEOUT between requests. (A request answered before its body has arrived is closed behind its
 * answer by ./lingering-close.ts.) docs/operations.md says what the proxy in front must cap as well.
 */
import type { FastifyHttpOptions } from 'fastify';
import type { Server } from 'node:http';
import type { HttpTimeouts } from '../config';

/**
 * Connections the kernel holds for the api to accept (listen's backlog; the kernel caps it at net.core.somaxconn).
 * Node's 511 overflows when more clients connect while the api's thread is busy (issue 20: 200 reviewers and 400
 * trickling sockets): the kernel then drops their handshakes and the clients retry after 1, 3, 7, 15 and 31 s, so a
 * reviewer's request reached the api up to 30 s after it was sent, then was answered in milliseconds.
 */
export const LISTEN_BACKLOG = 4096;

/** The server options of the timeouts; Node checks them every few seconds (sooner when they are short). */
export function serverTimeouts(
  timeouts: HttpTimeouts,
): Pick<FastifyHttpOptions<Server>, 'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout' | 'http'> {
  const shortest = Math.min(timeouts.headersMs, timeouts.requestMs);
  return {
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      requestTimeout: timeouts.requestMs,
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: Math.min(5_000, Math.max(50, Math.floor(shortest / 4))),
    },
  };
}
