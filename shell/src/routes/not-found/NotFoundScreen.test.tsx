jest.mock('@module-federation/enhanced/runtime', () => require('../../testing/federation-runtime-mock'));

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from '@claims/shared-kernel';
import { fakeApi, signInAs, signOut } from '@claims/shared-kernel/testing';
import { renderShell } from '../../testing/render-shell';
import { NOT_FOUND_TEXT, SIGNED_IN_NOT_FOUND_TEXT } from './NotFoundScreen';

beforeEach(() => signOut());
afterEach(() => jest.restoreAllMocks());

describe('page not found', () => {
  it('shows for a path no area owns inside the signed-in frame, and Return to List Claims keeps the session', async () => {
    fakeApi({ 'GET /version': { name: 'claims-api', version: '0.3.0' } });
    signInAs('vitraya');
    renderShell('/no/such/page');
    expect(await screen.findByText(SIGNED_IN_NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/pageNotFound$/);
    // The top bar and the navigation stay.
    expect(screen.getByText('Claims Verification')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Return to List Claims' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/claims$/);
    expect(sessionStore.getState().token).not.toBeNull();
  });

  it('without a session: Return to HomePage logs out and goes to the root', async () => {
    const api = fakeApi();
    renderShell('/pageNotFound');
    expect(await screen.findByText(NOT_FOUND_TEXT)).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Return to HomePage' }));
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    // Nobody is signed in, so there is no session to end on the server.
    expect(api.calls).toHaveLength(0);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('is reachable without a session', async () => {
    renderShell('/pageNotFound');
    expect(await screen.findByText(NOT_FOUND_TEXT)).toBeInTheDocument();
  });
});
