jest.mock('@module-federation/enhanced/runtime', () => require('../../testing/federation-runtime-mock'));
jest.mock('../../framing', () => ({ isFramed: jest.fn(() => false) }));

import { act, screen } from '@testing-library/react';
import { sessionStore, setRuntimeConfig } from '@claims/shared-kernel';
import { expectConsoleError, type FakeAnswer, failure, fakeApi, signOut } from '@claims/shared-kernel/testing';
import { isFramed } from '../../framing';
import { renderShell } from '../../testing/render-shell';
import { READY_MESSAGE } from './IframeAuthenticateScreen';
import { readParentMessage } from './parent-message';

const PORTAL = 'https://portal.example';
const ME = { user: 'starhealth.reviewer', organization: 'starhealth', role: 'user' } as const;
const MESSAGE = { access_token: 'parent-token', user: ME.user, organization: ME.organization, claimId: 77 };

/** GET /me answers for the parent's token only, like the api. */
const me: FakeAnswer<'GET /me'> = (call) =>
  call.headers.get('authorization') === 'Bearer parent-token' ? ME : failure(401, 'Could not validate credentials');

function parentPosts(data: unknown, origin = PORTAL, source: Window | null = window.parent) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  });
}

const location = () => screen.getByTestId('location');

beforeEach(() => {
  signOut();
  jest.mocked(isFramed).mockReturnValue(false);
  setRuntimeConfig({ parentOrigins: [PORTAL, 'https://other-portal.example'] });
});
afterEach(() => jest.restoreAllMocks());

describe('the parent-window handshake', () => {
  it('signs in from an allowed origin with a token the api confirms, and opens the claim', async () => {
    const api = fakeApi({ 'GET /me': me, 'GET /version': { name: 'claims-api', version: '0.3.0' } });
    renderShell('/iframeauthenticate');
    expect(await screen.findByText('Authenticating User ...')).toBeInTheDocument();
    parentPosts(MESSAGE);
    expect(await screen.findByText('mfe_claims renders /claims/77')).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/claims\/77\?org=starhealth$/);
    expect(location().textContent).not.toContain('parent-token');
    expect(sessionStore.getState()).toEqual({ ...ME, token: 'parent-token' });
    expect(api.callsTo('GET /me').map((call) => call.headers.get('authorization'))).toEqual(['Bearer parent-token']);
  });

  it('accepts the message as JSON text, and from the root with ?iframeauthenticate', async () => {
    fakeApi({ 'GET /me': me, 'GET /version': { name: 'claims-api', version: '0.3.0' } });
    renderShell('/?iframeauthenticate');
    await screen.findByText('Authenticating User ...');
    parentPosts(JSON.stringify({ ...MESSAGE, claimId: 'CL-9' }));
    expect(await screen.findByText('mfe_claims renders /claims/CL-9')).toBeInTheDocument();
  });

  it('sends a message from any other origin to /failedauth without asking the api', async () => {
    expectConsoleError('Iframe sign-in failed: a message came from https://portal.example.evil.test, which is not allowed');
    const api = fakeApi({ 'GET /me': me });
    renderShell('/iframeauthenticate');
    await screen.findByText('Authenticating User ...');
    parentPosts(MESSAGE, 'https://portal.example.evil.test');
    expect(await screen.findByText('Authentication Failed')).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/failedauth$/);
    expect(api.calls).toHaveLength(0);
    expect(sessionStore.getState().token).toBeNull();
  });

  it.each([
    ['no claimId', { ...MESSAGE, claimId: undefined }],
    ['an empty token', { ...MESSAGE, access_token: '' }],
    ['a number for the user', { ...MESSAGE, user: 42 }],
    ['text that is not JSON', 'access_token=parent-token'],
    ['an array', [MESSAGE]],
  ])('sends a message with %s to /failedauth', async (_case, data) => {
    expectConsoleError('Iframe sign-in failed: the message is not {access_token, user, organization, claimId}');
    const api = fakeApi({ 'GET /me': me });
    renderShell('/iframeauthenticate');
    await screen.findByText('Authenticating User ...');
    parentPosts(data);
    expect(await screen.findByText('Authentication Failed')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('sends a token the api refuses to /failedauth', async () => {
    expectConsoleError('Iframe sign-in failed: the api refused the token (Could not validate credentials)');
    const api = fakeApi({ 'GET /me': me });
    renderShell('/iframeauthenticate');
    await screen.findByText('Authenticating User ...');
    parentPosts({ ...MESSAGE, access_token: 'forged' });
    expect(await screen.findByText('Authentication Failed')).toBeInTheDocument();
    expect(sessionStore.getState().token).toBeNull();
    expect(api.callsTo('GET /me').map((call) => call.headers.get('authorization'))).toEqual(['Bearer forged']);
  });

  it('sends a token of another user or organization to /failedauth', async () => {
    expectConsoleError('Iframe sign-in failed: the token belongs to another user or organization');
    fakeApi({ 'GET /me': me });
    renderShell('/iframeauthenticate');
    await screen.findByText('Authenticating User ...');
    parentPosts({ ...MESSAGE, organization: 'vitraya' });
    expect(await screen.findByText('Authentication Failed')).toBeInTheDocument();
    expect(sessionStore.getState().token).toBeNull();
  });

  it('ignores messages that do not come from the parent window', async () => {
    const api = fakeApi({ 'GET /me': me, 'GET /version': { name: 'claims-api', version: '0.3.0' } });
    renderShell('/iframeauthenticate');
    await screen.findByText('Authenticating User ...');
    parentPosts(MESSAGE, 'https://elsewhere.example', null);
    expect(api.calls).toHaveLength(0);
    expect(location()).toHaveTextContent(/^\/iframeauthenticate$/);
    parentPosts(MESSAGE);
    expect(await screen.findByText('mfe_claims renders /claims/77')).toBeInTheDocument();
  });

  it('gives up after the configured time without a valid message', async () => {
    expectConsoleError('Iframe sign-in failed: no valid message within 50 ms');
    setRuntimeConfig({ parentOrigins: [PORTAL], iframeAuthTimeoutMs: 50 });
    renderShell('/iframeauthenticate');
    expect(await screen.findByText('Authentication Failed')).toBeInTheDocument();
  });

  it('fails at once when no parent origin is configured', async () => {
    expectConsoleError('Iframe sign-in failed: no parent origin is allowed (runtime config parentOrigins is empty)');
    setRuntimeConfig({ parentOrigins: [] });
    renderShell('/iframeauthenticate');
    expect(await screen.findByText('Authentication Failed')).toBeInTheDocument();
  });

  it('tells each allowed parent origin it is ready when framed', async () => {
    jest.mocked(isFramed).mockReturnValue(true);
    const posted = jest.spyOn(window.parent, 'postMessage').mockImplementation(() => undefined);
    renderShell('/iframeauthenticate');
    await screen.findByText('Authenticating User ...');
    expect(posted).toHaveBeenCalledWith(READY_MESSAGE, PORTAL);
    expect(posted).toHaveBeenCalledWith(READY_MESSAGE, 'https://other-portal.example');
  });
});

describe('readParentMessage', () => {
  it('trims and turns a numeric claim id into text', () => {
    expect(readParentMessage({ access_token: 't', user: ' u ', organization: 'o', claimId: 5 })).toEqual({
      access_token: 't',
      user: 'u',
      organization: 'o',
      claimId: '5',
    });
  });

  it('refuses null, NaN claim ids and missing fields', () => {
    expect(readParentMessage(null)).toBeNull();
    expect(readParentMessage({ ...MESSAGE, claimId: Number.NaN })).toBeNull();
    expect(readParentMessage({ access_token: 't', user: 'u' })).toBeNull();
  });
});
