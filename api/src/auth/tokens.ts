import { randomUUID } from 'node:crypto';
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
    .sign(secret);
}

/**
 * The token's claims, or null when it is forged, expired or malformed. The organisation and role are those
 * at issue: the auth hook replaces them with the account's current ones (src/auth/accounts.ts).
 */
export async function readToken(token: string, secret: Uint8Array): Promise<AuthContext | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: ISSUER });
    const { sub, jti, exp, org, role, ver } = payload;
    if (!sub || !jti || !exp || typeof org !== 'string' || !ROLES.includes(role as Role)) return null;
    if (!Number.isInteger(ver)) return null;
    return { username: sub, organization: org, role: role as Role, jti, exp, ver: ver as number };
  } catch {
    return null;
  }
}
