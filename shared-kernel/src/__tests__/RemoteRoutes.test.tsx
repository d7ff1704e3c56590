import { routeSegments } from '@claims/shared-kernel/contract';
import { renderScreen, signInAs, signOut } from '@claims/shared-kernel/testing';
import { RemoteRoutes, type ScreenRoute } from '@claims/shared-kernel/ui';
import { screen } from '@testing-library/react';
import { lazy } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';

const Where = () => <p>at {useLocation().pathname}</p>;
const ROUTES: readonly ScreenRoute[] = [
  { path: 'things', screen: lazy(async () => ({ default: () => <h1>Things</h1> })) },
  { path: 'things/view/:id', screen: () => <h1>One thing</h1>, superUserOnly: true },
  { path: 't', redirect: '/things' },
  { path: 'pageNotFound', screen: Where },
];
const render = (path: string) =>
  renderScreen(
    <Routes>
      <Route path="*" element={<RemoteRoutes routes={ROUTES} />} />
    </Routes>,
    path,
  );

afterEach(() => signOut());

describe('a route table', () => {
  it('shows a lazy screen once it has loaded', async () => {
    render('/things');
    expect(await screen.findByRole('heading', { name: 'Things' })).toBeInTheDocument();
  });

  it('sends a redirect row on, and any other path to /pageNotFound', async () => {
    render('/t');
    expect(await screen.findByRole('heading', { name: 'Things' })).toBeInTheDocument();
    render('/nowhere');
    expect(await screen.findByText('at /pageNotFound')).toBeInTheDocument();
  });

  it('shows a super-user row to a super user', async () => {
    signInAs('vitraya', 'super_user');
    render('/things/view/3');
    expect(await screen.findByRole('heading', { name: 'One thing' })).toBeInTheDocument();
  });

  it('owns the first segments of its screens, in order, and not those of its redirects', () => {
    expect(routeSegments(ROUTES)).toEqual(['things', 'pageNotFound']);
  });
});
