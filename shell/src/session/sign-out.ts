import { useNavigate } from 'react-router-dom';
import { logout } from '@claims/shared-kernel';
import { forgetReturnTo, markDeliberateSignOut } from './return-to';

/** Logout from the user menu and the not-found page: end the session, then the root. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    markDeliberateSignOut();
    await logout();
    forgetReturnTo();
    void navigate('/', { replace: true });
  };
}
