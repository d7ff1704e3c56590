/**
 * Runtime configuration: a JSON file served beside each app (runtime-config.json) and rewritten per
 * environment at deploy time, so moving the api or a remote never needs a rebuild.
 */
export interface RemoteEntry {
  /** Federation name, e.g. mfe_claims. */
  name: string;
  /** URL of the remote's mf-manifest.json. */
  entry: string;
  /**
   * What the remote declares (its area.json), for a shell that cannot reach the remote and has never
   * seen it: its navigation then still shows. Normally fetched from beside the manifest.
   */
  area?: unknown;
}

export interface RuntimeConfig {
  apiBaseUrl: string;
  remotes: RemoteEntry[];
  /** Origins allowed to sign a user in through the iframe handshake (exact match). */
  parentOrigins: string[];
  displayTimeZone: string;
  /** Where non-super users are sent from super_user-only screens (spec README: default the shell's /claims). */
  externalClaimsUrl: string;
  externalStagingUrl: string;
  /** The product video beside the sign-in form; the shell ships a small one. */
  demoVideoUrl: string;
  /** How long /iframeauthenticate waits for the parent's message before giving up. */
  iframeAuthTimeoutMs: number;
}

const DEFAULTS: RuntimeConfig = {
  apiBaseUrl: 'http://localhost:4000/v0.3.0',
  remotes: [],
  parentOrigins: [],
  displayTimeZone: 'Asia/Kolkata',
  externalClaimsUrl: '/claims',
  externalStagingUrl: '/claims',
  demoVideoUrl: '/demo.webm',
  iframeAuthTimeoutMs: 30_000,
};

let current: RuntimeConfig = DEFAULTS;

export function setRuntimeConfig(config: Partial<RuntimeConfig>): RuntimeConfig {
  current = { ...DEFAULTS, ...config };
  return current;
}

export function getRuntimeConfig(): RuntimeConfig {
  return current;
}

/** Fetches runtime-config.json beside the page; a missing or broken file falls back to the defaults. */
export async function loadRuntimeConfig(url = '/runtime-config.json'): Promise<RuntimeConfig> {
  try {
    const response = await fetch(url, { cache: 'no-store' });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return setRuntimeConfig((await response.json()) as Partial<RuntimeConfig>);
  } catch (error) {
    console.error('Runtime configuration could not be loaded, using defaults', error);
    return setRuntimeConfig({});
  }
}
