import { type ComponentType, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { RequireSuperUser } from '@claims/shared-kernel';
import { ScreenLoading } from './ScreenLoading';

/**
 * One row of a remote's route table: a literal path (full, without the leading slash, since the shell renders
 * the remote under its root splat route) and the screen it shows, or where it sends the user instead.
 */
export type ScreenRoute =
  | {
      path: string;
      /** The route's component; `lazy(() => import(...))` so that it loads on first visit. */
      screen: ComponentType;
      /** The screen sends anyone but a super user away (spec 2 §6); the api refuses them as well. */
      superUserOnly?: boolean;
    }
  | { path: string; redirect: string };

/**
 * A remote's routes, from its route table: each row's screen (waiting on a spinner while its code loads),
 * and any other path sent to /pageNotFound. The same table gives the area declaration its segments.
 */
export function RemoteRoutes({ routes }: { routes: readonly ScreenRoute[] }) {
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Routes>
        {routes.map((route) => (
          <Route key={route.path} path={route.path} element={routeElement(route)} />
        ))}
        <Route path="*" element={<Navigate to="/pageNotFound" replace />} />
      </Routes>
    </Suspense>
  );
}

function routeElement(route: ScreenRoute) {
  if ('redirect' in route) return <Navigate to={route.redirect} replace />;
  const Screen = route.screen;
  return route.superUserOnly ? (
    <RequireSuperUser>
      <Screen />
    </RequireSuperUser>
  ) : (
    <Screen />
  );
}
