import { fireEvent, render, screen } from '@testing-library/react';
import { act } from 'react';
import { dismissRefusal, noteRefusal, REFUSALS, refusalStore, RequireSuperUser, setRuntimeConfig } from '..';
import { signInAs, signOut } from '../testing';
import { RefusalNotice } from '../ui/RefusalNotice';

afterEach(() => {
  dismissRefusal();
  signOut();
  setRuntimeConfig({});
});

describe('a guard that sends someone away says why', () => {
  it('notes the reason when a super-user screen refuses a reviewer, kept for the next page load', () => {
    signInAs('vitraya', 'user');
    setRuntimeConfig({ externalClaimsUrl: '#claims' });
    render(
      <RequireSuperUser providerOnly>
        <p>hospitals</p>
      </RequireSuperUser>,
    );
    expect(screen.queryByText('hospitals')).not.toBeInTheDocument();
    expect(refusalStore.getState().reason).toBe(REFUSALS.providerSuperUserOnly);
    expect(sessionStorage.getItem('claims-suite:refusal')).toBe(REFUSALS.providerSuperUserOnly);
  });

  it('notes nothing for a user the screen is for', () => {
    signInAs('vitraya', 'super_user');
    render(
      <RequireSuperUser providerOnly>
        <p>hospitals</p>
      </RequireSuperUser>,
    );
    expect(screen.getByText('hospitals')).toBeInTheDocument();
    expect(refusalStore.getState().reason).toBeNull();
  });

  it('shows the reason on the page landed on until it is closed', () => {
    render(<RefusalNotice />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => noteRefusal(REFUSALS.createClaim));
    expect(screen.getByRole('alert')).toHaveTextContent(REFUSALS.createClaim);
    fireEvent.click(screen.getByRole('button', { name: /close/i }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(sessionStorage.getItem('claims-suite:refusal')).toBeNull();
  });
});
