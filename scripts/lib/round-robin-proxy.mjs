/**
 * The smallest load balancer that shows what several api processes need from the one in front of them: requests
 * spread in turn over the upstreams, the client's address passed on in X-Forwarded-For (the api trusts it with
 * TRUST_PROXY), and an upstream that refuses connections skipped until it answers again. A real deployment puts
 * nginx, HAProxy or a cloud balancer here (docs/operations.md).
 */
import http from 'node:http';

/** How long an upstream that refused a connection is left out before it is tried again. */
const SKIP_MS = 2_000;

/**
 * @param upstreams base URLs of the api processes (`http://127.0.0.1:4101`)
 * @returns an http.Server, not yet listening
 */
export function createRoundRobinProxy(upstreams) {
  const targets = upstreams.map((base) => ({ url: new URL(base), downUntil: 0 }));
  let next = 0;
  const pick = () => {
    for (let tried = 0; tried < targets.length; tried += 1) {
      const target = targets[next];
      next = (next + 1) % targets.length;
      if (target.downUntil <= Date.now()) return target;
    }
    return null;
  };

  return http.createServer((request, response) => {
    const forward = (attemptsLeft) => {
      const target = pick();
      if (!target) {
        response.writeHead(503, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ detail: 'No api process is answering' }));
        return;
      }
      const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', ');
      const upstream = http.request(
        {
          host: target.url.hostname,
          port: target.url.port,
          method: request.method,
          path: request.url,
          headers: { ...request.headers, 'x-forwarded-for': forwardedFor },
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', (error) => {
        // A process that is down refuses the connection: try the next one.
        if (error.code === 'ECONNREFUSED' && attemptsLeft > 0 && !response.headersSent) {
          target.downUntil = Date.now() + SKIP_MS;
          forward(attemptsLeft - 1);
          return;
        }
        if (!response.headersSent) {
          response.writeHead(502, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ detail: `The api process did not answer (${error.code ?? error.message})` }));
        } else response.destroy(error);
      });
      // The body goes out only once the connection stands, so a refused connection has consumed none of it and the
      // request can be sent to the next process whole.
      upstream.on('socket', (socket) => {
        if (socket.connecting) socket.once('connect', () => request.pipe(upstream));
        else request.pipe(upstream);
      });
    };
    forward(targets.length - 1);
  });
}
