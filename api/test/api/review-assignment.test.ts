/**
 * Review work (issue 23 §1-§3, docs/review-work.md): the review's clock, assignment on verdict, round robin with
 * limits, the sampling of ACCEPTED claims, due times per insurer and case type, reassignment and My queue.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db';
import { claims } from '../../src/db/schema';
import { closeReview, pauseClock, resumeClock } from '../../src/review/clock';
import { DATABASES } from '../../testing/databases';
import { claimIds } from '../../testing/fixture';
import { testApp, type TestDatabase } from '../../testing/http';

const HOUR = 3600_000;
const ARRIVAL = new Date('2025-03-10T04:00:00Z');
const after = (ms: number) => new Date(ARRIVAL.getTime() + ms);

describe.each(DATABASES)('review assignment on %s', (_name, open) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let db: Db;
  let ids: Record<string, number>;

  beforeAll(async () => {
    testDb = await open();
    db = testDb.database.db;
    app = await testApp(testDb.database);
    ids = await claimIds(db);
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
  });

  const review = async (id: number) => {
    const [row] = await db
      .select({
        dueAt: claims.dueAt,
        pausedAt: claims.reviewPausedAt,
        pausedSeconds: claims.reviewPausedSeconds,
        closedAt: claims.reviewClosedAt,
        turnaround: claims.turnaroundSeconds,
        assignedTo: claims.assignedTo,
      })
      .from(claims)
      .where(eq(claims.id, id));
    return row;
  };

  describe('the clock', () => {
    test('a pause moves the due time later by its span, and the turnaround leaves it out', async () => {
      const id = ids['VT-OPEN-1'];
      await db
        .update(claims)
        .set({ arrivalDate: ARRIVAL, dueAt: after(4 * HOUR) })
        .where(eq(claims.id, id));

      await pauseClock(db, id, after(HOUR));
      await pauseClock(db, id, after(2 * HOUR)); // already paused: the first pause counts
      expect(await review(id)).toMatchObject({ pausedAt: after(HOUR), dueAt: after(4 * HOUR) });

      await resumeClock(db, id, after(3 * HOUR));
      expect(await review(id)).toMatchObject({ pausedAt: null, pausedSeconds: 7200, dueAt: after(6 * HOUR) });
      await resumeClock(db, id, after(4 * HOUR)); // running: nothing to resume
      expect(await review(id)).toMatchObject({ pausedSeconds: 7200, dueAt: after(6 * HOUR) });

      // Paused again and closed while paused: the open pause counts up to the close.
      await pauseClock(db, id, after(5 * HOUR));
      await closeReview(db, id, after(7 * HOUR));
      expect(await review(id)).toMatchObject({ closedAt: after(7 * HOUR), pausedSeconds: 4 * 3600, turnaround: 3 * 3600 });

      // Closed: the clock neither pauses nor closes again.
      await pauseClock(db, id, after(8 * HOUR));
      await closeReview(db, id, after(9 * HOUR));
      expect(await review(id)).toMatchObject({ pausedAt: null, closedAt: after(7 * HOUR), turnaround: 3 * 3600 });
    });

    test('without an arrival date the turnaround counts from the claim’s creation', async () => {
      const id = ids['SH-OPEN-1'];
      const [{ createdOn }] = await db.select({ createdOn: claims.createdOn }).from(claims).where(eq(claims.id, id));
      await closeReview(db, id, new Date(createdOn.getTime() + 90 * 60_000));
      expect(await review(id)).toMatchObject({ turnaround: 5400, pausedSeconds: 0 });
    });
  });
});
