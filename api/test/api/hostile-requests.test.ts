/**
 * Requests an attacker would send to stop the service for everyone (issue 20, items 1, 5 and 8), on both databases:
 * a huge page number, oversized search texts and bodies of many keys, impossible dates, a body over the limit (read
 * over a real socket, where the answer used to be lost under a reset connection) and a very long document name.
 * Times are bounded generously: they prove "answers, does not hang", not a speed.
 */
import { connect } from 'node:net';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { type Claim, PAGE_NUMBER_MAX } from '@claims/shared-kernel/contract';
import { DATABASES } from '../../testing/databases';
import { BASE } from '../../testing/http';
import { apiSuite } from '../../testing/suite';

/** Far above what any of these requests needs, far below a freeze. */
const NO_FREEZE_MS = 5_000;

describe.each(DATABASES)('hostile requests on %s', (_name, open) => {
  const { app, as } = apiSuite(open, { users: ['vitraya.admin'] });
  let admin: Record<string, string>;

  beforeAll(() => {
    admin = as('vitraya.admin');
  });

  /** The answer and how long it took. */
  async function timed(options: InjectOptions): Promise<{ response: LightMyRequestResponse; ms: number }> {
    const started = performance.now();
    const response = await app.inject(options);
    return { response, ms: performance.now() - started };
  }

  const detailOf = (response: LightMyRequestResponse) => response.json<{ detail: string }>().detail;

  describe('page numbers', () => {
    it('refuses a page number past the bound, naming page_number, on every paged call', async () => {
      const huge = 4_000_000_000_000_000;
      const calls: InjectOptions[] = [
        { method: 'GET', url: `${BASE}/claims?limit=500&page_number=${huge}` },
        { method: 'POST', url: `${BASE}/claims/search?limit=500&page_number=${huge}`, payload: {} },
        { method: 'GET', url: `${BASE}/hospitals?limit=500&page_number=${PAGE_NUMBER_MAX + 1}` },
        { method: 'POST', url: `${BASE}/rules/search?page_number=${huge}`, payload: {} },
        { method: 'GET', url: `${BASE}/claim/batch?downloaded=true&org=vitraya&page_number=${huge}` },
        { method: 'GET', url: `${BASE}/annotation?page_number=1e300` },
      ];
      for (const call of calls) {
        const { response, ms } = await timed({ ...call, headers: admin });
        expect({ url: call.url, status: response.statusCode }).toEqual({ url: call.url, status: 400 });
        expect(detailOf(response)).toMatch(/page_number/);
        expect(ms).toBeLessThan(NO_FREEZE_MS);
      }
    });

    it('answers the last allowed page empty, and /version meanwhile', async () => {
      const last = `limit=500&page_number=${PAGE_NUMBER_MAX}`;
      // Pages 1 and 2 first: the list then remembers their ends and its count, the state that made it count down.
      for (const page of [1, 2]) {
        const { response } = await timed({ method: 'GET', url: `${BASE}/claims?limit=1&page_number=${page}`, headers: admin });
        expect(response.statusCode).toBe(200);
      }
      const started = performance.now();
      const [list, search, version] = await Promise.all([
        timed({ method: 'GET', url: `${BASE}/claims?${last}`, headers: admin }),
        timed({ method: 'POST', url: `${BASE}/claims/search?${last}`, headers: admin, payload: { query: 'SH' } }),
        timed({ method: 'GET', url: `${BASE}/version` }),
      ]);
      expect(performance.now() - started).toBeLessThan(NO_FREEZE_MS);
      expect(version.response.statusCode).toBe(200);
      for (const { response } of [list, search]) {
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual([]);
      }
      const far = await timed({ method: 'GET', url: `${BASE}/claims?limit=1&page_number=${PAGE_NUMBER_MAX}`, headers: admin });
      expect(far.response.json()).toEqual([]);
      for (const master of ['hospitals', 'procedures', 'docgroups', 'ppq']) {
        const { response, ms } = await timed({ method: 'GET', url: `${BASE}/${master}?${last}`, headers: admin });
        expect({ master, status: response.statusCode }).toEqual({ master, status: 200 });
        expect(ms).toBeLessThan(NO_FREEZE_MS);
      }
    });
  });

  describe('large bodies', () => {
    /** A JSON object of `count` keys (about 9 bytes each: 150,000 make 1.3 MB, within the 2 MB limit). */
    const manyKeys = (count: number) => JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, i) => [i.toString(36), 0])));
    const json = { 'content-type': 'application/json' };

    it('refuses a search text over 200 characters, and a search body over its limit unread, on the claims and the masters alike', async () => {
      const huge = 'x'.repeat(1_900_000);
      const tooLarge = /^Request body is too large/;
      const calls: [string, object, number, RegExp][] = [
        ['/claims/search?limit=25', { query: huge }, 413, tooLarge],
        ['/claims/search?limit=25', { query: 'x'.repeat(201) }, 400, /^query: must be at most 200 characters/],
        ['/hospitals/search?limit=25', { query: huge }, 413, tooLarge],
        ['/hospitals/search?limit=25', { query: 'x'.repeat(201) }, 400, /^query: must be at most 200 characters/],
        ['/claims/search?limit=25', { hospital_code: ['x'.repeat(1_001)] }, 400, /^hospital_code\.0: must be at most 1000 characters/],
        ['/claim/batch/uploads/search?org=vitraya', { batchName: [huge] }, 413, tooLarge],
        [
          '/claim/batch/uploads/search?org=vitraya',
          { batchName: ['x'.repeat(1_001)] },
          400,
          /^batchName\.0: must be at most 1000 characters/,
        ],
      ];
      for (const [url, payload, status, detail] of calls) {
        const { response, ms } = await timed({ method: 'POST', url: `${BASE}${url}`, headers: admin, payload });
        expect({ url, status: response.statusCode }).toEqual({ url, status });
        expect(detailOf(response)).toMatch(detail);
        expect(ms).toBeLessThan(NO_FREEZE_MS);
      }
      const fits = await timed({
        method: 'POST',
        url: `${BASE}/claims/search?limit=25`,
        headers: admin,
        payload: { query: 'x'.repeat(200) },
      });
      expect(fits.response.statusCode).toBe(200);
    });

    it('refuses a body of 150,000 keys before parsing it, with or without a token', async () => {
      const body = manyKeys(150_000);
      expect(body.length).toBeGreaterThan(1_300_000);
      // A search takes 64 KB at most (refused by its size, as below); a route taking large bodies counts the keys.
      const signedIn = await timed({
        method: 'POST',
        url: `${BASE}/hospitals`,
        headers: { ...admin, ...json },
        payload: body,
      });
      expect(signedIn.response.statusCode).toBe(400);
      expect(detailOf(signedIn.response)).toBe('body: at most 1000 fields in an object');
      expect(signedIn.ms).toBeLessThan(NO_FREEZE_MS);
      // Routes without a token take a few kilobytes: the body is refused by its size, before it is read.
      for (const url of ['/login', '/marketing/signup']) {
        const { response, ms } = await timed({ method: 'POST', url: `${BASE}${url}`, headers: json, payload: body });
        expect({ url, status: response.statusCode }).toEqual({ url, status: 413 });
        expect(detailOf(response)).toBe('Request body is too large');
        expect(ms).toBeLessThan(NO_FREEZE_MS);
      }
      const form = await timed({
        method: 'PUT',
        url: `${BASE}/claims/1`,
        headers: { ...admin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: Array.from({ length: 150_000 }, (_, i) => `k${i}=${i}`).join('&'),
      });
      expect(form.response.statusCode).toBe(413);
    });

    it('counts keys per object and in all, wherever they are, and leaves strings alone', async () => {
      const search = (payload: string) =>
        app.inject({ method: 'POST', url: `${BASE}/claims/search?limit=25`, headers: { ...admin, ...json }, payload });
      const create = (payload: string) => app.inject({ method: 'POST', url: `${BASE}/hospitals`, headers: { ...admin, ...json }, payload });
      const nested = `{"query": "a", "x": ${JSON.stringify([JSON.parse(manyKeys(1_001))])}}`;
      expect(detailOf(await search(nested))).toBe('body: at most 1000 fields in an object');
      const spread = JSON.stringify({ x: Array.from({ length: 21 }, () => JSON.parse(manyKeys(1_000))) });
      expect(detailOf(await create(spread))).toBe('body: at most 20000 fields in all');
      // Colons, braces and escaped quotes inside strings are text, not keys.
      const text = JSON.stringify({ query: '{"a":1}\\":'.repeat(10), userName: Array.from({ length: 2_000 }, () => 'a:b') });
      expect((await search(text)).statusCode).toBe(200);
      // A form's fields are counted after parsing, named by the guard.
      const form = await app.inject({
        method: 'PUT',
        url: `${BASE}/claims/1`,
        headers: { ...admin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: Array.from({ length: 1_001 }, (_, i) => `k${i}=${i}`).join('&'),
      });
      expect({ status: form.statusCode, detail: detailOf(form) }).toEqual({
        status: 400,
        detail: 'body: at most 1000 fields in an object',
      });
    });
  });

  describe('dates', () => {
    it('refuses a day that is not in the calendar, naming the field, wherever dates are taken', async () => {
      const calls: [InjectOptions, RegExp][] = [
        [
          { method: 'POST', url: `${BASE}/claims/search?limit=25`, payload: { startDate: '2024-02-30' } },
          /^startDate: '2024-02-30' is not a calendar date$/,
        ],
        [
          { method: 'POST', url: `${BASE}/claims/search?limit=25`, payload: { endDate: '2023-02-29' } },
          /^endDate: '2023-02-29' is not a calendar date$/,
        ],
        [
          { method: 'POST', url: `${BASE}/claim/batch/uploads/search?org=vitraya`, payload: { startDate: '2024-13-01' } },
          /^startDate: '2024-13-01' is not a calendar date$/,
        ],
        [
          { method: 'GET', url: `${BASE}/claims/dashboard/quality?from=2024-04-31` },
          /^querystring from: '2024-04-31' is not a calendar date$/,
        ],
        [
          { method: 'GET', url: `${BASE}/audit/export?from=2024-01-01&to=2024-06-31` },
          /^querystring to: '2024-06-31' is not a calendar date$/,
        ],
      ];
      for (const [call, detail] of calls) {
        const response = await app.inject({ ...call, headers: admin });
        expect({ url: call.url, status: response.statusCode }).toEqual({ url: call.url, status: 400 });
        expect(detailOf(response)).toMatch(detail);
      }
      const leap = await app.inject({
        method: 'POST',
        url: `${BASE}/claims/search?limit=25`,
        headers: admin,
        payload: { startDate: '2024-02-29', endDate: '2024-02-29' },
      });
      expect(leap.statusCode).toBe(200);
    });
  });

  describe('over a real socket', () => {
    let port: number;

    beforeAll(async () => {
      port = Number(new URL(await app.listen({ port: 0, host: '127.0.0.1' })).port);
    });

    /**
     * What a client that sends its whole body before anything else (as a browser uploading a file does) reads: the
     * status line, the body and any socket error (a write refused by a reset connection: EPIPE, ECONNRESET).
     */
    function sendWhole(head: string, bodyBytes: number, tail = ''): Promise<{ status: string; body: string; error: string | null }> {
      return new Promise((resolve) => {
        const socket = connect(port, '127.0.0.1');
        let received = '';
        let error: string | null = null;
        socket.on('data', (data) => {
          received += data;
        });
        socket.on('error', (e: NodeJS.ErrnoException) => {
          error = e.code ?? e.message;
        });
        socket.on('close', () => {
          const [status, ...rest] = received.split('\r\n');
          resolve({ status, body: rest.join('\r\n').split('\r\n\r\n')[1] ?? '', error });
        });
        socket.on('connect', async () => {
          socket.write(head);
          const chunk = Buffer.alloc(64 * 1024, 'a');
          for (let sent = 0; sent < bodyBytes && !socket.destroyed; sent += chunk.length) {
            if (!socket.write(chunk.subarray(0, Math.min(chunk.length, bodyBytes - sent))))
              await new Promise((drained) => {
                socket.once('drain', drained);
                socket.once('close', drained);
              });
          }
          if (!socket.destroyed) socket.end(tail);
        });
      });
    }

    const requestHead = (path: string, headers: Record<string, string | number>) =>
      `POST ${BASE}${path} HTTP/1.1\r\nHost: localhost\r\n${Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('')}\r\n`;

    it('answers a body over the limit with a readable 413, the connection closed without a reset', async () => {
      const bytes = 20 * 1024 * 1024;
      const json = { 'content-type': 'application/json', 'content-length': bytes };
      for (const head of [requestHead('/claims/search', { ...admin, ...json }), requestHead('/login', json)]) {
        expect(await sendWhole(head, bytes)).toEqual({
          status: 'HTTP/1.1 413 Payload Too Large',
          body: JSON.stringify({ detail: 'Request body is too large' }),
          error: null,
        });
      }
      // A client reading as it sends (fetch) reads the same answer.
      const response = await fetch(`http://127.0.0.1:${port}${BASE}/claims/search`, {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/json' },
        body: 'a'.repeat(3 * 1024 * 1024),
      });
      expect({ status: response.status, body: await response.json() }).toEqual({
        status: 413,
        body: { detail: 'Request body is too large' },
      });
    });

    it('answers an upload over the document limit with a readable 413 naming it', async () => {
      const boundary = 'hostile-boundary';
      const fields = {
        patientName: 'Asha',
        referenceClaimId: 'HUGE-UPLOAD',
        caseType: 'SETTLEMENT',
        procedureName: 'P1',
        adjudicate: 'false',
      };
      const parts = Object.entries(fields)
        .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join('');
      const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="documents"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`;
      const tail = `\r\n--${boundary}--\r\n`;
      const fileBytes = 20 * 1024 * 1024;
      const head = requestHead('/claims', {
        ...admin,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': Buffer.byteLength(parts + fileHead) + fileBytes + tail.length,
      });
      const answer = await sendWhole(head + parts + fileHead, fileBytes, tail);
      expect(answer).toMatchObject({ status: 'HTTP/1.1 413 Payload Too Large', error: null });
      expect(JSON.parse(answer.body).detail).toMatch(/^documents: 'big\.pdf' is larger than .*the limit per file$/);
    });
  });

  describe('document names', () => {
    it('keeps a name of 5,000 characters to 200, its extension kept', async () => {
      const pdf = await PDFDocument.create();
      pdf.addPage([200, 200]);
      const data = await pdf.save();
      const names: [string, RegExp][] = [
        [`${'a'.repeat(5_000)}.PDF`, /^a{196}\.PDF$/],
        ['b'.repeat(5_000), /^b{196}\.pdf$/],
        [`${'😀'.repeat(300)}.pdf`, /^(😀){196}\.pdf$/u],
      ];
      for (const [name, stored] of names) {
        const form = new FormData();
        const fields = { patientName: 'Asha', referenceClaimId: `LONG-${name.length}-${name.at(0)}`, caseType: 'SETTLEMENT' };
        for (const [key, value] of Object.entries({ ...fields, procedureName: 'P1', adjudicate: 'false' })) form.append(key, value);
        form.append('documents', new Blob([data], { type: 'application/pdf' }), name);
        const created = await app.inject({ method: 'POST', url: `${BASE}/claims`, headers: admin, payload: form });
        expect(created.statusCode).toBe(200);
        const claim = await app.inject({ method: 'GET', url: `${BASE}/claims/${created.json<{ id: number }>().id}`, headers: admin });
        const [document] = claim.json<Claim>().documents;
        expect(document.file_name).toMatch(stored);
      }
    });
  });
});
