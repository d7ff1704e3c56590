/**
 * A stand-in for the network under the kernel's api client (test only): every call of src/api goes
 * through the real client (interceptors, parameter encoding, error mapping) and ends here instead of HTTP.
 */
import { apiClient, getRuntimeConfig } from '@claims/shared-kernel';

export interface RecordedCall {
  method: string;
  /** Path and query below the api base, e.g. /claims?downloaded=true&org=vitraya&limit=25&page_number=1 */
  url: string;
  body: unknown;
}

/** Answers a call: a value is sent as 200; FakeFailure as an error status with {detail}. */
export type Handler = (call: RecordedCall) => unknown;

export class FakeFailure {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {}
}

export interface FakeApi {
  calls: RecordedCall[];
  /** Calls whose method and path (without the query) match. */
  callsTo: (method: string, path: string) => RecordedCall[];
  restore: () => void;
}

/** `routes` maps 'GET /claims' (method and path, no query) to a handler; unknown calls answer 404. */
export function installFakeApi(routes: Record<string, Handler>): FakeApi {
  const calls: RecordedCall[] = [];
  const previous = apiClient.defaults.adapter;
  type Adapter = Extract<typeof apiClient.defaults.adapter, (...args: never[]) => unknown>;
  const adapter: Adapter = async (config) => {
    const full = apiClient.getUri(config);
    const base = getRuntimeConfig().apiBaseUrl;
    const url = full.startsWith(base) ? full.slice(base.length) : full;
    const body = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    const call: RecordedCall = { method: (config.method ?? 'get').toUpperCase(), url, body };
    calls.push(call);
    const handler = routes[`${call.method} ${url.split('?')[0]}`];
    const answer = handler ? handler(call) : new FakeFailure(404, `No fake route for ${call.method} ${url}`);
    const respond = (status: number, data: unknown) => ({ data, status, statusText: String(status), headers: {}, config });
    if (answer instanceof FakeFailure) {
      // A blob call gets its error body as a blob, as browsers deliver it.
      const body = { detail: answer.detail };
      const data = config.responseType === 'blob' ? new Blob([JSON.stringify(body)], { type: 'application/json' }) : body;
      const response = respond(answer.status, data);
      // What axios rejects with for an error status; the client's interceptor turns it into an ApiError.
      throw Object.assign(new Error(answer.detail), { isAxiosError: true, config, response });
    }
    return respond(200, await answer);
  };
  apiClient.defaults.adapter = adapter;
  return {
    calls,
    callsTo: (method, path) => calls.filter((c) => c.method === method && c.url.split('?')[0] === path),
    restore: () => {
      apiClient.defaults.adapter = previous;
    },
  };
}
