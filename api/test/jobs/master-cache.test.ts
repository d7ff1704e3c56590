/** The worker's masters: kept while no master changes, read anew once a write records its audit entry. */
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../src/audit/log';
import { keywordMasters } from '../../src/db/schema';
import { cachedMasterData } from '../../src/jobs/verification-input';
import { openTestDatabase, resetDatabase, seedBasics, type TestDatabase } from '../../testing/jobs';

describe('the masters a worker verifies with', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    await resetDatabase(database.db);
    await seedBasics(database.db);
  });
  afterAll(async () => {
    await database?.drop();
  });

  test('are read once while none changes, and again after a write that records its audit entry', async () => {
    const { db } = database;
    const masters = cachedMasterData();
    const first = await masters(db, null);
    expect(await masters(db, null)).toBe(first);
    expect(first.diagnoses?.map((d) => d.name)).toEqual(['Cataract']);

    // A master write: the change and its audit entry in one transaction, as every master route does.
    await db.transaction(async (tx) => {
      const [renamed] = await tx
        .update(keywordMasters)
        .set({ name: 'Senile cataract' })
        .where(eq(keywordMasters.name, 'Cataract'))
        .returning({ id: keywordMasters.id });
      await recordAudit(tx, {
        entity: 'diagnoses',
        key: String(renamed.id),
        action: 'update',
        user: 'vitraya.admin',
        before: { name: 'Cataract' },
        after: { name: 'Senile cataract' },
      });
    });
    const after = await masters(db, null);
    expect(after).not.toBe(first);
    expect(after.diagnoses?.map((d) => d.name)).toEqual(['Senile cataract']);
    // A worker of its own reads them anew whatever it is told.
    expect((await cachedMasterData()(db, null)).diagnoses?.map((d) => d.name)).toEqual(['Senile cataract']);
  });
});
