/**
 * An answer sent before the request's body has all arrived (413 over the body limit, 401, 429, a malformed body)
 * closes the connection, but not at once: closing a socket while the client is still sending makes the kernel reset
 * the connection, and a client that sends its whole body before reading (a browser uploading a document) then sees
 * a connection error instead of the answer (issue 20). So the server answers with `Connection: close`, ends its side
 * and reads on, discarding, until the client has sent everything or LINGER_MS has passed, then closes: the lingering
 * close of web servers. The time bound keeps a body that never ends from holding the connection.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** How long the rest of a body answered early is read and discarded before the connection is closed regardless. */
export const LINGER_MS = 10_000;

function lingerThenClose(request: IncomingMessage): void {
  const socket = request.socket;
  if (request.complete || socket.destroyed) return;
  // Node ends a `Connection: close` answer with socket.destroySoon(), which destroys the socket once the answer is
  // written: take that step back and destroy it when the body is over (or the time is up) instead.
  socket.removeListener('finish', socket.destroy);
  const close = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(close, LINGER_MS).unref();
  socket.once('close', () => clearTimeout(timer));
  request.once('end', close);
  // A client that ends its side (as one does on the answer's close) has sent all it will: closed here, before Node's
  // own listener sees the end, finds the body unfinished and destroys the socket with a parse error whose stack it
  // formats, through the source maps: a cost paid by every connection a hostile client leaves unfinished (issue 20).
  socket.prependOnceListener('end', close);
  request.resume();
}

/** On the root instance: every answer sent before its request's body has arrived. */
export function registerLingeringClose(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    // `complete` is false until a real request's body has arrived (an injected request has none: not a socket).
    if (request.raw.complete === false) {
      reply.header('connection', 'close');
      // Right after Node's own 'finish' listener, which asked the socket to close.
      reply.raw.once('finish', () => lingerThenClose(request.raw));
    }
    return payload;
  });
}
