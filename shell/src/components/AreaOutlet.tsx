import { Navigate, useLocation } from 'react-router-dom';
import { remoteForPath } from '../areas';
import { RemoteArea } from './RemoteArea';

/** The root splat route: the first path segment picks the remote; no owner means page not found. */
export function AreaOutlet() {
  const { pathname } = useLocation();
  const remote = remoteForPath(pathname);
  if (!remote) return <Navigate to="/pageNotFound" replace />;
  return <RemoteArea key={remote} remote={remote} />;
}
