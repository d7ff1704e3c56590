jest.mock('@module-federation/enhanced/runtime', () => require('../../testing/federation-runtime-mock'));

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from '@claims/shared-kernel';
import { fakeApi, signInAs, signOut } from '@claims/shared-kernel/testing';
import { renderShell } from '../../testing/render-shell';
import { NOT_FOUND_TEXT } from './NotFoundPage';

beforeEach(() => signOut());
afterEach(() => jest.restoreAllMocks());

describe('page not found', () => {
  it('shows for a path no area owns, and Return to HomePage logs out and goes to the root', async () => {
    const api = fakeApi({ 'POST /logout': {}, 'GET /version': { name: 'claims-api', version: '0.3.0' } });
    signInAs('vitraya');
    renderShell('/no/such/page');
    expect(await screen.findByText(NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/pageNotFound$/);

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Return to HomePage' }));
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(api.callsTo('POST /logout')).toHaveLength(1);
    expect(sessionStore.getState().token).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('is reachable without a session', async () => {
    renderShell('/pageNotFound');
    expect(await screen.findByText(NOT_FOUND_TEXT)).toBeInTheDocument();
  });
});
