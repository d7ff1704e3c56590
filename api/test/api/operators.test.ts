/**
 * What operators see (issue 21 §6): GET /metrics in the Prometheus text format (guarded by METRICS_TOKEN when set),
 * a request id taken from X-Request-Id or made, echoed in that header and carried by the request's log lines and by
 * the worker's lines for the verification the request queued.
 */
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { loadConfig } from '../../src/config';
import { jobs } from '../../src/db/schema';
import { METRICS_TOKEN_REQUIRED } from '../../src/http/metrics';
import { startOperatorServer } from '../../src/http/operator-server';
import { createVerificationWorker, type VerificationWorker } from '../../src/jobs/worker';
import { fakeReader, fakeVerifier, until } from '../../testing/jobs';
import { DATABASES } from '../../testing/databases';
import { BASE, bearer, testApp } from '../../testing/http';
import { apiSuite } from '../../testing/suite';
// @ts-expect-error: the suite's scripts are plain JavaScript without type declarations.
import { freePort } from '../../../scripts/lib/cluster.mjs';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function claimForm(referenceClaimId: string): Promise<FormData> {
  const pdf = await PDFDocument.create();
  pdf.addPage([400, 300]).drawText('Discharge Summary', { x: 40, y: 250, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
  const form = new FormData();
  for (const [key, value] of Object.entries({ patientName: 'Asha', referenceClaimId, caseType: 'SETTLEMENT', procedureName: 'P1' })) {
    form.append(key, value);
  }
  form.append('documents', new Blob([await pdf.save()], { type: 'application/pdf' }), 'discharge.pdf');
  return form;
}

/** The value of the sample `name{labels}` in a scrape (labels as Prometheus writes them, in their order), or undefined. */
function sample(scrape: string, name: string, labels: string): number | undefined {
  const line = scrape.split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

/** What a logger wrote, one parsed JSON object per line. */
function capturedLog() {
  const lines: Record<string, unknown>[] = [];
  return { lines, logger: { level: 'debug', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } } };
}

test('LOG_FORMAT: json by default when NODE_ENV=production, pretty otherwise; METRICS_TOKEN read', () => {
  const config = (env: Record<string, string>) => loadConfig({ JWT_SECRET: 'a-secret', ...env });
  expect(config({ NODE_ENV: 'production' }).logFormat).toBe('json');
  expect(config({}).logFormat).toBe('pretty');
  expect(config({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
  expect(config({ LOG_FORMAT: 'JSON' }).logFormat).toBe('json');
  expect(() => config({ LOG_FORMAT: 'xml' })).toThrow("LOG_FORMAT must be json or pretty, got 'xml'");
  expect(config({}).metricsToken).toBeNull();
  expect(config({ METRICS_TOKEN: 'scrape-secret' }).metricsToken).toBe('scrape-secret');
});

describe.each(DATABASES)('operators on %s', (_name, open) => {
  const log = capturedLog();
  let worker: VerificationWorker | undefined;

  // Declared before the suite's hooks: the worker stops before the app closes and the database is dropped.
  afterAll(async () => {
    await worker?.stop();
  });

  const { app, testDb, as } = apiSuite(open, { users: ['vitraya.admin'], logger: log.logger, settings: { logRequests: true } });

  const scrape = async () => {
    const response = await app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  test('X-Request-Id: a sane one is echoed, a missing or odd one replaced by a new id', async () => {
    const given = await app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'lb-7f3a:2026/11.29' } });
    expect(given.headers['x-request-id']).toBe('lb-7f3a:2026/11.29');

    const made = await app.inject({ method: 'GET', url: '/health' });
    const other = await app.inject({ method: 'GET', url: '/health' });
    expect(made.headers['x-request-id']).toMatch(UUID);
    expect(other.headers['x-request-id']).not.toBe(made.headers['x-request-id']);

    for (const odd of ['two words', 'x'.repeat(129), 'quote"d', '']) {
      const replaced = await app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': odd } });
      expect(replaced.headers['x-request-id']).toMatch(UUID);
    }
    // Errors carry it too.
    const refused = await app.inject({ method: 'GET', url: `${BASE}/claims`, headers: { 'x-request-id': 'no-token-1' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-request-id']).toBe('no-token-1');
  });

  test("every log line of a request carries its id, and the worker's lines for the claim it queued do too", async () => {
    const response = await app.inject({
      method: 'POST',
      url: `${BASE}/claims`,
      headers: { ...as('vitraya.admin'), 'x-request-id': 'create-claim-1' },
      payload: await claimForm(`OPS-${Math.random()}`),
    });
    expect(response.statusCode).toBe(200);
    const claimId = response.json<{ id: number }>().id;
    const requestLines = log.lines.filter((line) => line.requestId === 'create-claim-1');
    expect(requestLines.map((line) => line.msg)).toContainEqual(
      expect.stringMatching(/^POST \/v0\.3\.0\/claims 200 \d+ ms from 127\.0\.0\.1$/),
    );

    const [job] = await testDb.database.db.select().from(jobs).where(eq(jobs.claimId, claimId));
    expect(job).toMatchObject({ status: 'queued', requestId: 'create-claim-1' });

    // The worker logs through the app's logger, as main.ts starts it.
    worker = createVerificationWorker(
      {
        db: testDb.database.db,
        store: app.documentStore,
        reader: fakeReader(),
        verify: fakeVerifier().verify,
        concurrency: 2,
        pollMs: 25,
        log: app.log,
      },
      () => {
        throw new Error('the reader and the verifier are given');
      },
    );
    const finished = async () => (await testDb.database.db.select().from(jobs).where(eq(jobs.id, job.id)))[0].status === 'done';
    await until(finished);
    await worker.stop();
    const workerLines = log.lines.filter((line) => line.requestId === 'create-claim-1' && String(line.msg).startsWith(`job ${job.id}:`));
    expect(workerLines.map((line) => line.msg)).toEqual([
      `job ${job.id}: verifying claim ${claimId} (attempt 1)`,
      `job ${job.id}: claim ${claimId} verified: ACCEPTED`,
    ]);
  });

  test('/metrics: requests by route pattern and status, the queue, verifications, pages and the event loop', async () => {
    await app.inject({ method: 'GET', url: `${BASE}/claims/987654321`, headers: as('vitraya.admin') });
    await app.inject({ method: 'GET', url: `${BASE}/claims/987654321`, headers: as('vitraya.admin') });
    const response = await app.inject({
      method: 'POST',
      url: `${BASE}/claims`,
      headers: as('vitraya.admin'),
      payload: await claimForm(`OPS-${Math.random()}`),
    });
    expect(response.statusCode).toBe(200);

    const text = await scrape();
    for (const family of [
      'claims_http_requests_total',
      'claims_http_request_duration_seconds',
      'claims_queue_jobs',
      'claims_queue_oldest_job_age_seconds',
      'claims_verifications_total',
      'claims_verification_duration_seconds',
      'claims_pages_read_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(text).toContain(`# TYPE ${family} `);
    }
    // The route's pattern, never the URL with its id.
    expect(sample(text, 'claims_http_requests_total', 'method="GET",route="/v0.3.0/claims/:claimId",status="404"')).toBeGreaterThanOrEqual(
      2,
    );
    expect(text).not.toContain('987654321');
    expect(
      sample(text, 'claims_http_request_duration_seconds_count', 'method="POST",route="/v0.3.0/claims",status="200"'),
    ).toBeGreaterThanOrEqual(1);
    // The claim just created waits (the worker has stopped); the earlier one was verified, reading its one text page.
    expect(sample(text, 'claims_queue_jobs', 'org="vitraya",lane="small",status="queued"')).toBe(1);
    expect(sample(text, 'claims_queue_oldest_job_age_seconds', 'org="vitraya",lane="small"')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'claims_verifications_total', 'outcome="ACCEPTED"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'claims_pages_read_total', 'source="text"')).toBeGreaterThanOrEqual(1);
  });

  test('/metrics asks for METRICS_TOKEN when it is set', async () => {
    const guarded = await testApp(testDb.database, {}, { metricsToken: 'scrape-secret' });
    try {
      for (const authorization of [undefined, 'Bearer wrong', 'scrape-secret', 'Basic scrape-secret']) {
        const refused = await guarded.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
        expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 401, body: { detail: METRICS_TOKEN_REQUIRED } });
      }
      const allowed = await guarded.inject({ method: 'GET', url: '/metrics', headers: bearer('scrape-secret') });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.body).toContain('# TYPE claims_http_requests_total counter');
    } finally {
      await guarded.close();
    }
  });

  test("a worker's operator port (METRICS_PORT) answers /health, /ready and /metrics and nothing of the api", async () => {
    const port = await freePort();
    const operator = await startOperatorServer({ ...app.config, metricsToken: null }, app.db, port);
    try {
      const at = (path: string) => fetch(`http://127.0.0.1:${port}${path}`);
      expect((await at('/health')).status).toBe(200);
      expect(await (await at('/ready')).json()).toEqual({ status: 'ready' });
      const metrics = await at('/metrics');
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('claims_verifications_total');
      expect((await at(`${BASE}/claims`)).status).toBe(404);
    } finally {
      await operator.close();
    }
  });
});
