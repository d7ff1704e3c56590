jest.mock('@module-federation/enhanced/runtime', () => require('../../testing/federation-runtime-mock'));
jest.mock('../../framing', () => ({ isFramed: jest.fn(() => false) }));

import { screen } from '@testing-library/react';
import { setRuntimeConfig } from '@claims/shared-kernel';
import { fakeApi, signInAs, signOut } from '@claims/shared-kernel/testing';
import { isFramed } from '../../framing';
import { renderShell } from '../../testing/render-shell';

const framed = jest.mocked(isFramed);

beforeEach(() => {
  signOut();
  framed.mockReturnValue(false);
  setRuntimeConfig({ parentOrigins: ['https://portal.example'] });
  fakeApi({ 'GET /version': { name: 'claims-api', version: '0.3.0' } });
});
afterEach(() => jest.restoreAllMocks());

describe('the root, in the order of spec 3 §2.1', () => {
  it('1. shows the authenticating text when the query asks for the iframe handshake, even when signed in and framed', async () => {
    signInAs('vitraya');
    framed.mockReturnValue(true);
    renderShell('/?iframeauthenticate');
    expect(await screen.findByText('Authenticating User ...')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/?iframeauthenticate');
  });

  it('2. sends a signed-in user to /claims, also inside a frame', async () => {
    signInAs('starhealth', 'user');
    framed.mockReturnValue(true);
    renderShell('/');
    expect(await screen.findByText('mfe_claims renders /claims')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/claims$/);
  });

  it('3. shows Authentication Failed inside a frame without a session, and no sign-in form', async () => {
    framed.mockReturnValue(true);
    renderShell('/');
    expect(await screen.findByText('Authentication Failed')).toBeInTheDocument();
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go to sign-in' })).not.toBeInTheDocument();
  });

  it('4. shows the sign-in screen otherwise', async () => {
    renderShell('/');
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByLabelText('Product demo')).toBeInTheDocument();
  });
});
