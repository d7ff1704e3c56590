import { useStore } from 'zustand';
import { createGlobalStore } from './global-store';

/**
 * The claim search typed in the shell's top bar; the claims list reads it. Kept apart from the
 * session because it is screen state, cleared by Reset Filter and by sending a batch.
 */
export interface ClaimSearchState {
  query: string;
}

export const claimSearchStore = createGlobalStore<ClaimSearchState>('claim-search', { query: '' });
export const setClaimSearch = (query: string): void => claimSearchStore.setState({ query });
export const clearClaimSearch = (): void => claimSearchStore.setState({ query: '' });
export const useClaimSearch = (): string => useStore(claimSearchStore, (s) => s.query);
