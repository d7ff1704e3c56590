import { useEffect, type ReactNode } from 'react';
import { getRuntimeConfig } from '../config/runtime-config';
import { useSession } from '../session/session-store';

/**
 * Screens the spec restricts to super users send anyone else to the configured external claims page
 * (default the shell's /claims). The api enforces the same rule; this only spares a useless screen.
 */
export function RequireSuperUser({ children, redirectTo }: { children: ReactNode; redirectTo?: 'claims' | 'staging' }) {
  const role = useSession((s) => s.role);
  const allowed = role === 'super_user';
  useEffect(() => {
    if (allowed) return;
    const { externalClaimsUrl, externalStagingUrl } = getRuntimeConfig();
    window.location.assign(redirectTo === 'staging' ? externalStagingUrl : externalClaimsUrl);
  }, [allowed, redirectTo]);
  return allowed ? children : null;
}
