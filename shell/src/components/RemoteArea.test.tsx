// The federation runtime is the boundary under test here: loadRemote failing stands for a remote
// that is down; the shell must contain it to that area.
jest.mock('@module-federation/enhanced/runtime', () => require('../testing/federation-runtime-mock'));

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectConsoleError, expectConsoleWarn, fakeApi, signInAs, signOut } from '@claims/shared-kernel/testing';
import { remoteFailurePlugin, setupFederation } from '../federation/runtime';
import { mockInstance } from '../testing/federation-runtime-mock';
import { renderShell } from '../testing/render-shell';

const REMOTES = [
  { name: 'mfe_claims', entry: 'http://localhost:3001/mf-manifest.json' },
  { name: 'mfe_masters', entry: 'http://localhost:3002/mf-manifest.json' },
];
const DOWN = new Error('[ Federation Runtime ]: Failed to get manifest http://localhost:3001/mf-manifest.json');

beforeEach(() => {
  signOut();
  signInAs('vitraya');
  fakeApi({ 'GET /version': { name: 'claims-api', version: '0.3.0' } });
  setupFederation(REMOTES);
});
afterEach(() => {
  jest.restoreAllMocks();
  jest.clearAllMocks();
});

const nav = () => screen.getByRole('navigation', { name: 'Main' });

/** A failed area is reported on the console, by React (an error its boundary caught) and by the boundary. */
function expectAreaFailure(remote: string, error: string) {
  expectConsoleError(
    'React will try to recreate this component tree from scratch using the error boundary you provided, AreaErrorBoundary.',
  );
  expectConsoleError(`Area of remote ${remote} failed Error: ${error}`);
}

describe('a remote area', () => {
  it('registers the configured remotes and the failure plugin at start-up', () => {
    expect(mockInstance.registerPlugins).toHaveBeenCalledWith([expect.objectContaining({ name: 'claims-shell-remote-failure' })]);
    expect(mockInstance.registerRemotes).toHaveBeenCalledWith(REMOTES);
  });

  it('shows the error panel when the remote cannot be loaded, keeps the rest working, and recovers on Retry', async () => {
    mockInstance.loadRemote.mockRejectedValueOnce(DOWN);
    expectAreaFailure('mfe_claims', DOWN.message);
    const user = userEvent.setup({ delay: null });
    renderShell('/claims');

    expect(await screen.findByText(/^The \w+ area could not be loaded\.$/)).toBeInTheDocument();
    expect(screen.getByText(`mfe_claims: ${DOWN.message}`)).toBeInTheDocument();
    expect(screen.getByText('Claims Verification')).toBeInTheDocument();
    expect(mockInstance.loadRemote).toHaveBeenCalledWith('mfe_claims/Routes');

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('mfe_claims renders /claims')).toBeInTheDocument();
    expect(mockInstance.registerRemotes).toHaveBeenLastCalledWith([REMOTES[0]], { force: true });
    expect(screen.queryByText(/^The \w+ area could not be loaded\.$/)).not.toBeInTheDocument();
  });

  it('lets the other areas load while one remote is down', async () => {
    mockInstance.loadRemote.mockRejectedValueOnce(DOWN);
    expectAreaFailure('mfe_claims', DOWN.message);
    renderShell('/claims');
    await screen.findByText(/^The \w+ area could not be loaded\.$/);
    await userEvent.setup({ delay: null }).click(within(nav()).getByText('Hospitals'));
    expect(await screen.findByText('mfe_masters renders /hospitals')).toBeInTheDocument();
    expect(screen.queryByText(/^The \w+ area could not be loaded\.$/)).not.toBeInTheDocument();
  });

  it('contains a remote that throws while rendering', async () => {
    expectAreaFailure('mfe_masters', 'Cannot read properties of undefined (reading "rows")');
    mockInstance.loadRemote.mockResolvedValueOnce({
      default: () => {
        throw new Error('Cannot read properties of undefined (reading "rows")');
      },
    });
    renderShell('/hospitals');
    expect(await screen.findByText(/^The \w+ area could not be loaded\.$/)).toBeInTheDocument();
    expect(screen.getByText('The Masters area could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('mfe_masters: Cannot read properties of undefined (reading "rows")')).toBeInTheDocument();
    expect(nav()).toBeInTheDocument();
  });

  it('shows the panel for the stand-in module the errorLoadRemote hook returns', async () => {
    const plugin = remoteFailurePlugin();
    expectAreaFailure('mfe_claims', DOWN.message);
    mockInstance.loadRemote.mockImplementationOnce(
      async (id: string) =>
        // The runtime calls the hook with these arguments when a manifest or entry fails.
        (await plugin.errorLoadRemote!({ id, error: DOWN, from: 'runtime', lifecycle: 'onLoad', origin: mockInstance as never })) as never,
    );
    renderShell('/claims');
    expect(await screen.findByText(/^The \w+ area could not be loaded\.$/)).toBeInTheDocument();
    expect(screen.getByText(`mfe_claims: ${DOWN.message}`)).toBeInTheDocument();
  });
});

describe('the errorLoadRemote hook', () => {
  it('lets shared-module set-up carry on without a remote that is down', async () => {
    expectConsoleWarn(`Remote mfe_claims is unavailable; shared modules are set up without it Error: ${DOWN.message}`);
    const plugin = remoteFailurePlugin();
    const answer = await plugin.errorLoadRemote!({
      id: 'mfe_claims',
      error: DOWN,
      from: 'runtime',
      lifecycle: 'beforeLoadShare',
      origin: mockInstance as never,
    });
    expect(answer).toBeUndefined();
  });
});
