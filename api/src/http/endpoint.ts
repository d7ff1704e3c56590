/**
 * A route's schema from the contract's endpoint table: `schema: endpoint('GET /hospitals')` gives the route the
 * table's params, query and body to validate and its answers (with `{detail}` for errors, see replies.ts) to
 * serialize, so the api, the kernel's typed client and the component tests' fake cannot disagree on a call.
 * What only documents the call (`description`) is given beside it.
 */
import { type ApiCall, ENDPOINTS, type Endpoint, type Endpoints } from '@claims/shared-kernel/contract';
import { replies } from './replies';

type RouteSchema<K extends ApiCall> = Omit<Endpoints[K], 'response' | 'multipart'> & {
  response: ReturnType<typeof replies<Endpoints[K]['response']>>;
};

export function endpoint<K extends ApiCall>(
  call: K,
  documentation: { description?: string } = {},
): RouteSchema<K> & { description?: string } {
  const { response, multipart: _, ...request }: Endpoint = ENDPOINTS[call];
  // The row itself with the error answers added; TypeScript cannot follow a spread of a row picked by a generic key.
  return { ...documentation, ...request, response: replies(response) } as unknown as RouteSchema<K>;
}

/** The parts of a multipart call's form, for the route's `config.multipartBody` (the OpenAPI document describes them). */
export const multipartOf = <K extends ApiCall>(call: K) => (ENDPOINTS[call] as Endpoint).multipart;
