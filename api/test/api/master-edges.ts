/**
 * Masters at the edges, run once per database driver (registered from defineApiSuite): procedures, the keyword
 * masters, hospitals and test units. Every call the master screens make; writes refused to anyone but the
 * provider's super users (403 with a detail); bad input answering 400 naming the field (an empty name, a duplicate
 * code, a conversion unit that is not a number); every create, edit and delete written to the audit log in the
 * transaction of the change, so a refused or failed write leaves neither the record nor an entry behind.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ClinicalUnit, Hospital, KeywordEntity, Paged, PagedResults, Procedure } from '@claims/shared-kernel/contract';
import {
  auditLog,
  clinicalAttributes,
  clinicalUnits,
  docgroupConfigs,
  docgroupHospitals,
  docgroups,
  hospitals,
  keywordMasters,
  procedureQuestions,
  procedures,
  rules,
} from '../../src/db/schema';
import { bearer, login, testApp, type TestDatabase } from './support';

const BASE = '/v0.3.0';
const ADMIN = 'vitraya.admin';

export function defineMasterEdges(database: () => Promise<TestDatabase>): void {
  describe('master edges', () => {
    let testDb: TestDatabase;
    let app: FastifyInstance;
    const tokens: Record<string, string> = {};

    beforeAll(async () => {
      testDb = await database();
      app = await testApp(testDb.database);
      for (const user of [ADMIN, 'vitraya.reviewer', 'starhealth.admin']) tokens[user] = await login(app, user);
    });

    afterAll(async () => {
      await app?.close();
      await testDb?.drop();
    });

    const call = (method: InjectOptions['method'], url: string, payload?: unknown, user = ADMIN) =>
      app.inject({
        method,
        url: `${BASE}${url}`,
        headers: bearer(tokens[user]),
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const db = () => testDb.database.db;

    /** The log's entries of one record, oldest first, as the assertions need them. */
    const entriesOf = async (entity: string, key: number) =>
      (
        await db()
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entity, entity), eq(auditLog.key, String(key))))
          .orderBy(asc(auditLog.id))
      ).map(({ action, username, before, after }) => ({ action, username, before, after }));
    const entryCount = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(auditLog))[0].n;

    const groupId = async () =>
      (await db().select().from(keywordMasters).where(eq(keywordMasters.kind, 'procedureGroup')).orderBy(asc(keywordMasters.id)))[0].id;

    /** What a refused write must show: the status, a detail matching, and nothing written. */
    async function expectRefused(
      response: Awaited<ReturnType<typeof call>>,
      status: number,
      detail: string | RegExp,
      entriesBefore: number,
    ) {
      expect(response.statusCode).toBe(status);
      if (typeof detail === 'string') expect(response.json()).toEqual({ detail });
      else expect(response.json().detail).toMatch(detail);
      expect(await entryCount()).toBe(entriesBefore);
    }

    describe('procedures', () => {
      test('create, read by id and by code, list, count and search; the creation is logged', async () => {
        const created = await call('POST', '/procedures', {
          name: ' Knee Replacement ',
          procedure_code: 'KR1',
          snomedct_code: '609588000',
          fk_procedure_group: await groupId(),
        });
        expect(created.statusCode).toBe(201);
        const procedure = created.json<Procedure>();
        expect(procedure).toMatchObject({
          name: 'Knee Replacement',
          procedure_code: 'KR1',
          snomedct_code: '609588000',
          procedure_group: { name: 'Ophthalmology' },
          alias: [],
          created_by: ADMIN,
        });
        expect((await call('GET', `/procedures/${procedure.id}`)).json<Procedure>().procedure_code).toBe('KR1');
        expect((await call('GET', '/procedures/KR1')).json<Procedure>().id).toBe(procedure.id);
        expect((await call('GET', '/procedures/NOPE')).json()).toEqual({ detail: 'Procedure NOPE not found' });

        const page = (await call('GET', '/procedures?limit=2&page_number=2')).json<Paged<Procedure>[]>();
        expect(page.map((p) => p.procedure_code)).toEqual(['KR1']);
        expect(page[0]).toMatchObject({ total_count: 3, page_number: 2 });
        expect((await call('GET', '/procedures/count', undefined, 'vitraya.reviewer')).json()).toBe(3);
        const found = await call('POST', '/procedures/search?limit=25&page_number=1', {
          filters: { procedure_group: 'ophthal', name: 'knee' },
        });
        expect(found.json<Paged<Procedure>[]>().map((p) => p.procedure_code)).toEqual(['KR1']);
        const badFilter = await call('POST', '/procedures/search?limit=25&page_number=1', { filters: { colour: 'red' } });
        expect(badFilter.statusCode).toBe(400);
        expect(badFilter.json()).toEqual({ detail: 'filters.colour: not a procedure column' });

        expect(await entriesOf('procedures', procedure.id)).toEqual([
          {
            action: 'create',
            username: ADMIN,
            before: null,
            after: expect.objectContaining({ name: 'Knee Replacement', procedure_code: 'KR1', procedure_group: expect.any(Object) }),
          },
        ]);
      });

      test('an edit is logged with only the fields it changed; aliases not sent are kept', async () => {
        const [row] = await db()
          .insert(procedures)
          .values({
            procedureCode: 'HIP1',
            name: 'Hip Replacement',
            snomedctCode: '52734007',
            procedureGroupId: await groupId(),
            alias: ['THR'],
          })
          .returning();
        const body = {
          name: 'Total Hip Replacement',
          procedure_code: 'HIP1',
          snomedct_code: '52734007',
          fk_procedure_group: await groupId(),
        };
        const edited = await call('PUT', `/procedures/${row.id}`, body);
        expect(edited.statusCode).toBe(200);
        expect(edited.json<Procedure>()).toMatchObject({ name: 'Total Hip Replacement', alias: ['THR'], last_modified_by: ADMIN });
        expect(await entriesOf('procedures', row.id)).toEqual([
          { action: 'update', username: ADMIN, before: { name: 'Hip Replacement' }, after: { name: 'Total Hip Replacement' } },
        ]);

        const unchanged = await call('PUT', `/procedures/HIP1`, body);
        expect(unchanged.statusCode).toBe(200);
        expect(await entriesOf('procedures', row.id)).toHaveLength(1);
        const realiased = await call('PUT', `/procedures/${row.id}`, { ...body, alias: ['THR', ' hip arthroplasty ', ''] });
        expect(realiased.json<Procedure>().alias).toEqual(['THR', 'hip arthroplasty']);
      });

      test('bad input answers 400 naming the field and saves nothing', async () => {
        const before = await entryCount();
        const group = await groupId();
        const valid = { name: 'Tonsillectomy', procedure_code: 'TON1', snomedct_code: '173422009', fk_procedure_group: group };
        await expectRefused(await call('POST', '/procedures', { ...valid, name: '  ' }), 400, 'name: Procedure Name is required', before);
        await expectRefused(
          await call('POST', '/procedures', { ...valid, procedure_code: '' }),
          400,
          'procedure_code: Procedure Code is required',
          before,
        );
        await expectRefused(
          await call('POST', '/procedures', { ...valid, snomedct_code: '' }),
          400,
          'snomedct_code: SNOMED Code is required',
          before,
        );
        await expectRefused(
          await call('POST', '/procedures', { ...valid, fk_procedure_group: undefined }),
          400,
          /^fk_procedure_group: /,
          before,
        );
        await expectRefused(
          await call('POST', '/procedures', { ...valid, procedure_code: 'P1' }),
          400,
          'procedure_code: Procedure code P1 already exists',
          before,
        );
        const diagnosis = (await db().select().from(keywordMasters).where(eq(keywordMasters.kind, 'diagnoses')))[0];
        await expectRefused(
          await call('POST', '/procedures', { ...valid, fk_procedure_group: diagnosis.id }),
          400,
          `fk_procedure_group: unknown procedure group ${diagnosis.id}`,
          before,
        );
        await expectRefused(
          await call('PUT', '/procedures/P2', { ...valid, procedure_code: 'P1' }),
          400,
          'procedure_code: Procedure code P1 already exists',
          before,
        );
        expect(await db().select().from(procedures).where(eq(procedures.procedureCode, 'TON1'))).toEqual([]);
        expect((await call('PUT', '/procedures/NOPE', valid)).statusCode).toBe(404);
      });

      test('writes are refused to users and to insurers’ super users with a clear detail', async () => {
        const before = await entryCount();
        const body = { name: 'X', procedure_code: 'X1', snomedct_code: '1', fk_procedure_group: await groupId() };
        await expectRefused(
          await call('POST', '/procedures', body, 'vitraya.reviewer'),
          403,
          'You are not authorized to perform this action: only a super user may do this',
          before,
        );
        await expectRefused(
          await call('PUT', '/procedures/P1', body, 'starhealth.admin'),
          403,
          "You are not authorized to perform this action: only the provider's super users may change master data",
          before,
        );
        await expectRefused(await call('DELETE', '/procedures/P1', { id: 1 }, 'vitraya.reviewer'), 403, /only a super user/, before);
        expect((await call('GET', '/procedures/P1', undefined, 'vitraya.reviewer')).statusCode).toBe(200);
      });

      test('a delete takes the procedure’s rules and questions with it and logs each', async () => {
        const procedure = (await call('GET', '/procedures/P2')).json<Procedure>();
        const ruleRows = await db().select().from(rules).where(eq(rules.procedureId, procedure.id));
        const questionRows = await db().select().from(procedureQuestions).where(eq(procedureQuestions.procedureId, procedure.id));
        expect(questionRows.length).toBeGreaterThan(0);

        expect((await call('DELETE', '/procedures/P2', { id: procedure.id + 1000 })).json()).toEqual({
          detail: `id: ${procedure.id + 1000} is not the id of procedure P2`,
        });
        const removed = await call('DELETE', '/procedures/P2', { id: procedure.id });
        expect(removed.json()).toEqual({ detail: 'Deleted Successfully' });
        expect((await call('GET', '/procedures/P2')).statusCode).toBe(404);
        expect(await db().select().from(procedureQuestions).where(eq(procedureQuestions.procedureId, procedure.id))).toEqual([]);

        expect(await entriesOf('procedures', procedure.id)).toEqual([
          {
            action: 'delete',
            username: ADMIN,
            before: expect.objectContaining({ procedure_code: 'P2', name: 'Appendectomy' }),
            after: null,
          },
        ]);
        for (const question of questionRows) {
          expect(await entriesOf('procedureQuestions', question.id)).toEqual([
            {
              action: 'delete',
              username: ADMIN,
              before: expect.objectContaining({ question: question.question, procedure: { procedure_code: 'P2', name: 'Appendectomy' } }),
              after: null,
            },
          ]);
        }
        for (const rule of ruleRows) expect((await entriesOf('rules', rule.id))[0]).toMatchObject({ action: 'delete', after: null });
      });
    });

    describe('keyword masters', () => {
      test('a diagnosis needs its ICD code; create, edit and delete are logged', async () => {
        const before = await entryCount();
        await expectRefused(
          await call('POST', '/diagnoses', { name: 'Dengue', alias: ['dengue fever'] }),
          400,
          'ICD_code: ICD code is required',
          before,
        );
        await expectRefused(
          await call('POST', '/diagnoses', { name: ' ', alias: [], ICD_code: 'A90' }),
          400,
          'name: keyword is required',
          before,
        );

        const created = await call('POST', '/diagnoses', { name: 'Dengue', alias: [' dengue fever ', ''], ICD_code: 'A90' });
        expect(created.statusCode).toBe(201);
        const dengue = created.json<KeywordEntity>();
        expect(dengue).toMatchObject({ name: 'Dengue', alias: ['dengue fever'], ICD_code: 'A90' });
        await expectRefused(
          await call('POST', '/diagnoses', { name: 'dengue', alias: [], ICD_code: 'A91' }),
          400,
          "name: Diagnosis 'dengue' already exists",
          before + 1,
        );

        const edited = await call('PUT', `/diagnoses/${dengue.id}`, {
          name: 'Dengue',
          alias: ['dengue fever', 'break-bone fever'],
          ICD_code: 'A97',
        });
        expect(edited.json<KeywordEntity>()).toMatchObject({ alias: ['dengue fever', 'break-bone fever'], ICD_code: 'A97' });
        expect((await call('GET', `/diagnoses/${dengue.id}`)).json<KeywordEntity>().ICD_code).toBe('A97');
        expect((await call('DELETE', `/diagnoses/${dengue.id}`, { id: dengue.id })).statusCode).toBe(200);

        expect(await entriesOf('diagnoses', dengue.id)).toEqual([
          { action: 'create', username: ADMIN, before: null, after: expect.objectContaining({ name: 'Dengue', ICD_code: 'A90' }) },
          {
            action: 'update',
            username: ADMIN,
            before: { alias: ['dengue fever'], ICD_code: 'A90' },
            after: { alias: ['dengue fever', 'break-bone fever'], ICD_code: 'A97' },
          },
          { action: 'delete', username: ADMIN, before: expect.objectContaining({ name: 'Dengue' }), after: null },
        ]);
      });

      test('documents and evidence go through the same calls, paged with the total on the first row', async () => {
        for (const module of ['document', 'evidence']) {
          const created = await call('POST', `/${module}`, { name: `New ${module}`, alias: ['first alias'] });
          expect(created.statusCode).toBe(201);
          const { id } = created.json<KeywordEntity>();
          const page = (await call('GET', `/${module}?limit=25&page_number=1`)).json<Paged<KeywordEntity>[]>();
          expect(page.at(-1)).toMatchObject({ id, name: `New ${module}` });
          expect(page[0].total_count).toBe(page.length);
          const searched = await call('POST', `/${module}/search?limit=25&page_number=1`, { filters: { alias: 'FIRST' } });
          expect(searched.json<KeywordEntity[]>().map((k) => k.id)).toEqual([id]);
          expect((await entriesOf(module, id)).map((e) => e.action)).toEqual(['create']);
        }
      });

      test('a record in use is not deleted: rules, procedures and document groups keep what they point at', async () => {
        const before = await entryCount();
        const [diagnosis] = await db().select().from(keywordMasters).where(eq(keywordMasters.name, 'Cataract'));
        await expectRefused(
          await call('DELETE', `/diagnoses/${diagnosis.id}`),
          409,
          /^Diagnosis 'Cataract' is used by \d+ rule\(s\)$/,
          before,
        );
        await expectRefused(
          await call('DELETE', `/procedureGroup/${await groupId()}`),
          409,
          /^Procedure group 'Ophthalmology' has \d+ procedure\(s\)$/,
          before,
        );

        const [document] = await db()
          .insert(keywordMasters)
          .values({ kind: 'document', name: 'Lab Report', alias: ['LAB'] })
          .returning();
        const [group] = await db().insert(docgroups).values({}).returning();
        await db()
          .insert(docgroupConfigs)
          .values({ docgroupId: group.id, documentId: document.id, config: {} as never });
        await expectRefused(
          await call('DELETE', `/document/${document.id}`),
          409,
          "Document 'Lab Report' is configured in 1 document group(s)",
          before,
        );
        expect(await db().select().from(keywordMasters).where(eq(keywordMasters.id, document.id))).toHaveLength(1);
      });

      test('writes are refused to anyone but the provider’s super users', async () => {
        const before = await entryCount();
        await expectRefused(
          await call('POST', '/tissues', { name: 'Skin', alias: ['dermis'] }, 'vitraya.reviewer'),
          403,
          /only a super user/,
          before,
        );
        await expectRefused(
          await call('PUT', '/tissues/1', { name: 'Skin', alias: [] }, 'starhealth.admin'),
          403,
          /provider's super users/,
          before,
        );
      });
    });

    describe('hospitals', () => {
      test('create, one-field edits and delete are logged under the id, whatever the code becomes', async () => {
        const created = await call('POST', '/hospitals', { hospital_code: 'AUD-1', hospital_name: 'Audit Hospital' });
        const { id } = created.json<{ result: Hospital }>().result;
        expect((await call('PUT', '/hospitals/AUD-1', { field_name: 'hospital_name', value: 'Audit Care' })).statusCode).toBe(200);
        expect((await call('PUT', '/hospitals/AUD-1', { field_name: 'hospital_code', value: 'AUD-2' })).statusCode).toBe(200);
        const paged = (await call('GET', '/hospitals?limit=25&page_number=1')).json<PagedResults<Hospital>>();
        expect(paged.results.find((h) => h.id === id)).toMatchObject({ hospital_code: 'AUD-2', name: 'Audit Care' });
        expect((await call('DELETE', '/hospitals/AUD-2', { id })).statusCode).toBe(200);
        expect(await entriesOf('hospitals', id)).toEqual([
          {
            action: 'create',
            username: ADMIN,
            before: null,
            after: expect.objectContaining({ hospital_code: 'AUD-1', name: 'Audit Hospital' }),
          },
          { action: 'update', username: ADMIN, before: { name: 'Audit Hospital' }, after: { name: 'Audit Care' } },
          { action: 'update', username: ADMIN, before: { hospital_code: 'AUD-1' }, after: { hospital_code: 'AUD-2' } },
          { action: 'delete', username: ADMIN, before: expect.objectContaining({ hospital_code: 'AUD-2' }), after: null },
        ]);
      });

      test('bad input, refusals and a hospital a document group uses', async () => {
        const before = await entryCount();
        await expectRefused(
          await call('POST', '/hospitals', { hospital_code: 'HOSP-A', hospital_name: 'Again' }),
          400,
          'hospital_code: Hospital code HOSP-A already exists',
          before,
        );
        await expectRefused(
          await call('POST', '/hospitals', { hospital_code: ' ', hospital_name: 'Blank' }),
          400,
          'hospital_code: Hospital Code is required',
          before,
        );
        await expectRefused(
          await call('PUT', '/hospitals/HOSP-A', { field_name: 'hospital_name', value: '' }),
          400,
          'value: value is required',
          before,
        );
        await expectRefused(
          await call('PUT', '/hospitals/HOSP-A', { field_name: 'hospital_code', value: 'HOSP-B' }),
          400,
          'value: Hospital code HOSP-B already exists',
          before,
        );
        await expectRefused(
          await call('POST', '/hospitals', { hospital_code: 'H-X', hospital_name: 'X' }, 'vitraya.reviewer'),
          403,
          /only a super user/,
          before,
        );
        await expectRefused(
          await call('DELETE', '/hospitals/HOSP-A', undefined, 'starhealth.admin'),
          403,
          /provider's super users/,
          before,
        );

        const [hospital] = await db().select().from(hospitals).where(eq(hospitals.hospitalCode, 'HOSP-B'));
        const [group] = await db().insert(docgroups).values({}).returning();
        await db().insert(docgroupHospitals).values({ docgroupId: group.id, hospitalId: hospital.id });
        await expectRefused(await call('DELETE', '/hospitals/HOSP-B'), 409, 'Hospital HOSP-B is used by 1 document group(s)', before);
        expect((await call('GET', '/hospitals/HOSP-B')).statusCode).toBe(200);
      });
    });

    describe('test units', () => {
      const grams = {
        name: 'Milligram',
        alias: [
          { keyword: 'mg', conversion_unit: 1 },
          { keyword: 'g', conversion_unit: 1000 },
        ],
      };

      test('create, read, list, search, edit and delete, each logged', async () => {
        const created = await call('POST', '/clinicalUnit', grams);
        expect(created.statusCode).toBe(201);
        const unit = created.json<ClinicalUnit>();
        expect(unit).toMatchObject({ ...grams, created_by: ADMIN });
        expect((await call('GET', `/clinicalUnit/${unit.id}`)).json<ClinicalUnit>().alias).toEqual(grams.alias);
        const page = (await call('GET', '/clinicalUnit?limit=25&page_number=1')).json<Paged<ClinicalUnit>[]>();
        expect(page.find((u) => u.id === unit.id)?.name).toBe('Milligram');
        const searched = await call('POST', '/clinicalUnit/search?limit=25&page_number=1', { filters: { name: 'milli' } });
        expect(searched.json<ClinicalUnit[]>().map((u) => u.id)).toEqual([unit.id]);
        expect((await call('GET', '/clinicalUnit?getall', undefined, 'vitraya.reviewer')).statusCode).toBe(200);

        const edited = await call('PUT', `/clinicalUnit/${unit.id}`, {
          name: 'Milligram',
          alias: [
            { keyword: 'mg', conversion_unit: 1 },
            { keyword: 'mcg', conversion_unit: 0.001 },
          ],
        });
        expect(edited.json<ClinicalUnit>().alias).toEqual([
          { keyword: 'mg', conversion_unit: 1 },
          { keyword: 'mcg', conversion_unit: 0.001 },
        ]);
        expect((await call('DELETE', `/clinicalUnit/${unit.id}`, { id: unit.id })).json()).toEqual({ detail: 'Deleted Successfully' });
        expect((await call('GET', `/clinicalUnit/${unit.id}`)).statusCode).toBe(404);
        expect(await entriesOf('clinicalUnit', unit.id)).toEqual([
          { action: 'create', username: ADMIN, before: null, after: expect.objectContaining({ name: 'Milligram', alias: grams.alias }) },
          {
            action: 'update',
            username: ADMIN,
            before: { alias: grams.alias },
            after: {
              alias: [
                { keyword: 'mg', conversion_unit: 1 },
                { keyword: 'mcg', conversion_unit: 0.001 },
              ],
            },
          },
          { action: 'delete', username: ADMIN, before: expect.objectContaining({ name: 'Milligram' }), after: null },
        ]);
      });

      test('bad input answers 400 with a clear detail and saves nothing', async () => {
        const before = await entryCount();
        const refused = async (body: unknown, detail: string) =>
          expectRefused(await call('POST', '/clinicalUnit', body), 400, detail, before);
        await refused(
          { ...grams, alias: [{ keyword: 'mg', conversion_unit: 'abc' }] },
          'alias.0.conversion_unit: Conversion unit should be a number',
        );
        await refused(
          { ...grams, alias: [{ keyword: 'mg', conversion_unit: '5' }] },
          'alias.0.conversion_unit: Conversion unit should be a number',
        );
        await refused({ ...grams, name: '  ' }, 'name: Name is required');
        await refused({ ...grams, alias: [] }, 'alias: At least one alias keyword is required');
        await refused({ ...grams, alias: [{ keyword: ' ', conversion_unit: 1 }] }, 'alias.0.keyword: Keyword is required');
        await refused(
          {
            ...grams,
            alias: [
              { keyword: 'mg', conversion_unit: 1 },
              { keyword: 'MG', conversion_unit: 2 },
            ],
          },
          "alias.1.keyword: Keyword 'MG' is listed twice",
        );
        await db()
          .insert(clinicalUnits)
          .values({ name: 'Litre', alias: [{ keyword: 'l', conversion_unit: 1 }] });
        await refused({ ...grams, name: 'litre' }, "name: Test unit 'litre' already exists");
        expect(await db().select().from(clinicalUnits).where(eq(clinicalUnits.name, 'Milligram'))).toEqual([]);
      });

      test('writes are refused to anyone but the provider’s super users', async () => {
        const before = await entryCount();
        await expectRefused(await call('POST', '/clinicalUnit', grams, 'vitraya.reviewer'), 403, /only a super user/, before);
        await expectRefused(await call('DELETE', '/clinicalUnit/1', undefined, 'starhealth.admin'), 403, /provider's super users/, before);
      });

      test('a deleted unit leaves the attributes that listed it, and their change is logged', async () => {
        const [unit] = await db()
          .insert(clinicalUnits)
          .values({ name: 'Per litre', alias: [{ keyword: '/l', conversion_unit: 1 }] })
          .returning();
        const [attribute] = await db()
          .insert(clinicalAttributes)
          .values({ name: 'Platelets', valueType: 'Number', clinicalUnitIds: [unit.id, unit.id + 1000] })
          .returning();
        expect((await call('DELETE', `/clinicalUnit/${unit.id}`)).statusCode).toBe(200);
        const [after] = await db().select().from(clinicalAttributes).where(eq(clinicalAttributes.id, attribute.id));
        expect(after.clinicalUnitIds).toEqual([unit.id + 1000]);
        expect(await entriesOf('clinicalAttribute', attribute.id)).toEqual([
          {
            action: 'update',
            username: ADMIN,
            before: { fk_clinical_unit: [unit.id, unit.id + 1000] },
            after: { fk_clinical_unit: [unit.id + 1000] },
          },
        ]);
      });

      test('a write whose log entry fails is not saved (one transaction)', async () => {
        await db().execute(sql`alter table audit_log add constraint test_refuse_units check (entity <> 'clinicalUnit') not valid`);
        try {
          const failed = await call('POST', '/clinicalUnit', { name: 'Half saved', alias: [{ keyword: 'hs', conversion_unit: 1 }] });
          expect(failed.statusCode).toBeGreaterThanOrEqual(400);
          expect(await db().select().from(clinicalUnits).where(eq(clinicalUnits.name, 'Half saved'))).toEqual([]);
          const [litre] = await db().select().from(clinicalUnits).where(eq(clinicalUnits.name, 'Litre'));
          expect(
            (await call('PUT', `/clinicalUnit/${litre.id}`, { name: 'Litres', alias: litre.alias })).statusCode,
          ).toBeGreaterThanOrEqual(400);
          expect((await db().select().from(clinicalUnits).where(eq(clinicalUnits.id, litre.id)))[0].name).toBe('Litre');
        } finally {
          await db().execute(sql`alter table audit_log drop constraint test_refuse_units`);
        }
      });
    });
  });
}
