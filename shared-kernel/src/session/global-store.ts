import { createStore, type StoreApi } from 'zustand/vanilla';

/**
 * Named global stores, as OpenMRS does it: creating the same store twice means a second copy of the
 * kernel reached the page (a broken singleton), which would split the session in two. We refuse it loudly.
 */
const REGISTRY_KEY = Symbol.for('claims.shared-kernel.stores');
type Registry = Map<string, StoreApi<unknown>>;

function registry(): Registry {
  const holder = globalThis as unknown as Record<symbol, Registry | undefined>;
  holder[REGISTRY_KEY] ??= new Map();
  return holder[REGISTRY_KEY];
}

export function createGlobalStore<T>(name: string, initialState: T): StoreApi<T> {
  const stores = registry();
  const existing = stores.get(name) as StoreApi<T> | undefined;
  if (existing) {
    console.error(`Store "${name}" was created twice: a second copy of @claims/shared-kernel is loaded.`);
    return existing;
  }
  const store = createStore<T>()(() => initialState);
  stores.set(name, store as StoreApi<unknown>);
  return store;
}

export function getGlobalStore<T>(name: string): StoreApi<T> | undefined {
  return registry().get(name) as StoreApi<T> | undefined;
}
