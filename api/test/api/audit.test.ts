/**
 * The audit log, on PGlite and PostgreSQL: rule and question creates, edits and deletes each leave one entry with
 * who and the fields before and after (only the changed ones on an edit), written in the change's own transaction;
 * the history and the export are the provider's to read; a period is checked; the export is a real workbook; and a
 * master edited through its route is what the next verification uses.
 */
import type { InjectOptions } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { AuditHistoryPage, AuditLogEntry, Claim, KeywordEntity, ProcedureQuestion, Rule } from '@claims/shared-kernel/contract';
import { EXPORT_COLUMNS, EXPORT_TIME_FORMAT } from '../../src/audit/history';
import { claimDocuments, claims, keywordMasters, procedures, rules } from '../../src/db/schema';
import { formatIn, todayIn } from '../../src/http/time';
import { startVerificationWorker } from '../../src/jobs';
import { pastedDocument } from '../../src/masters/clinical-try';
import { DATABASES } from '../../testing/databases';
import { BASE, bearer, FORM, NO_SELECTIONS, quiet, RERUN, testConfig } from '../../testing/http';
import { apiSuite } from '../../testing/suite';

const anyOf = (entityName: 'procedures' | 'diagnoses', values: string[]) => ({
  booleanOperator: 'AND' as const,
  statements: [{ operator: 'ANY_OF_N_VALUES_IS_PRESENT' as const, entityName, numberOfValues: 1, valuesToFind: values }],
});

describe.each(DATABASES)('audit log on %s', (_name, open) => {
  const { app, db, tokens } = apiSuite(open, { users: ['vitraya.admin', 'vitraya.reviewer', 'starhealth.admin', 'starhealth.reviewer'] });
  const zone = testConfig().displayTimeZone;

  const call = (user: string, method: InjectOptions['method'], url: string, payload?: InjectOptions['payload'], headers = {}) =>
    app.inject({
      method,
      url: `${BASE}${url}`,
      headers: { ...bearer(tokens[user]), ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
  const history = async (entity: string, key: number | string, query = '') => {
    const response = await call('vitraya.reviewer', 'GET', `/audit/${entity}/${key}${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<AuditHistoryPage>();
  };

  async function newProcedure(code: string): Promise<number> {
    const [row] = await db()
      .insert(procedures)
      .values({ procedureCode: code, name: `Procedure ${code}`, snomedctCode: '000' })
      .returning({ id: procedures.id });
    return row.id;
  }
  const masterId = async (kind: 'diagnoses' | 'document', name: string) =>
    (
      await db()
        .select({ id: keywordMasters.id })
        .from(keywordMasters)
        .where(and(eq(keywordMasters.kind, kind), eq(keywordMasters.name, name)))
    )[0].id;

  describe('rules', () => {
    test('create, edit and delete each write one entry with who and the fields; an edit keeps only what changed', async () => {
      const procedureId = await newProcedure('AUD-RULE');
      const cataract = await masterId('diagnoses', 'Cataract');
      const discharge = await masterId('document', 'Discharge Summary');
      const body = {
        ...NO_SELECTIONS,
        fk_procedure: procedureId,
        case_type: 'SETTLEMENT',
        fk_diagnosis: [cataract],
        procedureRule: anyOf('procedures', ['Procedure AUD-RULE']),
      };
      const created = await call('vitraya.admin', 'POST', '/rules?org=vitraya', body);
      expect(created.statusCode).toBe(201);
      const { id } = created.json<Rule>();

      const afterCreate = await history('rules', id);
      expect(afterCreate).toMatchObject({ total_count: 1, page_number: 1 });
      const [creation] = afterCreate.results;
      expect(creation).toMatchObject({ entity: 'rules', key: String(id), action: 'create', username: 'vitraya.admin', before: null });
      expect(creation.after).toMatchObject({
        org: 'vitraya',
        procedure_code: 'AUD-RULE',
        case_type: 'SETTLEMENT',
        version: 1,
        procedureRule: anyOf('procedures', ['Procedure AUD-RULE']),
        diagnosis: ['Cataract'],
        document: [],
      });
      expect(creation.after).not.toHaveProperty('modificationHistory');
      expect(creation.after).not.toHaveProperty('last_modified_by');

      const edited = await call('vitraya.admin', 'PUT', `/rules/${id}?org=vitraya`, {
        ...body,
        fk_document: [discharge],
        diagnosisRule: anyOf('diagnoses', ['Cataract']),
      });
      expect(edited.statusCode).toBe(200);
      const [edit] = (await history('rules', id)).results;
      expect(edit).toMatchObject({ action: 'update', username: 'vitraya.admin' });
      expect(edit.before).toEqual({ version: 1, diagnosisRule: null, document: [] });
      expect(edit.after).toEqual({ version: 2, diagnosisRule: anyOf('diagnoses', ['Cataract']), document: ['Discharge Summary'] });

      // A refused save changes nothing and logs nothing.
      const refused = await call('vitraya.admin', 'PUT', `/rules/${id}?org=vitraya`, { ...body, fk_diagnosis: [999999] });
      expect(refused.statusCode).toBe(400);
      expect((await history('rules', id)).total_count).toBe(2);

      expect((await call('vitraya.admin', 'DELETE', `/rules/${id}?org=vitraya`)).statusCode).toBe(200);
      const all = await history('rules', id);
      expect(all.results.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
      expect(all.results[0].after).toBeNull();
      expect(all.results[0].before).toMatchObject({ version: 2, document: ['Discharge Summary'], procedure_code: 'AUD-RULE' });

      // Newest first, paged.
      const second = await history('rules', id, '?limit=1&page_number=2');
      expect(second).toMatchObject({ total_count: 3, page_number: 2 });
      expect(second.results.map((e) => e.action)).toEqual(['update']);
    });

    test('the entry is written in the transaction of the change: when it cannot be written the change is not saved', async () => {
      const procedureId = await newProcedure('AUD-ATOMIC');
      const body = { ...NO_SELECTIONS, fk_procedure: procedureId, case_type: 'SETTLEMENT', procedureRule: anyOf('procedures', ['x']) };
      const created = await call('vitraya.admin', 'POST', '/rules?org=vitraya', body);
      const { id } = created.json<Rule>();
      await db().execute(sql`alter table audit_log rename to audit_log_away`);
      try {
        const edit = await call('vitraya.admin', 'PUT', `/rules/${id}?org=vitraya`, {
          ...body,
          procedureRule: anyOf('procedures', ['y']),
        });
        expect(edit.statusCode).toBe(500);
        const create = await call('vitraya.admin', 'POST', '/rules?org=vitraya', { ...body, case_type: 'PRE_AUTH' });
        expect(create.statusCode).toBe(500);
      } finally {
        await db().execute(sql`alter table audit_log_away rename to audit_log`);
      }
      const [row] = await db().select().from(rules).where(eq(rules.id, id));
      expect(row).toMatchObject({ version: 1, procedureRule: anyOf('procedures', ['x']) });
      expect(await db().select().from(rules).where(eq(rules.procedureId, procedureId))).toHaveLength(1);
      expect((await history('rules', id)).total_count).toBe(1);
    });
  });

  describe('procedure questions', () => {
    test('create (one entry per procedure), edit and delete are logged with the fields before and after', async () => {
      const first = await newProcedure('AUD-Q1');
      const second = await newProcedure('AUD-Q2');
      const question = {
        fk_procedure: [first, second],
        question: 'Was a biopsy done?',
        questionType: 'radio',
        answer: ['Yes', 'No'],
        entityType: 'other',
      };
      const created = await call('vitraya.admin', 'POST', '/ppq?org=vitraya', question);
      expect(created.statusCode).toBe(201);
      const [one, two] = created.json<ProcedureQuestion[]>();
      for (const [row, code] of [
        [one, 'AUD-Q1'],
        [two, 'AUD-Q2'],
      ] as const) {
        const [entry] = (await history('procedureQuestions', row.id)).results;
        expect(entry).toMatchObject({ action: 'create', username: 'vitraya.admin', before: null });
        expect(entry.after).toEqual({
          org: 'vitraya',
          procedure_code: code,
          question: 'Was a biopsy done?',
          questionType: 'radio',
          answer: ['Yes', 'No'],
          entityType: 'other',
        });
      }

      const edited = await call('vitraya.admin', 'PUT', `/ppq/${one.id}?org=vitraya`, {
        ...question,
        fk_procedure: [first],
        question: 'Was a biopsy taken?',
        answer: ['Yes', 'No', 'Unknown'],
      });
      expect(edited.statusCode).toBe(200);
      const [edit] = (await history('procedureQuestions', one.id)).results;
      expect(edit).toMatchObject({
        action: 'update',
        before: { question: 'Was a biopsy done?', answer: ['Yes', 'No'] },
        after: { question: 'Was a biopsy taken?', answer: ['Yes', 'No', 'Unknown'] },
      });
      expect(Object.keys(edit.after ?? {}).sort()).toEqual(['answer', 'question']);

      // Refused to anyone but the named editors: nothing logged.
      expect((await call('vitraya.reviewer', 'DELETE', `/ppq/${two.id}?org=vitraya`)).statusCode).toBe(403);
      expect((await call('vitraya.admin', 'DELETE', `/ppq/${two.id}?org=vitraya`)).statusCode).toBe(200);
      const deletion = await history('procedureQuestions', two.id);
      expect(deletion.results.map((e) => e.action)).toEqual(['delete', 'create']);
      expect(deletion.results[0]).toMatchObject({ before: { question: 'Was a biopsy done?', procedure_code: 'AUD-Q2' }, after: null });
    });
  });

  describe('who may read it', () => {
    test("the provider's organisation reads the history and the export; insurers are refused with 403", async () => {
      const today = todayIn(zone);
      for (const user of ['starhealth.reviewer', 'starhealth.admin']) {
        const read = await call(user, 'GET', '/audit/rules/1');
        expect(read.statusCode).toBe(403);
        expect(read.json().detail).toMatch(/not authorized/);
        expect((await call(user, 'GET', `/audit/export?from=${today}&to=${today}`)).statusCode).toBe(403);
      }
      expect((await call('vitraya.reviewer', 'GET', '/audit/rules/1')).statusCode).toBe(200);
      expect((await call('vitraya.admin', 'GET', `/audit/export?from=${today}&to=${today}`)).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: `${BASE}/audit/rules/1` })).statusCode).toBe(401);
    });

    test('a bad entity, a bad or reversed period and one over 366 days answer 400 naming the problem', async () => {
      const cases: [string, RegExp][] = [
        ['/audit/users/1', /entity: /],
        ['/audit/rules/1?limit=0', /limit: /],
        ['/audit/export?from=2025-01-01', /to: /],
        ['/audit/export?from=yesterday&to=2025-01-02', /from: must be a date as YYYY-MM-DD/],
        ['/audit/export?from=2025-02-30&to=2025-03-02', /^querystring from: '2025-02-30' is not a calendar date$/],
        ['/audit/export?from=2025-03-02&to=2025-03-01', /^to: must be on or after from$/],
        ['/audit/export?from=2024-01-01&to=2025-01-01', /^to: the period covers 367 days; export at most 366 days at a time$/],
        ['/audit/export?from=2025-01-01&to=2025-01-02&entity=users', /entity: /],
      ];
      for (const [url, detail] of cases) {
        const response = await call('vitraya.admin', 'GET', url);
        expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
        expect(response.json().detail).toMatch(detail);
      }
      expect((await call('vitraya.admin', 'GET', '/audit/export?from=2024-01-02&to=2025-01-01')).statusCode).toBe(200);
    });
  });

  describe('the export', () => {
    test("is a workbook of the period's entries, one row per changed field, times in the display zone", async () => {
      const procedureId = await newProcedure('AUD-XLSX');
      const body = { ...NO_SELECTIONS, fk_procedure: procedureId, case_type: 'SETTLEMENT', procedureRule: anyOf('procedures', ['a']) };
      const { id } = (await call('vitraya.admin', 'POST', '/rules?org=vitraya', body)).json<Rule>();
      await call('vitraya.admin', 'PUT', `/rules/${id}?org=vitraya`, { ...body, rule_template: 'cataract' });
      const entries = (await history('rules', id)).results;
      const edit = entries.find((e) => e.action === 'update') as AuditLogEntry;

      const today = todayIn(zone);
      const response = await call('vitraya.reviewer', 'GET', `/audit/export?from=${today}&to=${today}&entity=rules`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(response.headers['content-disposition']).toContain(`filename="audit_log_rules_${today}_${today}.xlsx"`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('Audit log')!;
      const rows = sheet.getSheetValues().flatMap((values) => (Array.isArray(values) ? [values.slice(1)] : []));
      expect(rows[0]).toEqual([...EXPORT_COLUMNS]);
      const ofRule = rows.filter((row) => row[1] === 'rules' && row[2] === String(id));
      const at = formatIn(new Date(edit.at), zone, EXPORT_TIME_FORMAT);
      expect(ofRule).toContainEqual([at, 'rules', String(id), 'Modified', 'vitraya.admin', 'version', 1, 2]);
      expect(ofRule).toContainEqual([at, 'rules', String(id), 'Modified', 'vitraya.admin', 'rule_template', '', 'cataract']);
      const created = ofRule.filter((row) => row[3] === 'Created');
      expect(created.map((row) => row[5])).toEqual(expect.arrayContaining(['procedure_code', 'procedureRule', 'version']));
      expect(JSON.parse(String(created.find((row) => row[5] === 'procedureRule')?.[7]))).toEqual(anyOf('procedures', ['a']));
      // The entity filter leaves the other entities out.
      expect(rows.slice(1).every((row) => row[1] === 'rules')).toBe(true);

      // A period before any of it holds only the header.
      const empty = await call('vitraya.reviewer', 'GET', '/audit/export?from=2020-01-01&to=2020-01-31');
      const emptyBook = new ExcelJS.Workbook();
      await emptyBook.xlsx.load(empty.rawPayload as unknown as ArrayBuffer);
      expect(emptyBook.getWorksheet('Audit log')!.rowCount).toBe(1);
    });

    test('is described in the OpenAPI document', async () => {
      const spec = (await app.inject({ method: 'GET', url: `${BASE}/openapi.json` })).json<{
        paths: Record<string, Record<string, unknown>>;
      }>();
      expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/audit/export', '/audit/{entity}/{key}']));
    });
  });

  describe('a master edit and the next verification', () => {
    test('an alias added through the diagnosis route is found by the next verification of a claim, and is in the history', async () => {
      const procedureId = await newProcedure('AUD-VERIFY');
      const created = await call('vitraya.admin', 'POST', '/diagnoses', {
        name: 'Lens Opacity Syndrome',
        alias: ['cloudy lens'],
        ICD_code: 'H26.9',
      });
      expect(created.statusCode).toBe(201);
      const diagnosis = created.json<KeywordEntity>();
      const rule = await call('vitraya.admin', 'POST', '/rules?org=vitraya', {
        ...NO_SELECTIONS,
        fk_procedure: procedureId,
        case_type: 'SETTLEMENT',
        fk_diagnosis: [diagnosis.id],
        diagnosisRule: anyOf('diagnoses', ['Lens Opacity Syndrome']),
      });
      expect(rule.statusCode).toBe(201);
      const [claim] = await db()
        .insert(claims)
        .values({
          org: 'vitraya',
          referenceClaimId: 'AUD-VERIFY-1',
          caseType: 'SETTLEMENT',
          procedureCodes: ['AUD-VERIFY'],
          status: 'ADJUDICATED',
        })
        .returning({ id: claims.id });
      await db()
        .insert(claimDocuments)
        .values({
          claimId: claim.id,
          fileName: 'discharge.pdf',
          contentType: 'application/pdf',
          size: 1,
          readPages: pastedDocument('DISCHARGE SUMMARY\nDiagnosis: milky lens of both eyes').pages,
          pages: 1,
          readAt: new Date(),
        });
      const verify = async () => {
        expect((await call('vitraya.admin', 'PUT', `/claims/${claim.id}`, RERUN, FORM)).statusCode).toBe(200);
        const worker = startVerificationWorker({ db: db(), store: app.documentStore, concurrency: 1, pollMs: 25, log: quiet });
        await worker.drain();
        await worker.stop();
        const verified = (await call('vitraya.admin', 'GET', `/claims/${claim.id}`)).json<Claim>();
        return verified.adjudicationDetails?.['AUD-VERIFY'];
      };

      expect((await verify())?.diagnoses).toEqual([expect.objectContaining({ name: 'Lens Opacity Syndrome', found: false })]);
      const edit = await call('vitraya.admin', 'PUT', `/diagnoses/${diagnosis.id}`, {
        name: 'Lens Opacity Syndrome',
        alias: ['cloudy lens', 'milky lens'],
        ICD_code: 'H26.9',
      });
      expect(edit.statusCode).toBe(200);
      expect((await verify())?.diagnoses).toEqual([expect.objectContaining({ name: 'Lens Opacity Syndrome', found: true })]);

      const [entry] = (await history('diagnoses', diagnosis.id)).results;
      expect(entry).toMatchObject({
        action: 'update',
        username: 'vitraya.admin',
        before: { alias: ['cloudy lens'] },
        after: { alias: ['cloudy lens', 'milky lens'] },
      });
    });
  });
});
