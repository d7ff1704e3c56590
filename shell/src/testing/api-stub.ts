/**
 * Stubs the network at the kernel's one API client: each 'METHOD /path' answers with data, or
 * rejects when the answer is an Error. Unlisted calls reject, so a test never reaches a server.
 */
import { apiClient } from '@claims/shared-kernel';

type Answer = unknown | ((body: unknown, config: unknown) => unknown);
export type ApiRoutes = Record<string, Answer>;

export function stubApi(routes: ApiRoutes) {
  const answer =
    (method: string) =>
    async (url: string, ...rest: unknown[]) => {
      const key = `${method} ${url}`;
      if (!(key in routes)) throw new Error(`Unexpected call ${key}`);
      const route = routes[key];
      const data = typeof route === 'function' ? route(...rest) : route;
      if (data instanceof Error) throw data;
      return { data, status: 200 };
    };
  return {
    get: jest.spyOn(apiClient, 'get').mockImplementation(answer('GET') as typeof apiClient.get),
    post: jest.spyOn(apiClient, 'post').mockImplementation(answer('POST') as typeof apiClient.post),
  };
}
