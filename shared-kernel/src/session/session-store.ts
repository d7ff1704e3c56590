import { useStore } from 'zustand';
import type { Role } from '../constants';
import { isDemoOrg, isProviderOrg } from '../constants';
import { createGlobalStore, getGlobalStore } from './global-store';

export interface SessionState {
  user: string | null;
  token: string | null;
  organization: string | null;
  role: Role | null;
}

const STORAGE_KEY = 'claims.session';
const EMPTY: SessionState = { user: null, token: null, organization: null, role: null };

function restore(): SessionState {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (!raw) return EMPTY;
    const saved = JSON.parse(raw) as Partial<SessionState>;
    return saved.token && saved.user && saved.organization ? { ...EMPTY, ...saved } : EMPTY;
  } catch {
    return EMPTY;
  }
}

/** The one session of the page: the shell writes it, every remote reads the same object. */
export const sessionStore = createGlobalStore<SessionState>('session', restore());

sessionStore.subscribe((state) => {
  try {
    if (state.token) globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(state));
    else globalThis.localStorage?.removeItem(STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode, sandboxed iframe); the in-memory session still works.
  }
});

export function signIn(session: { user: string; token: string; organization: string; role: Role }): void {
  sessionStore.setState(session, true);
}

/** Clears all state: the session, and what screens kept in session storage (page totals and the like). */
export function clearSession(): void {
  sessionStore.setState(EMPTY, true);
  getGlobalStore<{ query: string }>('claim-search')?.setState({ query: '' });
  try {
    globalThis.sessionStorage?.clear();
  } catch {
    // See above.
  }
}

export function useSession<T = SessionState>(selector: (s: SessionState) => T = (s) => s as unknown as T): T {
  return useStore(sessionStore, selector);
}

export const isAuthenticated = (s: SessionState = sessionStore.getState()): boolean => !!s.token;
export const isSuperUser = (s: SessionState = sessionStore.getState()): boolean => s.role === 'super_user';
export const isProviderUser = (s: SessionState = sessionStore.getState()): boolean => isProviderOrg(s.organization);
export const isDemoUser = (s: SessionState = sessionStore.getState()): boolean => isDemoOrg(s.organization);
