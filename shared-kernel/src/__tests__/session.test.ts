import { createGlobalStore } from '../session/global-store';
import { expectConsoleError } from '../testing/console';
import { claimSearchStore, setClaimSearch } from '../session/search-store';
import { clearSession, isAuthenticated, isProviderUser, sessionStore, signIn } from '../session/session-store';

const alice = { user: 'vitraya.admin', token: 't-1', organization: 'vitraya', role: 'super_user' as const };

afterEach(() => clearSession());

test('signing in stores the session in localStorage, and clearing it removes everything', () => {
  signIn(alice);
  expect(isAuthenticated()).toBe(true);
  expect(isProviderUser()).toBe(true);
  expect(JSON.parse(localStorage.getItem('claims.session') ?? 'null')).toEqual(alice);

  setClaimSearch('cataract');
  sessionStorage.setItem('claims.pages', '12');
  clearSession();
  expect(sessionStore.getState()).toEqual({ user: null, token: null, organization: null, role: null });
  expect(localStorage.getItem('claims.session')).toBeNull();
  expect(sessionStorage.getItem('claims.pages')).toBeNull();
  expect(claimSearchStore.getState().query).toBe('');
});

test('a session saved by an earlier page load is restored when the kernel loads', () => {
  localStorage.setItem('claims.session', JSON.stringify({ ...alice, organization: 'starhealth', role: 'user' }));
  jest.isolateModules(() => {
    // A fresh copy of the module reads storage again, as a new page would; the registry is page-wide,
    // so the test clears it first to stand for that new page.
    delete (globalThis as Record<symbol, unknown>)[Symbol.for('claims.shared-kernel.stores')];
    const fresh = jest.requireActual<typeof import('../session/session-store')>('../session/session-store');
    expect(fresh.sessionStore.getState()).toMatchObject({ user: 'vitraya.admin', organization: 'starhealth', role: 'user' });
    expect(fresh.isProviderUser()).toBe(false);
  });
});

test('a second store under the same name is refused and the first one is kept', () => {
  expectConsoleError('Store "twice" was created twice: a second copy of @claims/shared-kernel is loaded.');
  const first = createGlobalStore('twice', { n: 1 });
  const second = createGlobalStore('twice', { n: 2 });
  expect(second).toBe(first);
  expect(second.getState()).toEqual({ n: 1 });
});
