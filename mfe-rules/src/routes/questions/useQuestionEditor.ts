import { useSession } from '@claims/shared-kernel';
import { useQuery } from '@tanstack/react-query';
import { questionEditorQuery } from '../../api/questions';

/**
 * Whether the signed-in user is one of the named question editors, as the server says (GET /ppq/editors/me):
 * false while it answers and when it fails, so the controls appear only for those the server lets write.
 */
export function useQuestionEditor(): { canEdit: boolean; checking: boolean; failure: Error | null } {
  const user = useSession((s) => s.user);
  const { data, isPending, error } = useQuery(questionEditorQuery(user));
  return { canEdit: data === true, checking: isPending, failure: error };
}
