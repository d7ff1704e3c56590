/**
 * The one network fake of the component tests: Mock Service Worker answers the calls at the HTTP level,
 * so the real API client runs (base URL, bearer token, parameter encoding, the 401 rule, error mapping).
 * A test states the answers of the calls it makes, typed by the contract's endpoint table (ApiResponses) and
 * sent with the status the api gives (201 for a creation); any other call fails the test (MSW logs it as an
 * error, which the shared jest setup does not let pass).
 *
 *   const api = fakeApi({ 'GET /claims': [row], 'POST /hospitals': failure(400, 'Name is required') });
 *   ...
 *   expect(api.callsTo('GET /claims')[0].query.get('limit')).toBe('25');
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { getRuntimeConfig } from '../config/runtime-config';
import { type ApiCall, type ApiResponses, ENDPOINTS } from '../contract/endpoints';

/** An error answer: the status and the `{detail}` body every api error has. */
export class FakeFailure {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {}
}

export const failure = (status: number, detail: string): FakeFailure => new FakeFailure(status, detail);

export interface RecordedCall {
  /** 'GET /claims', the route the call matched. */
  route: ApiCall;
  method: string;
  /** Below the api base, without the query: '/claims/12'. */
  path: string;
  /** Below the api base, with the query: '/claims?limit=25&page_number=1' (as the client encoded it). */
  url: string;
  query: URLSearchParams;
  params: Record<string, string>;
  headers: Headers;
  /** JSON parsed, a form's fields as an object, multipart as FormData, otherwise the text (undefined when empty). */
  body: unknown;
}

type Answer<T> = T | FakeFailure | HttpResponse<JsonBodyType>;
export type FakeAnswer<K extends ApiCall> =
  | Answer<ApiResponses[K]>
  | ((call: RecordedCall) => Answer<ApiResponses[K]> | Promise<Answer<ApiResponses[K]>>);
export type FakeRoutes = { [K in ApiCall]?: FakeAnswer<K> };

export interface FakeApi {
  calls: RecordedCall[];
  callsTo(route: ApiCall): RecordedCall[];
  /** Adds answers, or replaces the answer of a route already stated (the next call gets the new one). */
  answer(routes: FakeRoutes): void;
}

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data')) return request.formData();
  const text = await request.text();
  if (!text) return undefined;
  if (type.includes('application/json')) return JSON.parse(text);
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  return text;
}

/** The first success status the table gives the call. */
const successStatus = (route: ApiCall): number => Number(Object.keys(ENDPOINTS[route].response)[0]);

function respond(route: ApiCall, answer: unknown): Response {
  if (answer instanceof Response) return answer;
  if (answer instanceof FakeFailure) return HttpResponse.json({ detail: answer.detail }, { status: answer.status });
  // The type lets undefined through only because every route is optional; the api never answers with nothing.
  if (answer === undefined) throw new Error(`${route}: state the answer the api sends (see ENDPOINTS), not undefined`);
  const status = successStatus(route);
  if (answer instanceof Blob)
    return new HttpResponse(answer, { status, headers: { 'Content-Type': answer.type || 'application/octet-stream' } });
  return HttpResponse.json(answer as JsonBodyType, { status });
}

/** Installs the answers for this test (they are removed after it). */
export function fakeApi(routes: FakeRoutes = {}): FakeApi {
  const calls: RecordedCall[] = [];
  const base = getRuntimeConfig().apiBaseUrl.replace(/\/$/, '');
  const install = (more: FakeRoutes) => {
    const handlers = (Object.entries(more) as [ApiCall, FakeAnswer<ApiCall>][]).map(([route, answer]) => {
      const [method, path] = route.split(' ') as [string, string];
      const on = http[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'];
      return on(`${base}${path}`, async ({ request, params }) => {
        const url = new URL(request.url);
        const below = url.pathname.slice(new URL(base).pathname.length);
        const call: RecordedCall = {
          route,
          method,
          path: below,
          url: `${below}${url.search}`,
          query: url.searchParams,
          params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
          headers: request.headers,
          body: await readBody(request),
        };
        calls.push(call);
        return respond(route, typeof answer === 'function' ? await answer(call) : answer);
      });
    });
    // Newer handlers win in MSW, so a later answer() replaces an earlier one for the same route.
    server.use(...handlers);
  };
  install(routes);
  return {
    calls,
    callsTo: (route) => calls.filter((call) => call.route === route),
    answer: install,
  };
}
