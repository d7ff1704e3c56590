import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '@claims/shared-kernel';
import { rememberReturnTo } from '../session/return-to';

/** Every route below needs a session: without one the visitor signs in first and comes back here. */
export function RequireAuth() {
  const token = useSession((s) => s.token);
  const { pathname, search } = useLocation();
  const target = pathname + search;
  useEffect(() => {
    if (!token) rememberReturnTo(target);
  }, [token, target]);
  return token ? <Outlet /> : <Navigate to="/" replace />;
}
