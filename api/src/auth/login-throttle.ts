/**
 * Failed sign-ins per account (LOGIN_ACCOUNT_LIMIT failures within LOGIN_ACCOUNT_WINDOW), whatever the
 * address they come from; the per-address limit of /login (LOGIN_RATE_LIMIT) is @fastify/rate-limit's.
 * Once an account has reached the limit, every attempt for it (the right password included) answers 429
 * until its oldest counted failure leaves the window; a successful sign-in clears its count. Names are
 * counted whether or not the account exists, so the answer says nothing about which names do.
 *
 * Kept in memory: per process, and forgotten on restart (documented in api/README.md).
 */

const MAX_ACCOUNTS = 10_000;

export class LoginThrottle {
  /** Times of the recent failures, oldest first, by lower-cased username. */
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until the account may try again, or 0 when it may now. */
  retryAfterMs(username: string): number {
    const recent = this.recent(username.toLowerCase(), this.now());
    if (recent.length < this.limit) return 0;
    return recent[recent.length - this.limit] + this.windowMs - this.now();
  }

  failed(username: string): void {
    const key = username.toLowerCase();
    const at = this.now();
    const recent = this.recent(key, at);
    recent.push(at);
    // Only the last `limit` failures decide anything.
    if (recent.length > this.limit) recent.splice(0, recent.length - this.limit);
    this.failures.delete(key);
    if (this.failures.size >= MAX_ACCOUNTS) this.prune(at);
    this.failures.set(key, recent);
  }

  succeeded(username: string): void {
    this.failures.delete(username.toLowerCase());
  }

  private recent(key: string, at: number): number[] {
    const times = this.failures.get(key) ?? [];
    const kept = times.filter((t) => t > at - this.windowMs);
    if (kept.length === 0) this.failures.delete(key);
    return kept;
  }

  private prune(at: number): void {
    for (const [key, times] of this.failures) if (times[times.length - 1] <= at - this.windowMs) this.failures.delete(key);
    for (const key of this.failures.keys()) {
      if (this.failures.size < MAX_ACCOUNTS) break;
      this.failures.delete(key);
    }
  }
}

/** '3 minutes', '45 seconds': how long a throttled account waits, for the answer's detail. */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
