import { isProviderOrg, useSession } from '@claims/shared-kernel';
import { useQuery } from '@tanstack/react-query';
import { annotationUsersQuery } from '../../api/annotations';

/**
 * Annotation mode (spec 1 §4): on when the server's list of annotation users holds the signed-in user of the
 * provider's organisation. Nobody else asks (the api refuses them the list).
 */
export function useAnnotationMode(): boolean {
  const provider = useSession((s) => isProviderOrg(s.organization));
  const user = useSession((s) => s.user);
  const { data: users } = useQuery({ ...annotationUsersQuery(), enabled: provider && !!user });
  return provider && !!user && !!users?.includes(user);
}
