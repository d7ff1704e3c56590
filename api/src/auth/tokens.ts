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
 * The token's claims, or null when it is forged, expired or malformed. The organisation and role are those
 * at issue: the auth hook replaces them with the account's current ones (src/auth/accounts.ts).
 */
export async function readToken(token: string, secret: Uint8Array): Promise<AuthContext | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'], issuer: ISSUER });
    const { sub, jti, exp, org, role, ver } = payload;
    if (!sub || !jti || !exp || typeof org !== 'string' || !ROLES.includes(role as Role)) return null;
    if (!Number.isInteger(ver)) return null;
    return { username: sub, organization: org, role: role as Role, jti, exp, ver: ver as number };
  } catch {
    return null;
  }
}
