import { createSecretKey, type KeyObject, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { ROLES, type Role } from '@claims/shared-kernel/constants';

export interface AuthContext {
  username: string;
  organization: string;
  role: Role;
  /** The token's id, recorded on logout. */
  jti: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** The user's token generation when the token was issued (users.token_version); an older one is refused. */
  ver: number;
}

const ISSUER = 'claims-api';

/** The secret as a key object, made once: jose would otherwise make one from the bytes on every request. */
const keys = new WeakMap<Uint8Array, KeyObject>();
function keyOf(secret: Uint8Array): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(secret);
    keys.set(secret, key);
  }
  return key;
}

export async function issueToken(
  user: { username: string; organization: string; role: Role; tokenVersion: number },
  secret: Uint8Array,
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT({ org: user.organization, role: user.role, ver: user.tokenVersion })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.username)
    .setJti(randomUUID())
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(keyOf(secret));
}

/**
 * Tokens whose signature was checked, by their text: a reviewer's browser sends the same token with every call, and
 * checking an HMAC through WebCrypto costs more than the list query it guards. A hit is still refused once the
 * token expires; revocation and the account's state are checked on every request by the caller, not here.
 */
const VERIFIED_TOKENS_MAX = 10_000;
const verifiedBySecret = new WeakMap<Uint8Array, Map<string, AuthContext>>();

function verifiedTokens(secret: Uint8Array): Map<string, AuthContext> {
  let verified = verifiedBySecret.get(secret);
  if (!verified) {
    verified = new Map();
    verifiedBySecret.set(secret, verified);
  }
  return verified;
}

/**
 * The token's claims, or null when it is forged, expired or malformed. The organisation and role are those
 * at issue: the auth hook replaces them with the account's current ones (src/auth/accounts.ts).
 */
export async function readToken(token: string, secret: Uint8Array, nowSeconds = Date.now() / 1000): Promise<AuthContext | null> {
  const verified = verifiedTokens(secret);
  const known = verified.get(token);
  if (known) {
    if (known.exp > nowSeconds) return known;
    verified.delete(token);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'], issuer: ISSUER });
    const { sub, jti, exp, org, role, ver } = payload;
    if (!sub || !jti || !exp || typeof org !== 'string' || !ROLES.includes(role as Role)) return null;
    if (!Number.isInteger(ver)) return null;
    const claims: AuthContext = { username: sub, organization: org, role: role as Role, jti, exp, ver: ver as number };
    // The oldest entry makes room (Map keeps insertion order).
    if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value as string);
    verified.set(token, claims);
    return claims;
  } catch {
    return null;
  }
}
