/**
 * Cancelling a claim's verification (POST /claims/{claimId}/verification/cancel), on PGlite and PostgreSQL: super
 * users only, the claim says why and its re-run mark is cleared, nothing to cancel answers 409. The worker's side
 * (a running job stops) is in test/jobs/hostile.test.ts.
 */
import { eq } from 'drizzle-orm';
import { claims, jobs } from '../../src/db/schema';
import { enqueueVerification } from '../../src/jobs';
import { DATABASES } from '../../testing/databases';
import { BASE, bearer } from '../../testing/http';
import { apiSuite } from '../../testing/suite';

describe.each(DATABASES)('cancelling a verification on %s', (_name, open) => {
  const { app, testDb, tokens, fixture: ids } = apiSuite(open, { users: ['vitraya.admin', 'vitraya.reviewer'] });

  const cancel = (id: number, user: string) =>
    app.inject({ method: 'POST', url: `${BASE}/claims/${id}/verification/cancel`, headers: bearer(tokens[user]) });

  test('a super user cancels a queued re-run: the verdict stays, the reason is shown and the re-run mark cleared', async () => {
    const { db } = testDb.database;
    const id = ids['VT-ACC-1'];
    await enqueueVerification(db, id, { rerun: true });

    const refused = await cancel(id, 'vitraya.reviewer');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: expect.stringContaining('only a super user') });

    const response = await cancel(id, 'vitraya.admin');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Message: 'Verification cancelled by vitraya.admin' });
    const [claim] = await db.select().from(claims).where(eq(claims.id, id));
    expect(claim).toMatchObject({
      status: 'ADJUDICATED',
      adjudicationResult: 'ACCEPTED',
      rerunStatus: null,
      errorMessage: 'Verification cancelled by vitraya.admin',
    });
    expect((await db.select().from(jobs).where(eq(jobs.claimId, id))).map((j) => j.status)).toEqual(['cancelled']);

    const again = await cancel(id, 'vitraya.admin');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: `Claim ${id} has no verification queued or running` });
  });
});
