import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PageLoading } from './components/PageLoading';
import { RequireAuth } from './components/RequireAuth';
import { loadSharedKernelUi } from './federation/runtime';
import { isAuthenticated, useSession } from '@claims/shared-kernel';
import { SHELL_ROUTES, type ShellRoute } from './routes/table';

// The signed-in frame and the areas use the full antd; the sign-in page must not wait for it, so
// they are fetched (as one chunk) only once the user is signed in, with the kernel's UI the areas use.
const ShellLayout = lazy(async () => {
  const [{ ShellLayout: layout }] = await Promise.all([
    import(/* webpackChunkName: "signed-in" */ './layout/ShellLayout'),
    loadSharedKernelUi(),
  ]);
  return { default: layout };
});
const AreaOutlet = lazy(() =>
  import(/* webpackChunkName: "signed-in" */ './components/AreaOutlet').then((m) => ({ default: m.AreaOutlet })),
);

const routesFor = (access: ShellRoute['access']) =>
  SHELL_ROUTES.filter((route) => route.access === access).map((route) => (
    <Route key={route.path} path={route.path} element={'redirect' in route ? <Navigate to={route.redirect} replace /> : <route.screen />} />
  ));

/**
 * The shell's router, from its route table: the open routes, then everything that needs a session, rendered
 * by the remote that owns its first segment under a root splat route, so the remote's own <Routes> see the full
 * path.
 */
export function ShellRoutes() {
  const signedIn = useSession(isAuthenticated);
  return (
    <Routes>
      {routesFor('open')}
      {!signedIn && routesFor('signedOut')}
      <Route element={<RequireAuth />}>
        <Route
          element={
            <Suspense fallback={<PageLoading />}>
              <ShellLayout />
            </Suspense>
          }
        >
          {routesFor('signedIn')}
          <Route path="*" element={<AreaOutlet />} />
        </Route>
      </Route>
    </Routes>
  );
}
