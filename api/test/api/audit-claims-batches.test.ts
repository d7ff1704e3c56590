/**
 * The audit log of claims and batches (issue 25 §13): each claim action (status, procedure names, drop, re-run,
 * confirmed findings) and each batch action (create, suspend, archive, discard, assign, priority, drop) leaves one
 * entry with who, the action and the changed fields before and after; the export of a period is a workbook of every
 * kind's entries of that period and nothing else; a period past the limit is refused.
 */
import type { InjectOptions } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { AUDIT_EXPORT_MAX_DAYS, type AuditHistoryPage, type AuditLogEntry } from '@claims/shared-kernel/contract';
import { auditLog, batches, claims, jobs, procedures } from '../../src/db/schema';
import { DATABASES } from '../../testing/databases';
import { BASE, bearer, FORM } from '../../testing/http';
import { apiSuite } from '../../testing/suite';

const SUPER = 'vitraya.admin';
const REVIEWER = 'vitraya.reviewer';

describe.each(DATABASES)('audit of claims and batches on %s', (_name, open) => {
  const { app, db, tokens } = apiSuite(open, { users: [SUPER, REVIEWER] });

  const call = (method: InjectOptions['method'], url: string, payload?: InjectOptions['payload'], user = SUPER, headers = {}) =>
    app.inject({
      method,
      url: `${BASE}${url}`,
      headers: { ...bearer(tokens[user]), ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
  const ok = async (response: Awaited<ReturnType<typeof call>>) => {
    expect({ status: response.statusCode, body: response.statusCode === 200 ? '' : response.body }).toEqual({ status: 200, body: '' });
    return response;
  };

  /** Every entry of one record, oldest first. */
  async function entriesOf(entity: 'claims' | 'batches', id: number): Promise<AuditLogEntry[]> {
    const page = (await ok(await call('GET', `/audit/${entity}/${id}?limit=100`))).json<AuditHistoryPage>();
    return [...page.results].reverse();
  }
  /** The one entry of a record, with its actor and action. */
  async function onlyEntry(entity: 'claims' | 'batches', id: number, action: AuditLogEntry['action'], user: string) {
    const entries = await entriesOf(entity, id);
    expect(entries.map((e) => [e.action, e.username])).toEqual([[action, user]]);
    return entries[0];
  }

  let serial = 0;
  /** Console claims of vitraya (downloaded) or claims-list claims, not in a batch. */
  async function newClaims(count: number, downloaded: boolean, status = 'DOWNLOADED'): Promise<number[]> {
    const rows = await db()
      .insert(claims)
      .values(
        Array.from({ length: count }, () => ({
          org: 'vitraya',
          referenceClaimId: `AUDIT-${++serial}`,
          caseType: 'SETTLEMENT' as const,
          patientName: 'Patient',
          downloaded,
          status,
          createdBy: 'test',
        })),
      )
      .returning({ id: claims.id });
    return rows.map((r) => r.id);
  }
  async function newBatch(batchName: string, status: string, claimIds: number[] = [], priority = 0) {
    const [batch] = await db()
      .insert(batches)
      .values({ batchName, org: 'vitraya', downloaded: true, status, priority, createdBy: SUPER })
      .returning();
    if (claimIds.length) await db().update(claims).set({ batchId: batch.id }).where(inArray(claims.id, claimIds));
    return batch;
  }

  describe('claim actions', () => {
    test('a status change logs the status before and after', async () => {
      const [id] = await newClaims(1, true);
      await ok(await call('PUT', '/claims/status?org=vitraya', { claimIdList: [id], status: 'UPLOADED' }));
      const entry = await onlyEntry('claims', id, 'status', SUPER);
      expect(entry.before).toEqual({ status: 'DOWNLOADED' });
      expect(entry.after).toEqual({ status: 'UPLOADED' });
    });

    test('Add Procedure Name logs the codes and names before and after, one entry per claim', async () => {
      const [procedure] = await db().select().from(procedures).limit(1);
      const ids = await newClaims(2, true);
      await ok(await call('PUT', '/claims/addProcName?org=vitraya', { claimIdList: ids, procCodeList: [procedure.procedureCode] }));
      for (const id of ids) {
        const entry = await onlyEntry('claims', id, 'procedures', SUPER);
        expect(entry.before).toEqual({ procedureCodes: [], procedureNames: [] });
        expect(entry.after).toEqual({ procedureCodes: [procedure.procedureCode], procedureNames: [procedure.name] });
      }
    });

    test('a drop logs the claim as it was, and nothing after', async () => {
      const [id] = await newClaims(1, true);
      await ok(await call('DELETE', '/claims/drop?org=vitraya', { claimIdList: [id] }));
      expect(await db().select().from(claims).where(eq(claims.id, id))).toEqual([]);
      const entry = await onlyEntry('claims', id, 'delete', SUPER);
      expect(entry.before).toMatchObject({ name: `AUDIT-${serial}`, status: 'DOWNLOADED' });
      expect(entry.after).toBeNull();
    });

    test('a refused action logs nothing (the entry is written in the change’s transaction)', async () => {
      const [id] = await newClaims(1, true);
      await db().insert(jobs).values({ kind: 'verify', claimId: id, status: 'queued', payload: {} });
      expect((await call('PUT', '/claims/status?org=vitraya', { claimIdList: [id], status: 'UPLOADED' })).statusCode).toBe(409);
      expect(await entriesOf('claims', id)).toEqual([]);
    });

    test('a re-run logs the status and re-run status it set', async () => {
      const [id] = await newClaims(1, false, 'ADJUDICATED');
      await ok(await call('PUT', `/claims/${id}`, 'status=OCRED&rerunFlag=true&adjudicate=true', REVIEWER, FORM));
      const entry = await onlyEntry('claims', id, 'rerun', REVIEWER);
      expect(entry.before).toEqual({ status: 'ADJUDICATED', rerunStatus: null });
      expect(entry.after).toEqual({ status: 'OCRED', rerunStatus: 'INPROGRESS' });
    });

    test('confirmed findings log the findings before and after', async () => {
      const [id] = await newClaims(1, false, 'ADJUDICATED');
      await ok(await call('POST', `/claims/${id}/adjudicate`, { findings: ['Adenomyosis'] }, REVIEWER));
      const entry = await onlyEntry('claims', id, 'findings', REVIEWER);
      expect(entry.before).toEqual({ rerunStatus: null, findings: null });
      expect(entry.after).toMatchObject({ rerunStatus: 'INPROGRESS', findings: { findings: ['Adenomyosis'] } });
    });
  });

  describe('batch actions', () => {
    test('create logs the batch with its claims; suspend, archive and discard each log the status move', async () => {
      const ids = await newClaims(2, true);
      const created = await ok(
        await call('POST', '/claim/batch/create?org=vitraya', {
          claims: ids,
          batchName: 'Audit A',
          downloadedClaimFlag: true,
          action: 'suspend',
        }),
      );
      const batchId = created.json<{ id: number }>().id;
      const [create] = await entriesOf('batches', batchId);
      expect(create).toMatchObject({ action: 'create', username: SUPER, before: null });
      expect(create.after).toMatchObject({ batchName: 'Audit A', status: 'SUSPENDED' });
      const names = create.after?.claims as string[] | undefined;
      expect([...(names ?? [])].sort()).toEqual([`AUDIT-${serial - 1}`, `AUDIT-${serial}`]);

      await ok(await call('PUT', '/claim/batch/archive/batch?org=vitraya', { nameList: ['Audit A'], archive: true }));
      await ok(await call('PUT', '/claim/batch/discard/batch?org=vitraya', { nameList: ['Audit A'], discard: true, reason: 'duplicate' }));
      const moves = (await entriesOf('batches', batchId)).slice(1);
      expect(moves.map((e) => [e.action, e.username, e.before, e.after])).toEqual([
        ['status', SUPER, { status: 'SUSPENDED' }, { status: 'ARCHIVED' }],
        ['status', SUPER, { status: 'ARCHIVED', reason: null }, { status: 'DISCARDED', reason: 'duplicate' }],
      ]);
    });

    test('a batch made to upload logs each claim’s upload as a status change (no documents: it failed)', async () => {
      const [id] = await newClaims(1, true);
      await ok(
        await call('POST', '/claim/batch/create?org=vitraya', {
          claims: [id],
          batchName: 'Audit upload',
          downloadedClaimFlag: true,
          action: 'upload',
        }),
      );
      const entry = await onlyEntry('claims', id, 'status', SUPER);
      expect([entry.before, entry.after]).toEqual([{ status: 'DOWNLOADED' }, { status: 'UPLOAD_FAILED' }]);
    });

    test('suspend logs one entry per batch named', async () => {
      const first = await newBatch('Audit S1', 'CREATED');
      const second = await newBatch('Audit S2', 'PAUSED');
      await ok(await call('PUT', '/claim/batch/suspend/batch?org=vitraya', { nameList: ['Audit S1', 'Audit S2'], suspend: true }));
      for (const [batch, was] of [
        [first, 'CREATED'],
        [second, 'PAUSED'],
      ] as const) {
        const entry = await onlyEntry('batches', batch.id, 'status', SUPER);
        expect([entry.before, entry.after]).toEqual([{ status: was }, { status: 'SUSPENDED' }]);
      }
    });

    test('assign logs the allocation, and a new date is logged too', async () => {
      const batch = await newBatch('Audit assign', 'FULLY_PROCESSED', await newClaims(2, true, 'ADJUDICATED'));
      await ok(
        await call('POST', '/claim/batch/assignBatches/equally?org=vitraya', {
          batchId: batch.id,
          analysts: [REVIEWER],
          date: '2025-03-01',
        }),
      );
      const entry = await onlyEntry('batches', batch.id, 'assign', SUPER);
      expect(entry.before).toEqual({ status: 'FULLY_PROCESSED', allocation: null, allocationStatus: null, assignedDate: null });
      expect(entry.after).toEqual({
        status: 'ASSIGNED',
        allocation: { [REVIEWER]: 2 },
        allocationStatus: 'ASSIGNED',
        assignedDate: '2025-03-01',
      });
      await ok(await call('PUT', '/claim/batch/assignDate/update?org=vitraya', { batchId: batch.id, date: '2025-03-05' }));
      const dated = (await entriesOf('batches', batch.id))[1];
      expect([dated.action, dated.before, dated.after]).toEqual(['assign', { assignedDate: '2025-03-01' }, { assignedDate: '2025-03-05' }]);
    });

    test('priority logs the new place of a batch moved up', async () => {
      await newBatch('Audit P1', 'CREATED', [], 900);
      const moved = await newBatch('Audit P2', 'CREATED', [], 901);
      await ok(await call('PUT', '/claim/batch/priority?org=vitraya', { nameList: ['Audit P2', 'Audit P1'] }));
      const entry = await onlyEntry('batches', moved.id, 'priority', SUPER);
      expect(entry.before).toEqual({ priority: 901, status: 'CREATED' });
      expect(entry.after).toEqual({ priority: 1, status: 'TO_BE_PROCESSED' });
    });

    test('a drop logs the batch as it was, and nothing after', async () => {
      const batch = await newBatch('Audit drop', 'SUSPENDED');
      await ok(await call('DELETE', '/claim/batch/drop?org=vitraya', { nameList: ['Audit drop'] }));
      const entry = await onlyEntry('batches', batch.id, 'delete', SUPER);
      expect(entry.before).toMatchObject({ batchName: 'Audit drop', status: 'SUSPENDED' });
      expect(entry.after).toBeNull();
    });
  });

  describe('GET /audit/export', () => {
    const at = (iso: string) => new Date(iso);
    const rowsOf = async (response: Awaited<ReturnType<typeof call>>) => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const rows: string[][] = [];
      workbook.getWorksheet('Audit log')!.eachRow((row) => {
        rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? '')));
      });
      return rows;
    };

    test('a period holds the entries of every kind of that period and nothing outside it, as .xlsx', async () => {
      // Real claim and batch entries, moved to a fixed day so the test does not read the clock.
      const [claimId] = await newClaims(1, true);
      await ok(await call('PUT', '/claims/status?org=vitraya', { claimIdList: [claimId], status: 'UPLOADED' }));
      const batch = await newBatch('Audit export', 'CREATED');
      await ok(await call('PUT', '/claim/batch/suspend/batch?org=vitraya', { nameList: ['Audit export'], suspend: true }));
      await db()
        .update(auditLog)
        .set({ at: at('2024-05-10T06:00:00Z') })
        .where(and(inArray(auditLog.entity, ['claims', 'batches']), inArray(auditLog.key, [String(claimId), String(batch.id)])));
      const inside = { username: SUPER, action: 'update' as const, before: { name: 'old' }, after: { name: 'new' } };
      await db()
        .insert(auditLog)
        .values([
          { ...inside, entity: 'procedures', key: 'export-master', at: at('2024-05-10T07:00:00Z') },
          { ...inside, entity: 'rules', key: 'export-rule', at: at('2024-05-11T07:00:00Z') },
          { ...inside, entity: 'claims', key: 'export-before', at: at('2024-05-08T06:00:00Z') },
          { ...inside, entity: 'batches', key: 'export-after', at: at('2024-05-13T06:00:00Z') },
        ]);

      const response = await ok(await call('GET', '/audit/export?from=2024-05-10&to=2024-05-11'));
      expect(response.headers['content-type']).toContain('spreadsheetml');
      const [header, ...rows] = await rowsOf(response);
      expect(header).toEqual(['Date', 'Entity', 'Record', 'Action', 'User', 'Field', 'Before', 'After']);
      expect(rows.map((r) => r.slice(1, 8))).toEqual([
        ['claims', String(claimId), 'Status changed', SUPER, 'status', 'DOWNLOADED', 'UPLOADED'],
        ['batches', String(batch.id), 'Status changed', SUPER, 'status', 'CREATED', 'SUSPENDED'],
        ['procedures', 'export-master', 'Modified', SUPER, 'name', 'old', 'new'],
        ['rules', 'export-rule', 'Modified', SUPER, 'name', 'old', 'new'],
      ]);

      const onlyClaims = await rowsOf(await ok(await call('GET', '/audit/export?from=2024-05-10&to=2024-05-11&entity=claims')));
      expect(onlyClaims.slice(1).map((r) => r[2])).toEqual([String(claimId)]);
    });

    test(`a period longer than ${AUDIT_EXPORT_MAX_DAYS} days is refused with 400`, async () => {
      const response = await call('GET', '/audit/export?from=2023-01-01&to=2024-12-31');
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/^to: the period covers 731 days/);
    });
  });
});
