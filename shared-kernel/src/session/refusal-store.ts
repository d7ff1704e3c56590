import { useStore } from 'zustand';
import { createGlobalStore } from './global-store';

/**
 * Why a screen just sent the user away (a guard's refusal), so the page they land on can say so instead of
 * leaving them wondering. Guards often leave with a full page load (the target is configuration and may be
 * another page), so the reason also waits in sessionStorage until the next page reads it.
 */
const STORAGE_KEY = 'claims-suite:refusal';

const stored = (): string | null => {
  try {
    return globalThis.sessionStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null; // storage disabled: the reason is then shown only without a page load
  }
};

export const refusalStore = createGlobalStore<{ reason: string | null }>('refusal', { reason: stored() });

export function noteRefusal(reason: string): void {
  try {
    globalThis.sessionStorage?.setItem(STORAGE_KEY, reason);
  } catch {
    // as above
  }
  refusalStore.setState({ reason });
}

export function dismissRefusal(): void {
  try {
    globalThis.sessionStorage?.removeItem(STORAGE_KEY);
  } catch {
    // as above
  }
  refusalStore.setState({ reason: null });
}

export const useRefusal = (): string | null => useStore(refusalStore, (s) => s.reason);

/** The reasons the suite's guards give. */
export const REFUSALS = {
  superUserOnly: 'That page is for super users only, so you were brought back here.',
  providerSuperUserOnly: "That page is for the provider's super users only, so you were brought back here.",
  createClaim: 'Only a super user of an organisation that creates claims can create a claim.',
} as const;
