import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PageLoading } from './components/PageLoading';
import { RequireAuth } from './components/RequireAuth';
import { loadSharedKernelUi } from './federation/runtime';
import { AuthFailedPage } from './routes/failed-auth/AuthFailedPage';
import { IframeAuthenticate } from './routes/iframe-auth/IframeAuthenticate';
import { isAuthenticated, useSession } from '@claims/shared-kernel';
import { NotFoundPage, SignedInNotFoundPage } from './routes/not-found/NotFoundPage';
import { RootPage } from './routes/root/RootPage';

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

/**
 * The route table of spec 3 §2.1. Four routes are open; everything else needs a session and is
 * rendered by the remote that owns its first segment, under a root splat route so the remote's
 * own <Routes> see the full path.
 */
export function ShellRoutes() {
  const signedIn = useSession(isAuthenticated);
  return (
    <Routes>
      <Route path="/" element={<RootPage />} />
      <Route path="/iframeauthenticate" element={<IframeAuthenticate />} />
      <Route path="/failedauth" element={<AuthFailedPage />} />
      {!signedIn && <Route path="/pageNotFound" element={<NotFoundPage />} />}
      <Route element={<RequireAuth />}>
        <Route
          element={
            <Suspense fallback={<PageLoading />}>
              <ShellLayout />
            </Suspense>
          }
        >
          <Route path="/up" element={<Navigate to="/uploadsDownloads" replace />} />
          <Route path="/pageNotFound" element={<SignedInNotFoundPage />} />
          <Route path="*" element={<AreaOutlet />} />
        </Route>
      </Route>
    </Routes>
  );
}
