/**
 * Slow and unfinished requests (issue 20 §4), over real sockets: a body or headers trickled byte by byte are cut off
 * after the request or headers timeout (408, connection closed), a request answered before its body arrived (401
 * without a token) gets its answer with `Connection: close` and its connection is closed (after the lingering read
 * of src/http/lingering-close.ts, at most 10 s), and while such connections hang on, /version answers.
 */
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { HttpTimeouts } from '../../src/config';
import { DATABASES } from '../../testing/databases';
import { BASE, testApp, type TestDatabase } from '../../testing/http';

/** Generous: the short timeouts below are a second, checked every 250 ms; a hung connection never closes. */
const CLOSE_BOUND_MS = 15_000;
const SHORT: HttpTimeouts = { requestMs: 1_000, headersMs: 1_000, idleMs: 30_000, keepAliveMs: 30_000 };

/** A client on a raw socket: what it has received, and whether the server has closed the connection. */
function client(app: FastifyInstance) {
  const { port } = app.server.address() as AddressInfo;
  const socket = connect(port, '127.0.0.1');
  let received = '';
  let trickle: NodeJS.Timeout | undefined;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  // A reset after the server has closed is expected; the test looks at what arrived before it.
  socket.on('error', () => {});
  const closed = new Promise<'closed'>((resolve) =>
    socket.on('close', () => {
      clearInterval(trickle);
      resolve('closed');
    }),
  );
  return {
    send: (text: string) => socket.write(text),
    /** One more byte every 100 ms, so the connection is never idle. */
    trickle(text: string) {
      trickle = setInterval(() => socket.writable && socket.write(text), 100);
    },
    received: () => received,
    /** 'closed' when the server closed the connection within `ms`, else 'open'. */
    closedWithin: (ms: number) => Promise.race([closed, new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms).unref())]),
    end() {
      clearInterval(trickle);
      socket.destroy();
    },
  };
}

const postHead = (path: string, length: number) =>
  `POST ${BASE}${path} HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe.each(DATABASES)('slow and unfinished bodies on %s', (_name, open) => {
  let testDb: TestDatabase;
  /** Timeouts of a second. */
  let short: FastifyInstance;
  /** The default timeouts (a request may take 120 s). */
  let roomy: FastifyInstance;

  beforeAll(async () => {
    testDb = await open();
    short = await testApp(testDb.database, {}, { httpTimeouts: SHORT });
    roomy = await testApp(testDb.database);
    await short.listen({ port: 0, host: '127.0.0.1' });
    await roomy.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await short?.close();
    await roomy?.close();
    await testDb?.drop();
  });

  test('a trickled body is cut off after the request timeout with a 408; under the default it is still read', async () => {
    const [slow, patient] = [client(short), client(roomy)];
    for (const c of [slow, patient]) {
      c.send(`${postHead('/login', 2_000)}{"username":`);
      c.trickle(' ');
    }
    expect(await slow.closedWithin(CLOSE_BOUND_MS)).toBe('closed');
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(await patient.closedWithin(1_000)).toBe('open');
    patient.end();
  });

  test('trickled headers are cut off after the headers timeout', async () => {
    const slow = client(short);
    slow.send(`GET ${BASE}/version HTTP/1.1\r\nHost: test\r\n`);
    slow.trickle('X');
    expect(await slow.closedWithin(CLOSE_BOUND_MS)).toBe('closed');
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  test('a request answered before its body has arrived gets its answer and the connection is closed', async () => {
    const early = client(roomy);
    early.send(`${postHead('/claims/search', 1_000_000)}{"search":"${'x'.repeat(100)}`);
    expect(await early.closedWithin(CLOSE_BOUND_MS)).toBe('closed');
    const [head, body] = early.received().split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 401 /);
    expect(head.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(body)).toEqual({ detail: expect.any(String) });
  });

  test('a client that ends its side after an early answer is closed before its end is taken for a broken request', async () => {
    // Node takes the end of a connection whose body is unfinished for a client error; one on a socket still open is
    // answered and destroyed with the error, formatting its stack. The lingering read closes the socket first.
    let onOpenSockets = 0;
    const count = (_error: Error, socket: { destroyed: boolean }) => {
      if (!socket.destroyed) onOpenSockets += 1;
    };
    // Before Fastify's own listener, which destroys the socket.
    roomy.server.prependListener('clientError', count);
    try {
      const early = client(roomy);
      early.send(`${postHead('/claims/search', 1_000_000)}{"search":"${'x'.repeat(100)}`);
      // The client's side ends when the answer's close arrives; well within the lingering read's 10 s.
      expect(await early.closedWithin(5_000)).toBe('closed');
      expect(early.received()).toMatch(/^HTTP\/1\.1 401 /);
      expect(onOpenSockets).toBe(0);
    } finally {
      roomy.server.off('clientError', count);
    }
  });

  test('a request that has all arrived keeps its connection alive', async () => {
    const whole = client(roomy);
    whole.send(`GET ${BASE}/version HTTP/1.1\r\nHost: test\r\n\r\n`);
    expect(await whole.closedWithin(500)).toBe('open');
    expect(whole.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(whole.received().toLowerCase()).toContain('connection: keep-alive');
    whole.end();
  });

  test('with fifty trickled bodies hanging on, /version answers', async () => {
    const hanging = Array.from({ length: 50 }, () => client(roomy));
    for (const c of hanging) {
      c.send(`${postHead('/login', 2_000)}{"username":`);
      c.trickle(' ');
    }
    try {
      const { port } = roomy.server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}${BASE}/version`);
      expect(response.status).toBe(200);
    } finally {
      for (const c of hanging) c.end();
    }
  });
});
