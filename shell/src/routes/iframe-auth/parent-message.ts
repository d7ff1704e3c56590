import type { ParentWindowMessage } from '@claims/shared-kernel';

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * The parent's sign-in message {access_token, user, organization, claimId} (spec 3 §7), checked by
 * hand: an object or its JSON text, three non-empty strings and a claim id (text or number).
 * Anything else is null.
 */
export function readParentMessage(data: unknown): ParentWindowMessage | null {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { access_token, user, organization, claimId } = value as Record<string, unknown>;
  if (!isText(access_token) || !isText(user) || !isText(organization)) return null;
  let claim: string | null = null;
  if (typeof claimId === 'number' && Number.isFinite(claimId)) claim = String(claimId);
  else if (isText(claimId)) claim = claimId.trim();
  if (claim === null) return null;
  return { access_token, user: user.trim(), organization: organization.trim(), claimId: claim };
}
