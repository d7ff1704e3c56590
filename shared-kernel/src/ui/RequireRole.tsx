import { useEffect, type ReactNode } from 'react';
import { isProviderOrg } from '../constants';
import { getRuntimeConfig } from '../config/runtime-config';
import { noteRefusal, REFUSALS } from '../session/refusal-store';
import { type SessionState, useSession } from '../session/session-store';

/**
 * Whether the session may use a super-user screen: a super user, and with `providerOnly` one of the provider's
 * organisation (master data: the api refuses anyone else's writes).
 */
export const mayUseSuperUserScreen = (session: Pick<SessionState, 'role' | 'organization'>, providerOnly = false): boolean =>
  session.role === 'super_user' && (!providerOnly || isProviderOrg(session.organization));

/**
 * Screens the spec restricts to super users send anyone else to the configured external claims page
 * (default the shell's /claims), saying why there. The api enforces the same rule; this only spares a useless screen.
 * `providerOnly`: only the provider's super users (an insurer's super user would meet nothing but refusals).
 */
export function RequireSuperUser({
  children,
  redirectTo,
  providerOnly = false,
}: {
  children: ReactNode;
  redirectTo?: 'claims' | 'staging';
  providerOnly?: boolean;
}) {
  const allowed = useSession((s) => mayUseSuperUserScreen(s, providerOnly));
  useEffect(() => {
    if (allowed) return;
    noteRefusal(providerOnly ? REFUSALS.providerSuperUserOnly : REFUSALS.superUserOnly);
    const { externalClaimsUrl, externalStagingUrl } = getRuntimeConfig();
    window.location.assign(redirectTo === 'staging' ? externalStagingUrl : externalClaimsUrl);
  }, [allowed, providerOnly, redirectTo]);
  return allowed ? children : null;
}
