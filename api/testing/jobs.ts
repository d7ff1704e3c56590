/**
 * Databases and fixtures for the queue tests: embedded PGlite (cloned from a migrated template) and,
 * when reachable, a throwaway database on the real PostgreSQL server.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { openDatabase, schema, type Db, type OpenDatabase } from '../src/db';
import { batches, claimDocuments, claims, keywordMasters, organizations, procedures, rules } from '../src/db/schema';
import type { RuleSelections } from '@claims/shared-kernel/contract';
import { postgresUnavailable, throwawayDatabase } from './postgres';
import { createFolderStore } from '../src/storage/folder';
import { newDocumentKey } from '../src/storage/store';
import type { ClaimVerification, DocumentFile, ReadDocument, VerificationInput } from '../src/verification/types';
import { createVerificationWorker, type WorkerOptions } from '../src/jobs/worker';

export interface TestDatabase extends OpenDatabase {
  drop(): Promise<void>;
}

let template: Promise<Blob> | null = null;
async function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const first = await openDatabase({ kind: 'pglite' });
    const dump = await first.pglite!.dumpDataDir('none');
    await first.close();
    return dump;
  })();
  return template;
}

/** Whether the PostgreSQL server answers; without it the postgres tests are skipped (loudly) unless REQUIRE_POSTGRES=1. */
export async function postgresReachable(): Promise<boolean> {
  const unavailable = await postgresUnavailable();
  if (!unavailable) return true;
  if (process.env.REQUIRE_POSTGRES === '1') throw new Error(`PostgreSQL is required but unreachable: ${unavailable}`);
  console.warn(`SKIPPING the PostgreSQL queue tests: ${unavailable}`);
  return false;
}

export type Driver = 'pglite' | 'postgres';

const documentFolder = join(tmpdir(), `claims-jobs-documents-${randomUUID()}`);
/** The documents of this test file's claims (insertClaim), in a folder of its own, removed with the databases. */
export const documentStore = createFolderStore(documentFolder);

export async function openTestDatabase(driver: Driver): Promise<TestDatabase> {
  const removeDocuments = () => rmSync(documentFolder, { recursive: true, force: true });
  if (driver === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', loadDataDir: await pgliteTemplate() }, { runMigrations: false });
    return { ...database, drop: () => database.close().finally(removeDocuments) };
  }
  const { database, drop } = await throwawayDatabase('jobs_test');
  return { ...database, drop: () => drop().finally(removeDocuments) };
}

const TABLES = Object.values(schema)
  .filter((value: unknown): value is PgTable => is(value, PgTable))
  .map((table) => `"${getTableName(table)}"`);

/** Empties every table, so the tests of one file can share one database (a new one costs seconds). */
export async function resetDatabase(db: Db): Promise<void> {
  await db.execute(sql.raw(`truncate ${TABLES.join(', ')} restart identity cascade`));
}

export const EMPTY_SELECTIONS: RuleSelections = {
  fk_diagnosis: [],
  fk_document: [],
  fk_tissue: [],
  fk_drug: [],
  fk_evidence: [],
  fk_clinical_attribute: [],
  fk_clinical_inc_document: [],
  fk_clinical_exc_document: [],
  fk_exc_document: [],
};

/** The organisations, one procedure (code P1) and its vitraya rule. */
export async function seedBasics(db: Db): Promise<{ procedureId: number; ruleId: number }> {
  await db
    .insert(organizations)
    .values([
      { code: 'vitraya', name: 'Vitraya' },
      { code: 'starhealth', name: 'Star Health' },
    ])
    .onConflictDoNothing();
  const [procedure] = await db
    .insert(procedures)
    .values({ procedureCode: 'P1', name: 'Cataract surgery', snomedctCode: '110473004', alias: ['phacoemulsification'] })
    .returning({ id: procedures.id });
  await db.insert(keywordMasters).values({ kind: 'diagnoses', name: 'Cataract', alias: ['senile cataract'], icdCode: 'H25' });
  const [rule] = await db
    .insert(rules)
    .values({
      org: 'vitraya',
      procedureId: procedure.id,
      caseType: 'PRE_AUTH',
      version: 2,
      procedureRule: {
        booleanOperator: 'AND',
        statements: [
          { operator: 'ANY_OF_N_VALUES_IS_PRESENT', entityName: 'procedures', numberOfValues: 1, valuesToFind: ['Cataract surgery'] },
        ],
      },
      diagnosisRule: {
        booleanOperator: 'AND',
        statements: [{ operator: 'ANY_OF_N_VALUES_IS_PRESENT', entityName: 'diagnoses', numberOfValues: 1, valuesToFind: ['Cataract'] }],
      },
      selections: EMPTY_SELECTIONS,
    })
    .returning({ id: rules.id });
  return { procedureId: procedure.id, ruleId: rule.id };
}

export interface ClaimSeed {
  org?: string;
  documents?: { fileName?: string; data: Uint8Array; contentType?: 'application/pdf' | 'image/png' | 'image/jpeg' }[];
  deleteAfterAdjudication?: boolean;
  batchId?: number;
  status?: string;
}

export async function insertClaim(db: Db, seed: ClaimSeed = {}): Promise<number> {
  const [claim] = await db
    .insert(claims)
    .values({
      org: seed.org ?? 'vitraya',
      referenceClaimId: `CASE-${randomUUID().slice(0, 8)}`,
      caseType: 'PRE_AUTH',
      patientName: 'Test Patient',
      procedureCodes: ['P1'],
      procedureNames: ['Cataract surgery'],
      status: seed.status ?? 'TO_BE_OCRED',
      deleteAfterAdjudication: seed.deleteAfterAdjudication ?? false,
      batchId: seed.batchId ?? null,
    })
    .returning({ id: claims.id });
  const documents = seed.documents ?? [{ data: new TextEncoder().encode('%PDF-1.4 placeholder') }];
  for (const [i, d] of documents.entries()) {
    const storageKey = newDocumentKey();
    await documentStore.put(storageKey, d.data);
    await db.insert(claimDocuments).values({
      claimId: claim.id,
      fileName: d.fileName ?? `doc-${i + 1}.pdf`,
      contentType: d.contentType ?? 'application/pdf',
      size: d.data.length,
      storageKey,
    });
  }
  return claim.id;
}

export async function insertBatch(db: Db, values: { priority: number; status: string; name?: string }): Promise<number> {
  const [batch] = await db
    .insert(batches)
    .values({ batchName: values.name ?? `batch-${values.priority}`, org: 'vitraya', priority: values.priority, status: values.status })
    .returning({ id: batches.id });
  return batch.id;
}

export async function claimRow(db: Db, id: number) {
  const [row] = await db.select().from(claims).where(eq(claims.id, id));
  return row;
}

/** A reader double: every call is recorded; `fail` decides per call whether it throws. */
export function fakeReader(
  options: { fail?: (call: number, file: DocumentFile) => boolean; onRead?: (file: DocumentFile) => Promise<void> | void } = {},
) {
  const calls: { documentId: number; at: number }[] = [];
  let closed = 0;
  return {
    calls,
    get closed() {
      return closed;
    },
    async read(file: DocumentFile): Promise<ReadDocument> {
      calls.push({ documentId: file.documentId, at: Date.now() });
      await options.onRead?.(file);
      if (options.fail?.(calls.length, file)) throw new Error(`reader broke on call ${calls.length}`);
      return {
        documentId: file.documentId,
        fileName: file.fileName,
        url: file.url,
        pages: [
          { pageNumber: 1, width: 600, height: 800, source: 'text', words: [{ text: 'Cataract', x: 10, y: 10, width: 50, height: 12 }] },
        ],
      };
    },
    async close() {
      closed += 1;
    },
  };
}

/** A verifier double: ACCEPTED for every procedure, recording the claims it saw in order. */
export function fakeVerifier(options: { before?: (input: VerificationInput) => Promise<void> | void } = {}) {
  const seen: number[] = [];
  const verify = async (input: VerificationInput): Promise<ClaimVerification> => {
    seen.push(input.claim.id);
    await options.before?.(input);
    return {
      adjudicationResult: 'ACCEPTED',
      adjudicationReason: null,
      rejectionReasons: [],
      adjudicationDetails: Object.fromEntries(
        input.claim.procedureCodes.map((code, i) => [code, { ruleId: null, primary: i === 0, adjudicationResult: 'ACCEPTED' as const }]),
      ),
    };
  };
  return { seen, verify };
}

export const until = async (condition: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> => {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** A logger that writes nothing: the tests read what the worker stored, not what it said. */
export const quietLog = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

const noDefaults = () => {
  throw new Error('these tests inject the reader and the verifier');
};

/** A verification worker over the test document store, polling fast, with the reader and verifier the test injects. */
export const startWorker = (options: Omit<WorkerOptions, 'store'>) =>
  createVerificationWorker({ store: documentStore, pollMs: 25, retryBaseMs: 40, log: quietLog, ...options }, noDefaults);

/** The two drivers every queue test runs on: `describe.each(DRIVERS)('... on %s', (driver) => ...)`. */
export const DRIVERS: Driver[] = ['pglite', 'postgres'];

export interface DriverDatabase {
  /** The describe's database, open while its tests run. */
  readonly database: TestDatabase;
  /** A test that runs only where the driver is available (PostgreSQL skipped loudly when unreachable). */
  it(name: string, fn: () => Promise<void>): void;
}

/**
 * The database of a describe of the queue tests on the driver: opened before its tests (a new database is migrated
 * first: minutes on a busy machine, hence the five minutes allowed), emptied and given `seedBasics` (then `prepare`)
 * before each test, dropped after.
 */
export function databaseOn(
  driver: Driver,
  prepare?: (database: TestDatabase, basics: { procedureId: number; ruleId: number }) => Promise<void>,
): DriverDatabase {
  let database: TestDatabase | undefined;
  let available = true;
  beforeAll(async () => {
    if (driver === 'postgres') available = await postgresReachable();
    if (available) database = await openTestDatabase(driver);
  }, 300_000);
  beforeEach(async () => {
    if (!database) return;
    await resetDatabase(database.db);
    const basics = await seedBasics(database.db);
    await prepare?.(database, basics);
  });
  afterAll(async () => {
    await database?.drop();
  });
  return {
    get database() {
      if (!database) throw new Error(`the ${driver} database is not open`);
      return database;
    },
    it: (name, fn) =>
      test(name, async () => {
        if (!available) return;
        await fn();
      }),
  };
}
