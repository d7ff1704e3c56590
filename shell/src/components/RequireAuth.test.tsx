jest.mock('@module-federation/enhanced/runtime', () => require('../testing/federation-runtime-mock'));

import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, sessionStore } from '@claims/shared-kernel';
import { queryClient } from '@claims/shared-kernel/data';
import { failure, fakeApi, signInAs, signOut } from '@claims/shared-kernel/testing';
import { renderShell } from '../testing/render-shell';

const LOGIN_ANSWER = { access_token: 't', token_type: 'bearer', organization: 'vitraya', role: 'user', user: 'vitraya.reviewer' } as const;

beforeEach(() => {
  signOut();
  fakeApi({
    'POST /login': LOGIN_ANSWER,
    'POST /logout': { detail: 'Logged out' },
    'GET /version': { name: 'claims-api', version: '0.3.0' },
  });
});
afterEach(() => jest.restoreAllMocks());

async function signIn() {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText('Username'), 'vitraya.reviewer');
  await user.type(screen.getByLabelText('Password'), 'demo-password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

const location = () => screen.getByTestId('location');

describe('the route guard', () => {
  it('sends a visitor without a session to the root and back to the page they wanted after sign-in', async () => {
    renderShell('/claims/42?org=starhealth');
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/$/);
    await signIn();
    expect(await screen.findByText('mfe_claims renders /claims/42')).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/claims\/42\?org=starhealth$/);
  });

  it('also guards unknown paths (they become page not found once signed in)', async () => {
    renderShell('/nowhere');
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    await signIn();
    expect(await screen.findByText(/the page you have requested is not found/)).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/pageNotFound$/);
  });

  it('remembers the page when the session ends on its own (an expired token) and returns there', async () => {
    signInAs('vitraya', 'user');
    renderShell('/hospitals/view/H-7');
    expect(await screen.findByText('mfe_masters renders /hospitals/view/H-7')).toBeInTheDocument();
    act(() => clearSession());
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    await signIn();
    expect(await screen.findByText('mfe_masters renders /hospitals/view/H-7')).toBeInTheDocument();
  });

  it('ends the session when a call answers 401, empties the cache, and returns to the page after sign-in', async () => {
    // The sign-out cancels the failed query quietly: nothing is logged.
    const versions = [failure(401, 'Token revoked')];
    const api = fakeApi({ 'GET /version': () => versions.shift() ?? { name: 'claims-api', version: '0.3.0' } });
    signInAs('vitraya', 'user');
    renderShell('/hospitals/view/H-7');
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(sessionStore.getState().token).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    await signIn();
    expect(await screen.findByText('mfe_masters renders /hospitals/view/H-7')).toBeInTheDocument();
    expect(await screen.findByText('v0.3.0')).toBeInTheDocument();
    expect(api.callsTo('GET /version').map((call) => call.headers.get('authorization'))).toEqual(['Bearer test-token', 'Bearer t']);
  });

  it('does not carry the page over a deliberate logout: the next sign-in starts at /claims', async () => {
    signInAs('vitraya', 'user');
    const user = userEvent.setup({ delay: null });
    renderShell('/hospitals/view/H-7');
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByText('Logout'));
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    await signIn();
    expect(await screen.findByText('mfe_claims renders /claims')).toBeInTheDocument();
  });

  it('leaves the open routes open', async () => {
    renderShell('/failedauth');
    expect(await screen.findByText('Authentication Failed')).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/failedauth$/);
  });

  it('redirects /up to /uploadsDownloads', async () => {
    signInAs('vitraya');
    renderShell('/up');
    expect(await screen.findByText('mfe_operations renders /uploadsDownloads')).toBeInTheDocument();
  });
});
