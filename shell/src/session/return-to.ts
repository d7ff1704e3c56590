/**
 * Where a visitor was going when the guard sent them to sign in; restored once they have.
 * Kept in sessionStorage so a reload of the sign-in page keeps it, and per tab.
 */
import { sessionStore } from '@claims/shared-kernel';

const KEY = 'claims.shell.returnTo';

/** Only a path inside this app: a leading '/', never '//' (another host). */
const isInAppPath = (target: string): boolean => target.startsWith('/') && !target.startsWith('//');

let signingOut = false;

// A deliberate sign-out lasts until the next sign-in; a session that ends any other way (a 401)
// still remembers where the user was.
sessionStore.subscribe((state, previous) => {
  if (state.token && !previous.token) signingOut = false;
});

/** Marks the coming end of session as the user's choice, so the guard does not remember the page. */
export function markDeliberateSignOut(): void {
  signingOut = true;
}

export function rememberReturnTo(target: string): void {
  if (signingOut || !isInAppPath(target)) return;
  try {
    sessionStorage.setItem(KEY, target);
  } catch {
    // Storage can be unavailable (sandboxed iframe); the user then lands on /claims.
  }
}

export function peekReturnTo(): string | null {
  try {
    const target = sessionStorage.getItem(KEY);
    return target && isInAppPath(target) ? target : null;
  } catch {
    return null;
  }
}

export function forgetReturnTo(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // See rememberReturnTo.
  }
}
