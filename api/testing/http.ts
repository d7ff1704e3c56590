/**
 * The api under test and what its HTTP tests send: buildApp over PGlite (a clone of the template) or a throwaway
 * PostgreSQL database, the demo users' tokens, and the PDFs, forms and bodies several test files upload.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import { openDatabase, type OpenDatabase } from '../src/db';
import { PASSWORD, seedFixture } from './fixture';
import { throwawayDatabase } from './postgres';
import { loadTemplate } from './template';

export const BASE = '/v0.3.0';
export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
/** The claim page's Re-run: verify the claim again. */
export const RERUN = 'status=OCRED&rerunFlag=true&adjudicate=true';
export const NOT_AUTHORIZED = 'You are not authorized to perform this action';
/** A logger for the verification worker that writes nothing. */
export const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
/** A rule's selections with nothing selected. */
export const NO_SELECTIONS = {
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

export interface TestDatabase {
  database: OpenDatabase;
  drop(): Promise<void>;
}

export async function pgliteDatabase(): Promise<TestDatabase> {
  const database = await openDatabase({ kind: 'pglite', loadDataDir: await loadTemplate() }, { runMigrations: false });
  return { database, drop: () => database.close() };
}

/** A new database claims_test_<random> on the server, migrated and loaded with the fixture; dropped after. */
export async function postgresDatabase(): Promise<TestDatabase> {
  const throwaway = await throwawayDatabase('claims_test');
  await seedFixture(throwaway.database.db);
  return throwaway;
}

/** Small upload limits, so the tests can pass them; a document folder of its own (made on the first upload) per app. */
export const testConfig = () =>
  loadConfig({
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
    SEED: 'false',
    LOGIN_RATE_LIMIT: '1000',
    UPLOAD_MAX_FILE_MB: '0.5',
    UPLOAD_MAX_CLAIM_MB: '1',
    UPLOAD_MAX_FILES: '4',
    DATABASE_URL: 'postgres://unused',
    DOCUMENT_STORE_DIR: join(tmpdir(), `claims-test-documents-${randomUUID()}`),
  });

/**
 * The app over the database, with testConfig() and any `settings` over it; silent unless `logger` says otherwise
 * (a test may collect the log lines). Its document folder is removed when it closes.
 */
export async function testApp(
  database: OpenDatabase,
  options: Pick<BuildOptions, 'logger' | 'onRoute'> = {},
  settings: Partial<AppConfig> = {},
): Promise<FastifyInstance> {
  const config = { ...testConfig(), ...settings };
  const app = await buildApp(config, { database, logger: false, ...options });
  app.addHook('onClose', () => rm(config.documentStoreDir, { recursive: true, force: true }));
  return app;
}

/** A logger that keeps the lines it writes (error level and above), for assertions on what was logged. */
export function collectingLogger(lines: string[]) {
  return { level: 'error', stream: { write: (line: string) => void lines.push(line) } };
}

/** The lines of a collected log saying an answer did not match its contract schema (and was refused). */
export const schemaDrifts = (lines: string[]) => lines.filter((line) => line.includes('response does not match its schema'));

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function login(app: FastifyInstance, username: string, password = PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: `${BASE}/login`, payload: { username, password } });
  if (response.statusCode !== 200) throw new Error(`login of ${username} failed: ${response.body}`);
  return response.json<{ access_token: string }>().access_token;
}

export const json = <T>(response: LightMyRequestResponse): T => response.json<T>();

/** A one-page PDF with one line of text. */
export async function smallPdf(text: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([400, 300]);
  page.drawText(text, { x: 40, y: 250, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return pdf.save();
}

/** An A4 page with the lines of text, as a discharge summary reads. */
export async function textPdf(lines: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  for (const [i, line] of lines.entries()) page.drawText(line, { x: 50, y: 780 - i * 24, size: 12, font });
  return pdf.save();
}

export interface UploadFile {
  name: string;
  data: Uint8Array;
  /** application/pdf unless said */
  type?: string;
}

/** The multipart form of POST /claims: the fields (a list repeats the field) and the documents. */
export function claimForm(fields: Record<string, string | string[]>, files: UploadFile[]): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) form.append(key, v);
  for (const file of files) form.append('documents', new Blob([file.data], { type: file.type ?? 'application/pdf' }), file.name);
  return form;
}

/** An error answer carries its detail and nothing else. */
export const onlyDetail = (response: { json: () => unknown }) => expect(Object.keys(response.json() as object)).toEqual(['detail']);
