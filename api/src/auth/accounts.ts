/**
 * The current state of the accounts behind the tokens. A token says who signed in and what they were
 * then; every authenticated request checks what the account is now (active, role, organisation, token
 * generation) in the database, through a short cache (AUTH_CACHE_TTL, a few seconds) so that a burst of
 * calls costs one read. A change made in the database takes effect within that time; one made through
 * this process (logout of every session) at once, by `forget`; on PostgreSQL one made anywhere at once too,
 * heard by auth/changes.ts.
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Role } from '@claims/shared-kernel/constants';
import type { DbOrTx } from '../db';
import { revokedTokens, signInAddresses, users } from '../db/schema';
import type { SignInAddresses } from './login-throttle';

export interface AccountState {
  username: string;
  organization: string;
  role: Role;
  active: boolean;
  tokenVersion: number;
}

const MAX_ENTRIES = 10_000;

export class AccountStates {
  private readonly entries = new Map<string, { state: AccountState | null; until: number }>();
  /** Counts the forgets: a read that a forget overtook is not kept, as it may be the state from before the change. */
  private forgets = 0;

  constructor(
    private readonly db: DbOrTx,
    /** How long a read is reused, in milliseconds; 0 reads the database on every request. */
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The account named by a token's subject, or null when there is no such account. */
  async get(username: string): Promise<AccountState | null> {
    const at = this.now();
    const cached = this.entries.get(username);
    if (cached && cached.until > at) return cached.state;
    const forgetsBefore = this.forgets;
    const [row] = await this.db
      .select({
        username: users.username,
        organization: users.organization,
        role: users.role,
        active: users.active,
        tokenVersion: users.tokenVersion,
      })
      .from(users)
      .where(eq(users.username, username));
    const state = row ?? null;
    if (this.ttlMs > 0 && this.forgets === forgetsBefore) {
      if (this.entries.size >= MAX_ENTRIES) this.prune(at);
      this.entries.set(username, { state, until: at + this.ttlMs });
    }
    return state;
  }

  /** Drops the cached state of one account (after this process changed it). */
  forget(username: string): void {
    this.forgets++;
    this.entries.delete(username);
  }

  /** Drops every cached state (changes may have been missed). */
  forgetAll(): void {
    this.forgets++;
    this.entries.clear();
  }

  private prune(at: number): void {
    for (const [key, entry] of this.entries) if (entry.until <= at) this.entries.delete(key);
    // Still full: drop the oldest reads (a Map iterates in insertion order).
    for (const key of this.entries.keys()) {
      if (this.entries.size < MAX_ENTRIES) break;
      this.entries.delete(key);
    }
  }
}

/**
 * Whether a token was revoked (logged out), read through the same short cache as the accounts: a revocation
 * made by this process counts at once, one made by another process within the cache's time (on PostgreSQL at
 * once, heard by auth/changes.ts).
 */
export class TokenRevocations {
  private readonly checked = new Map<string, number>();
  private readonly revokedHere = new Set<string>();

  constructor(
    private readonly db: DbOrTx,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async isRevoked(jti: string): Promise<boolean> {
    if (this.revokedHere.has(jti)) return true;
    const at = this.now();
    if ((this.checked.get(jti) ?? 0) > at) return false;
    const [revoked] = await this.db.select({ jti: revokedTokens.jti }).from(revokedTokens).where(eq(revokedTokens.jti, jti));
    if (revoked) {
      this.remember(jti);
      return true;
    }
    if (this.ttlMs > 0) {
      if (this.checked.size >= MAX_ENTRIES) for (const [key, until] of this.checked) if (until <= at) this.checked.delete(key);
      if (this.checked.size < MAX_ENTRIES) this.checked.set(jti, at + this.ttlMs);
    }
    return false;
  }

  /** A token revoked by this process (or heard of): refused from now on. */
  remember(jti: string): void {
    this.checked.delete(jti);
    // Revoked tokens expire within TOKEN_TTL; the set is bounded like the checks.
    if (this.revokedHere.size >= MAX_ENTRIES) this.revokedHere.clear();
    this.revokedHere.add(jti);
  }

  /** Drops the cached 'not revoked' answers (revocations may have been missed). */
  forgetChecks(): void {
    this.checked.clear();
  }
}

/** An address not signed in from for this long is no longer known. */
const KNOWN_ADDRESS_DAYS = 90;

/**
 * The addresses each account has signed in from (table sign_in_addresses), read only when the account is throttled:
 * in the database, so that they survive a restart and every process sees them.
 */
export class KnownAddresses implements SignInAddresses {
  constructor(
    private readonly db: DbOrTx,
    private readonly now: () => number = Date.now,
  ) {}

  async isKnown(username: string, address: string): Promise<boolean> {
    const [known] = await this.db
      .select({ userId: signInAddresses.userId })
      .from(signInAddresses)
      .innerJoin(users, eq(users.id, signInAddresses.userId))
      .where(
        and(
          sql`lower(${users.username}) = lower(${username})`,
          eq(signInAddresses.address, address),
          gt(signInAddresses.lastSignedInAt, this.forgottenBefore()),
        ),
      );
    return known !== undefined;
  }

  /** Remembers (or refreshes) the address, and forgets the account's addresses unused for KNOWN_ADDRESS_DAYS. */
  async remember(userId: number, address: string): Promise<void> {
    const at = new Date(this.now());
    await this.db
      .insert(signInAddresses)
      .values({ userId, address, lastSignedInAt: at })
      .onConflictDoUpdate({ target: [signInAddresses.userId, signInAddresses.address], set: { lastSignedInAt: at } });
    await this.db
      .delete(signInAddresses)
      .where(and(eq(signInAddresses.userId, userId), lt(signInAddresses.lastSignedInAt, this.forgottenBefore())));
  }

  private forgottenBefore(): Date {
    return new Date(this.now() - KNOWN_ADDRESS_DAYS * 24 * 3600 * 1000);
  }
}
