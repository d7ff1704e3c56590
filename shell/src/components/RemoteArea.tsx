import { Suspense, useCallback, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { RemoteName } from '../areas';
import { areaRoutes, reloadRemote } from '../federation/runtime';
import { AreaErrorBoundary } from './AreaErrorBoundary';
import { PageLoading } from './PageLoading';

/** One remote's screens, fetched when first needed; a failure shows a panel with Retry in its place. */
export function RemoteArea({ remote }: { remote: RemoteName }) {
  const { pathname } = useLocation();
  // Retry replaces the remote's lazy component (React.lazy keeps a failure for good); the count
  // only makes this area render again to pick up the new one.
  const [, setAttempts] = useState(0);
  const AreaRoutes = areaRoutes(remote);
  const retry = useCallback(() => {
    reloadRemote(remote);
    setAttempts((n) => n + 1);
  }, [remote]);
  return (
    <AreaErrorBoundary remote={remote} resetKey={pathname} onRetry={retry}>
      <Suspense fallback={<PageLoading />}>
        <AreaRoutes />
      </Suspense>
    </AreaErrorBoundary>
  );
}
