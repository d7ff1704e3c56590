/**
 * Calls that read every row of a list or build a report or a spreadsheet are limited per user, not per address
 * (reviewers behind one proxy share an address), so one client repeating them cannot take the api from the
 * others; lists, pages and documents are never limited. Counted per route, within a minute.
 *
 * On PostgreSQL the counts are in a table every process shares (rate_limit_hits), so that N processes behind a
 * balancer allow what one does; the embedded database, which one process uses, keeps them in memory.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor, type RateLimitOptions } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db';
import { rateLimitHits } from '../db/schema';

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

/** How often each process drops the shared counts that have run out (theirs and the other processes'). */
const PRUNE_EVERY_MS = 60_000;

type RouteOptionsOfStore = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * @fastify/rate-limit's store over the shared table: the same fixed windows as its in-memory store (a key's window
 * starts at its first request and counts every request until it ends), kept by one atomic upsert per request on
 * the database's clock. Keys are prefixed by the route, as each route counts on its own.
 */
export function sharedRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const window = sql`(${timeWindow}::float8 * interval '1 millisecond')`;
      rowsOf<{ hits: number; ttl_ms: number }>(
        db,
        sql`insert into ${rateLimitHits} (key, hits, window_ends_at) values (${this.prefix + key}, 1, clock_timestamp() + ${window})
            on conflict (key) do update set
              hits = case when ${rateLimitHits.windowEndsAt} <= clock_timestamp() then 1 else ${rateLimitHits.hits} + 1 end,
              window_ends_at = case when ${rateLimitHits.windowEndsAt} <= clock_timestamp() then excluded.window_ends_at
                                    else ${rateLimitHits.windowEndsAt} end
            returning hits, greatest(0, ceil(extract(epoch from window_ends_at - clock_timestamp()) * 1000))::int as ttl_ms`,
      ).then(
        ([row]) => callback(null, { current: row.hits, ttl: row.ttl_ms }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: RouteOptionsOfStore): FastifyRateLimitStore {
      // The plugin passes the route's merged limit settings with the route under `routeInfo` (as its Redis store
      // reads it), not the route options its types declare.
      const { method, url } = (routeOptions as unknown as { routeInfo: { method: string | string[]; url: string } }).routeInfo;
      return new SharedRateLimitStore(routeOptions, `${this.prefix}${String(method)}${url}-`);
    }
  };
}

/**
 * @fastify/rate-limit with no global limit: only /login and the expensive calls opt in (route config `rateLimit`);
 * documents and lists are never throttled. `shared` (PostgreSQL) counts in the table every process reads.
 */
export async function registerRateLimits(app: FastifyInstance, shared: boolean): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(shared ? { store: sharedRateLimitStore(app.db) } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many attempts, retry in ${context.after}`,
    }),
  });
  if (!shared) return;
  const prune = setInterval(() => {
    app.db
      .delete(rateLimitHits)
      .where(lt(rateLimitHits.windowEndsAt, sql`clock_timestamp()`))
      .catch((error: unknown) => app.log.warn({ err: error }, 'pruning the shared rate-limit counts failed'));
  }, PRUNE_EVERY_MS);
  prune.unref();
  app.addHook('onClose', async () => clearInterval(prune));
}
