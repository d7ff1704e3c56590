/**
 * The first start's demo claims arrived before the seed started (src/seed/arrivals.ts), so that their reviews are
 * overdue, due today or due later as the review settings make them: the claims stored carry those arrivals, and a
 * review started on them is due where the arrival says. The seed's start is given, never the machine's clock.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { DEFAULT_DISPLAY_TIME_ZONE } from '@claims/shared-kernel/constants';
import { openDatabase, type OpenDatabase } from '../../src/db';
import { claims } from '../../src/db/schema';
import { startReview } from '../../src/review/assignment';
import { seedMastersIfEmpty } from '../../src/seed';
import { seedArrival, seedDueKind } from '../../src/seed/arrivals';
import { seedGeneratedClaims } from '../../src/seed/generated-claims';
import { createFolderStore } from '../../src/storage/folder';

const CLAIMS = 4;
// 12:00 in Kolkata: the day has twelve hours left.
const STARTED_AT = new Date('2026-03-10T06:30:00Z');
const END_OF_DAY = new Date('2026-03-10T18:30:00Z');
const DUE_HOURS = { PRE_AUTH: 4, SETTLEMENT: 120 } as const;
const HOUR_MS = 3_600_000;

let database: OpenDatabase;
const storeDir = mkdtempSync(join(tmpdir(), 'claims-seed-arrivals-'));

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
});
afterAll(async () => {
  await database?.close();
  rmSync(storeDir, { recursive: true, force: true });
});

test('seeded claims arrive by their index before the start, and their reviews fall due from the settings', async () => {
  const db = database.db;
  await seedMastersIfEmpty(db, () => {}, { generatedClaims: CLAIMS });
  const timing = { startedAt: STARTED_AT, zone: DEFAULT_DISPLAY_TIME_ZONE };
  expect(await seedGeneratedClaims(db, createFolderStore(storeDir), CLAIMS, () => {}, undefined, timing)).toBe(CLAIMS);

  const seeded = await db.select().from(claims).orderBy(asc(claims.id));
  expect(seeded).toHaveLength(CLAIMS);
  for (const [index, claim] of seeded.entries()) {
    const hours = DUE_HOURS[claim.caseType];
    expect(claim.arrivalDate).toEqual(seedArrival(index, hours, STARTED_AT, DEFAULT_DISPLAY_TIME_ZONE));
    // Stored now: the console's figures of the day still count it.
    expect(claim.createdOn.getTime()).toBeGreaterThan(STARTED_AT.getTime());

    await db.transaction((tx) => startReview(tx, claim.id, 'QUERY', { sampleAcceptedPercent: 10, openClaimLimit: 40 }, STARTED_AT));
    const [{ dueAt }] = await db.select({ dueAt: claims.dueAt }).from(claims).where(eq(claims.id, claim.id));
    expect(dueAt?.getTime()).toBe(claim.arrivalDate!.getTime() + hours * HOUR_MS);
    const due = dueAt!.getTime();
    if (seedDueKind(index) === 'overdue') expect(due).toBeLessThan(STARTED_AT.getTime());
    if (seedDueKind(index) === 'today') expect(due > STARTED_AT.getTime() && due < END_OF_DAY.getTime()).toBe(true);
    if (seedDueKind(index) === 'later' && claim.caseType === 'SETTLEMENT') expect(due).toBeGreaterThan(END_OF_DAY.getTime());
  }
});
