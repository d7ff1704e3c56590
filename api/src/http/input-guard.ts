/**
 * Input no route can use, refused with 400 before validation: NUL characters in a path, query or body
 * string (PostgreSQL cannot store them), bodies nested deeper than any rule tree or configuration
 * needs (a tree thousands deep would otherwise exhaust the stack of the validators or the store), and
 * lists longer than any screen sends, alone or together (an id list past PostgreSQL's 65,535 bind parameters
 * fails the query).
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/** Deeper than any rule tree the builder makes (statements within groups within groups...). */
export const MAX_INPUT_DEPTH = 64;
/** Far more than any selection a screen sends, far fewer than PostgreSQL's 65,535 bind parameters of a query. */
export const MAX_INPUT_ITEMS = 10_000;
/** The items of all the lists of one request together: several long lists would pass the limit of one query together. */
export const MAX_REQUEST_ITEMS = 20_000;

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
  while (stack.length) {
    const { value: current, path } = stack.pop() as { value: unknown; path: string[] };
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return `${field(path)}: must not contain a NUL character`;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (path.length >= maxDepth) return `${field(path.slice(0, 3))}: nested too deeply (at most ${maxDepth} levels)`;
    if (Array.isArray(current)) {
      if (current.length > MAX_INPUT_ITEMS) return `${field(path)}: at most ${MAX_INPUT_ITEMS} items`;
      items += current.length;
      if (items > MAX_REQUEST_ITEMS) return `${part}: at most ${MAX_REQUEST_ITEMS} list items in all`;
    }
    for (const [key, child] of Object.entries(current)) {
      if (key.includes('\u0000')) return `${field(path)}: a field name must not contain a NUL character`;
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return null;
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [key, part, prefix] of PARTS) {
      const problem = inputProblem(request[key], part, prefix);
      if (problem) throw badRequest(problem);
    }
  });
}
