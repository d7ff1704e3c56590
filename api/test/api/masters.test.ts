/**
 * Masters, on PGlite and PostgreSQL: the pickers, counts and procedure lookups; and at the edges: procedures, the
 * keyword masters, hospitals and test units. Every call the master screens make; writes refused to anyone but the
 * provider's super users (403 with a detail); bad input answering 400 naming the field (an empty name, a duplicate
 * code, a conversion unit that is not a number); every create, edit and delete written to the audit log in the
 * transaction of the change, so a refused or failed write leaves neither the record nor an entry behind.
 */
import type { InjectOptions } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import type {
  Claim,
  ClinicalAttribute,
  ClinicalAttributeSaveBody,
  ClinicalUnit,
  Hospital,
  KeywordEntity,
  Paged,
  PagedResults,
  Procedure,
  RuleStatement,
} from '@claims/shared-kernel/contract';
import {
  auditLog,
  claimDocuments,
  claims,
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
import { startVerificationWorker } from '../../src/jobs';
import { pastedDocument } from '../../src/masters/clinical-try';
import { DATABASES } from '../../testing/databases';
import { BASE, bearer, FORM, NO_SELECTIONS, quiet, RERUN, schemaDrifts } from '../../testing/http';
import { apiSuite } from '../../testing/suite';

const ADMIN = 'vitraya.admin';
const all = (...statements: RuleStatement[]): RuleStatement => ({ booleanOperator: 'AND', statements });
const anyOf = (entityName: NonNullable<RuleStatement['entityName']>, valuesToFind: string[]): RuleStatement => ({
  operator: 'ANY_OF_N_VALUES_IS_PRESENT',
  entityName,
  numberOfValues: 1,
  valuesToFind,
});

describe.each(DATABASES)('masters on %s', (_name, open) => {
  const { app, db, tokens, as, errorLog } = apiSuite(open, { users: [ADMIN, 'vitraya.reviewer', 'starhealth.admin'] });

  describe('rules and masters', () => {
    test('pickers, counts and procedure lookups', async () => {
      const headers = as('vitraya.reviewer');
      expect((await app.inject({ method: 'GET', url: `${BASE}/procedures/count`, headers })).json()).toBe(2);
      const lookup = await app.inject({
        method: 'POST',
        url: `${BASE}/procedures/search`,
        headers,
        payload: { procedureCodes: ['P2', 'NOPE'] },
      });
      expect(lookup.json()).toEqual([{ procedure_code: 'P2', name: 'Appendectomy' }]);
      const procedures = (await app.inject({ method: 'GET', url: `${BASE}/procedures?getall`, headers })).json();
      expect(procedures[0]).toMatchObject({ procedure_code: 'P1', procedure_group: { name: 'Ophthalmology' } });
      for (const module of [
        'procedureGroup',
        'diagnoses',
        'document',
        'evidence',
        'drugs',
        'tissues',
        'clinicalAttribute',
        'clinicalUnit',
      ]) {
        const response = await app.inject({ method: 'GET', url: `${BASE}/${module}?getall`, headers });
        expect({ module, status: response.statusCode, array: Array.isArray(response.json()) }).toEqual({
          module,
          status: 200,
          array: true,
        });
      }
      expect((await app.inject({ method: 'GET', url: `${BASE}/annotation/getUsers`, headers })).json()).toEqual([
        'vitraya.reviewer',
        'vitraya.admin',
      ]);
    });
  });

  test('every answer of the calls above passed its schema', () => {
    expect(schemaDrifts(errorLog)).toEqual([]);
  });

  const call = (method: InjectOptions['method'], url: string, payload?: unknown, user = ADMIN) =>
    app.inject({
      method,
      url: `${BASE}${url}`,
      headers: bearer(tokens[user]),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
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
  async function expectRefused(response: Awaited<ReturnType<typeof call>>, status: number, detail: string | RegExp, entriesBefore: number) {
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

    test('a procedure that rules or questions are kept for is not deleted: 409 naming them; once they are gone it is, and logged', async () => {
      const before = await entryCount();
      const p2 = (await call('GET', '/procedures/P2')).json<Procedure>();
      await expectRefused(
        await call('DELETE', '/procedures/P1', { id: (await call('GET', '/procedures/P1')).json<Procedure>().id }),
        409,
        'Procedure P1 is used by the rules of P1 (starhealth, SETTLEMENT), P1 (vitraya, PRE_AUTH), P1 (vitraya, SETTLEMENT); remove it there first',
        before,
      );
      await expectRefused(
        await call('DELETE', '/procedures/P2', { id: p2.id }),
        409,
        "Procedure P2 is used by the questions 'Was an ultrasound done?' (starhealth); remove it there first",
        before,
      );
      expect(await db().select().from(rules).where(eq(rules.procedureId, p2.id))).toEqual([]);
      expect(await db().select().from(procedureQuestions).where(eq(procedureQuestions.procedureId, p2.id))).toHaveLength(1);

      expect((await call('DELETE', '/procedures/P2', { id: p2.id + 1000 })).json()).toEqual({
        detail: `id: ${p2.id + 1000} is not the id of procedure P2`,
      });
      await db().delete(procedureQuestions).where(eq(procedureQuestions.procedureId, p2.id));
      const removed = await call('DELETE', '/procedures/P2', { id: p2.id });
      expect(removed.json()).toEqual({ detail: 'Deleted Successfully' });
      expect((await call('GET', '/procedures/P2')).statusCode).toBe(404);
      expect(await entriesOf('procedures', p2.id)).toEqual([
        {
          action: 'delete',
          username: ADMIN,
          before: expect.objectContaining({ procedure_code: 'P2', name: 'Appendectomy' }),
          after: null,
        },
      ]);
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
        'name: keyword is required; alias: Attribute Alias is required',
        before,
      );
      await expectRefused(
        await call('POST', '/diagnoses', { name: 'Dengue', alias: [' ', ''], ICD_code: 'A90' }),
        400,
        'alias: Attribute Alias is required',
        before,
      );

      const created = await call('POST', '/diagnoses', { name: 'Dengue', alias: [' dengue fever ', ''], ICD_code: 'A90' });
      expect(created.statusCode).toBe(201);
      const dengue = created.json<KeywordEntity>();
      expect(dengue).toMatchObject({ name: 'Dengue', alias: ['dengue fever'], ICD_code: 'A90' });
      await expectRefused(
        await call('POST', '/diagnoses', { name: 'dengue', alias: ['dengue'], ICD_code: 'A91' }),
        400,
        "name: Diagnosis 'dengue' already exists",
        before + 1,
      );
      // An ICD code names one diagnosis, whatever its case.
      await expectRefused(
        await call('POST', '/diagnoses', { name: 'Dengue Haemorrhagic Fever', alias: ['dhf'], ICD_code: 'a90' }),
        400,
        'ICD_code: ICD code a90 already exists',
        before + 1,
      );
      const [cataract] = await db().select().from(keywordMasters).where(eq(keywordMasters.name, 'Cataract'));
      await expectRefused(
        await call('PUT', `/diagnoses/${cataract.id}`, { name: 'Cataract', alias: cataract.alias, ICD_code: 'A90' }),
        400,
        'ICD_code: ICD code A90 already exists',
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
        'Cataract is used by the rules of P1 (starhealth, SETTLEMENT), P1 (vitraya, PRE_AUTH), P1 (vitraya, SETTLEMENT); remove it there first',
        before,
      );
      await expectRefused(
        await call('DELETE', `/procedureGroup/${await groupId()}`),
        409,
        /^Ophthalmology is used by the procedures (\S+, )*P1(, \S+)*; remove it there first$/,
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
        `Lab Report is used by the document segregations ${group.id}; remove it there first`,
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
      await expectRefused(await call('DELETE', '/hospitals/HOSP-A', undefined, 'starhealth.admin'), 403, /provider's super users/, before);

      const [hospital] = await db().select().from(hospitals).where(eq(hospitals.hospitalCode, 'HOSP-B'));
      const [group] = await db().insert(docgroups).values({}).returning();
      await db().insert(docgroupHospitals).values({ docgroupId: group.id, hospitalId: hospital.id });
      await expectRefused(
        await call('DELETE', '/hospitals/HOSP-B'),
        409,
        `Hospital HOSP-B is used by the document segregations ${group.id}; remove it there first`,
        before,
      );
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
        expect((await call('PUT', `/clinicalUnit/${litre.id}`, { name: 'Litres', alias: litre.alias })).statusCode).toBeGreaterThanOrEqual(
          400,
        );
        expect((await db().select().from(clinicalUnits).where(eq(clinicalUnits.id, litre.id)))[0].name).toBe('Litre');
      } finally {
        await db().execute(sql`alter table audit_log drop constraint test_refuse_units`);
      }
    });
  });

  describe('names that point at a master', () => {
    /** What the masters below are called, before and after their renames. */
    const NAMES = {
      document: ['Ward Notes', 'Ward Round Notes'],
      diagnosis: ['Lens Opacity', 'Lens Opacification'],
      attribute: ['Serum Ferritin', 'Ferritin Level'],
      evidence: 'Slit Lamp Finding',
      hospital: ['REF-H1', 'REF-H2'],
      procedure: [
        { code: 'REF-1', name: 'Reference Procedure' },
        { code: 'REF-1A', name: 'Reference Procedure A' },
      ],
    } as const;
    const ids: Record<'document' | 'diagnosis' | 'attribute' | 'evidence' | 'procedure' | 'rule' | 'otherRule' | 'claim', number> = {
      document: 0,
      diagnosis: 0,
      attribute: 0,
      evidence: 0,
      procedure: 0,
      rule: 0,
      otherRule: 0,
      claim: 0,
    };
    const created = async <T>(url: string, body: object): Promise<T> => {
      const response = await call('POST', url, body);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 201 });
      return response.json<T>();
    };
    const ruleRow = async (id: number) => (await db().select().from(rules).where(eq(rules.id, id)))[0];
    const attribute = async () => (await call('GET', `/clinicalAttribute/${ids.attribute}?audit=True`)).json<ClinicalAttribute>();
    /** What the editor sends back for the attribute it loaded. */
    const saveBodyOf = (loaded: ClinicalAttribute): ClinicalAttributeSaveBody => ({
      name: loaded.name,
      alias: loaded.alias,
      value_type: loaded.value_type,
      tabular: loaded.tabular,
      distributed_attribute_value: loaded.distributed_attribute_value,
      fk_clinical_unit: loaded.fk_clinical_unit,
      number_range: loaded.number_range,
      overrides: loaded.overrides,
      override_message: loaded.override_message,
      patternOverridesForValues: loaded.patternOverridesForValues,
    });
    /** The claim verified again by the worker, as the claim page reads it. */
    const verify = async () => {
      const rerun = await app.inject({
        method: 'PUT',
        url: `${BASE}/claims/${ids.claim}`,
        headers: { ...bearer(tokens[ADMIN]), ...FORM },
        payload: RERUN,
      });
      expect(rerun.statusCode).toBe(200);
      const worker = startVerificationWorker({ db: db(), store: app.documentStore, concurrency: 1, pollMs: 25, log: quiet });
      await worker.drain();
      await worker.stop();
      return (await call('GET', `/claims/${ids.claim}`)).json<Claim>();
    };
    const found = (claim: Claim) => {
      const details = claim.adjudicationDetails?.[NAMES.procedure[0].code];
      return {
        diagnoses: details?.diagnoses?.map((item) => [item.name, item.found]),
        document: details?.document?.map((item) => [item.name, item.found]),
        clinicalAttribute: details?.clinicalAttribute?.map((item) => [item.name, item.found]),
      };
    };

    beforeAll(async () => {
      const group = await groupId();
      ids.document = (await created<KeywordEntity>('/document', { name: NAMES.document[0], alias: ['WARD NOTES'] })).id;
      ids.diagnosis = (
        await created<KeywordEntity>('/diagnoses', { name: NAMES.diagnosis[0], alias: ['milky lens'], ICD_code: 'H26.8' })
      ).id;
      ids.evidence = (await created<KeywordEntity>('/evidence', { name: NAMES.evidence, alias: ['slit lamp'] })).id;
      await created('/hospitals', { hospital_code: NAMES.hospital[0], hospital_name: 'Reference Hospital' });
      ids.procedure = (
        await created<Procedure>('/procedures', {
          ...{ procedure_code: NAMES.procedure[0].code, name: NAMES.procedure[0].name },
          snomedct_code: '1',
          fk_procedure_group: group,
        })
      ).id;
      const other = await created<Procedure>('/procedures', {
        procedure_code: 'REF-2',
        name: 'Other Reference Procedure',
        snomedct_code: '2',
        fk_procedure_group: group,
      });
      const unit = await created<ClinicalUnit>('/clinicalUnit', { name: 'ng/mL', alias: [{ keyword: 'ng/ml', conversion_unit: 1 }] });
      ids.attribute = (
        await created<ClinicalAttribute>('/clinicalAttribute', {
          name: NAMES.attribute[0],
          alias: ['Ferritin'],
          value_type: 'Number',
          fk_clinical_unit: [unit.id],
          overrides: [
            {
              hospitals: [NAMES.hospital[0]],
              procedures: [NAMES.procedure[0].code],
              override_value: [NAMES.document[0]],
              exclude_document_headers: [],
            },
          ],
          patternOverridesForValues: [
            {
              hospitals: [NAMES.hospital[0]],
              overrides: [[{ type: 'attributeName' }, { type: 'valueExpression', pattern: ['NUMBER'] }, { type: 'attributeUnit' }]],
            },
          ],
        } satisfies ClinicalAttributeSaveBody)
      ).id;
      const [rule, otherRule] = await db()
        .insert(rules)
        .values([
          {
            org: 'vitraya',
            procedureId: ids.procedure,
            caseType: 'SETTLEMENT' as const,
            diagnosisRule: all(anyOf('diagnoses', [NAMES.diagnosis[0]])),
            documentRule: all(anyOf('document', [NAMES.document[0]])),
            clinicalTermsRule: all(anyOf('clinicalattribute', [NAMES.attribute[0]]), {
              operator: 'VALUE_GREATER_THAN',
              valueToCompare: { id: ids.attribute, name: NAMES.attribute[0] },
              value: 100,
              documentInclusionList: [NAMES.document[0]],
            }),
            selections: { ...NO_SELECTIONS, fk_diagnosis: [ids.diagnosis], fk_clinical_attribute: [ids.attribute] },
          },
          {
            // Names the first procedure (by name and by code) and the evidence, and selects neither.
            org: 'vitraya',
            procedureId: other.id,
            caseType: 'SETTLEMENT' as const,
            procedureRule: all(anyOf('procedures', [NAMES.procedure[0].name, NAMES.procedure[0].code])),
            diagnosisRule: all(anyOf('evidence', [NAMES.evidence])),
            selections: NO_SELECTIONS,
          },
        ])
        .returning({ id: rules.id });
      ids.rule = rule.id;
      ids.otherRule = otherRule.id;
      const [claim] = await db()
        .insert(claims)
        .values({
          org: 'vitraya',
          referenceClaimId: 'REF-CLAIM-1',
          caseType: 'SETTLEMENT',
          procedureCodes: [NAMES.procedure[0].code],
          hospitalCode: NAMES.hospital[0],
          status: 'ADJUDICATED',
        })
        .returning({ id: claims.id });
      ids.claim = claim.id;
      await db()
        .insert(claimDocuments)
        .values({
          claimId: claim.id,
          fileName: 'ward.pdf',
          contentType: 'application/pdf',
          size: 1,
          readPages: pastedDocument('WARD NOTES\nDiagnosis: milky lens of the left eye\nFerritin : 250 ng/ml').pages,
          pages: 1,
          readAt: new Date(),
        });
    });

    test('renaming a document, a diagnosis and a clinical attribute rewrites what named them, and the next verification finds what it found before', async () => {
      const verdictBefore = await verify();
      expect(verdictBefore).toMatchObject({ adjudicationResult: 'ACCEPTED' });
      expect(found(verdictBefore)).toEqual({
        diagnoses: [[NAMES.diagnosis[0], true]],
        document: [[NAMES.document[0], true]],
        clinicalAttribute: [[NAMES.attribute[0], true]],
      });

      const renamedDocument = await call('PUT', `/document/${ids.document}`, { name: NAMES.document[1], alias: ['WARD NOTES'] });
      expect(renamedDocument.statusCode).toBe(200);
      const renamedDiagnosis = await call('PUT', `/diagnoses/${ids.diagnosis}`, {
        name: NAMES.diagnosis[1],
        alias: ['milky lens'],
        ICD_code: 'H26.8',
      });
      expect(renamedDiagnosis.statusCode).toBe(200);
      // The editor loads the attribute (its override already names the document by its new name) and saves it renamed.
      const loaded = await attribute();
      expect(loaded.overrides[0].override_value).toEqual([NAMES.document[1]]);
      const renamedAttribute = await call('PUT', `/clinicalAttribute/${ids.attribute}`, {
        ...saveBodyOf(loaded),
        name: NAMES.attribute[1],
      });
      expect(renamedAttribute.statusCode).toBe(200);

      const verdictAfter = await verify();
      expect(verdictAfter).toMatchObject({
        adjudicationResult: verdictBefore.adjudicationResult,
        adjudicationReason: verdictBefore.adjudicationReason,
        rejectionReasons: verdictBefore.rejectionReasons,
      });
      expect(found(verdictAfter)).toEqual({
        diagnoses: [[NAMES.diagnosis[1], true]],
        document: [[NAMES.document[1], true]],
        clinicalAttribute: [[NAMES.attribute[1], true]],
      });

      // Each rename saved the rule as its next version, by the user who renamed, with its audit entry.
      const rule = await ruleRow(ids.rule);
      expect(rule).toMatchObject({
        version: 4,
        lastModifiedBy: ADMIN,
        diagnosisRule: all(anyOf('diagnoses', [NAMES.diagnosis[1]])),
        documentRule: all(anyOf('document', [NAMES.document[1]])),
        clinicalTermsRule: all(anyOf('clinicalattribute', [NAMES.attribute[1]]), {
          operator: 'VALUE_GREATER_THAN',
          valueToCompare: { id: ids.attribute, name: NAMES.attribute[1] },
          value: 100,
          documentInclusionList: [NAMES.document[1]],
        }),
      });
      const ruleEntries = await entriesOf('rules', ids.rule);
      expect(ruleEntries.map((e) => [e.action, e.username])).toEqual([
        ['update', ADMIN],
        ['update', ADMIN],
        ['update', ADMIN],
      ]);
      expect(ruleEntries[1]).toMatchObject({
        before: { diagnosisRule: all(anyOf('diagnoses', [NAMES.diagnosis[0]])) },
        after: { diagnosisRule: all(anyOf('diagnoses', [NAMES.diagnosis[1]])) },
      });
      // The rule that names none of them is left as it was.
      expect(await ruleRow(ids.otherRule)).toMatchObject({ version: 1 });

      // The document's rename rewrote the attribute's override, logged as an update of the attribute.
      const attributeEntries = await entriesOf('clinicalAttribute', ids.attribute);
      expect(attributeEntries.map((e) => e.action)).toEqual(['create', 'update', 'update']);
      expect(attributeEntries[1]).toMatchObject({
        username: ADMIN,
        before: { overrides: [expect.objectContaining({ override_value: [NAMES.document[0]] })] },
        after: { overrides: [expect.objectContaining({ override_value: [NAMES.document[1]] })] },
      });
    });

    test('a new hospital code or procedure code and name are written into the overrides and rule statements that named the old ones', async () => {
      const recoded = await call('PUT', `/hospitals/${NAMES.hospital[0]}`, { field_name: 'hospital_code', value: NAMES.hospital[1] });
      expect(recoded.statusCode).toBe(200);
      const procedure = await call('PUT', `/procedures/${ids.procedure}`, {
        procedure_code: NAMES.procedure[1].code,
        name: NAMES.procedure[1].name,
        snomedct_code: '1',
        fk_procedure_group: await groupId(),
      });
      expect(procedure.statusCode).toBe(200);

      const { overrides, patternOverridesForValues, audit_trail } = await attribute();
      expect(overrides).toEqual([
        {
          hospitals: [NAMES.hospital[1]],
          procedures: [NAMES.procedure[1].code],
          override_value: [NAMES.document[1]],
          exclude_document_headers: [],
        },
      ]);
      expect(patternOverridesForValues.map((p) => p.hospitals)).toEqual([[NAMES.hospital[1]]]);
      expect(audit_trail?.at(-1)?.last_modified_by).toBe(ADMIN);
      const entries = await entriesOf('clinicalAttribute', ids.attribute);
      expect(entries.slice(-2).map((e) => Object.keys(e.after ?? {}).sort())).toEqual([
        ['overrides', 'patternOverridesForValues'],
        ['overrides'],
      ]);
      expect(await ruleRow(ids.otherRule)).toMatchObject({
        version: 2,
        procedureRule: all(anyOf('procedures', [NAMES.procedure[1].name, NAMES.procedure[1].code])),
      });
    });

    test('a master still named or selected anywhere is not deleted: 409 naming who uses it, nothing deleted or logged', async () => {
      const before = await entryCount();
      const refusals: [string, string][] = [
        [
          `/document/${ids.document}`,
          `${NAMES.document[1]} is used by the rules of ${NAMES.procedure[1].code} (vitraya, SETTLEMENT) and the overrides of ${NAMES.attribute[1]}; remove it there first`,
        ],
        [
          `/diagnoses/${ids.diagnosis}`,
          `${NAMES.diagnosis[1]} is used by the rules of ${NAMES.procedure[1].code} (vitraya, SETTLEMENT); remove it there first`,
        ],
        // Named by one rule's statement only: no rule selects it.
        [`/evidence/${ids.evidence}`, `${NAMES.evidence} is used by the rules of REF-2 (vitraya, SETTLEMENT); remove it there first`],
        [
          `/clinicalAttribute/${ids.attribute}`,
          `${NAMES.attribute[1]} is used by the rules of ${NAMES.procedure[1].code} (vitraya, SETTLEMENT); remove it there first`,
        ],
        [
          `/hospitals/${NAMES.hospital[1]}`,
          `Hospital ${NAMES.hospital[1]} is used by the overrides of ${NAMES.attribute[1]} and the pattern overrides of ${NAMES.attribute[1]}; remove it there first`,
        ],
        [
          `/procedures/${ids.procedure}`,
          `Procedure ${NAMES.procedure[1].code} is used by the rules of ${NAMES.procedure[1].code} (vitraya, SETTLEMENT), REF-2 (vitraya, SETTLEMENT) and the overrides of ${NAMES.attribute[1]}; remove it there first`,
        ],
      ];
      for (const [url, detail] of refusals) {
        const response = await call('DELETE', url);
        expect({ url, status: response.statusCode, body: response.json() }).toEqual({ url, status: 409, body: { detail } });
      }
      expect(await entryCount()).toBe(before);
      expect(await db().select({ id: keywordMasters.id }).from(keywordMasters).where(eq(keywordMasters.id, ids.evidence))).toHaveLength(1);

      // Once the rule no longer names it, the evidence goes.
      await db().update(rules).set({ diagnosisRule: null }).where(eq(rules.id, ids.otherRule));
      expect((await call('DELETE', `/evidence/${ids.evidence}`)).json()).toEqual({ detail: 'Deleted Successfully' });
    });

    test('a duplicate saved at the same instant as another gets past the check and is answered 400 naming the field', async () => {
      /**
       * Each write meets a twin inserted just before it, in its own transaction, as a second save at the same instant
       * would be (the write's own check has already passed): the unique index stops it.
       */
      async function withTwin(event: 'insert' | 'update', table: string, twin: string, run: () => Promise<void>) {
        await db().execute(
          sql.raw(`create function test_twin() returns trigger language plpgsql as $$
              begin if pg_trigger_depth() = 1 then ${twin}; end if; return new; end $$`),
        );
        await db().execute(sql.raw(`create trigger test_twin before ${event} on ${table} for each row execute function test_twin()`));
        try {
          await run();
        } finally {
          await db().execute(sql.raw(`drop trigger test_twin on ${table}`));
          await db().execute(sql.raw('drop function test_twin()'));
        }
      }
      const before = await entryCount();
      const group = await groupId();
      const cases: [string, 'insert' | 'update', string, string, () => ReturnType<typeof call>, string][] = [
        [
          'a keyword name',
          'insert',
          'keyword_masters',
          `insert into keyword_masters (kind, name) values (new.kind, new.name)`,
          () => call('POST', '/drugs', { name: 'Twin Drug', alias: ['twin'] }),
          "name: Drug 'Twin Drug' already exists",
        ],
        [
          'an ICD code',
          'insert',
          'keyword_masters',
          `insert into keyword_masters (kind, name, icd_code) values (new.kind, new.name || ' twin', new.icd_code)`,
          () => call('POST', '/diagnoses', { name: 'Twin Diagnosis', alias: ['twin'], ICD_code: 'T99' }),
          'ICD_code: ICD code T99 already exists',
        ],
        [
          'a hospital code',
          'insert',
          'hospitals',
          `insert into hospitals (hospital_code, name) values (new.hospital_code, 'Twin')`,
          () => call('POST', '/hospitals', { hospital_code: 'TWIN-H', hospital_name: 'Twin Hospital' }),
          'hospital_code: Hospital code TWIN-H already exists',
        ],
        [
          "a hospital's new code",
          'update',
          'hospitals',
          `insert into hospitals (hospital_code, name) values (new.hospital_code, 'Twin')`,
          () => call('PUT', '/hospitals/HOSP-A', { field_name: 'hospital_code', value: 'TWIN-A' }),
          'value: Hospital code TWIN-A already exists',
        ],
        [
          'a procedure code',
          'insert',
          'procedures',
          `insert into procedures (procedure_code, name, snomedct_code) values (new.procedure_code, 'Twin', '0')`,
          () => call('POST', '/procedures', { procedure_code: 'TWIN-P', name: 'Twin', snomedct_code: '0', fk_procedure_group: group }),
          'procedure_code: Procedure code TWIN-P already exists',
        ],
        [
          'a test unit name',
          'insert',
          'clinical_units',
          `insert into clinical_units (name) values (new.name)`,
          () => call('POST', '/clinicalUnit', { name: 'Twin Unit', alias: [{ keyword: 'tw', conversion_unit: 1 }] }),
          "name: Test unit 'Twin Unit' already exists",
        ],
        [
          'a clinical attribute name',
          'insert',
          'clinical_attributes',
          `insert into clinical_attributes (name, value_type) values (new.name, new.value_type)`,
          () => call('POST', '/clinicalAttribute', { name: 'Twin Attribute', value_type: 'Number' }),
          "name: Clinical attribute 'Twin Attribute' already exists",
        ],
      ];
      for (const [what, event, table, twin, write, detail] of cases) {
        await withTwin(event, table, twin, async () => {
          const response = await write();
          expect({ what, status: response.statusCode, body: response.json() }).toEqual({ what, status: 400, body: { detail } });
        });
      }
      expect(await entryCount()).toBe(before);
      expect(await db().select().from(hospitals).where(eq(hospitals.hospitalCode, 'TWIN-A'))).toEqual([]);
      expect((await call('GET', '/hospitals/HOSP-A')).statusCode).toBe(200);
    });
  });
});
