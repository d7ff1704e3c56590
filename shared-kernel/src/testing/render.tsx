import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { Role } from '../constants';
import { clearSession, signIn } from '../session/session-store';
import { SuiteProviders } from '../standalone/SuiteProviders';

/** Signs a test user in (no network) so screens render as that user would see them. */
export function signInAs(organization = 'vitraya', role: Role = 'super_user', user = `${organization}.tester`): void {
  signIn({ user, token: 'test-token', organization, role });
}

export function signOut(): void {
  clearSession();
}

/** Renders under the suite's providers and a memory router at `route`. */
export function renderScreen(ui: ReactElement, route = '/'): RenderResult {
  return render(
    <SuiteProviders>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </SuiteProviders>,
  );
}
