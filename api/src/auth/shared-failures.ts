/**
 * Failed sign-ins counted in a table (sign_in_failures) that every process on one PostgreSQL database shares, so
 * that failures spread over many processes add up as they do in one. Times are the database's clock, the same
 * for every machine. Each attempt is checked and counted under a transaction-scoped advisory lock on its account,
 * so that parallel attempts on different processes cannot all pass a limit.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../db';
import { signInFailures } from '../db/schema';
import type { CountedFailures, FailureCounts } from './login-throttle';

/** The first key of the two-part advisory locks the throttle takes (the second is the account's hash). */
const SIGN_IN_LOCKS = 21_002;

export class SharedFailures implements FailureCounts {
  constructor(
    private readonly db: Db,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  async start(accountKey: string, addressKey: string): Promise<{ waitMs: number } | { marks: CountedFailures; accountWaitMs: number }> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SIGN_IN_LOCKS}, hashtext(${accountKey}))`);
      const waitMs = await this.waitMs(tx, addressKey);
      if (waitMs > 0) return { waitMs };
      const accountWaitMs = await this.waitMs(tx, accountKey);
      const counted = await tx
        .insert(signInFailures)
        .values([
          { key: accountKey, failedAt: sql`clock_timestamp()` },
          { key: addressKey, failedAt: sql`clock_timestamp()` },
        ])
        .returning({ id: signInFailures.id, key: signInFailures.key });
      const markOf = (key: string) => counted.find((row) => row.key === key)?.id ?? 0;
      return { accountWaitMs, marks: { account: markOf(accountKey), address: markOf(addressKey) } };
    });
  }

  async withdraw(key: string, mark: number): Promise<void> {
    await this.db.delete(signInFailures).where(and(eq(signInFailures.id, mark), eq(signInFailures.key, key)));
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(signInFailures).where(eq(signInFailures.key, key));
  }

  /** Drops the failures older than the window, which no longer count (run now and then by every process). */
  async prune(): Promise<void> {
    await this.db.delete(signInFailures).where(lt(signInFailures.failedAt, sql`clock_timestamp() - ${this.window()}`));
  }

  /** Milliseconds until the key's `limit`-th latest failure leaves the window, or 0 when fewer are in it. */
  private async waitMs(tx: Tx, key: string): Promise<number> {
    const [row] = await rowsOf<{ wait_ms: number }>(
      tx,
      sql`select ceil(extract(epoch from ${signInFailures.failedAt} + ${this.window()} - clock_timestamp()) * 1000)::int as wait_ms
          from ${signInFailures}
          where ${signInFailures.key} = ${key} and ${signInFailures.failedAt} > clock_timestamp() - ${this.window()}
          order by ${signInFailures.failedAt} desc
          offset ${this.limit - 1} limit 1`,
    );
    return Math.max(0, row?.wait_ms ?? 0);
  }

  private window() {
    return sql`(${this.windowMs}::float8 * interval '1 millisecond')`;
  }
}
