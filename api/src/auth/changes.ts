/**
 * Sign-outs, deactivations and demotions heard by every process at once (PostgreSQL). Triggers on `users`
 * (active, role, organisation, token generation, name; or the row deleted) and `revoked_tokens` (a logout) send a
 * notification on AUTH_CHANGES_CHANNEL when their transaction commits, whoever made the change (this api, another
 * process, an operator in psql); each process listens on one connection of its own and drops what it had cached.
 *
 * While that connection is down (the server restarted, the network broke) changes are not heard and the caches'
 * AUTH_CACHE_TTL holds; it is opened again with a growing pause, and the caches emptied when it is back, since
 * changes may have been missed meanwhile.
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** The channel of migration 0015's triggers; payloads 'user:<username>' and 'token:<jti>'. */
export const AUTH_CHANGES_CHANNEL = 'auth_changes';

const FIRST_RETRY_MS = 500;
const LONGEST_RETRY_MS = 30_000;

/** What a process does with what it hears. */
export interface AuthCaches {
  /** The account changed: read it again. */
  accountChanged(username: string): void;
  /** The token was logged out. */
  tokenRevoked(jti: string): void;
  /** Changes may have been missed: forget everything cached. */
  forgetAll(): void;
}

export class AuthChangeListener {
  private client: pg.Client | null = null;
  private retry: NodeJS.Timeout | null = null;
  private failures = 0;
  private closed = false;

  constructor(
    private readonly connection: pg.ClientConfig,
    private readonly caches: AuthCaches,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Listening, or (when the database does not answer) trying again in the background: never throws. */
  async start(): Promise<void> {
    await this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    this.retry = null;
    if (this.closed) return;
    // keepAlive: a connection dropped without a word (a balancer's idle cut) is noticed rather than trusted for good.
    const client = new pg.Client({ ...this.connection, keepAlive: true });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      client.end().catch(() => {});
      if (this.closed) return;
      const wait = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** this.failures++);
      this.log.warn(
        `not hearing account changes from the database (${error?.message ?? 'connection closed'}); ` +
          `within AUTH_CACHE_TTL meanwhile, listening again in ${wait} ms`,
      );
      this.retry = setTimeout(() => void this.connect(), wait);
      this.retry.unref();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => this.heard(message.payload ?? ''));
    try {
      await client.connect();
      await client.query(`listen ${AUTH_CHANGES_CHANNEL}`);
    } catch (error) {
      onLost(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (lost) return;
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    if (this.failures > 0) this.log.info('hearing account changes from the database again');
    this.failures = 0;
    this.caches.forgetAll();
  }

  private heard(payload: string): void {
    const colon = payload.indexOf(':');
    const [kind, value] = [payload.slice(0, colon), payload.slice(colon + 1)];
    if (kind === 'user') this.caches.accountChanged(value);
    else if (kind === 'token') this.caches.tokenRevoked(value);
  }
}

/**
 * The settings of the database's pool, for the listener's connection of its own (LISTEN holds a connection for
 * good, which would take one from the pool's requests).
 */
export function connectionOfPool(db: unknown): pg.ClientConfig {
  // drizzle's node-postgres database keeps its pool as `$client`; the Db type shared with PGlite does not show it.
  return (db as { $client: pg.Pool }).$client.options;
}
