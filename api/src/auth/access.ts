/**
 * The permissions the server enforces (spec README 'Roles'): organisation scoping, the provider's
 * right to act on an insurer's data, insurer users seeing only adjudicated claims, super_user calls.
 */
import { eq } from 'drizzle-orm';
import { PROVIDER_ORG, canCreateClaims, isDemoOrg, isProviderOrg } from '@claims/shared-kernel/constants';
import type { DbOrTx } from '../db';
import { organizations } from '../db/schema';
import { badRequest, forbidden } from '../http/errors';
import type { AuthContext } from './tokens';

export const NOT_AUTHORIZED = 'You are not authorized to perform this action';

export const isProvider = (auth: AuthContext): boolean => isProviderOrg(auth.organization);

/** Insurer users (not the provider, not a demo organisation) see only ADJUDICATED claims of their own. */
export const seesOnlyAdjudicated = (auth: AuthContext): boolean => !isProvider(auth) && !isDemoOrg(auth.organization);

export function requireSuperUser(auth: AuthContext): void {
  if (auth.role !== 'super_user') throw forbidden(`${NOT_AUTHORIZED}: only a super user may do this`);
}

export function requireProvider(auth: AuthContext): void {
  if (!isProvider(auth)) throw forbidden(NOT_AUTHORIZED);
}

/** POST /claims: super users of the organisations that may create claims (spec 1 §6). */
export function requireClaimCreator(auth: AuthContext): void {
  requireSuperUser(auth);
  if (!canCreateClaims(auth.organization)) throw forbidden(NOT_AUTHORIZED);
}

/** Re-running a verification is for the provider, a demo organisation and super users (insurer reviewers only read). */
export function requireRerunRight(auth: AuthContext): void {
  if (!isProvider(auth) && !isDemoOrg(auth.organization) && auth.role !== 'super_user') throw forbidden(NOT_AUTHORIZED);
}

/**
 * The organisation a call acts on: the provider may name any organisation with ?org= (its own by
 * default); everyone else always acts on their own, whatever they ask for.
 */
export async function scopeOrg(db: DbOrTx, auth: AuthContext, requested: string | undefined | null): Promise<string> {
  if (!isProvider(auth) || !requested || requested === PROVIDER_ORG) return isProvider(auth) ? PROVIDER_ORG : auth.organization;
  const [known] = await db.select({ code: organizations.code }).from(organizations).where(eq(organizations.code, requested));
  if (!known) throw badRequest(`org: unknown organisation '${requested}'`);
  return known.code;
}

/**
 * The organisation a write acts on: the provider may write any organisation's records (an insurer's overrides);
 * anyone else only their own, and asking for another organisation is refused (403), not quietly turned into a
 * write of their own. `what` names the records in the refusal ('rules', 'questions').
 */
export async function writableOrg(db: DbOrTx, auth: AuthContext, requested: string | undefined | null, what: string): Promise<string> {
  if (!isProvider(auth) && requested && requested !== auth.organization)
    throw forbidden(`${NOT_AUTHORIZED}: ${auth.organization} may change only its own ${what}, not those of ${requested}`);
  return scopeOrg(db, auth, requested);
}
