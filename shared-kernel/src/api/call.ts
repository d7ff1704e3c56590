/**
 * The typed client: a call of the contract's endpoint table by its key, its path parameters, query and body
 * typed by the table's schemas and its answer by the table's response schemas. Only the types come from the
 * table, so no zod reaches the browser bundles.
 *
 *   const page = await callApi('POST /hospitals/search', { query: { limit, page_number }, body: { filters } });
 */
import type { AxiosRequestConfig } from 'axios';
import type { ApiAnswer, ApiCall, ApiRequest } from '../contract/endpoints';
import { apiClient } from './client';

/** A part the call does not have cannot be given; one whose fields are all optional may be left out. */
type Part<T, K extends string> = [T] extends [undefined]
  ? { [P in K]?: never }
  : Record<string, never> extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

export type CallOptions<K extends ApiCall> = Part<ApiRequest<K>['params'], 'params'> &
  Part<ApiRequest<K>['query'], 'query'> &
  Part<ApiRequest<K>['body'], 'body'> & {
    /** More of axios's options: `responseType: 'blob'` for a file, `signal`, upload progress. */
    config?: Omit<AxiosRequestConfig, 'method' | 'url' | 'params' | 'data'>;
  };

type Arguments<K extends ApiCall, O> = Record<string, never> extends CallOptions<K> ? [options?: O] : [options: O];

/** '/claims/:claimId' with `{ claimId: 12 }`: '/claims/12' (each value encoded as one path segment). */
export function callPath(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/:(\w+)/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${template}: path parameter ${name} is missing`);
    return encodeURIComponent(String(params[name]));
  });
}

/** The answer is typed by the call, and where a query flag chooses it (`download=True`: a file) by the query sent. */
export async function callApi<K extends ApiCall, O extends CallOptions<K> = CallOptions<K>>(
  call: K,
  ...[options]: Arguments<K, O>
): Promise<ApiAnswer<K, O['query']>> {
  const [method, template] = call.split(' ') as [string, string];
  const { params, query, body, config } = (options ?? {}) as {
    params?: Record<string, unknown>;
    query?: unknown;
    body?: unknown;
    config?: AxiosRequestConfig;
  };
  const { data } = await apiClient.request<ApiAnswer<K, O['query']>>({
    ...config,
    method,
    url: callPath(template, params),
    params: query,
    data: body,
  });
  return data;
}
