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
}

const ISSUER = 'claims-api';

export async function issueToken(
  user: { username: string; organization: string; role: Role },
  secret: Uint8Array,
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT({ org: user.organization, role: user.role })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.username)
    .setJti(randomUUID())
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(secret);
}

/** The token's claims, or null when it is forged, expired or malformed. */
export async function readToken(token: string, secret: Uint8Array): Promise<AuthContext | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: ISSUER });
    const { sub, jti, exp, org, role } = payload;
    if (!sub || !jti || !exp || typeof org !== 'string' || !ROLES.includes(role as Role)) return null;
    return { username: sub, organization: org, role: role as Role, jti, exp };
  } catch {
    return null;
  }
}
