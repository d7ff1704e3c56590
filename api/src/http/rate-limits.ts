/**
 * Calls that read every row of a list or build a report or a spreadsheet are limited per user, not per address
 * (reviewers behind one proxy share an address), so one client repeating them cannot take the api from the
 * others; lists, pages and documents are never limited. Counted per route, within a minute.
 */
import type { FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';

/** Downloads and reports one user may ask for per route and minute: more than anyone clicks, fewer than a loop sends. */
export const EXPENSIVE_CALLS_PER_MINUTE = 20;

/** The signed-in user (authentication runs before the limit); the address only for a call that has none. */
export const userKey = (request: FastifyRequest): string => (request.auth ? `user:${request.auth.username}` : `ip:${request.ip}`);

/**
 * The route config `rateLimit` of an expensive call; `onlyWhen` limits just the requests it picks (a search
 * only when it downloads the whole list), the others pass uncounted.
 */
export function perUserLimit(onlyWhen?: (request: FastifyRequest) => boolean): RateLimitOptions {
  return {
    max: EXPENSIVE_CALLS_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: userKey,
    ...(onlyWhen ? { allowList: (request: FastifyRequest) => !onlyWhen(request) } : {}),
  };
}

/** `?download=True` (or true, 1) as the search reads it, from the raw query the limit sees before validation. */
export const asksForDownload = (request: FastifyRequest): boolean =>
  ['true', '1'].includes(String((request.query as Record<string, unknown>).download ?? '').toLowerCase());
