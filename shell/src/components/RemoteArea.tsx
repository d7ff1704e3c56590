import { Flex, Spin } from 'antd';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { RemoteName } from '../areas';
import { loadAreaRoutes, reloadRemote } from '../federation/runtime';
import { AreaErrorBoundary } from './AreaErrorBoundary';

/** One remote's screens, fetched when first needed; a failure shows a panel with Retry in its place. */
export function RemoteArea({ remote }: { remote: RemoteName }) {
  const { pathname } = useLocation();
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt: React.lazy remembers a rejection for good.
  const AreaRoutes = useMemo(() => lazy(() => loadAreaRoutes(remote)), [remote, attempt]);
  const retry = useCallback(() => {
    reloadRemote(remote);
    setAttempt((n) => n + 1);
  }, [remote]);
  return (
    <AreaErrorBoundary remote={remote} resetKey={pathname} onRetry={retry}>
      <Suspense
        fallback={
          <Flex justify="center" style={{ padding: 64 }}>
            <Spin size="large" aria-label="Loading" />
          </Flex>
        }
      >
        <AreaRoutes />
      </Suspense>
    </AreaErrorBoundary>
  );
}
