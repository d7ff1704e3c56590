/**
 * Input no route can use, refused with 400 before validation: NUL characters in a path, query or body
 * string (PostgreSQL cannot store them), bodies nested deeper than any rule tree or configuration
 * needs (a tree thousands deep would otherwise exhaust the stack of the validators or the store), lists longer
 * than any screen sends, alone or together (an id list past PostgreSQL's 65,535 bind parameters fails the query),
 * and objects of more keys than any screen sends (issue 20: a 1.7 MB body of 150,000 keys held the request thread
 * for seconds). A JSON body's keys are counted in one pass over its text before it is parsed, since parsing such a
 * body is itself the cost; routes without a token and searches take only small bodies, forms small ones too.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { badRequest } from './errors';

/** Deeper than any rule tree the builder makes (statements within groups within groups...). */
export const MAX_INPUT_DEPTH = 64;
/** Far more than any selection a screen sends, far fewer than PostgreSQL's 65,535 bind parameters of a query. */
export const MAX_INPUT_ITEMS = 10_000;
/** The items of all the lists of one request together: several long lists would pass the limit of one query together. */
export const MAX_REQUEST_ITEMS = 20_000;
/** Keys of one object: far more than any record a screen sends (an annotation holds at most 400 entity slots). */
export const MAX_OBJECT_KEYS = 1_000;
/** The keys of all the objects of one request part together. */
export const MAX_REQUEST_KEYS = 20_000;
/** The body of a route without a token (sign-in, signup): a few short fields. */
export const PUBLIC_BODY_LIMIT = 16 * 1024;
/**
 * The body of a search: its filters are a few short lists and a text of at most 200 characters. Refused by its
 * Content-Length before a byte is read (issue 20: a 1.9 MB search text cost the request thread ~10 ms to read, parse
 * and refuse, a tenth of the api's time while a hostile client sent them).
 */
export const SEARCH_BODY_LIMIT = 64 * 1024;
/** A form body: the only form (re-running a verification) is a few fields. */
export const FORM_BODY_LIMIT = 64 * 1024;

/** Each part of the request, with how its fields are named in a detail (as validation names them). */
const PARTS = [
  ['params', 'params', ''],
  ['query', 'querystring', 'querystring '],
  ['body', 'body', ''],
] as const;

/** The first problem of a value, walked without recursion: '<field>: <reason>', or null. */
export function inputProblem(value: unknown, part = 'body', prefix = '', maxDepth = MAX_INPUT_DEPTH): string | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  const field = (path: string[]) => (path.length ? `${prefix}${path.join('.')}` : part);
  let items = 0;
  let keys = 0;
  while (stack.length) {
    const { value: current, path } = stack.pop() as { value: unknown; path: string[] };
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return `${field(path)}: must not contain a NUL character`;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (path.length >= maxDepth) return `${field(path.slice(0, 3))}: nested too deeply (at most ${maxDepth} levels)`;
    const entries = Object.entries(current);
    if (Array.isArray(current)) {
      if (current.length > MAX_INPUT_ITEMS) return `${field(path)}: at most ${MAX_INPUT_ITEMS} items`;
      items += current.length;
      if (items > MAX_REQUEST_ITEMS) return `${part}: at most ${MAX_REQUEST_ITEMS} list items in all`;
    } else {
      if (entries.length > MAX_OBJECT_KEYS) return `${field(path)}: at most ${MAX_OBJECT_KEYS} fields in an object`;
      keys += entries.length;
      if (keys > MAX_REQUEST_KEYS) return `${part}: at most ${MAX_REQUEST_KEYS} fields in all`;
    }
    for (const [key, child] of entries) {
      if (key.includes('\u0000')) return `${field(path)}: a field name must not contain a NUL character`;
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return null;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const OPEN_LIST = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_LIST = 0x5d;
/** The entry of a list on the nesting stack (objects count their keys there). */
const LIST = -1;

/** Where the string opened at `start` closes (its quote not escaped), or the text's end if it never does. */
function endOfString(text: string, start: number): number {
  for (let end = text.indexOf('"', start + 1); end !== -1; end = text.indexOf('"', end + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return end;
  }
  return text.length;
}

/**
 * The first problem of a JSON text's keys (too many in an object, or in all), counted in one pass without parsing:
 * a colon outside a string is a key. Whether the text is JSON at all is the parser's to say, and how deep it is the
 * guard's, which names the field (JSON.parse is not recursive; a deep body costs no more than a wide one).
 */
export function jsonKeysProblem(text: string): string | null {
  const nesting: number[] = [];
  let keys = 0;
  for (let at = 0; at < text.length; at += 1) {
    const char = text.charCodeAt(at);
    if (char === QUOTE) {
      at = endOfString(text, at);
    } else if (char === OPEN_OBJECT || char === OPEN_LIST) {
      nesting.push(char === OPEN_OBJECT ? 0 : LIST);
    } else if (char === CLOSE_OBJECT || char === CLOSE_LIST) {
      nesting.pop();
    } else if (char === COLON && nesting.length && nesting[nesting.length - 1] !== LIST) {
      nesting[nesting.length - 1] += 1;
      if (nesting[nesting.length - 1] > MAX_OBJECT_KEYS) return `body: at most ${MAX_OBJECT_KEYS} fields in an object`;
      keys += 1;
      if (keys > MAX_REQUEST_KEYS) return `body: at most ${MAX_REQUEST_KEYS} fields in all`;
    }
  }
  return null;
}

const isSearch = (route: RouteOptions) => route.url.endsWith('/search');

/** A route without a token, or a search, takes a small body whatever it asks (before any parsing). */
function limitSmallBodies(route: RouteOptions): void {
  const limit = route.config?.public ? PUBLIC_BODY_LIMIT : isSearch(route) ? SEARCH_BODY_LIMIT : null;
  if (limit !== null) route.bodyLimit = Math.min(route.bodyLimit ?? limit, limit);
}

/** Before the routes: they inherit the JSON parser and the small bodies' limits. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('onRoute', limitSmallBodies);
  // Fastify's own parser (prototype poisoning refused), once the keys are counted: parsing is the cost of a wide body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body: string, done) => {
    const problem = jsonKeysProblem(body);
    if (problem) return done(badRequest(problem), undefined);
    return parseJson(request, body, done);
  });
  app.addHook('preValidation', async (request) => {
    for (const [key, part, prefix] of PARTS) {
      const problem = inputProblem(request[key], part, prefix);
      if (problem) throw badRequest(problem);
    }
  });
}
