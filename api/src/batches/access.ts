/**
 * Who may use the console and the batches (spec 3 §6): the console is a super user's, and its refusals carry exactly
 * the spec's text; the claims list's batches are the provider's and demo organisations'.
 */
import { isDemoOrg } from '@claims/shared-kernel/constants';
import { isProvider, NOT_AUTHORIZED, scopeOrg } from '../auth/access';
import type { AuthContext } from '../auth/tokens';
import type { DbOrTx } from '../db';
import { forbidden } from '../http/errors';

/** Every console call, read or write: 403 'You are not authorized to perform this action' for anyone but a super user. */
export function requireConsoleUser(auth: AuthContext): void {
  if (auth.role !== 'super_user') throw forbidden(NOT_AUTHORIZED);
}

/** Console batches (downloaded) are a super user's; the claims list's batches the provider's and demo organisations'. */
export function requireBatchRight(auth: AuthContext, downloaded: boolean): void {
  if (downloaded) requireConsoleUser(auth);
  else if (!isProvider(auth) && !isDemoOrg(auth.organization)) throw forbidden(NOT_AUTHORIZED);
}

/**
 * POST /claim/batch/create before its body is read: only those who may make some batch (a super user, or the provider's
 * and demo organisations' users for the claims list) get as far as validation; requireBatchRight then decides by the
 * body's downloadedClaimFlag.
 */
export function requireAnyBatchRight(auth: AuthContext): void {
  if (auth.role !== 'super_user' && !isProvider(auth) && !isDemoOrg(auth.organization)) throw forbidden(NOT_AUTHORIZED);
}

/**
 * Whether a request body, not yet validated, asks for a console batch: downloadedClaimFlag true, or any spelling of true
 * (validation then refuses the spellings it does not take, but only after the right has been checked).
 */
export function asksForConsoleBatch(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || !('downloadedClaimFlag' in body)) return false;
  const flag = body.downloadedClaimFlag;
  return flag === true || flag === 1 || (typeof flag === 'string' && ['true', '1'].includes(flag.trim().toLowerCase()));
}

/** The organisation a console call acts on: a super user's own, or for the provider the insurer it names. */
export async function consoleOrg(db: DbOrTx, auth: AuthContext, requested: string | undefined): Promise<string> {
  requireConsoleUser(auth);
  return scopeOrg(db, auth, requested);
}
