/**
 * Failed sign-ins, counted twice: per account from any address, and per account and address. The per-address
 * limit of /login across accounts (LOGIN_RATE_LIMIT) is @fastify/rate-limit's.
 *
 * - LOGIN_ACCOUNT_LIMIT failures within LOGIN_ACCOUNT_WINDOW from one address make the account wait there, the
 *   right password included (guessing from an address the user signs in from is slowed down too).
 * - The same number of failures from all addresses together make the account wait everywhere except at the
 *   addresses it has signed in from successfully before (KnownAddresses, in the database): failures from elsewhere
 *   cannot lock the user out, while guesses from anywhere new stay capped.
 *
 * An attempt counts as failed from its start until it succeeds, so that parallel guesses cannot pass a limit; a
 * success clears its address's count and withdraws its own provisional failure from the account's, whose other
 * failures stay for their window. Names are counted whether or not the account exists, so the answer says nothing
 * about which names do. On PostgreSQL the counts are in a table every process shares (auth/shared-failures.ts); on
 * the embedded database, which one process uses, in memory, forgotten on restart (api/README.md).
 */

const MAX_KEYS = 10_000;

/** Failures per key within a sliding window: the key waits once `limit` of them are in it. */
export class LoginThrottle {
  /** Times of the recent failures, oldest first, by lower-cased key. */
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until the key may try again, or 0 when it may now. */
  retryAfterMs(key: string): number {
    const recent = this.recent(key.toLowerCase(), this.now());
    if (recent.length < this.limit) return 0;
    return recent[recent.length - this.limit] + this.windowMs - this.now();
  }

  /** Counts a failure; answers its time, which `withdraw` takes back. */
  failed(key: string): number {
    const lower = key.toLowerCase();
    const at = this.now();
    const recent = this.recent(lower, at);
    recent.push(at);
    // Only the last `limit` failures decide anything; as many again leave room for provisional ones withdrawn later.
    if (recent.length > 2 * this.limit) recent.splice(0, recent.length - 2 * this.limit);
    this.failures.delete(lower);
    if (this.failures.size >= MAX_KEYS) this.prune(at);
    this.failures.set(lower, recent);
    return at;
  }

  /** Takes back one failure counted at `at` (an attempt that succeeded after all). */
  withdraw(key: string, at: number): void {
    const times = this.failures.get(key.toLowerCase());
    const index = times?.lastIndexOf(at) ?? -1;
    if (index >= 0) times?.splice(index, 1);
  }

  succeeded(key: string): void {
    this.failures.delete(key.toLowerCase());
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
      if (this.failures.size < MAX_KEYS) break;
      this.failures.delete(key);
    }
  }
}

/** The addresses an account has signed in from (auth/accounts.ts keeps them in the database). */
export interface SignInAddresses {
  isKnown(username: string, address: string): Promise<boolean>;
  remember(userId: number, address: string): Promise<void>;
}

/** Where failures are counted: in memory (`InMemoryFailures`) or in a table all processes share. */
export interface FailureCounts {
  /**
   * One step, so that parallel attempts (on any process) see each other: how long `addressKey` must wait, or when
   * it need not, a failure counted on both keys (marks for `withdraw`) and how long `accountKey` had to wait before.
   */
  start(accountKey: string, addressKey: string): Promise<{ waitMs: number } | { marks: CountedFailures; accountWaitMs: number }>;
  /** Takes back the one failure marked `mark`. */
  withdraw(key: string, mark: number): Promise<void>;
  /** Forgets every failure of the key. */
  clear(key: string): Promise<void>;
}

export interface CountedFailures {
  account: number;
  address: number;
}

/** The counts of one process, for the embedded database. */
export class InMemoryFailures implements FailureCounts {
  private readonly counts: LoginThrottle;

  constructor(limit: number, windowMs: number, now: () => number = Date.now) {
    this.counts = new LoginThrottle(limit, windowMs, now);
  }

  async start(accountKey: string, addressKey: string) {
    const waitMs = this.counts.retryAfterMs(addressKey);
    if (waitMs > 0) return { waitMs };
    const accountWaitMs = this.counts.retryAfterMs(accountKey);
    return { accountWaitMs, marks: { account: this.counts.failed(accountKey), address: this.counts.failed(addressKey) } };
  }

  async withdraw(key: string, mark: number): Promise<void> {
    this.counts.withdraw(key, mark);
  }

  async clear(key: string): Promise<void> {
    this.counts.succeeded(key);
  }
}

/** A sign-in under way: counted as failed until `succeeded`. */
export interface SignInAttempt {
  username: string;
  address: string;
  /** Its provisional failures. */
  marks: CountedFailures;
}

export class SignInThrottle {
  constructor(
    private readonly failures: FailureCounts,
    private readonly addresses: SignInAddresses,
  ) {}

  /**
   * Starts a sign-in of `username` from `address`: the attempt, counted as failed until it succeeds, or how long the
   * account must wait there (a refused attempt is not counted).
   */
  async start(username: string, address: string): Promise<{ attempt: SignInAttempt } | { waitMs: number }> {
    // Counted before the known-address lookup below, so that parallel attempts from one address see each other.
    const counted = await this.failures.start(accountKey(username), addressKey(username, address));
    if ('waitMs' in counted) return counted;
    const attempt = { username, address, marks: counted.marks };
    if (counted.accountWaitMs === 0 || (await this.addresses.isKnown(username, address))) return { attempt };
    await this.failures.withdraw(accountKey(username), attempt.marks.account);
    await this.failures.withdraw(addressKey(username, address), attempt.marks.address);
    return { waitMs: counted.accountWaitMs };
  }

  /** The attempt signed `userId` in: its address's count is cleared and the address remembered as known. */
  async succeeded(attempt: SignInAttempt, userId: number): Promise<void> {
    await this.failures.clear(addressKey(attempt.username, attempt.address));
    await this.failures.withdraw(accountKey(attempt.username), attempt.marks.account);
    await this.addresses.remember(userId, attempt.address);
  }
}

/** The two counts' keys, apart by their prefix (an account's key cannot be taken for an address's). */
const accountKey = (username: string) => `account:${username.toLowerCase()}`;
const addressKey = (username: string, address: string) => `address:${username.toLowerCase()}\n${address.toLowerCase()}`;

/** '3 minutes', '45 seconds': how long a throttled account waits, for the answer's detail. */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
