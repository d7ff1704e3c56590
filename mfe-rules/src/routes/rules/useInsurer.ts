import { INSURERS, PROVIDER_ORG, isProviderOrg, useSession } from '@claims/shared-kernel';
import { useSearchParams } from 'react-router-dom';

/**
 * The insurer whose rules a screen shows, kept in ?org=: the provider's organisation may pick any
 * insurer (default its own); an insurer's users always see their own organisation.
 */
export function useInsurer(): { insurer: string; canChoose: boolean; choose: (code: string) => void } {
  const organization = useSession((s) => s.organization) ?? PROVIDER_ORG;
  const canChoose = isProviderOrg(organization);
  const [params, setParams] = useSearchParams();
  const requested = params.get('org');
  const insurer = canChoose ? (INSURERS.find((i) => i.code === requested)?.code ?? PROVIDER_ORG) : organization;
  const choose = (code: string) =>
    setParams(
      (p) => {
        p.set('org', code);
        return p;
      },
      { replace: true },
    );
  return { insurer, canChoose, choose };
}
