/**
 * The first-start seed on an empty database: demo logins, the catalog with its keyword ids
 * translated (rules must still name the catalog's entries), and a generated claim queued.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { verifyPassword } from '../../src/auth/passwords';
import { openDatabase, type OpenDatabase } from '../../src/db';
import { claimDocuments, claims, jobs, keywordMasters, procedures, rules, users } from '../../src/db/schema';
import { DEMO_PASSWORD, DEMO_USERS } from '../../src/seed/base';
import { loadMasterData, loadRules } from '../../src/jobs/verification-input';
import { insertSeedClaim, seedMastersIfEmpty } from '../../src/seed';
import { catalog } from '../../src/seed/synthetic/catalog';
import { generateClaim } from '../../src/seed/synthetic/generator';
import { createFolderStore } from '../../src/storage/folder';

let database: OpenDatabase;
const storeDir = mkdtempSync(join(tmpdir(), 'claims-seed-documents-'));
const store = createFolderStore(storeDir);

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
});
afterAll(async () => {
  await database?.close();
  rmSync(storeDir, { recursive: true, force: true });
});

test('seeds once, with working demo logins', async () => {
  expect(await seedMastersIfEmpty(database.db)).toBe(true);
  expect(await seedMastersIfEmpty(database.db)).toBe(false);
  const rows = await database.db.select().from(users);
  expect(rows.map((u) => u.username).sort()).toEqual(DEMO_USERS.map((u) => u.username).sort());
  expect(await verifyPassword(rows[0].passwordHash, DEMO_PASSWORD)).toBe(true);
  expect(rows.find((u) => u.username === 'demo.reviewer')).toMatchObject({ organization: 'vitraya-demo', role: 'user' });
});

test('rules keep naming the catalog entries after the keyword ids are renumbered', async () => {
  const db = database.db;
  const names = new Map(
    (await db.select({ id: keywordMasters.id, name: keywordMasters.name }).from(keywordMasters)).map((k) => [k.id, k.name]),
  );
  const stored = await db
    .select({ rule: rules, code: procedures.procedureCode })
    .from(rules)
    .innerJoin(procedures, eq(procedures.id, rules.procedureId));
  expect(stored).toHaveLength(catalog.rules.length);
  for (const expected of catalog.rules) {
    const row = stored.find(
      (r) => r.rule.org === expected.org && r.code === expected.procedure_code && r.rule.caseType === expected.case_type,
    );
    expect(row).toBeDefined();
    const diagnosisNames = expected.fk_diagnosis.map((id) => catalog.diagnoses.find((d) => d.id === id)!.name);
    expect(row!.rule.selections.fk_diagnosis.map((id) => names.get(id))).toEqual(diagnosisNames);
    const documentNames = expected.fk_document.map((id) => catalog.documents.find((d) => d.id === id)!.name);
    expect(row!.rule.selections.fk_document.map((id) => names.get(id))).toEqual(documentNames);
  }
});

test("the adjudicator's input is built from the seeded masters and rules", async () => {
  const db = database.db;
  const { id002 } = await loadRules(db, { org: 'vitraya', caseType: 'SETTLEMENT', procedureCodes: ['id002'] });
  expect(id002?.documentExclusionList).toEqual(['Claim Form', 'Cost Estimate']);
  expect(id002?.clinicalExclusionDocuments).toContain('Claim Form');
  expect(id002?.documentRule?.booleanOperator).toBe('AND');
  const override = await loadRules(db, { org: 'starhealth', caseType: 'SETTLEMENT', procedureCodes: ['id002', 'id025'] });
  const starhealthRule = catalog.rules.find((r) => r.org === 'starhealth' && r.procedure_code === 'id002' && r.case_type === 'SETTLEMENT')!;
  expect(override.id002?.documentRule).toEqual(starhealthRule.documentRule);
  expect(override.id025).toBeNull();

  const masters = await loadMasterData(db, 'HOSP001');
  expect(Object.keys(masters.docgroups)).toEqual(['Discharge Summary', 'Final Bill']);
  expect(masters.diagnoses.map((d) => d.name).sort()).toEqual(catalog.diagnoses.map((d) => d.name).sort());
  expect(masters.clinicalAttributes).toHaveLength(catalog.clinicalAttributes.length);
  expect((await loadMasterData(db, 'HOSP002')).docgroups).toEqual({});
});

test('a generated claim is stored with its files in the document store and queued', async () => {
  const generated = await generateClaim(7, { organization: 'starhealth', imagePages: 0 });
  const id = await insertSeedClaim(database.db, store, generated);
  const [claim] = await database.db.select().from(claims).where(eq(claims.id, id));
  expect(claim).toMatchObject({
    org: 'starhealth',
    referenceClaimId: generated.referenceClaimId,
    procedureCodes: generated.procedureCodes,
  });
  const documents = await database.db.select().from(claimDocuments).where(eq(claimDocuments.claimId, id));
  expect(documents.map((d) => d.fileName)).toEqual(generated.documents.map((d) => d.fileName));
  for (const [i, document] of documents.entries()) {
    expect(document.data).toBeNull();
    expect(Buffer.compare(await store.read(document.storageKey!), Buffer.from(generated.documents[i].data))).toBe(0);
  }
  expect(await database.db.select().from(jobs).where(eq(jobs.claimId, id))).toHaveLength(1);
});
