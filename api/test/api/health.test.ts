/**
 * /health and /ready (issue 20 §7, issue 21 §6): outside the versioned prefix and without a token. /health answers
 * 200 while the process is alive; /ready 503 until the warm-up has run and while the database cannot be reached,
 * 200 in between.
 */
import { NOT_WARMED_UP, warmUp } from '../../src/http/health';
import { DATABASES } from '../../testing/databases';
import { apiSuite } from '../../testing/suite';

describe.each(DATABASES)('health and readiness on %s', (_name, open) => {
  const { app, testDb } = apiSuite(open);

  const answer = async (url: string) => {
    const response = await app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json() };
  };

  test('/health answers 200 at once; /ready 503 until the warm-up has run, then 200', async () => {
    expect(await answer('/health')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await answer('/ready')).toEqual({ status: 503, body: { detail: NOT_WARMED_UP } });
    await warmUp(app);
    expect(await answer('/ready')).toEqual({ status: 200, body: { status: 'ready' } });
  });

  test('/ready answers 503 naming the database once it cannot be reached; /health still 200', async () => {
    await testDb.drop();
    expect(await answer('/ready')).toEqual({
      status: 503,
      body: { detail: expect.stringMatching(/^Database (unreachable|did not answer)/) },
    });
    expect((await answer('/health')).status).toBe(200);
  });
});
