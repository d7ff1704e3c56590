/**
 * The operations console's api, on PGlite and PostgreSQL: downloaded and failed claims, batches and today's
 * figures, work allocation to the batch organisation's active users only; the insurer inbox (new rows, bad rows, a
 * repeated refresh importing nothing twice, retry, the manifest upload), every claim and batch action with its
 * refusals and bad input, all-or-nothing selections, Batch Summary listing the claims list's batches, the priority
 * order the verification queue follows, work allocation and live progress.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type {
  BatchProgress,
  BatchRow,
  ClaimListRow,
  ConsoleClaimRow,
  ConsoleFilterOptions,
  DownloadedCount,
  OrgUser,
  RefreshDownloadsResponse,
  ReuploadResponse,
} from '@claims/shared-kernel/contract';
import { batches, claimDocuments, claims, hospitals, inboxImports, jobs, users } from '../../src/db/schema';
import { claimNextJob } from '../../src/jobs/queue';
import { equalSplit, specifiedSplit } from '../../src/batches/allocation';
import { createFolderInbox } from '../../src/inbox/folder';
import { parseCsv } from '../../src/inbox/manifest';
import { seedInbox } from '../../src/seed/inbox';
import { catalog } from '../../src/seed/synthetic/catalog';
import { DATABASES } from '../../testing/databases';
import { BASE, NOT_AUTHORIZED, onlyDetail, schemaDrifts, smallPdf, testApp } from '../../testing/http';
import { apiSuite } from '../../testing/suite';

const MB = 1024 * 1024;
const HEADER =
  'intimation_number,caseType,patient_name,hospital_code,insurer_illness_name,insurer_procedure_name,insurer_claim_status,insurer_documents';

/** The batches still to be worked on, which the priority dialog lists and the priority call numbers. */
const OPEN = ['CREATED', 'TO_BE_PROCESSED', 'IN_PROCESSING', 'PAUSED', 'RESUMED'];

const csv = (rows: string[][]) => `${[HEADER, ...rows.map((r) => r.join(','))].join('\r\n')}\r\n`;

describe.each(DATABASES)('console and batches on %s', (_name, open) => {
  const inboxDir = join(tmpdir(), `claims-test-inbox-${randomUUID()}`);
  const { app, testDb, db, as, errorLog, fixture } = apiSuite(open, {
    users: ['vitraya.admin', 'vitraya.reviewer', 'starhealth.admin', 'starhealth.reviewer'],
    settings: { inboxDir },
  });

  afterAll(async () => {
    await rm(inboxDir, { recursive: true, force: true });
  });

  describe('console and batches', () => {
    test("lists downloaded claims, failures, batches with counts, and today's figures", async () => {
      const headers = as('vitraya.admin');
      const all = (await app.inject({ method: 'GET', url: `${BASE}/claims?downloaded=true&limit=25&page_number=1`, headers })).json<
        ConsoleClaimRow[]
      >();
      expect(all.map((r) => r.intimation_number)).toEqual(['INT-DL-1', 'INT-DL-2', 'INT-DL-3']);
      expect(all[0]).toMatchObject({ vitraya_claim_status: 'DOWNLOADED', total_count: 3, page_number: 1 });
      const failed = (await app.inject({ method: 'GET', url: `${BASE}/claims?downloaded=true&status=DOWNLOAD_FAILED`, headers })).json<
        ConsoleClaimRow[]
      >();
      expect(failed).toEqual([
        expect.objectContaining({ intimation_number: 'INT-DL-2', error_code: '404', error_message: 'Documents not received' }),
      ]);
      const searched = await app.inject({
        method: 'POST',
        url: `${BASE}/claim/batch/downloadFailed/search?limit=25&page_number=1`,
        headers,
        payload: { error: ['404'] },
      });
      expect(searched.json<ConsoleClaimRow[]>()).toHaveLength(1);

      const noProcedure = await app.inject({
        method: 'POST',
        url: `${BASE}/claim/batch/create`,
        headers,
        payload: { claims: [fixture['DL-1']], batchName: 'b0', downloadedClaimFlag: 'true', organization: 'vitraya' },
      });
      expect(noProcedure.statusCode).toBe(400);
      expect(noProcedure.json().detail).toMatch(/^claims: add procedure names first/);

      const created = await app.inject({
        method: 'POST',
        url: `${BASE}/claim/batch/create`,
        headers,
        payload: { claims: [fixture['DL-3']], batchName: 'Morning batch', downloadedClaimFlag: 'true', organization: 'vitraya' },
      });
      expect(created.json()).toEqual({
        id: expect.any(Number),
        batchName: 'Morning batch',
        Message: 'Batch created and verification process initiated successfully',
      });
      const again = await app.inject({
        method: 'POST',
        url: `${BASE}/claim/batch/create`,
        headers,
        payload: { claims: [fixture['DL-3']], batchName: 'Second', downloadedClaimFlag: 'true', organization: 'vitraya' },
      });
      expect(again.statusCode).toBe(409);

      const batches = (
        await app.inject({ method: 'GET', url: `${BASE}/claim/batch?downloaded=true&limit=25&page_number=1`, headers })
      ).json<BatchRow[]>();
      expect(batches).toEqual([
        expect.objectContaining({
          batchName: 'Morning batch',
          total_claims_count: 1,
          createdBy: 'vitraya.admin',
          status_info: { status: 'TO_BE_PROCESSED' },
          processing: { accepted: 0, rejected: 0, query: 0, toBeVerified: 1, inProgress: 0, verificationFailed: 0 },
          total_count: 1,
        }),
      ]);
      const filtered = await app.inject({
        method: 'POST',
        url: `${BASE}/claim/batch/search?limit=25&page_number=1&downloaded=true`,
        headers,
        payload: { batchName: ['Other'] },
      });
      expect(filtered.json()).toEqual([]);

      const counts = (await app.inject({ method: 'GET', url: `${BASE}/downloadedCount`, headers })).json();
      expect(counts).toEqual({
        downloadedClaims: 0,
        downloadedFailedClaims: 0,
        batchDataCount: 1,
        batchFailedDataCount: 0,
        userLastBatch: 'vitraya.admin',
        uploadedFailedClaims: 0,
        totalDownloadFailedClaims: 1,
      });
    });
  });

  test('every answer of the calls above passed its schema', () => {
    expect(schemaDrifts(errorLog)).toEqual([]);
  });

  const call = (method: InjectOptions['method'], url: string, payload?: unknown, user = 'vitraya.admin') =>
    app.inject({
      method,
      url: `${BASE}${url}`,
      headers: as(user),
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  const ok = <T>(response: LightMyRequestResponse): T => {
    expect({ status: response.statusCode, body: response.statusCode === 200 ? null : response.body }).toEqual({
      status: 200,
      body: null,
    });
    return response.json<T>();
  };
  const refresh = async (org = 'vitraya') => ok<RefreshDownloadsResponse>(await call('GET', `/claim/batch/refreshDownloads?org=${org}`));
  const consoleRows = async (org = 'vitraya', status = '') =>
    ok<ConsoleClaimRow[]>(await call('GET', `/claims?downloaded=true&org=${org}&limit=300${status ? `&status=${status}` : ''}`));
  const rowOf = async (intimation: string, org = 'vitraya') => (await consoleRows(org)).find((r) => r.intimation_number === intimation);
  const statusOf = async (claimId: number) =>
    (await db().select({ status: claims.status }).from(claims).where(eq(claims.id, claimId)))[0]?.status;
  const batchByName = async (name: string) => (await db().select().from(batches).where(eq(batches.batchName, name)))[0];

  /** Writes a manifest and its documents into an insurer's drop folder. */
  async function drop(org: string, manifest: string, content: string | Uint8Array, documents: Record<string, Uint8Array | string> = {}) {
    const folder = join(inboxDir, org);
    await mkdir(folder, { recursive: true });
    for (const [name, data] of Object.entries(documents)) await writeFile(join(folder, name), data);
    await writeFile(join(folder, manifest), content);
  }

  /** Console claims of vitraya straight into the database (status, procedures), with one stored PDF each. */
  async function consoleClaims(prefix: string, n: number, extra: Partial<typeof claims.$inferInsert> = {}): Promise<number[]> {
    const rows = await db()
      .insert(claims)
      .values(
        Array.from({ length: n }, (_, i) => ({
          org: 'vitraya',
          referenceClaimId: `${prefix}-${i + 1}`,
          intimationNumber: `${prefix}-${i + 1}`,
          caseType: 'SETTLEMENT' as const,
          status: 'DOWNLOADED',
          downloaded: true,
          procedureCodes: ['P1'],
          procedureNames: ['Cataract Surgery'],
          createdBy: 'fixture',
          ...extra,
        })),
      )
      .returning({ id: claims.id });
    const pdf = await smallPdf('Discharge Summary');
    for (const { id } of rows) {
      const key = `ab/${randomUUID()}`;
      await app.documentStore.put(key, pdf);
      await db()
        .insert(claimDocuments)
        .values({ claimId: id, fileName: 'discharge.pdf', contentType: 'application/pdf', size: pdf.length, storageKey: key });
    }
    return rows.map((r) => r.id);
  }

  async function createBatch(batchName: string, claimIds: number[], extra: Record<string, unknown> = {}) {
    return call('POST', '/claim/batch/create', {
      claims: claimIds,
      batchName,
      downloadedClaimFlag: 'true',
      organization: 'vitraya',
      ...extra,
    });
  }

  describe('permissions and input', () => {
    test('every console call is refused to anyone but a super user, with the spec text, before its input is read', async () => {
      const calls: [InjectOptions['method'], string, unknown?][] = [
        ['GET', '/claim/batch/refreshDownloads'],
        ['GET', '/claim/batch/manifestLimits'],
        ['POST', '/claim/batch/uploadManifest', new FormData()],
        ['GET', '/claim/batch/progress'],
        ['GET', '/downloadedCount'],
        ['GET', '/claim/batch/filterOptions'],
        ['PUT', '/claims/addProcName?downloaded=true', { claimIdList: [], procCodeList: [] }],
        ['DELETE', '/claims/drop?downloaded=true', { claimIdList: [1] }],
        ['PUT', '/claims/status?downloaded=true', { claimIdList: [1], status: 'NOPE' }],
        ['PUT', '/claim/batch/batchStatus?downloaded=true', { nameList: ['x'], status: 'PAUSED' }],
        ['PUT', '/claim/batch/priority', { nameList: [] }],
        ['PUT', '/claim/batch/suspend/batch', { nameList: ['x'] }],
        ['PUT', '/claim/batch/archive/batch', { nameList: ['x'] }],
        ['PUT', '/claim/batch/discard/batch', { nameList: ['x'], reason: 'r' }],
        ['PUT', '/claim/batch/reupload', { id: 1 }],
        ['PUT', '/claim/batch/reupload', { claimIdList: 'not a list', upload: 'maybe' }],
        ['DELETE', '/claim/batch/drop?downloaded=true', { nameList: ['x'] }],
        ['POST', '/claim/batch/batchReport?downloaded=true', { nameList: ['x'] }],
        ['POST', '/claim/batch/assignBatches/equally', { batchId: 1, analysts: [], date: 'x' }],
        ['POST', '/claim/batch/assignBatches/assignSpecified', { batchId: 1, data: {}, date: 'x' }],
        ['PUT', '/claim/batch/assignDate/update', { batchId: 1, date: 'x' }],
        ['POST', '/redirectOther', { batchId: 1, adjType: 'accepted' }],
      ];
      for (const [method, url, payload] of calls) {
        for (const user of ['vitraya.reviewer', 'starhealth.reviewer']) {
          const response = await call(method, url, payload, user);
          expect({ url, user, status: response.statusCode, body: response.json() }).toEqual({
            url,
            user,
            status: 403,
            body: { detail: NOT_AUTHORIZED },
          });
        }
      }
      const create = await call(
        'POST',
        '/claim/batch/create',
        { claims: [1], batchName: 'x', downloadedClaimFlag: 'true', organization: 'vitraya' },
        'vitraya.reviewer',
      );
      expect(create.statusCode).toBe(403);
      expect(create.json()).toEqual({ detail: NOT_AUTHORIZED });
      expect(await db().select().from(batches).where(eq(batches.batchName, 'x'))).toEqual([]);
    });

    test('Create Batch refuses a console batch to anyone but a super user before its body is validated', async () => {
      const refused: [string, unknown][] = [
        ['vitraya.reviewer', { claims: [], downloadedClaimFlag: 'true' }],
        ['vitraya.reviewer', { claims: 'none', batchName: '', downloadedClaimFlag: true }],
        ['vitraya.reviewer', { claims: [1], batchName: 'b', downloadedClaimFlag: 'True' }],
        ['starhealth.reviewer', {}],
        ['starhealth.reviewer', { claims: [], downloadedClaimFlag: 'false' }],
      ];
      for (const [user, payload] of refused) {
        const response = await call('POST', '/claim/batch/create', payload, user);
        expect({ user, payload, status: response.statusCode, body: response.json() }).toEqual({
          user,
          payload,
          status: 403,
          body: { detail: NOT_AUTHORIZED },
        });
      }
      // The provider's users make the claims list's batches: their bad input is theirs to correct.
      const claimsList = await call(
        'POST',
        '/claim/batch/create',
        { claims: [], batchName: 'b', downloadedClaimFlag: 'false' },
        'vitraya.reviewer',
      );
      expect(claimsList.statusCode).toBe(400);
      expect(claimsList.json().detail).toMatch(/^claims: Please Select at least one claim \/ batch/);
      const superUser = await call('POST', '/claim/batch/create', { claims: [], batchName: 'b', downloadedClaimFlag: 'true' });
      expect(superUser.statusCode).toBe(400);
      expect(superUser.json().detail).toMatch(/^claims: Please Select at least one claim \/ batch/);
    });

    test("batch names: the claims list's for the provider's users, every batch for the console's super users", async () => {
      const [listBatch] = await db()
        .insert(batches)
        .values({ batchName: 'Names: claims list', org: 'vitraya', downloaded: false, createdBy: 'vitraya.reviewer' })
        .returning();
      const [consoleBatch] = await db()
        .insert(batches)
        .values({ batchName: 'Names: console', org: 'vitraya', downloaded: true, createdBy: 'vitraya.admin' })
        .returning();
      const names = async (query: string, user: string) => {
        const response = await call('GET', `/claim/batch/names${query}`, undefined, user);
        return response.statusCode === 200 ? response.json<{ batchName: string }[]>().map((b) => b.batchName) : response.json();
      };
      const listNames = await names('?downloaded=false', 'vitraya.reviewer');
      expect(listNames).toContain(listBatch.batchName);
      expect(listNames).not.toContain(consoleBatch.batchName);
      expect(await names('', 'vitraya.reviewer')).toEqual({ detail: NOT_AUTHORIZED });
      expect(await names('?downloaded=true', 'vitraya.reviewer')).toEqual({ detail: NOT_AUTHORIZED });
      expect(await names('?downloaded=true', 'vitraya.admin')).toEqual(
        expect.arrayContaining([listBatch.batchName, consoleBatch.batchName]),
      );
      // Insurers' users, their super users too, do not filter the claims list by batch.
      expect(await names('?downloaded=false', 'starhealth.reviewer')).toEqual({ detail: NOT_AUTHORIZED });
      expect(await names('?downloaded=true', 'starhealth.admin')).toEqual({ detail: NOT_AUTHORIZED });
      // The claims list's batch filter (GET /claim/batch) still answers the provider's users.
      const filter = ok<BatchRow[]>(await call('GET', '/claim/batch?org=vitraya&limit=100', undefined, 'vitraya.reviewer'));
      expect(filter.map((b) => b.batchName)).toContain(listBatch.batchName);
      await db()
        .delete(batches)
        .where(inArray(batches.id, [listBatch.id, consoleBatch.id]));
    });

    test('the console lists take every page size of the grid (25 to 300)', async () => {
      const [batch] = await db().insert(batches).values({ batchName: 'Page sizes', org: 'vitraya', downloaded: true }).returning();
      const lists: [InjectOptions['method'], string, unknown?][] = [
        ['GET', '/claims?downloaded=true&org=vitraya&page_number=1'],
        ['POST', '/claim/batch/uploads/search?org=vitraya&page_number=1', {}],
        ['POST', '/claim/batch/downloadFailed/search?org=vitraya&page_number=1', {}],
        ['POST', '/claim/batch/uploadFailed/search?org=vitraya&page_number=1', {}],
        ['GET', '/claim/batch?downloaded=true&org=vitraya&page_number=1'],
        ['POST', '/claim/batch/search?downloaded=true&org=vitraya&page_number=1', {}],
        ['POST', '/redirectOther?org=vitraya&page_number=1', { batchId: batch.id, adjType: 'accepted' }],
      ];
      for (const [method, url, payload] of lists) {
        for (const limit of [25, 75, 300]) {
          const response = await call(method, `${url}&limit=${limit}`, payload);
          expect({ url, limit, status: response.statusCode }).toEqual({ url, limit, status: 200 });
        }
        const zero = await call(method, `${url}&limit=0`, payload);
        expect({ url, status: zero.statusCode, detail: zero.json().detail }).toEqual({
          url,
          status: 400,
          detail: expect.stringMatching(/^querystring limit: /),
        });
      }
      await db().delete(batches).where(eq(batches.id, batch.id));
    });

    test('bad input answers 400 with a detail naming the field', async () => {
      const cases: [InjectOptions['method'], string, unknown, RegExp][] = [
        [
          'PUT',
          '/claims/addProcName?downloaded=true',
          { claimIdList: [], procCodeList: ['P1'] },
          /^claimIdList: Please Select at least one claim \/ batch/,
        ],
        [
          'PUT',
          '/claims/addProcName?downloaded=true',
          { claimIdList: [1], procCodeList: [] },
          /^procCodeList: choose at least one procedure/,
        ],
        ['PUT', '/claims/status?downloaded=true', { claimIdList: [1], status: 'NOPE' }, /^status: /],
        [
          'PUT',
          '/claim/batch/batchStatus?downloaded=true',
          { nameList: [], status: 'PAUSED' },
          /^nameList: Please Select at least one claim \/ batch/,
        ],
        [
          'PUT',
          '/claim/batch/batchStatus?downloaded=true',
          { nameList: ['x'], status: 'FULLY_PROCESSED' },
          /^status: FULLY_PROCESSED is not set by hand/,
        ],
        ['PUT', '/claim/batch/batchStatus?downloaded=true', { nameList: ['x'], status: 'BOGUS' }, /^status: /],
        ['PUT', '/claim/batch/priority', { nameList: [] }, /^nameList: /],
        ['PUT', '/claim/batch/priority', { nameList: Array.from({ length: 26 }, (_, i) => `b${i}`) }, /^nameList: at most 25/],
        ['PUT', '/claim/batch/discard/batch', { nameList: ['x'], discard: true }, /^reason: a reason is required/],
        ['PUT', '/claim/batch/suspend/batch', { nameList: ['x'], downloaded: true, suspend: false }, /^suspend: must be true/],
        ['PUT', '/claim/batch/archive/batch', { nameList: ['x'], downloaded: true, archive: 'false' }, /^archive: must be true/],
        ['PUT', '/claim/batch/discard/batch', { nameList: ['x'], discard: false, reason: 'r' }, /^discard: must be true/],
        ['PUT', '/claim/batch/reupload', {}, /^id: name the batch \(id\) or the claims \(claimIdList\)/],
        ['PUT', '/claim/batch/reupload', { claimIdList: [] }, /^claimIdList: Please Select at least one claim \/ batch/],
        ['PUT', '/claim/batch/reupload', { id: 1, upload: false, verify: false }, /^verify: with upload false there is nothing to do/],
        ['PUT', '/claim/batch/assignDate/update', { batchId: 1, date: '10-03-2025' }, /^date: /],
        ['GET', '/claim/batch/progress?batchIds=1,x', undefined, /^querystring batchIds: /],
        ['GET', '/users?role=admin', undefined, /^querystring role: /],
      ];
      for (const [method, url, payload, detail] of cases) {
        const response = await call(method, url, payload);
        expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
        expect(response.json().detail).toMatch(detail);
      }
    });
  });

  describe('insurer inbox', () => {
    test('a refresh imports new rows; a bad row or document fails its claim with an error code and message', async () => {
      const pdf = await smallPdf('Discharge Summary');
      await drop(
        'vitraya',
        'monday.csv',
        csv([
          ['INB-1', 'SETTLEMENT', 'Asha Rao', 'HOSP-A', 'Cataract', 'Cataract surgery', 'Claim submitted', 'inb-1.pdf;inb-1-bill.pdf'],
          ['INB-2', 'Pre Authorization', 'Ravi', '', '', '', '', 'inb-2.pdf'],
          ['INB-3', 'SETTLEMENT', 'Missing', '', '', '', '', 'not-there.pdf'],
          ['INB-4', 'SOMETIMES', 'Bad case type', '', '', '', '', 'inb-2.pdf'],
          ['INB-5', 'SETTLEMENT', 'Not a pdf', '', '', '', '', 'notes.pdf'],
          ['', 'SETTLEMENT', 'No number', '', '', '', '', 'inb-2.pdf'],
        ]),
        { 'inb-1.pdf': pdf, 'inb-1-bill.pdf': pdf, 'inb-2.pdf': pdf, 'notes.pdf': 'just some text' },
      );
      await drop('vitraya', 'broken.xlsx', 'this is not a workbook');
      const result = await refresh();
      expect(result).toEqual({
        Message: 'Page got refreshed successfully',
        downloaded: 2,
        failed: 4,
        alreadyImported: 0,
        unreadableManifests: [{ manifest: 'broken.xlsx', reason: 'not a readable .xlsx workbook' }],
      });

      const first = await rowOf('INB-1');
      expect(first).toMatchObject({
        vitraya_claim_status: 'DOWNLOADED',
        caseType: 'SETTLEMENT',
        insurer_illness_name: 'Cataract',
        insurer_procedure_name: 'Cataract surgery',
        insurer_claim_status: 'Claim submitted',
        vitraya_procedure_code: [],
        error_code: null,
      });
      expect(first?.insurer_documents).toHaveLength(2);
      const document = await call('GET', first!.insurer_documents[0]);
      expect(document.statusCode).toBe(200);
      expect(document.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(await rowOf('INB-2')).toMatchObject({ caseType: 'PRE_AUTH', vitraya_claim_status: 'DOWNLOADED' });

      const failed = await consoleRows('vitraya', 'DOWNLOAD_FAILED');
      const byNumber = (n: string) => failed.find((r) => r.intimation_number === n);
      expect(byNumber('INB-3')).toMatchObject({
        error_code: '404',
        error_message: "monday.csv, row 4: document 'not-there.pdf' was not found in the inbox",
      });
      expect(byNumber('INB-4')).toMatchObject({
        error_code: '400',
        error_message: "monday.csv, row 5: caseType 'SOMETIMES' is neither PRE_AUTH nor SETTLEMENT",
      });
      expect(byNumber('INB-5')).toMatchObject({
        error_code: '415',
        error_message: "monday.csv, row 6: document 'notes.pdf' is not a PNG, JPEG or PDF file",
      });
      expect(byNumber('monday.csv#7')).toMatchObject({
        error_code: '400',
        error_message: 'monday.csv, row 7: intimation_number is empty',
      });
    });

    test('a repeated refresh imports nothing twice, even two at once or after a claim was dropped', async () => {
      const before = await db().select({ n: sql<number>`count(*)::int` }).from(claims);
      const again = await refresh();
      expect(again).toMatchObject({ downloaded: 0, failed: 0, alreadyImported: 6 });
      const pdf = await smallPdf('Final Bill');
      await drop(
        'vitraya',
        'tuesday.csv',
        csv([
          ['INB-10', 'SETTLEMENT', 'A', '', '', '', '', 't.pdf'],
          ['INB-11', 'SETTLEMENT', 'B', '', '', '', '', 't.pdf'],
        ]),
        {
          't.pdf': pdf,
        },
      );
      const both = await Promise.all([refresh(), refresh()]);
      expect(both[0].downloaded + both[1].downloaded).toBe(2);
      const [after] = await db().select({ n: sql<number>`count(*)::int` }).from(claims);
      expect(after.n).toBe(before[0].n + 2);

      const dropped = await rowOf('INB-10');
      ok(await call('DELETE', '/claims/drop?downloaded=true&org=vitraya', { claimIdList: [dropped!.id] }));
      expect(await refresh()).toMatchObject({ downloaded: 0, failed: 0 });
      expect(await rowOf('INB-10')).toBeUndefined();
      expect(await db().select().from(inboxImports).where(eq(inboxImports.key, 'INB-10'))).toHaveLength(1);
    });

    test('Retry sets TO_BE_REDOWNLOADED and the next refresh reads the row again', async () => {
      const missing = await rowOf('INB-3');
      const badType = await rowOf('INB-4');
      ok(
        await call('PUT', '/claims/status?downloaded=true&org=vitraya', {
          claimIdList: [missing!.id, badType!.id],
          status: 'TO_BE_REDOWNLOADED',
        }),
      );
      expect(await statusOf(missing!.id)).toBe('TO_BE_REDOWNLOADED');
      // The document arrives; the other row is still wrong.
      await writeFile(join(inboxDir, 'vitraya', 'not-there.pdf'), await smallPdf('Discharge Summary'));
      expect(await refresh()).toMatchObject({ downloaded: 1, failed: 1 });
      expect(await rowOf('INB-3')).toMatchObject({ vitraya_claim_status: 'DOWNLOADED', error_code: null, error_message: null });
      expect((await rowOf('INB-3'))?.insurer_documents).toHaveLength(1);
      expect(await rowOf('INB-4')).toMatchObject({ vitraya_claim_status: 'DOWNLOAD_FAILED', error_code: '400' });
      // A corrected manifest, newer than the first, is the one a retry reads.
      await drop('vitraya', 'wednesday.csv', csv([['INB-4', 'SETTLEMENT', 'Fixed', '', '', '', '', 'inb-2.pdf']]));
      ok(await call('PUT', '/claims/status?downloaded=true&org=vitraya', { claimIdList: [badType!.id], status: 'TO_BE_REDOWNLOADED' }));
      expect(await refresh()).toMatchObject({ downloaded: 1, failed: 0 });
      expect(await rowOf('INB-4')).toMatchObject({ vitraya_claim_status: 'DOWNLOADED', caseType: 'SETTLEMENT' });
    });

    test('an operator uploads a manifest with its documents; what is not a manifest or a document is refused', async () => {
      const pdf = await smallPdf('Discharge Summary');
      const form = (
        manifest: { name: string; data: string | Uint8Array } | null,
        documents: { name: string; data: string | Uint8Array }[],
      ) => {
        const body = new FormData();
        if (manifest) body.append('manifest', new Blob([manifest.data]), manifest.name);
        for (const d of documents) body.append('documents', new Blob([d.data]), d.name);
        return body;
      };
      const upload = (body: FormData) => call('POST', '/claim/batch/uploadManifest?org=starhealth', body);
      const manifest = { name: 'upload.csv', data: csv([['UP-1', 'SETTLEMENT', 'Uma', '', '', '', '', 'up-1.pdf']]) };

      const refusals: [FormData, number, RegExp][] = [
        [form(null, [{ name: 'up-1.pdf', data: pdf }]), 400, /^manifest: a manifest \(\.csv or \.xlsx\) is required/],
        [form({ name: 'upload.txt', data: 'x' }, []), 415, /^manifest: 'upload.txt' is not a \.csv or \.xlsx file/],
        [form({ name: 'upload.xlsx', data: 'x' }, []), 415, /^manifest: 'upload.xlsx' is not an \.xlsx workbook/],
        [
          form({ name: 'upload.csv', data: 'a,b\r\n1,2\r\n' }, []),
          400,
          /^manifest: 'upload.csv' cannot be read: missing columns intimation_number, caseType, insurer_documents/,
        ],
        [form(manifest, [{ name: 'up-1.pdf', data: 'not a pdf' }]), 415, /^documents: 'up-1.pdf' is not a PNG, JPEG or PDF file/],
        [form(manifest, [{ name: 'other.pdf', data: pdf }]), 400, /^documents: not named by the manifest: 'other.pdf'/],
        [
          form(manifest, [{ name: 'up-1.pdf', data: new Uint8Array(600 * 1024).fill(0x25) }]),
          413,
          /larger than 0.5 MB, the limit per file/,
        ],
      ];
      for (const [body, status, detail] of refusals) {
        const response = await upload(body);
        expect({ status: response.statusCode, detail: response.json().detail }).toEqual({
          status,
          detail: expect.stringMatching(detail),
        });
      }
      expect(await consoleRows('starhealth')).toEqual([]);

      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Claims');
      sheet.addRow(['Intimation Number', 'Case Type', 'Insurer Documents', 'Patient Name']);
      sheet.addRow(['UP-2', 'SETTLEMENT', 'up-2.pdf', 'Vani']);
      const xlsx = new Uint8Array(await workbook.xlsx.writeBuffer());
      const done = ok<RefreshDownloadsResponse>(await upload(form({ name: 'claims.xlsx', data: xlsx }, [{ name: 'up-2.pdf', data: pdf }])));
      expect(done).toMatchObject({ Message: 'Page got refreshed successfully', downloaded: 1, failed: 0 });
      expect(await rowOf('UP-2', 'starhealth')).toMatchObject({ vitraya_claim_status: 'DOWNLOADED', caseType: 'SETTLEMENT' });
      // An insurer's super user uploads into its own inbox only, whatever it names.
      const own = await app.inject({
        method: 'POST',
        url: `${BASE}/claim/batch/uploadManifest?org=vitraya`,
        headers: as('starhealth.admin'),
        payload: form(manifest, [{ name: 'up-1.pdf', data: pdf }]),
      });
      expect(ok<RefreshDownloadsResponse>(own).downloaded).toBe(1);
      expect(await rowOf('UP-1', 'starhealth')).toBeDefined();
      expect(await rowOf('UP-1', 'vitraya')).toBeUndefined();
      expect(ok<{ maxFileBytes: number; columns: string[] }>(await call('GET', '/claim/batch/manifestLimits'))).toMatchObject({
        maxFileBytes: 512 * 1024,
        columns: HEADER.split(','),
      });
    });

    test("the first start's inbox: generated claims for three insurers, one row naming a document that never came", async () => {
      await db()
        .insert(hospitals)
        .values(catalog.hospitals.map((h) => ({ hospitalCode: h.hospital_code, name: h.name })))
        .onConflictDoNothing();
      expect(await seedInbox(createFolderInbox(inboxDir))).toBe(13);
      // The default upload limits (the tests' are small).
      const roomy = await testApp(
        testDb.database,
        {},
        { inboxDir, uploadLimits: { maxFileBytes: 20 * MB, maxClaimBytes: 100 * MB, maxFiles: 30 } },
      );
      try {
        const seeded = async (org: string) =>
          (
            await roomy.inject({ method: 'GET', url: `${BASE}/claim/batch/refreshDownloads?org=${org}`, headers: as('vitraya.admin') })
          ).json();
        expect(await seeded('maxbupa')).toMatchObject({ downloaded: 4, failed: 0, unreadableManifests: [] });
        expect(await seeded('starhealth')).toMatchObject({ downloaded: 4, failed: 1 });
      } finally {
        await roomy.close();
      }
      const failed = await consoleRows('starhealth', 'DOWNLOAD_FAILED');
      expect(failed.map((r) => [r.intimation_number, r.error_code])).toEqual([['INB-SH-9999', '404']]);
    });

    test('the CSV reader keeps quoted commas, quotes and line breaks', () => {
      expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n"two\nlines",z')).toEqual([
        ['a', 'b'],
        ['x, y', 'say "hi"'],
        ['two\nlines', 'z'],
      ]);
    });
  });

  describe('claim actions', () => {
    test('Add Procedure Name warns before overriding, applies to all or none, and names unknown codes', async () => {
      const [fresh] = await consoleClaims('PROC-NEW', 1, { procedureCodes: [], procedureNames: [] });
      const [named] = await consoleClaims('PROC-OLD', 1);
      const put = (body: Record<string, unknown>) => call('PUT', '/claims/addProcName?downloaded=true&org=vitraya', body);
      const codes = async (id: number) => (await db().select({ c: claims.procedureCodes }).from(claims).where(eq(claims.id, id)))[0].c;

      const warned = await put({ claimIdList: [fresh, named], procCodeList: ['P2'] });
      expect(warned.statusCode).toBe(409);
      expect(warned.json()).toEqual({ detail: 'The selected claim already has procedure name/code, do you want to override it?' });
      expect(await codes(fresh)).toEqual([]);
      const missing = await put({ claimIdList: [fresh, 999999], procCodeList: ['P2'] });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ detail: 'Claims not found: 999999' });
      const unknown = await put({ claimIdList: [fresh], procCodeList: ['P2', 'NOPE'] });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ detail: 'procCodeList: unknown procedure code NOPE' });
      expect(await codes(fresh)).toEqual([]);

      expect(ok(await put({ claimIdList: [fresh, named], procCodeList: ['P2', 'P1'], override: true }))).toEqual({
        Message: 'Successfully Done',
      });
      expect(await codes(fresh)).toEqual(['P2', 'P1']);
      expect(await codes(named)).toEqual(['P2', 'P1']);
      const [row] = (await consoleRows()).filter((r) => r.id === fresh);
      expect(row).toMatchObject({
        vitraya_procedure_name: ['Appendectomy', 'Cataract Surgery'],
        vitraya_snomed_code: ['80146002', '110473004'],
      });
    });

    test('a status change leaves claims on the verification queue alone, and none of the selection changes', async () => {
      const [idle, queued] = await consoleClaims('STATUS', 2);
      await db().insert(jobs).values({ kind: 'verify-claim', claimId: queued, status: 'queued' });
      const busy = await call('PUT', '/claims/status?downloaded=true&org=vitraya', {
        claimIdList: [idle, queued],
        status: 'TO_BE_REDOWNLOADED',
      });
      expect(busy.statusCode).toBe(409);
      expect(busy.json()).toEqual({ detail: 'These claims are being verified: STATUS-2' });
      expect(await statusOf(idle)).toBe('DOWNLOADED');
      await db().update(jobs).set({ status: 'cancelled' }).where(eq(jobs.claimId, queued));
    });

    test('Drop and Add Procedure Name leave claims on the verification queue alone, and none of the selection changes', async () => {
      const [idle, queued, running] = await consoleClaims('BUSY', 3, { procedureCodes: [], procedureNames: [] });
      await db()
        .insert(jobs)
        .values([
          { kind: 'verify-claim', claimId: queued, status: 'queued' },
          { kind: 'verify-claim', claimId: running, status: 'running' },
        ]);
      const dropped = await call('DELETE', '/claims/drop?downloaded=true&org=vitraya', { claimIdList: [idle, queued, running] });
      expect({ status: dropped.statusCode, body: dropped.json() }).toEqual({
        status: 409,
        body: { detail: 'These claims are being verified: BUSY-2, BUSY-3' },
      });
      const named = await call('PUT', '/claims/addProcName?downloaded=true&org=vitraya', {
        claimIdList: [idle, running],
        procCodeList: ['P1'],
        override: true,
      });
      expect({ status: named.statusCode, body: named.json() }).toEqual({
        status: 409,
        body: { detail: 'These claims are being verified: BUSY-3' },
      });
      const rows = await db()
        .select({ id: claims.id, codes: claims.procedureCodes })
        .from(claims)
        .where(inArray(claims.id, [idle, queued, running]));
      expect(rows.map((r) => r.codes)).toEqual([[], [], []]);
      // Once the queue is done with them, both act.
      await db()
        .update(jobs)
        .set({ status: 'done' })
        .where(inArray(jobs.claimId, [queued, running]));
      ok(await call('PUT', '/claims/addProcName?downloaded=true&org=vitraya', { claimIdList: [idle, running], procCodeList: ['P1'] }));
      ok(await call('DELETE', '/claims/drop?downloaded=true&org=vitraya', { claimIdList: [idle, queued, running] }));
      expect(
        await db()
          .select()
          .from(claims)
          .where(inArray(claims.id, [idle, queued, running])),
      ).toEqual([]);
    });

    test('the Filter panels choose among every insurer name, status, batch name and creator of the organisation', async () => {
      await consoleClaims('OPTIONS', 2, {
        insurerProcedureName: 'Zeta repair',
        insurerIllnessName: 'Zeta illness',
        insurerClaimStatus: 'Zeta',
      });
      await consoleClaims('OPTIONS-SH', 1, { org: 'starhealth', insurerProcedureName: 'Only at Star Health' });
      const options = ok<ConsoleFilterOptions>(await call('GET', '/claim/batch/filterOptions?org=vitraya'));
      expect(options.insurerProcedureName).toContain('Zeta repair');
      expect(options.insurerProcedureName).not.toContain('Only at Star Health');
      expect(new Set(options.insurerProcedureName).size).toBe(options.insurerProcedureName.length);
      expect(options.insurerIllnessName).toContain('Zeta illness');
      expect(options.insurerClaimStatus).toContain('Zeta');
      const starhealth = ok<ConsoleFilterOptions>(await call('GET', '/claim/batch/filterOptions?org=starhealth'));
      expect(starhealth.insurerProcedureName).toContain('Only at Star Health');
      expect(starhealth.insurerProcedureName).not.toContain('Zeta repair');
      ok(await createBatch('Options batch', await consoleClaims('OPTIONS-B', 1), { action: 'suspend' }));
      const withBatch = ok<ConsoleFilterOptions>(await call('GET', '/claim/batch/filterOptions?org=vitraya'));
      expect(withBatch.batchName).toContain('Options batch');
      expect(withBatch.userName).toContain('vitraya.admin');
    });
  });

  describe('batches', () => {
    test('a batch made from the claims list appears in Batch Summary', async () => {
      const [{ id }] = await db().select({ id: claims.id }).from(claims).where(eq(claims.referenceClaimId, 'VT-OPEN-1'));
      const created = await call(
        'POST',
        '/claim/batch/create',
        { claims: [id], batchName: 'From the claims list', downloadedClaimFlag: 'false', organization: 'vitraya' },
        'vitraya.reviewer',
      );
      expect(ok(created)).toMatchObject({
        batchName: 'From the claims list',
        Message: 'Batch created and verification process initiated successfully',
      });
      const summary = ok<BatchRow[]>(await call('GET', '/claim/batch?downloaded=true&org=vitraya&limit=100&page_number=1'));
      expect(summary.map((b) => b.batchName)).toContain('From the claims list');
      const counts = ok<{ batchDataCount: number; userLastBatch: string }>(await call('GET', '/downloadedCount?org=vitraya'));
      expect(counts.userLastBatch).toBe('vitraya.reviewer');
      const reviewList = ok<BatchRow[]>(await call('GET', '/claim/batch?org=vitraya', undefined, 'vitraya.reviewer'));
      expect(reviewList.map((b) => b.batchName)).toEqual(['From the claims list']);
    });

    test('Create Batch: the actions and their messages, the hospital and case type of Verify, and what it refuses', async () => {
      const ids = await consoleClaims('CREATE', 4);
      await db().update(claims).set({ caseType: 'PRE_AUTH' }).where(eq(claims.id, ids[3]));
      const refused: [Record<string, unknown>, number, string][] = [
        [{ hospitalCode: 'NOWHERE' }, 400, "hospitalCode: unknown hospital 'NOWHERE'"],
        [{ action: 'discard' }, 400, 'reason: a reason is required to discard a batch'],
        [{ action: 'discard', reason: '   ' }, 400, 'reason: a reason is required to discard a batch'],
        [
          { caseType: 'PRE_AUTH', hospitalCode: 'HOSP-B', claims: [ids[0]] },
          400,
          'caseType: none of the selected claims is of case type PRE_AUTH',
        ],
      ];
      for (const [extra, status, detail] of refused) {
        const response = await createBatch('Refused', ids, extra);
        expect({ status: response.statusCode, body: response.json() }).toEqual({ status, body: { detail } });
      }
      // Verify with a hospital and one case type: the other case type stays out.
      const verified = ok(
        await createBatch('Verify settlement', ids, { caseType: 'SETTLEMENT', hospitalCode: 'HOSP-B', action: 'verify' }),
      );
      expect(verified).toMatchObject({ Message: 'Batch created and verification process initiated successfully' });
      const members = await db().select().from(claims).where(inArray(claims.id, ids));
      expect(
        members
          .filter((c) => c.batchId != null)
          .map((c) => c.id)
          .sort((x, y) => x - y),
      ).toEqual(ids.slice(0, 3));
      expect(members.filter((c) => c.batchId != null).every((c) => c.hospitalCode === 'HOSP-B' && c.status === 'TO_BE_OCRED')).toBe(true);
      const again = await createBatch('Verify again', ids.slice(0, 3));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ detail: 'The selected claims are already in another batch' });
      const duplicate = await createBatch('Verify settlement', [ids[3]]);
      expect(duplicate.json()).toEqual({ detail: "A batch named 'Verify settlement' already exists" });

      for (const [action, message, status] of [
        ['suspend', 'Batch created and suspended successfully', 'SUSPENDED'],
        ['archive', 'Batch created and archived successfully', 'ARCHIVED'],
        ['discard', 'Successfully Done', 'DISCARDED'],
      ] as const) {
        const [claim] = await consoleClaims(`CREATE-${action}`, 1);
        expect(ok(await createBatch(`Batch ${action}`, [claim], { action, reason: 'duplicate claims' }))).toMatchObject({
          Message: message,
        });
        expect((await batchByName(`Batch ${action}`)).status).toBe(status);
      }
      const [failedDownload] = await consoleClaims('CREATE-FAILED', 1, { status: 'DOWNLOAD_FAILED' });
      const notDownloaded = await createBatch('Not downloaded', [failedDownload]);
      expect(notDownloaded.json()).toEqual({ detail: 'claims: the download of these claims failed; retry it first (CREATE-FAILED-1)' });
      const [unnamed] = await consoleClaims('CREATE-UNNAMED', 1, { procedureCodes: [] });
      expect((await createBatch('Unnamed', [unnamed])).json()).toEqual({
        detail: 'claims: add procedure names first (CREATE-UNNAMED-1)',
      });
    });

    test('Upload and Upload & Verify on the failed tab check the documents in the store', async () => {
      const [good, lost, other] = await consoleClaims('UPLOAD', 3, {
        status: 'UPLOAD_FAILED',
        errorCode: '500',
        errorMessage: 'timed out',
      });
      const [document] = await db().select().from(claimDocuments).where(eq(claimDocuments.claimId, lost));
      await app.documentStore.delete(document.storageKey!);
      expect(ok(await createBatch('Upload and verify', [good, lost], { action: 'uploadAndVerify' }))).toMatchObject({
        Message: 'Uploaded and verified successfully',
      });
      expect(await statusOf(good)).toBe('TO_BE_OCRED');
      const [lostRow] = await db().select().from(claims).where(eq(claims.id, lost));
      expect(lostRow).toMatchObject({
        status: 'UPLOAD_FAILED',
        errorCode: '404',
        errorMessage: "Document 'discharge.pdf' is missing from the document store",
      });
      expect(await db().select().from(jobs).where(eq(jobs.claimId, lost))).toEqual([]);

      expect(ok(await createBatch('Upload only', [other], { action: 'upload' }))).toMatchObject({ Message: 'Successfully Done' });
      expect(await statusOf(other)).toBe('UPLOADED');
      expect((await batchByName('Upload only')).status).toBe('CREATED');
      // A verification that failed in its batch: re-uploaded and verified again through the batch.
      await db().update(claims).set({ status: 'VERIFICATION_FAILED' }).where(eq(claims.id, other));
      const batch = await batchByName('Upload only');
      expect(ok(await call('PUT', '/claim/batch/reupload?org=vitraya', { id: batch.id }))).toEqual({
        Message: 'Uploaded and verified successfully',
        notUploaded: [],
      });
      expect(await statusOf(other)).toBe('TO_BE_OCRED');
      expect((await batchByName('Upload only')).status).toBe('TO_BE_PROCESSED');
    });

    test('batch actions apply to the whole selection or to none, with the success messages', async () => {
      const [a, b, c] = await consoleClaims('ACTIONS', 3);
      ok(await createBatch('Act A', [a]));
      ok(await createBatch('Act B', [b]));
      ok(await createBatch('Act C', [c], { action: 'suspend' }));
      await db().update(batches).set({ status: 'FULLY_PROCESSED' }).where(eq(batches.batchName, 'Act B'));
      const status = (nameList: string[], s: string) =>
        call('PUT', '/claim/batch/batchStatus?downloaded=true&org=vitraya', { nameList, status: s });

      // As the queue sets it when it takes the batch's first claim: only such a batch (or a CREATED one) is paused.
      await db().update(batches).set({ status: 'IN_PROCESSING' }).where(eq(batches.batchName, 'Act A'));
      const mixed = await status(['Act A', 'Act B'], 'PAUSED');
      expect(mixed.statusCode).toBe(409);
      expect(mixed.json()).toEqual({ detail: "Batch 'Act B' cannot be paused: it is FULLY_PROCESSED" });
      expect((await batchByName('Act A')).status).toBe('IN_PROCESSING');
      const unknown = await status(['Act A', 'No such batch'], 'PAUSED');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ detail: 'Batch not found: No such batch' });
      expect(ok(await status(['Act A'], 'PAUSED'))).toEqual({ Message: 'Successfully Done' });
      expect((await batchByName('Act A')).status).toBe('PAUSED');
      expect((await status(['Act B'], 'RESUMED')).json()).toEqual({ detail: "Batch 'Act B' cannot be resumed: it is FULLY_PROCESSED" });
      ok(await status(['Act A'], 'RESUMED'));
      expect((await batchByName('Act A')).status).toBe('RESUMED');

      const stop = (path: string, body: Record<string, unknown>) => call('PUT', `/claim/batch/${path}/batch?org=vitraya`, body);
      expect(ok(await stop('suspend', { nameList: ['Act A'], downloaded: true, suspend: true }))).toEqual({
        Message: 'Batch suspended successfully',
      });
      expect(ok(await stop('archive', { nameList: ['Act A', 'Act B'], downloaded: true, archive: true }))).toEqual({
        Message: 'Batch archived successfully',
      });
      expect(ok(await stop('discard', { nameList: ['Act C'], discard: true, reason: 'sent twice' }))).toEqual({
        Message: 'Successfully Done',
      });
      expect(await batchByName('Act C')).toMatchObject({ status: 'DISCARDED', reason: 'sent twice' });
      expect((await stop('suspend', { nameList: ['Act A', 'Act C'] })).json()).toEqual({
        detail: "Batch 'Act C' cannot be suspended: it is DISCARDED",
      });
      expect((await batchByName('Act A')).status).toBe('ARCHIVED');

      // Verify with override queues every claim again, the verified ones too.
      await db().update(claims).set({ status: 'ADJUDICATED', adjudicationResult: 'ACCEPTED' }).where(eq(claims.id, b));
      await db().update(jobs).set({ status: 'done' }).where(eq(jobs.claimId, b));
      ok(
        await call('PUT', '/claim/batch/batchStatus?downloaded=true&org=vitraya', {
          nameList: ['Act B'],
          status: 'TO_BE_PROCESSED',
          override: true,
        }),
      );
      expect(
        await db()
          .select({ status: jobs.status })
          .from(jobs)
          .where(and(eq(jobs.claimId, b), eq(jobs.status, 'queued'))),
      ).toHaveLength(1);

      // Drop: the batch goes, its queued verification is cancelled and the claim can be batched again.
      expect(ok(await call('DELETE', '/claim/batch/drop?downloaded=true&org=vitraya', { nameList: ['Act B'] }))).toEqual({
        Message: 'Batch dropped successfully',
      });
      expect(await batchByName('Act B')).toBeUndefined();
      const [dropped] = await db().select().from(claims).where(eq(claims.id, b));
      expect(dropped).toMatchObject({ batchId: null, status: 'ADJUDICATED' });
      expect(
        await db()
          .select({ status: jobs.status })
          .from(jobs)
          .where(and(eq(jobs.claimId, b), eq(jobs.status, 'queued'))),
      ).toEqual([]);
    });

    test('Pause only from IN_PROCESSING or CREATED, Resume only from PAUSED; Resume goes back to what the batch was doing', async () => {
      const [waiting, created, running] = await consoleClaims('RESUME', 3);
      ok(await createBatch('Resume waiting', [waiting]));
      ok(await createBatch('Resume created', [created], { action: 'upload' }));
      ok(await createBatch('Resume running', [running]));
      await db().update(batches).set({ status: 'IN_PROCESSING' }).where(eq(batches.batchName, 'Resume running'));
      const status = (nameList: string[], s: string) =>
        call('PUT', '/claim/batch/batchStatus?downloaded=true&org=vitraya', { nameList, status: s });
      const refused = async (nameList: string[], s: string) => {
        const response = await status(nameList, s);
        return { status: response.statusCode, body: response.json() };
      };

      expect(await refused(['Resume waiting', 'Resume created'], 'PAUSED')).toEqual({
        status: 409,
        body: { detail: "Batch 'Resume waiting' cannot be paused: it is TO_BE_PROCESSED" },
      });
      expect(await refused(['Resume created'], 'RESUMED')).toEqual({
        status: 409,
        body: { detail: "Batch 'Resume created' cannot be resumed: it is CREATED" },
      });
      expect((await batchByName('Resume created')).status).toBe('CREATED');

      ok(await status(['Resume created', 'Resume running'], 'PAUSED'));
      expect((await batchByName('Resume created')).status).toBe('PAUSED');
      expect((await batchByName('Resume running')).status).toBe('PAUSED');
      expect(await refused(['Resume running'], 'PAUSED')).toEqual({
        status: 409,
        body: { detail: "Batch 'Resume running' cannot be paused: it is PAUSED" },
      });
      // The claims list's batch action follows the same rules.
      const listResume = await call('PUT', `/claim/batch/${(await batchByName('Resume waiting')).id}?resume=True&org=vitraya`);
      expect({ status: listResume.statusCode, body: listResume.json() }).toEqual({
        status: 409,
        body: { detail: "Batch 'Resume waiting' cannot be resumed: it is TO_BE_PROCESSED" },
      });

      ok(await status(['Resume created', 'Resume running'], 'RESUMED'));
      // Never started: CREATED again, nothing verified, nothing queued.
      expect((await batchByName('Resume created')).status).toBe('CREATED');
      expect(await statusOf(created)).toBe('UPLOADED');
      expect(await db().select().from(jobs).where(eq(jobs.claimId, created))).toEqual([]);
      // Work on the queue: it goes on.
      expect((await batchByName('Resume running')).status).toBe('RESUMED');
      expect(
        await db()
          .select({ status: jobs.status })
          .from(jobs)
          .where(and(eq(jobs.claimId, running), eq(jobs.status, 'queued'))),
      ).toHaveLength(1);
      // The CREATED batch is verified when asked, as before its pause.
      ok(await status(['Resume created'], 'TO_BE_PROCESSED'));
      expect((await batchByName('Resume created')).status).toBe('TO_BE_PROCESSED');
      await db()
        .update(jobs)
        .set({ status: 'cancelled' })
        .where(and(inArray(jobs.claimId, [waiting, created, running]), eq(jobs.status, 'queued')));
    });

    test("the failed tabs count every failed claim of the organisation, as their grids list them; the others are today's", async () => {
      const counts = async () => ok<DownloadedCount>(await call('GET', '/downloadedCount?org=vitraya'));
      const before = await counts();
      const longAgo = new Date('2024-01-05T10:00:00Z');
      await consoleClaims('OLD-DL', 2, { status: 'DOWNLOAD_FAILED', createdOn: longAgo });
      await consoleClaims('OLD-UP', 1, { status: 'UPLOAD_FAILED', createdOn: longAgo });
      await consoleClaims('OLD-VF', 1, { status: 'VERIFICATION_FAILED', createdOn: longAgo });
      await consoleClaims('NEW-DL', 1, { status: 'DOWNLOAD_FAILED' });
      await consoleClaims('OLD-SH', 1, { org: 'starhealth', status: 'DOWNLOAD_FAILED', createdOn: longAgo });
      const after = await counts();
      expect({
        totalDownloadFailedClaims: after.totalDownloadFailedClaims - before.totalDownloadFailedClaims,
        uploadedFailedClaims: after.uploadedFailedClaims - before.uploadedFailedClaims,
        downloadedFailedClaims: after.downloadedFailedClaims - before.downloadedFailedClaims,
        downloadedClaims: after.downloadedClaims - before.downloadedClaims,
      }).toEqual({ totalDownloadFailedClaims: 3, uploadedFailedClaims: 2, downloadedFailedClaims: 1, downloadedClaims: 1 });
      const gridTotal = async (status: string) =>
        ok<ConsoleClaimRow[]>(await call('GET', `/claims?downloaded=true&org=vitraya&limit=25&page_number=1&status=${status}`))[0]
          ?.total_count;
      expect(await gridTotal('DOWNLOAD_FAILED')).toBe(after.totalDownloadFailedClaims);
      expect(await gridTotal('UPLOAD_FAILED,VERIFICATION_FAILED')).toBe(after.uploadedFailedClaims);
    });

    test('Upload, Verify and Upload & Verify of a selection: only the selected claims, in their batches, all or none', async () => {
      const failedUpload = { status: 'UPLOAD_FAILED', errorCode: '500', errorMessage: 'timed out' };
      const failedVerification = { status: 'VERIFICATION_FAILED', errorCode: '500', errorMessage: 'worker died' };
      const [a1, a2, lost] = await consoleClaims('RETRY-A', 3, failedUpload);
      const [b1, b2, b3] = await consoleClaims('RETRY-B', 3, failedVerification);
      const [c1] = await consoleClaims('RETRY-C', 1, failedVerification);
      const [loose] = await consoleClaims('RETRY-LOOSE', 1, failedUpload);
      const [fine] = await consoleClaims('RETRY-FINE', 1);
      const batchOf = async (batchName: string, status: string, ids: number[]) => {
        const [batch] = await db().insert(batches).values({ batchName, org: 'vitraya', downloaded: true, status }).returning();
        await db().update(claims).set({ batchId: batch.id }).where(inArray(claims.id, ids));
        return batch;
      };
      await batchOf('Retry A', 'CREATED', [a1, a2, lost, fine]);
      const batchB = await batchOf('Retry B', 'FULLY_PROCESSED', [b1, b2, b3]);
      await batchOf('Retry C', 'DISCARDED', [c1]);
      await db().update(claims).set({ status: 'ADJUDICATED', adjudicationResult: 'ACCEPTED' }).where(eq(claims.id, b2));
      const [document] = await db().select().from(claimDocuments).where(eq(claimDocuments.claimId, lost));
      await app.documentStore.delete(document.storageKey!);
      const retry = (body: Record<string, unknown>) => call('PUT', '/claim/batch/reupload?org=vitraya', body);
      const queued = async (ids: number[]) =>
        (
          await db()
            .select({ claimId: jobs.claimId })
            .from(jobs)
            .where(and(inArray(jobs.claimId, ids), eq(jobs.status, 'queued')))
        )
          .map((j) => j.claimId)
          .sort((x, y) => (x ?? 0) - (y ?? 0));

      const [onQueue] = await db().insert(jobs).values({ kind: 'verify-claim', claimId: a2, status: 'queued' }).returning();
      const refusals: [Record<string, unknown>, number, string][] = [
        [{ claimIdList: [a1, 999999] }, 404, 'Claims not found: 999999'],
        [{ claimIdList: [a1, loose] }, 409, 'These claims are in no batch: RETRY-LOOSE-1; create a batch of them first'],
        [{ claimIdList: [a1, fine] }, 409, 'These claims have not failed to upload or verify: RETRY-FINE-1'],
        [{ claimIdList: [a1, b1], upload: false }, 409, 'The upload of these claims failed; upload them first: RETRY-A-1'],
        [{ claimIdList: [a1, a2] }, 409, 'These claims are being verified: RETRY-A-2'],
        [{ claimIdList: [b1, c1] }, 409, "Batch 'Retry C' cannot be verified: it is DISCARDED"],
        [{ id: batchB.id, claimIdList: [a1, b1] }, 400, "claimIdList: not in batch 'Retry B': RETRY-A-1"],
        [{ id: 999999, claimIdList: [a1] }, 404, 'Batch 999999 not found'],
        [{ id: 999999 }, 404, 'Batch 999999 not found'],
      ];
      for (const [body, status, detail] of refusals) {
        const response = await retry(body);
        expect({ body, status: response.statusCode, answer: response.json() }).toEqual({ body, status, answer: { detail } });
      }
      await db().update(jobs).set({ status: 'cancelled' }).where(eq(jobs.id, onQueue.id));
      const statuses = async (ids: number[]) =>
        (await db().select({ id: claims.id, status: claims.status }).from(claims).where(inArray(claims.id, ids)).orderBy(claims.id)).map(
          (c) => c.status,
        );
      expect(await statuses([a1, a2, lost, b1, b3, c1])).toEqual([
        'UPLOAD_FAILED',
        'UPLOAD_FAILED',
        'UPLOAD_FAILED',
        'VERIFICATION_FAILED',
        'VERIFICATION_FAILED',
        'VERIFICATION_FAILED',
      ]);
      expect(await queued([a1, a2, lost, b1, b2, b3, c1])).toEqual([]);

      // Upload: the selected claims only; the one whose document is still missing is named, its reason kept.
      expect(ok<ReuploadResponse>(await retry({ claimIdList: [a1, lost], verify: false }))).toEqual({
        Message: 'Successfully Done',
        notUploaded: [
          { id: lost, intimation_number: 'RETRY-A-3', error_message: "Document 'discharge.pdf' is missing from the document store" },
        ],
      });
      expect(await statuses([a1, a2, lost])).toEqual(['UPLOADED', 'UPLOAD_FAILED', 'UPLOAD_FAILED']);
      expect((await batchByName('Retry A')).status).toBe('CREATED');
      expect(await queued([a1, a2, lost])).toEqual([]);

      // Upload & Verify: the selected claim is uploaded and verified in its batch; the batch's other claims wait.
      expect(ok<ReuploadResponse>(await retry({ claimIdList: [a2] }))).toEqual({
        Message: 'Uploaded and verified successfully',
        notUploaded: [],
      });
      expect(await queued([a1, a2, lost, fine])).toEqual([a2]);
      expect((await batchByName('Retry A')).status).toBe('TO_BE_PROCESSED');

      // Verify: the selected claim only, in its batch; the verified one is left as it is...
      expect(ok<ReuploadResponse>(await retry({ claimIdList: [b1], upload: false }))).toEqual({
        Message: 'Successfully Done',
        notUploaded: [],
      });
      expect(await queued([b1, b2, b3])).toEqual([b1]);
      expect((await batchByName('Retry B')).status).toBe('TO_BE_PROCESSED');
      // ...unless override asks for every claim of the batch to be verified again.
      ok(await retry({ claimIdList: [b3], upload: false, override: true }));
      expect(await queued([b1, b2, b3])).toEqual([b1, b2, b3]);
      await db()
        .update(jobs)
        .set({ status: 'cancelled' })
        .where(and(inArray(jobs.claimId, [a2, b1, b2, b3]), eq(jobs.status, 'queued')));
    });

    test('Generate Report is a real spreadsheet; the outcome counts open their claims', async () => {
      const [accepted, rejected, waiting] = await consoleClaims('REPORT', 3);
      ok(await createBatch('Report batch', [accepted, rejected, waiting]));
      await db().update(claims).set({ status: 'ADJUDICATED', adjudicationResult: 'ACCEPTED' }).where(eq(claims.id, accepted));
      await db()
        .update(claims)
        .set({ status: 'ADJUDICATED', adjudicationResult: 'REJECTED', adjudicationReason: 'Diagnosis not found' })
        .where(eq(claims.id, rejected));
      const response = await call('POST', '/claim/batch/batchReport?downloaded=true&org=vitraya', { nameList: ['Report batch'] });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toMatch(/batch_data_\d{2}-\d{2}-\d{4}\.xlsx/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
      const sheet = workbook.worksheets[0];
      expect(sheet.getRow(1).getCell(1).text).toBe('Batch');
      expect(sheet.rowCount).toBe(4);
      const outcomes = [2, 3, 4].map((n) => sheet.getRow(n).getCell(8).text);
      expect(outcomes).toEqual(['Accepted', 'Rejected', 'To be Verified']);
      expect((await call('POST', '/claim/batch/batchReport?downloaded=true&org=vitraya', { nameList: ['Nope'] })).statusCode).toBe(404);

      const batch = await batchByName('Report batch');
      const summary = ok<BatchRow[]>(
        await call('POST', '/claim/batch/search?downloaded=true&org=vitraya', { batchName: ['Report batch'] }),
      );
      expect(summary[0].processing).toEqual({
        accepted: 1,
        rejected: 1,
        query: 0,
        toBeVerified: 1,
        inProgress: 0,
        verificationFailed: 0,
      });
      const open = async (adjType: string) =>
        ok<ConsoleClaimRow[]>(await call('POST', '/redirectOther?org=vitraya', { batchId: batch.id, adjType })).map((r) => r.id);
      expect(await open('accepted')).toEqual([accepted]);
      expect(await open('rejected')).toEqual([rejected]);
      expect(await open('inProgress')).toEqual([waiting]);
      expect(await open('query')).toEqual([]);
    });

    test('a claim whose documents could not be read (verified SUSPENDED) counts as failed, not as waiting', async () => {
      const [suspended] = await consoleClaims('UNREADABLE', 1);
      ok(await createBatch('Unreadable batch', [suspended]));
      // What the verification job writes when no document can be read.
      await db().update(claims).set({ status: 'SUSPENDED', adjudicationResult: 'SUSPENDED' }).where(eq(claims.id, suspended));
      const [row] = ok<BatchRow[]>(
        await call('POST', '/claim/batch/search?downloaded=true&org=vitraya', { batchName: ['Unreadable batch'] }),
      );
      expect(row.processing).toMatchObject({ toBeVerified: 0, inProgress: 0, verificationFailed: 1 });
      const batch = await batchByName('Unreadable batch');
      expect(
        ok<ConsoleClaimRow[]>(await call('POST', '/redirectOther?org=vitraya', { batchId: batch.id, adjType: 'failed' })).map((r) => r.id),
      ).toEqual([suspended]);
    });
  });

  describe('priority and the verification queue', () => {
    test('the first batch is verified, the others wait; the queue takes batches in priority order and never a paused one', async () => {
      // Only this test's batches on the queue.
      await db().update(jobs).set({ status: 'cancelled' }).where(eq(jobs.status, 'queued'));
      const [first, second, third, done] = await consoleClaims('PRIO', 4);
      for (const [name, id] of [
        ['Prio 1', first],
        ['Prio 2', second],
        ['Prio 3', third],
        ['Prio done', done],
      ] as const)
        ok(await createBatch(name, [id]));
      // A batch the queue has finished.
      await db().update(batches).set({ status: 'FULLY_PROCESSED' }).where(eq(batches.batchName, 'Prio done'));
      await db().update(jobs).set({ status: 'done' }).where(eq(jobs.claimId, done));
      const jobOf = async (claimId: number) =>
        (
          await db()
            .select({ id: jobs.id })
            .from(jobs)
            .where(and(eq(jobs.claimId, claimId), eq(jobs.status, 'queued')))
        )[0].id;

      const donePriority = (await batchByName('Prio done')).priority;
      expect(ok(await call('PUT', '/claim/batch/priority?org=vitraya', { nameList: ['Prio 3', 'Prio 1', 'Prio done', 'Prio 2'] }))).toEqual(
        {
          Message: 'Successfully Done',
        },
      );
      const statuses = Object.fromEntries(
        (await db().select().from(batches).where(sql`${batches.batchName} like 'Prio%'`)).map((b) => [b.batchName, [b.status, b.priority]]),
      );
      // A finished batch has no place in the queue: it keeps its number and its status.
      expect(statuses).toEqual({
        'Prio 3': ['TO_BE_PROCESSED', 1],
        'Prio 1': ['PAUSED', 2],
        'Prio done': ['FULLY_PROCESSED', donePriority],
        'Prio 2': ['PAUSED', 3],
      });
      const byPriority = ok<BatchRow[]>(
        await call('POST', '/claim/batch/search?downloaded=true&org=vitraya&sort=priority&limit=25', { batchStatus: OPEN }),
      );
      expect(byPriority.slice(0, 3).map((b) => b.batchName)).toEqual(['Prio 3', 'Prio 1', 'Prio 2']);

      const lease = 60_000;
      const expectedThird = await jobOf(third);
      expect((await claimNextJob(db(), 'test-worker', lease))?.id).toBe(expectedThird);
      // Paused batches' claims are not started.
      expect(await claimNextJob(db(), 'test-worker', lease)).toBeNull();
      expect((await batchByName('Prio 3')).status).toBe('IN_PROCESSING');

      ok(await call('PUT', '/claim/batch/batchStatus?downloaded=true&org=vitraya', { nameList: ['Prio 2', 'Prio 1'], status: 'RESUMED' }));
      const expectedFirst = await jobOf(first);
      const expectedSecond = await jobOf(second);
      expect((await claimNextJob(db(), 'test-worker', lease))?.id).toBe(expectedFirst);
      expect((await claimNextJob(db(), 'test-worker', lease))?.id).toBe(expectedSecond);
      await db()
        .update(jobs)
        .set({ status: 'cancelled' })
        .where(inArray(jobs.id, [expectedThird, expectedFirst, expectedSecond]));
    });

    test("a claim already waiting on the queue joins the batch made of it, and the batch's pause holds it", async () => {
      await db().update(jobs).set({ status: 'cancelled' }).where(eq(jobs.status, 'queued'));
      const [waiting] = await consoleClaims('WAITING', 1);
      const [job] = await db().insert(jobs).values({ kind: 'verify-claim', claimId: waiting, priority: 200 }).returning();
      ok(await createBatch('Joins its batch', [waiting]));
      const [joined] = await db().select().from(jobs).where(eq(jobs.id, job.id));
      expect(joined).toMatchObject({ batchId: (await batchByName('Joins its batch')).id, priority: 100, status: 'queued' });
      await db().update(batches).set({ status: 'IN_PROCESSING' }).where(eq(batches.batchName, 'Joins its batch'));
      ok(await call('PUT', '/claim/batch/batchStatus?downloaded=true&org=vitraya', { nameList: ['Joins its batch'], status: 'PAUSED' }));
      expect(await claimNextJob(db(), 'test-worker', 60_000)).toBeNull();
      await db().update(jobs).set({ status: 'cancelled' }).where(eq(jobs.id, job.id));
    });

    test('only the open batches are numbered, in one go; finished ones keep theirs; a new batch goes after the open ones', async () => {
      const all = async () =>
        db()
          .select({ name: batches.batchName, priority: batches.priority, status: batches.status })
          .from(batches)
          .where(eq(batches.org, 'vitraya'));
      const before = await all();
      const closed = before.filter((b) => !OPEN.includes(b.status));
      ok(await call('PUT', '/claim/batch/priority?org=vitraya', { nameList: ['Prio 2'] }));
      const after = await all();
      const open = after.filter((b) => OPEN.includes(b.status)).sort((a, b) => a.priority - b.priority);
      expect(open[0]).toMatchObject({ name: 'Prio 2', priority: 1 });
      expect(open.map((b) => b.priority)).toEqual(open.map((_, i) => i + 1));
      expect(after.filter((b) => !OPEN.includes(b.status) && b.name !== 'Prio 2')).toEqual(expect.arrayContaining(closed));

      const [claim] = await consoleClaims('PRIO-NEW', 1);
      ok(await createBatch('Prio new', [claim], { action: 'upload' }));
      expect((await batchByName('Prio new')).priority).toBe(open.length + 1);
      await db().update(jobs).set({ status: 'cancelled' }).where(eq(jobs.status, 'queued'));
    });

    test('an unknown batch in the list changes nothing', async () => {
      const before = await db().select({ name: batches.batchName, priority: batches.priority, status: batches.status }).from(batches);
      const response = await call('PUT', '/claim/batch/priority?org=vitraya', { nameList: ['Prio 2', 'Nobody'] });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Batch not found: Nobody' });
      expect(await db().select({ name: batches.batchName, priority: batches.priority, status: batches.status }).from(batches)).toEqual(
        before,
      );
    });
  });

  describe('work allocation', () => {
    let batchId: number;
    let claimIds: number[];
    beforeAll(async () => {
      claimIds = await consoleClaims('ALLOC', 5);
      const [batch] = await db()
        .insert(batches)
        .values({ batchName: 'Allocate me', org: 'vitraya', downloaded: true, status: 'IN_PROCESSING' })
        .returning();
      batchId = batch.id;
      await db().update(claims).set({ batchId }).where(inArray(claims.id, claimIds));
    });
    const specified = (data: Record<string, number>, percentage: boolean, date = '2025-03-12') =>
      call('POST', '/claim/batch/assignBatches/assignSpecified?org=vitraya', { batchId, data, percentage, date });

    test('the split arithmetic: equal shares, and percentages that always add up', () => {
      expect(equalSplit(5, ['a', 'b'])).toEqual({ a: 3, b: 2 });
      expect(equalSplit(7, ['a', 'b', 'c'])).toEqual({ a: 3, b: 2, c: 2 });
      expect(specifiedSplit(5, { a: 60, b: 40 }, true)).toEqual({ a: 3, b: 2 });
      expect(specifiedSplit(10, { a: 33, b: 33, c: 34 }, true)).toEqual({ a: 3, b: 3, c: 4 });
      expect(specifiedSplit(5, { a: 2, b: 3 }, false)).toEqual({ a: 2, b: 3 });
    });

    test('only a fully processed batch; a split that does not add up is refused with the spec message', async () => {
      const early = await specified({ 'vitraya.reviewer': 5 }, false);
      expect(early.statusCode).toBe(409);
      expect(early.json()).toEqual({ detail: 'The batch can be assigned only once it is fully processed (it is IN_PROCESSING)' });
      await db().update(batches).set({ status: 'FULLY_PROCESSED' }).where(eq(batches.id, batchId));

      const byNumber = await specified({ 'vitraya.reviewer': 2, 'vitraya.admin': 2 }, false);
      expect(byNumber.statusCode).toBe(400);
      expect(byNumber.json().detail).toBe(
        'data: Make sure total claims and total allocation are in equal (the batch has 5 claims; the allocation adds up to 4)',
      );
      const byPercentage = await specified({ 'vitraya.reviewer': 50, 'vitraya.admin': 40 }, true);
      expect(byPercentage.json().detail).toBe(
        'data: Make sure total percentage of claims and total allocation are in equal (the percentages add up to 90, not 100)',
      );
      expect((await specified({ 'vitraya.reviewer': 60, 'starhealth.reviewer': 40 }, true)).json()).toEqual({
        detail: 'analysts: not an active user of this organisation: starhealth.reviewer',
      });
      expect((await specified({ 'vitraya.reviewer': 100 }, true, '2025-02-30')).json()).toEqual({
        detail: "date: '2025-02-30' is not a calendar date",
      });
      const unassigned = await db().select({ assignedTo: claims.assignedTo }).from(claims).where(inArray(claims.id, claimIds));
      expect(unassigned.every((c) => c.assignedTo === null)).toBe(true);
    });

    test('by percentage: the analysts get their claims and find them through the claims filter', async () => {
      expect(ok(await specified({ 'vitraya.reviewer': 60, 'vitraya.admin': 40 }, true))).toEqual({ Message: 'Successfully Done' });
      const assigned = await db()
        .select({ id: claims.id, to: claims.assignedTo })
        .from(claims)
        .where(inArray(claims.id, claimIds))
        .orderBy(claims.id);
      expect(assigned.map((c) => c.to)).toEqual([
        'vitraya.reviewer',
        'vitraya.reviewer',
        'vitraya.reviewer',
        'vitraya.admin',
        'vitraya.admin',
      ]);
      const [row] = ok<BatchRow[]>(await call('POST', '/claim/batch/search?downloaded=true&org=vitraya', { batchName: ['Allocate me'] }));
      expect(row).toMatchObject({ status_info: { status: 'ASSIGNED' }, allocation_status: 'ASSIGNED', assigned_date: '2025-03-12' });

      const mine = await call('POST', '/claims/search?limit=100&page_number=1', { userName: ['vitraya.reviewer'] }, 'vitraya.reviewer');
      expect(
        ok<ClaimListRow[]>(mine)
          .map((r) => r.referenceClaimId)
          .sort(),
      ).toEqual(['ALLOC-1', 'ALLOC-2', 'ALLOC-3']);

      const twice = await call('POST', '/claim/batch/assignBatches/equally?org=vitraya', {
        batchId,
        analysts: ['vitraya.admin'],
        date: '2025-03-12',
      });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toEqual({ detail: 'The batch is already assigned; only its date can be changed' });
      ok(await call('PUT', '/claim/batch/assignDate/update?org=vitraya', { batchId, date: '2025-03-20' }));
      expect((await batchByName('Allocate me')).assignedDate).toBe('2025-03-20');
    });

    test('equally, and only the date of an assigned batch', async () => {
      const ids = await consoleClaims('EQUAL', 3);
      const [batch] = await db()
        .insert(batches)
        .values({ batchName: 'Equal shares', org: 'vitraya', downloaded: true, status: 'FULLY_PROCESSED' })
        .returning();
      await db().update(claims).set({ batchId: batch.id }).where(inArray(claims.id, ids));
      const notYet = await call('PUT', '/claim/batch/assignDate/update?org=vitraya', { batchId: batch.id, date: '2025-03-20' });
      expect(notYet.statusCode).toBe(409);
      expect(notYet.json()).toEqual({ detail: 'The batch is not assigned yet' });
      ok(
        await call('POST', '/claim/batch/assignBatches/equally?org=vitraya', {
          batchId: batch.id,
          analysts: ['vitraya.admin', 'vitraya.reviewer'],
          date: '2025-03-20',
        }),
      );
      const shares = await db().select({ to: claims.assignedTo }).from(claims).where(inArray(claims.id, ids)).orderBy(claims.id);
      expect(shares.map((s) => s.to)).toEqual(['vitraya.admin', 'vitraya.admin', 'vitraya.reviewer']);
    });

    test("the users list is the caller's organisation's active users", async () => {
      expect(ok<OrgUser[]>(await call('GET', '/users?role=user'))).toEqual([{ username: 'vitraya.reviewer', role: 'user' }]);
      expect(ok<OrgUser[]>(await call('GET', '/users', undefined, 'starhealth.admin')).map((u) => u.username)).toEqual([
        'starhealth.admin',
        'starhealth.reviewer',
      ]);
      expect((await call('GET', '/users', undefined, 'starhealth.reviewer')).json()).toEqual({ detail: NOT_AUTHORIZED });
    });
  });

  describe('live progress', () => {
    test('counts move to their outcomes and the time left follows the recent rate', async () => {
      const ids = await consoleClaims('LIVE', 4);
      ok(await createBatch('Live batch', ids));
      const batch = await batchByName('Live batch');
      const progress = async () =>
        ok<BatchProgress[]>(await call('GET', `/claim/batch/progress?org=vitraya&downloaded=true&batchIds=${batch.id}`))[0];
      expect(await progress()).toMatchObject({
        batchName: 'Live batch',
        total_claims_count: 4,
        done: 0,
        remaining: 4,
        ratePerMinute: null,
        etaSeconds: null,
      });

      // Two verifications finished, started two minutes ago: one a minute.
      await db()
        .update(claims)
        .set({ status: 'ADJUDICATED', adjudicationResult: 'ACCEPTED' })
        .where(inArray(claims.id, ids.slice(0, 2)));
      await db()
        .update(jobs)
        .set({ status: 'done', lockedAt: sql`now() - interval '2 minutes'`, finishedAt: sql`now()` })
        .where(inArray(jobs.claimId, ids.slice(0, 2)));
      const moving = await progress();
      expect(moving).toMatchObject({ done: 2, remaining: 2, processing: expect.objectContaining({ accepted: 2, toBeVerified: 2 }) });
      expect(moving.ratePerMinute).toBeCloseTo(1, 1);
      expect(moving.etaSeconds).toBeGreaterThanOrEqual(110);
      expect(moving.etaSeconds).toBeLessThanOrEqual(130);
      const listed = ok<BatchProgress[]>(await call('GET', '/claim/batch/progress?org=vitraya'));
      expect(listed.map((p) => p.batchName)).toContain('Live batch');
    });
  });

  // Last: the batch it makes would be one more in the Batch Summary lists the tests above read.
  describe('security edges', () => {
    test('work allocation takes only active users of the batch organisation, without saying who exists elsewhere', async () => {
      const db = testDb.database.db;
      const [batch] = await db
        .insert(batches)
        .values({ batchName: 'Allocation', org: 'vitraya', status: 'FULLY_PROCESSED', createdBy: 'vitraya.admin' })
        .returning();
      await db
        .insert(users)
        .values({ username: 'vitraya.former', passwordHash: 'x', organization: 'vitraya', role: 'user', active: false });
      const assign = (analysts: string[]) =>
        app.inject({
          method: 'POST',
          url: `${BASE}/claim/batch/assignBatches/equally`,
          headers: as('vitraya.admin'),
          payload: { batchId: batch.id, analysts, date: '2025-03-10' },
        });
      const details: string[] = [];
      for (const name of ['starhealth.reviewer', 'nobody.anywhere', 'vitraya.former']) {
        const response = await assign([name]);
        expect({ name, status: response.statusCode }).toEqual({ name, status: 400 });
        onlyDetail(response);
        details.push(response.json().detail.replace(name, '<name>'));
      }
      expect(new Set(details).size).toBe(1);
      expect(details[0]).toMatch(/^analysts: /);
      expect((await assign(['vitraya.reviewer'])).statusCode).toBe(200);
    });
  });
});
