/**
 * Fetches what each remote declares about itself (area.json beside its mf-manifest.json: the segments it
 * owns, its navigation entries, the shared names its code needs) before the first render. A remote that
 * does not answer keeps what it declared last time (kept in local storage) or what the runtime
 * configuration says of it, so its navigation stays and its area shows the Retry panel.
 */
import type { RemoteEntry } from '@claims/shared-kernel';
import type { AreaDeclaration } from '@claims/shared-kernel/contract';

const STORAGE_PREFIX = 'claims.area.';
/** A slow remote must not hold up the page: after this its last known declaration is used. */
const FETCH_TIMEOUT_MS = 4000;

const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A light check of a declaration's shape (the remote's build validated it against the contract's schema;
 * this guards against a broken or foreign file). Missing optional parts get their defaults.
 */
export function asDeclaration(value: unknown, name: string): AreaDeclaration | null {
  if (!isObject(value) || value.name !== name || typeof value.label !== 'string' || !isStringArray(value.segments)) return null;
  const navigation = Array.isArray(value.navigation) ? value.navigation : [];
  const entriesValid = navigation.every(
    (e) =>
      isObject(e) &&
      typeof e.path === 'string' &&
      typeof e.label === 'string' &&
      typeof e.section === 'string' &&
      typeof e.order === 'number',
  );
  if (!entriesValid) return null;
  return {
    name,
    label: value.label,
    segments: value.segments,
    sections: Array.isArray(value.sections) ? (value.sections as AreaDeclaration['sections']) : [],
    navigation: (navigation as AreaDeclaration['navigation']).map((entry) => ({ ...entry, visibleTo: entry.visibleTo ?? {} })),
    highlight: isObject(value.highlight) ? (value.highlight as Record<string, string>) : {},
    requires: isObject(value.requires) ? (value.requires as Record<string, string[]>) : {},
    builtAgainst: isObject(value.builtAgainst) ? (value.builtAgainst as Record<string, string>) : {},
  };
}

export const declarationUrl = (remote: RemoteEntry): string => new URL('area.json', new URL(remote.entry, window.location.href)).toString();

function remembered(name: string): unknown {
  try {
    const saved = localStorage.getItem(STORAGE_PREFIX + name);
    return saved ? JSON.parse(saved) : null;
  } catch {
    return null;
  }
}

function remember(declaration: AreaDeclaration): void {
  try {
    localStorage.setItem(STORAGE_PREFIX + declaration.name, JSON.stringify(declaration));
  } catch {
    // Storage can be unavailable (private mode, sandboxed iframe): the next start fetches again.
  }
}

async function fetchDeclaration(remote: RemoteEntry): Promise<AreaDeclaration | null> {
  try {
    const response = await fetch(declarationUrl(remote), { cache: 'no-store', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const declaration = asDeclaration(await response.json(), remote.name);
    if (!declaration) throw new Error('not an area declaration');
    remember(declaration);
    return declaration;
  } catch (error) {
    console.warn(`The ${remote.name} area's declaration could not be fetched; using the last known one`, error);
    return null;
  }
}

/** One declaration per configured remote, in the configuration's order; a remote known nowhere is left out. */
export async function loadDeclarations(remotes: readonly RemoteEntry[]): Promise<AreaDeclaration[]> {
  const found = await Promise.all(
    remotes.map(
      async (remote) =>
        (await fetchDeclaration(remote)) ?? asDeclaration(remembered(remote.name), remote.name) ?? asDeclaration(remote.area, remote.name),
    ),
  );
  return found.filter((declaration): declaration is AreaDeclaration => declaration !== null);
}
