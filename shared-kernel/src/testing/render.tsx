import type { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { Role } from '../constants';
import { createQueryClient } from '../data/query-client';
import { clearSession, signIn } from '../session/session-store';
import { SuiteProviders } from '../standalone/SuiteProviders';

/** Signs a test user in (no network) so screens render as that user would see them. */
export function signInAs(organization = 'vitraya', role: Role = 'super_user', user = `${organization}.tester`): void {
  signIn({ user, token: 'test-token', organization, role });
}

export function signOut(): void {
  clearSession();
}

/**
 * A query client of the test's own (no cache shared between tests) with the suite's retry rule, retried at
 * once so a test of a failing call does not wait for the back-off.
 */
export const testQueryClient = (): QueryClient => createQueryClient({ queries: { retryDelay: 0 } });

/** Renders under the suite's providers (a fresh query client) and a memory router at `route`. */
export function renderScreen(ui: ReactElement, route = '/', queryClient: QueryClient = testQueryClient()): RenderResult {
  return render(
    <SuiteProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </SuiteProviders>,
  );
}
