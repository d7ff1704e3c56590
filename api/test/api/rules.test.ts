/**
 * Rules, on PGlite and PostgreSQL: create, update with history and delete, lists and one rule scoped by
 * organisation and seen only by the organisations it judges; and the writing edges: every rule call of spec 2 §7 as
 * the spec answers it, writes refused to those spec 2 §6 does not allow, malformed statement trees refused naming
 * the statement and never stored, versions and their restore, an insurer's rule chosen over the provider's by the
 * adjudicator, and the dry run of a draft against claims already verified.
 */
import type { InjectOptions } from 'fastify';
import { and, count, eq } from 'drizzle-orm';
import type { Rule, RuleDryRunResult, RuleListRow, RuleSaveBody, RuleStatement, RuleVersion } from '@claims/shared-kernel/contract';
import { annotations, claims, keywordMasters, procedureQuestions, procedures, rateLimitHits, rules } from '../../src/db/schema';
import { startVerificationWorker } from '../../src/jobs';
import { EXPENSIVE_CALLS_PER_MINUTE } from '../../src/http/rate-limits';
import { DATABASES } from '../../testing/databases';
import { ruleId } from '../../testing/fixture';
import { BASE, bearer, quiet, schemaDrifts, testApp, textPdf } from '../../testing/http';
import { apiSuite } from '../../testing/suite';

const anyOf = (entityName: RuleStatement['entityName'], ...valuesToFind: string[]): RuleStatement => ({
  operator: 'ANY_OF_N_VALUES_IS_PRESENT',
  entityName,
  numberOfValues: 1,
  valuesToFind,
});
const all = (...statements: RuleStatement[]): RuleStatement => ({ booleanOperator: 'AND', statements });

describe.each(DATABASES)('rules on %s', (_name, open) => {
  const { app, testDb, db, tokens, as, errorLog } = apiSuite(open, {
    users: ['vitraya.admin', 'vitraya.reviewer', 'starhealth.admin', 'starhealth.reviewer', 'bajaj.admin', 'ml.admin'],
  });
  const procedureIds: Record<string, number> = {};

  const call = (user: string, method: InjectOptions['method'], url: string, payload?: unknown) =>
    app.inject({
      method,
      url: `${BASE}${url}`,
      headers: bearer(tokens[user]),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const ruleCount = async () => (await db().select({ n: count() }).from(rules))[0].n;
  const ruleOf = async (org: string, code: string, caseType: 'SETTLEMENT' | 'PRE_AUTH') =>
    (
      await db()
        .select({ rule: rules })
        .from(rules)
        .innerJoin(procedures, eq(procedures.id, rules.procedureId))
        .where(and(eq(rules.org, org), eq(procedures.procedureCode, code), eq(rules.caseType, caseType)))
    )[0]?.rule;
  const saveBody = (code: string, caseType: 'SETTLEMENT' | 'PRE_AUTH', trees: Partial<RuleSaveBody> = {}): RuleSaveBody => ({
    fk_procedure: procedureIds[code],
    case_type: caseType,
    procedureRule: all(anyOf('procedures', 'Appendectomy')),
    ...trees,
  });

  beforeAll(async () => {
    for (const p of await db().select().from(procedures)) procedureIds[p.procedureCode] = p.id;
  });

  describe('rule writes', () => {
    test('create, duplicate case type, update with history, delete', async () => {
      const headers = as('vitraya.admin');
      const procedures = (await app.inject({ method: 'GET', url: `${BASE}/procedures?getall`, headers })).json();
      const p2 = procedures.find((p: { procedure_code: string }) => p.procedure_code === 'P2');
      const body = {
        fk_procedure: p2.id,
        case_type: 'PRE_AUTH',
        procedureRule: {
          booleanOperator: 'AND',
          id: 'n1',
          level: 0,
          statements: [
            {
              operator: 'ANY_OF_N_VALUES_IS_PRESENT',
              entityName: 'procedures',
              numberOfValues: 1,
              valuesToFind: ['Appendectomy'],
              id: 'n2',
              parentId: 'n1',
            },
            { id: 'n3', parentId: 'n1' },
          ],
        },
      };
      const created = await app.inject({ method: 'POST', url: `${BASE}/rules?org=maxbupa`, headers, payload: body });
      expect(created.statusCode).toBe(201);
      const rule = created.json<Rule>();
      expect(rule).toMatchObject({ org: 'maxbupa', case_type: 'PRE_AUTH', version: 1, procedures: { procedure_code: 'P2' } });
      // Editor-only fields and empty leaves are not saved.
      expect(rule.procedureRule).toEqual({
        booleanOperator: 'AND',
        statements: [
          { operator: 'ANY_OF_N_VALUES_IS_PRESENT', entityName: 'procedures', numberOfValues: 1, valuesToFind: ['Appendectomy'] },
        ],
      });
      const duplicate = await app.inject({ method: 'POST', url: `${BASE}/rules?org=maxbupa`, headers, payload: body });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toEqual({ detail: 'For Appendectomy PREAUTH caseType is present already' });
      const badSelection = await app.inject({
        method: 'POST',
        url: `${BASE}/rules?org=maxbupa`,
        headers,
        payload: { ...body, case_type: 'SETTLEMENT', fk_diagnosis: [999999] },
      });
      expect(badSelection.statusCode).toBe(400);
      expect(badSelection.json().detail).toMatch(/^fk_diagnosis: unknown id 999999/);

      const updated = await app.inject({
        method: 'PUT',
        url: `${BASE}/rules/${rule.id}?org=maxbupa`,
        headers,
        payload: { ...body, rule_template: 'appendix' },
      });
      expect(updated.json<Rule>()).toMatchObject({ version: 2, rule_template: 'appendix' });
      expect(updated.json<Rule>().modification_history).toHaveLength(2);
      const otherOrg = await app.inject({ method: 'PUT', url: `${BASE}/rules/${rule.id}?org=starhealth`, headers, payload: body });
      expect(otherOrg.statusCode).toBe(404);
      const insurerAdmin = await app.inject({
        method: 'DELETE',
        url: `${BASE}/rules/${rule.id}?org=maxbupa`,
        headers: as('starhealth.admin'),
      });
      // An insurer's super user may change only its own organisation's rules.
      expect(insurerAdmin.statusCode).toBe(403);
      expect((await app.inject({ method: 'DELETE', url: `${BASE}/rules/${rule.id}?org=maxbupa`, headers })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: `${BASE}/rules/${rule.id}?org=maxbupa`, headers })).statusCode).toBe(404);
    });
  });

  describe('rules and masters', () => {
    test('rule lists and one rule, scoped by organisation', async () => {
      const list = (
        await app.inject({ method: 'GET', url: `${BASE}/rules?org=vitraya&limit=10&page_number=1`, headers: as('vitraya.admin') })
      ).json<RuleListRow[]>();
      expect(list.map((r) => [r.procedures.procedure_code, r.case_type])).toEqual([
        ['P1', 'PRE_AUTH'],
        ['P1', 'SETTLEMENT'],
      ]);
      expect(list[0]).toMatchObject({ diagnosisList: ['Cataract'], document: ['Discharge Summary'], total_count: 2 });
      const id = await ruleId(testDb.database.db, 'starhealth');
      const rule = (
        await app.inject({ method: 'GET', url: `${BASE}/rules/${id}?org=starhealth`, headers: as('starhealth.reviewer') })
      ).json<Rule>();
      expect(rule).toMatchObject({
        org: 'starhealth',
        case_type: 'SETTLEMENT',
        procedures: { procedure_code: 'P1' },
        diagnosis: [{ name: 'Cataract' }],
      });
      const search = await app.inject({
        method: 'POST',
        url: `${BASE}/rules/search?org=vitraya&limit=10&page_number=1`,
        headers: as('vitraya.admin'),
        payload: { diagnosis: ['Cataract'] },
      });
      expect(search.json()).toHaveLength(2);
      // The provider's rule that starhealth's own SETTLEMENT rule overrides (see 'security edges' for the ones it is judged by).
      const [vitrayaRule] = await testDb.database.db
        .select({ id: rules.id })
        .from(rules)
        .where(and(eq(rules.org, 'vitraya'), eq(rules.caseType, 'SETTLEMENT')));
      const foreign = await app.inject({ method: 'GET', url: `${BASE}/rules/${vitrayaRule.id}`, headers: as('starhealth.reviewer') });
      expect(foreign.statusCode).toBe(404);
    });
  });

  describe('security edges', () => {
    test('one rule and its existence only for the organisations that may see it', async () => {
      const db = testDb.database.db;
      const [own] = await db.select().from(rules).where(eq(rules.org, 'starhealth'));
      const byCase = async (org: string, caseType: 'SETTLEMENT' | 'PRE_AUTH') =>
        (
          await db
            .select()
            .from(rules)
            .where(and(eq(rules.org, org), eq(rules.procedureId, own.procedureId), eq(rules.caseType, caseType)))
        )[0];
      const overridden = await byCase('vitraya', 'SETTLEMENT');
      const judgedBy = await byCase('vitraya', 'PRE_AUTH');
      const get = (user: string, url: string) => app.inject({ method: 'GET', url: `${BASE}${url}`, headers: as(user) });

      // starhealth has its own SETTLEMENT rule: the provider's is none of its business; another insurer's neither.
      for (const url of [`/rules/${overridden.id}`, `/rules/exists/${overridden.id}`]) {
        const response = await get('starhealth.reviewer', url);
        expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
        expect(response.json()).toEqual({ detail: `Rule ${overridden.id} not found` });
      }
      for (const url of [`/rules/${own.id}`, `/rules/exists/${own.id}`, `/rules/${own.id}?case_type=PRE_AUTH`]) {
        const response = await get('ml.admin', url);
        expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
        expect(response.json()).toEqual({ detail: `Rule ${own.id} not found` });
      }
      // The provider's PRE_AUTH rule judges starhealth's PRE_AUTH claims: readable, and it has no own one.
      const provider = await get('starhealth.reviewer', `/rules/${judgedBy.id}`);
      expect(provider.statusCode).toBe(200);
      expect(provider.json<Rule>()).toMatchObject({ id: judgedBy.id, org: 'vitraya', case_type: 'PRE_AUTH' });
      expect((await get('starhealth.reviewer', `/rules/exists/${judgedBy.id}`)).json()).toBe(false);
      // ML has no rules of its own: it is judged by (and sees) every provider rule.
      expect((await get('ml.admin', `/rules/${overridden.id}`)).json<Rule>()).toMatchObject({ id: overridden.id, org: 'vitraya' });
      // Its own rules, and the provider sees everything.
      expect((await get('starhealth.reviewer', `/rules/${own.id}?case_type=PRE_AUTH`)).json<Rule>()).toMatchObject({ id: judgedBy.id });
      expect((await get('starhealth.reviewer', `/rules/exists/${own.id}`)).json()).toBe(true);
      expect((await get('vitraya.admin', `/rules/exists/${own.id}?org=starhealth`)).json()).toBe(true);
      expect((await get('vitraya.admin', `/rules/${own.id}?org=starhealth`)).json<Rule>()).toMatchObject({ id: own.id });
    });
  });

  test('every answer of the calls above passed its schema', () => {
    expect(schemaDrifts(errorLog)).toEqual([]);
  });

  test('the rule calls of spec 2 §7 answer as the spec says', async () => {
    const existence = async (org: string, code: string) =>
      (await call('vitraya.admin', 'POST', `/rules/existence?org=${org}`, { procedureCode: [code] })).json();
    expect(await existence('vitraya', 'P1')).toEqual({ result: true });
    expect(await existence('starhealth', 'P1')).toEqual({ result: 'SETTLEMENT' });
    expect(await existence('vitraya', 'P2')).toEqual({ result: false });
    expect((await call('vitraya.admin', 'POST', '/rules?org=bajaj', saveBody('P2', 'PRE_AUTH'))).statusCode).toBe(201);
    expect(await existence('bajaj', 'P2')).toEqual({ result: 'PREAUTH' });

    const p1Rules = await call('vitraya.admin', 'POST', '/rules/searchPcode?org=vitraya', { procedureCode: ['P1'] });
    const settlement = await ruleOf('vitraya', 'P1', 'SETTLEMENT');
    expect(p1Rules.json()).toEqual([
      { id: (await ruleOf('vitraya', 'P1', 'PRE_AUTH')).id, case_type: 'PRE_AUTH', procedure_code: 'P1', fk_procedure: procedureIds.P1 },
      { id: settlement.id, case_type: 'SETTLEMENT', procedure_code: 'P1', fk_procedure: procedureIds.P1 },
    ]);
    expect((await call('vitraya.admin', 'POST', '/rules/searchPcode?org=vitraya', { procedureCode: ['P2'] })).json()).toEqual([]);
    expect((await call('vitraya.admin', 'POST', '/rules/searchPcode?org=vitraya', { procedureCode: [] })).statusCode).toBe(400);

    expect((await call('vitraya.admin', 'GET', `/rules/exists/${settlement.id}?org=starhealth`)).json()).toBe(true);
    expect((await call('vitraya.admin', 'GET', `/rules/exists/${settlement.id}?org=bajaj`)).json()).toBe(false);

    const [preauth] = await db()
      .insert(procedures)
      .values({ procedureCode: 'P1_preauth', name: 'Cataract Surgery (pre-authorisation)', snomedctCode: '110473004' })
      .returning();
    const counterpart = await call('vitraya.admin', 'POST', '/procedures/allProcedureSearch', { procedureCodes: ['P1', 'NOPE'] });
    expect(counterpart.json()).toEqual([{ id: preauth.id, procedure_code: 'P1_preauth', name: 'Cataract Surgery (pre-authorisation)' }]);
    const back = await call('vitraya.admin', 'POST', '/procedures/allProcedureSearch', { procedureCodes: ['P1_preauth'] });
    expect(back.json()).toEqual([{ id: procedureIds.P1, procedure_code: 'P1', name: 'Cataract Surgery' }]);

    const selected = await call('vitraya.admin', 'POST', '/rules/search?org=vitraya', { procedureCode: ['P1'] });
    expect(selected.json()).toEqual([
      expect.objectContaining({ case_type: 'PRE_AUTH', diagnosisList: ['Cataract'], document: ['Discharge Summary'], drug: [] }),
      expect.objectContaining({
        case_type: 'SETTLEMENT',
        procedures: { id: procedureIds.P1, procedure_code: 'P1', name: 'Cataract Surgery' },
      }),
    ]);
    const filtered = await call('vitraya.admin', 'POST', '/rules/search?org=vitraya&limit=10&page_number=1', {
      procedureName: ['Cataract Surgery'],
      document: ['Discharge Summary'],
    });
    expect(filtered.json()).toHaveLength(2);
    expect(filtered.json()[0]).toMatchObject({ total_count: 2, page_number: 1 });
    const page = await call('vitraya.admin', 'GET', '/rules?org=starhealth&limit=10&page_number=1');
    expect(page.json()).toEqual([expect.objectContaining({ case_type: 'SETTLEMENT', total_count: 1, page_number: 1 })]);

    const read = (await call('vitraya.admin', 'GET', `/rules/${settlement.id}?org=vitraya`)).json<Rule>();
    expect(read).toMatchObject({
      id: settlement.id,
      org: 'vitraya',
      case_type: 'SETTLEMENT',
      version: 1,
      diagnosis: [{ name: 'Cataract' }],
    });
  });

  test('rule writes need a super user, and an insurer writes only its own rules (403 with a clear detail)', async () => {
    const rule = await ruleOf('vitraya', 'P1', 'SETTLEMENT');
    const before = await ruleCount();
    for (const [method, url, payload] of [
      ['POST', '/rules?org=vitraya', saveBody('P2', 'SETTLEMENT')],
      ['PUT', `/rules/${rule.id}?org=vitraya`, saveBody('P1', 'SETTLEMENT')],
      ['DELETE', `/rules/${rule.id}?org=vitraya`, {}],
      ['POST', `/rules/${rule.id}/versions/1/restore?org=vitraya`, undefined],
      ['POST', '/rules/dryRun?org=vitraya', saveBody('P2', 'SETTLEMENT')],
    ] as const) {
      const refused = await call('vitraya.reviewer', method, url, payload);
      expect({ url, status: refused.statusCode, detail: refused.json().detail }).toEqual({
        url,
        status: 403,
        detail: 'You are not authorized to perform this action: only a super user may do this',
      });
    }
    const otherInsurer = await call('starhealth.admin', 'POST', '/rules?org=maxbupa', saveBody('P2', 'SETTLEMENT'));
    expect(otherInsurer.statusCode).toBe(403);
    expect(otherInsurer.json()).toEqual({
      detail: 'You are not authorized to perform this action: starhealth may change only its own rules, not those of maxbupa',
    });
    const provider = await call('starhealth.admin', 'DELETE', `/rules/${rule.id}?org=vitraya`, {});
    expect(provider.statusCode).toBe(403);
    expect(await ruleCount()).toBe(before);

    const own = await call('starhealth.admin', 'POST', '/rules?org=starhealth', saveBody('P2', 'PRE_AUTH'));
    expect(own.statusCode).toBe(201);
    expect(own.json<Rule>()).toMatchObject({ org: 'starhealth', case_type: 'PRE_AUTH' });
    expect((await call('starhealth.admin', 'DELETE', `/rules/${own.json<Rule>().id}?org=starhealth`, {})).statusCode).toBe(200);
  });

  test('a malformed tree is refused with a 400 naming the statement, and nothing is stored', async () => {
    const hb = { id: 1, name: 'Haemoglobin' };
    const cases: [Partial<RuleSaveBody>, string][] = [
      [
        { procedureRule: all({ operator: 'SOMETIMES' } as unknown as RuleStatement) },
        "procedureRule.statements[0]: unknown operator 'SOMETIMES'",
      ],
      [
        {
          diagnosisRule: all(anyOf('diagnoses', 'Cataract'), {
            booleanOperator: 'OR',
            statements: [{ operator: 'VALUE_IN_RANGE', valueToCompare: hb, range: [8] as never }],
          }),
        },
        'diagnosisRule.statements[1].statements[0]: a range needs two bounds',
      ],
      [
        { clinicalTermsRule: all({ operator: 'VALUE_GREATER_THAN', valueToCompare: hb, value: null }) },
        'clinicalTermsRule.statements[0]: VALUE_GREATER_THAN needs a number',
      ],
      [
        { documentRule: all({ operator: 'ALL_OF_THE_VALUES_ARE_PRESENT', entityName: 'document', valuesToFind: [] }) },
        'documentRule.statements[0]: a leaf without values: choose at least one value to find',
      ],
      [
        { procedureRule: { booleanOperator: 'XOR' as never, statements: [anyOf('procedures', 'A')] } },
        "procedureRule: unknown boolean operator 'XOR'",
      ],
      [
        { procedureRule: all({ ...anyOf('procedures', 'A'), numberOfValues: 11 }) },
        'procedureRule.statements[0]: the number of values must be a whole number from 1 to 10',
      ],
      [
        { clinicalTermsRule: all({ operator: 'VALUE_NOT_IN', valueToCompare: hb, value: [] }) },
        'clinicalTermsRule.statements[0]: VALUE_NOT_IN needs at least one value',
      ],
      [
        { query_rule: all({ operator: 'VALUE_IN_RANGE', range: [1, 2] }) },
        'query_rule.statements[0]: VALUE_IN_RANGE needs the clinical attribute to compare',
      ],
    ];
    const rule = await ruleOf('vitraya', 'P1', 'SETTLEMENT');
    const before = await ruleCount();
    for (const [trees, detail] of cases) {
      const created = await call('vitraya.admin', 'POST', '/rules?org=maxbupa', saveBody('P2', 'SETTLEMENT', trees));
      expect({ status: created.statusCode, detail: created.json().detail }).toEqual({ status: 400, detail });
      const updated = await call('vitraya.admin', 'PUT', `/rules/${rule.id}?org=vitraya`, saveBody('P1', 'SETTLEMENT', trees));
      expect({ status: updated.statusCode, detail: updated.json().detail }).toEqual({ status: 400, detail });
    }
    expect(await ruleCount()).toBe(before);
    expect(await ruleOf('vitraya', 'P1', 'SETTLEMENT')).toEqual(rule);

    const twoProblems = await call(
      'vitraya.admin',
      'POST',
      '/rules?org=maxbupa',
      saveBody('P2', 'SETTLEMENT', { ...cases[0][0], ...cases[2][0] }),
    );
    expect(twoProblems.json().detail).toBe(`${cases[0][1]}; ${cases[2][1]}`);
    const crowded = await call('vitraya.admin', 'POST', '/rules?org=maxbupa', {
      ...saveBody('P2', 'SETTLEMENT'),
      fk_exc_document: Array.from({ length: 11 }, (_, i) => i + 1),
    });
    expect(crowded.json()).toEqual({ detail: 'fk_exc_document: at most 10 documents' });
  });

  test('every save makes a version; the history lists the differences; an earlier version comes back as a new one', async () => {
    const [discharge] = await db().select().from(keywordMasters).where(eq(keywordMasters.name, 'Discharge Summary'));
    const first = await call('vitraya.admin', 'POST', '/rules?org=maxbupa', saveBody('P2', 'SETTLEMENT', { fk_document: [discharge.id] }));
    const rule = first.json<Rule>();
    expect(rule.version).toBe(1);
    const second = await call('vitraya.admin', 'PUT', `/rules/${rule.id}?org=maxbupa`, {
      ...saveBody('P2', 'SETTLEMENT'),
      procedureRule: all(anyOf('procedures', 'Appendectomy'), anyOf('diagnoses', 'Cataract')),
      fk_document: [],
    });
    expect(second.json<Rule>().version).toBe(2);
    // The rule builder's own save (spec 3 §7) sets the trees it gives; the others stay.
    const builder = await call('vitraya.admin', 'POST', `/rules?org=maxbupa&id=${rule.id}`, {
      rules_configuration: { diagnosisRule: all({ ...anyOf('diagnoses', 'Cataract'), id: 'n1', level: 1, parentId: null }) },
    });
    expect(builder.statusCode).toBe(200);
    const built = builder.json<Rule>();
    const twoProcedureLeaves = all(anyOf('procedures', 'Appendectomy'), anyOf('diagnoses', 'Cataract'));
    expect(built).toMatchObject({ version: 3, procedureRule: twoProcedureLeaves, diagnosisRule: all(anyOf('diagnoses', 'Cataract')) });
    expect(built.rules_configuration).toEqual({
      procedureRule: twoProcedureLeaves,
      diagnosisRule: all(anyOf('diagnoses', 'Cataract')),
      documentRule: null,
      clinicalTermsRule: null,
    });

    const versions = (await call('vitraya.admin', 'GET', `/rules/${rule.id}/versions`)).json<RuleVersion[]>();
    expect(versions.map((v) => [v.version, v.current, v.saved_by])).toEqual([
      [3, true, 'vitraya.admin'],
      [2, false, 'vitraya.admin'],
      [1, false, 'vitraya.admin'],
    ]);
    expect(versions[1].changes).toEqual([
      { field: 'procedureRule', label: 'Procedure Rule', added: ['  Diagnoses: any 1 of Cataract'], removed: [] },
      { field: 'fk_document', label: 'Documents', added: [], removed: ['Discharge Summary'] },
    ]);
    expect(versions[0].changes).toEqual([
      {
        field: 'diagnosisRule',
        label: 'Diagnosis Rule',
        added: ['All of the statements should be true', '  Diagnoses: any 1 of Cataract'],
        removed: [],
      },
    ]);
    expect(versions[2]).toMatchObject({ changes: [], selections: expect.objectContaining({ fk_document: ['Discharge Summary'] }) });

    const restored = await call('vitraya.admin', 'POST', `/rules/${rule.id}/versions/1/restore?org=maxbupa`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json<Rule>()).toMatchObject({
      version: 4,
      fk_document: [discharge.id],
      procedureRule: all(anyOf('procedures', 'Appendectomy')),
    });
    const after = (await call('vitraya.admin', 'GET', `/rules/${rule.id}/versions`)).json<RuleVersion[]>();
    expect(after[0]).toMatchObject({ version: 4, current: true, restored_from: 1 });
    expect(after[0].changes).toEqual([
      { field: 'procedureRule', label: 'Procedure Rule', added: [], removed: ['  Diagnoses: any 1 of Cataract'] },
      {
        field: 'diagnosisRule',
        label: 'Diagnosis Rule',
        added: [],
        removed: ['All of the statements should be true', '  Diagnoses: any 1 of Cataract'],
      },
      { field: 'fk_document', label: 'Documents', added: ['Discharge Summary'], removed: [] },
    ]);
    const current = await call('vitraya.admin', 'POST', `/rules/${rule.id}/versions/4/restore?org=maxbupa`);
    expect(current.json()).toEqual({ detail: `Version 4 is already the current version of rule ${rule.id}` });
    const missing = await call('vitraya.admin', 'POST', `/rules/${rule.id}/versions/9/restore?org=maxbupa`);
    expect({ status: missing.statusCode, detail: missing.json().detail }).toEqual({
      status: 404,
      detail: `Rule ${rule.id} has no version 9`,
    });
    expect((await call('vitraya.admin', 'POST', `/rules/${rule.id}/versions/1/restore?org=starhealth`)).statusCode).toBe(404);

    // A rule written before versions were kept (the fixture's) lists its one version; its first save keeps it.
    const seeded = await ruleOf('starhealth', 'P1', 'SETTLEMENT');
    const own = await call('starhealth.reviewer', 'GET', `/rules/${seeded.id}/versions`);
    expect(own.json<RuleVersion[]>().map((v) => [v.version, v.current])).toEqual([[1, true]]);
    expect((await call('starhealth.reviewer', 'GET', `/rules/${rule.id}/versions`)).statusCode).toBe(404);
    await call('vitraya.admin', 'PUT', `/rules/${seeded.id}?org=starhealth`, saveBody('P1', 'SETTLEMENT'));
    const kept = (await call('vitraya.admin', 'GET', `/rules/${seeded.id}/versions`)).json<RuleVersion[]>();
    expect(kept.map((v) => v.version)).toEqual([2, 1]);
    expect(kept[1].procedureRule).toEqual(seeded.procedureRule);
  });

  test("the rule builder's save is checked like the editor's: a malformed tree or anything but the four trees is refused, nothing stored", async () => {
    const rule = (await call('vitraya.admin', 'POST', '/rules?org=ML', saveBody('P1', 'SETTLEMENT'))).json<Rule>();
    const hb = { id: 1, name: 'Haemoglobin' };
    const cases: [unknown, string | ReturnType<typeof expect.stringMatching>][] = [
      [
        {
          rules_configuration: {
            clinicalTermsRule: all(anyOf('evidence', 'Lens'), { operator: 'VALUE_GREATER_THAN', valueToCompare: hb, value: null }),
          },
        },
        'rules_configuration.clinicalTermsRule.statements[1]: VALUE_GREATER_THAN needs a number',
      ],
      [
        {
          rules_configuration: {
            procedureRule: all({ operator: 'SOMETIMES' } as unknown as RuleStatement),
            documentRule: { booleanOperator: 'XOR', statements: [anyOf('document', 'Discharge Summary')] },
          },
        },
        "rules_configuration.procedureRule.statements[0]: unknown operator 'SOMETIMES'; rules_configuration.documentRule: unknown boolean operator 'XOR'",
      ],
      [{ rules_configuration: { layout: 'wide' } }, 'rules_configuration: Unrecognized key: "layout"'],
      [
        { rules_configuration: {} },
        'rules_configuration: give at least one of procedureRule, diagnosisRule, documentRule, clinicalTermsRule',
      ],
      [{ rules_configuration: { procedureRule: 5 } }, expect.stringMatching(/^rules_configuration\.procedureRule: /)],
      [{ rules_configuration: { procedureRule: null }, query_rule: null }, 'Unrecognized key: "query_rule"'],
      [{}, expect.stringMatching(/^rules_configuration: /)],
      [saveBody('P1', 'SETTLEMENT'), "rules_configuration: the rule builder's save (with ?id=) sends rules_configuration and version only"],
    ];
    for (const [payload, detail] of cases) {
      const refused = await call('vitraya.admin', 'POST', `/rules?org=ML&id=${rule.id}`, payload);
      expect({ payload, status: refused.statusCode, detail: refused.json().detail }).toEqual({ payload, status: 400, detail });
    }
    expect(await ruleOf('ML', 'P1', 'SETTLEMENT')).toMatchObject({ version: 1, procedureRule: rule.procedureRule, diagnosisRule: null });

    // In the editor's save body, rules_configuration is checked the same way and gives the trees the body leaves out.
    const badInPut = await call('vitraya.admin', 'PUT', `/rules/${rule.id}?org=ML`, {
      ...saveBody('P1', 'SETTLEMENT'),
      rules_configuration: { diagnosisRule: all({ operator: 'VALUE_IN_RANGE', valueToCompare: hb, range: [1] as never }) },
    });
    expect(badInPut.json()).toEqual({ detail: 'rules_configuration.diagnosisRule.statements[0]: a range needs two bounds' });
    const both = await call('vitraya.admin', 'PUT', `/rules/${rule.id}?org=ML`, {
      ...saveBody('P1', 'SETTLEMENT'),
      rules_configuration: { procedureRule: all(anyOf('procedures', 'Ignored')), diagnosisRule: all(anyOf('diagnoses', 'Cataract')) },
    });
    expect(both.json<Rule>()).toMatchObject({
      version: 2,
      procedureRule: all(anyOf('procedures', 'Appendectomy')),
      diagnosisRule: all(anyOf('diagnoses', 'Cataract')),
    });
    expect((await call('vitraya.admin', 'DELETE', `/rules/${rule.id}?org=ML`, {})).statusCode).toBe(200);
  });

  test('a rule is named by its id or its code: the procedure code for settlement, {code}_preauth for pre-authorisation', async () => {
    const p1 = await ruleOf('vitraya', 'P1', 'SETTLEMENT');
    const p1Preauth = await ruleOf('vitraya', 'P1', 'PRE_AUTH');
    const read = async (user: string, url: string) => {
      const response = await call(user, 'GET', url);
      return { status: response.statusCode, id: response.json<Rule>().id, detail: response.json<{ detail?: string }>().detail };
    };
    expect(await read('vitraya.admin', '/rules/P1?org=vitraya')).toMatchObject({ status: 200, id: p1.id });
    expect(await read('vitraya.admin', '/rules/P1_preauth?org=vitraya')).toMatchObject({ status: 200, id: p1Preauth.id });
    // An insurer's user reads its own rule by code, and for a case type it has none of, the provider's that judges it.
    const own = await ruleOf('starhealth', 'P1', 'SETTLEMENT');
    expect(await read('starhealth.reviewer', '/rules/P1')).toMatchObject({ status: 200, id: own.id });
    expect(await read('starhealth.reviewer', '/rules/P1_preauth')).toMatchObject({ status: 200, id: p1Preauth.id });
    expect(await read('vitraya.admin', '/rules/NOPE?org=vitraya')).toEqual({ status: 404, id: undefined, detail: 'Rule NOPE not found' });
    expect(await read('vitraya.admin', '/rules/P1_preauth?org=ML')).toEqual({
      status: 404,
      id: undefined,
      detail: 'Rule P1_preauth not found',
    });
    const tooLong = await call('vitraya.admin', 'POST', `/rules?org=vitraya&id=${'x'.repeat(201)}`, {
      rules_configuration: { documentRule: null },
    });
    expect({ status: tooLong.statusCode, detail: tooLong.json().detail }).toEqual({
      status: 400,
      detail: expect.stringMatching(/^querystring id: /),
    });

    // Writes by code act in the organisation asked for.
    expect((await call('vitraya.admin', 'PUT', '/rules/P1?org=ML', saveBody('P1', 'SETTLEMENT'))).json()).toEqual({
      detail: 'Rule P1 not found in ML',
    });
    const settlement = (await call('vitraya.admin', 'POST', '/rules?org=ML', saveBody('P1', 'SETTLEMENT'))).json<Rule>();
    const preauth = (await call('vitraya.admin', 'POST', '/rules?org=ML', saveBody('P1', 'PRE_AUTH'))).json<Rule>();
    const edited = await call('vitraya.admin', 'PUT', '/rules/P1?org=ML', { ...saveBody('P1', 'SETTLEMENT'), rule_template: 'by code' });
    expect(edited.json<Rule>()).toMatchObject({ id: settlement.id, version: 2, rule_template: 'by code' });
    const built = await call('vitraya.admin', 'POST', '/rules?org=ML&id=P1_preauth', {
      rules_configuration: { documentRule: all(anyOf('document', 'Discharge Summary')) },
    });
    expect(built.json<Rule>()).toMatchObject({
      id: preauth.id,
      case_type: 'PRE_AUTH',
      version: 2,
      documentRule: all(anyOf('document', 'Discharge Summary')),
    });
    expect((await call('vitraya.admin', 'POST', '/rules?org=ML&id=P9', { rules_configuration: { documentRule: null } })).json()).toEqual({
      detail: 'Rule P9 not found in ML',
    });
    expect((await call('vitraya.admin', 'DELETE', '/rules/P1_preauth?org=ML', { id: 'P1_preauth' })).statusCode).toBe(200);
    expect(await ruleOf('ML', 'P1', 'PRE_AUTH')).toBeUndefined();
    expect((await call('vitraya.admin', 'DELETE', '/rules/P1?org=ML', {})).statusCode).toBe(200);
    expect(await ruleOf('ML', 'P1', 'SETTLEMENT')).toBeUndefined();
    expect((await call('vitraya.admin', 'DELETE', '/rules/P1?org=ML', {})).json()).toEqual({ detail: 'Rule P1 not found in ML' });
  });

  test('two people saving the same rule: the save made on an older version is refused (409) naming who changed it', async () => {
    const rule = (await call('vitraya.admin', 'POST', '/rules?org=ML', saveBody('P1', 'SETTLEMENT'))).json<Rule>();
    const edit = (template: string, version?: number) => ({ ...saveBody('P1', 'SETTLEMENT'), rule_template: template, version });
    const stale =
      /^This rule was changed by vitraya\.admin at \d{4}-\d{2}-\d{2}, \d{1,2}:\d{2}:\d{2} [ap]m; reload it to see their changes$/;
    // Both loaded version 1 and save at once: the row is locked, so the second sees the first's version.
    const racing = await Promise.all(
      ['first', 'second'].map((template) => call('vitraya.admin', 'PUT', `/rules/${rule.id}?org=ML`, edit(template, 1))),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(racing.find((r) => r.statusCode === 409)!.json().detail).toMatch(stale);
    expect(await ruleOf('ML', 'P1', 'SETTLEMENT')).toMatchObject({ version: 2 });

    expect((await call('vitraya.admin', 'PUT', `/rules/${rule.id}?org=ML`, edit('third', 2))).json<Rule>()).toMatchObject({
      version: 3,
      rule_template: 'third',
    });
    const staleBuilder = await call('vitraya.admin', 'POST', `/rules?org=ML&id=${rule.id}`, {
      rules_configuration: { diagnosisRule: null },
      version: 2,
    });
    expect({ status: staleBuilder.statusCode, detail: staleBuilder.json().detail }).toEqual({
      status: 409,
      detail: expect.stringMatching(stale),
    });
    const builder = await call('vitraya.admin', 'POST', `/rules?org=ML&id=${rule.id}`, {
      rules_configuration: { diagnosisRule: null },
      version: 3,
    });
    expect(builder.json<Rule>().version).toBe(4);
    expect((await call('vitraya.admin', 'PUT', `/rules/${rule.id}?org=ML`, edit('no version', 0))).statusCode).toBe(400);

    // Without an expected version (older callers) both saves are kept, one after the other, each as its own version.
    const unchecked = await Promise.all(
      ['fifth', 'sixth'].map((template) => call('vitraya.admin', 'PUT', `/rules/${rule.id}?org=ML`, edit(template))),
    );
    expect(unchecked.map((r) => r.json<Rule>().version).sort()).toEqual([5, 6]);
    const versions = (await call('vitraya.admin', 'GET', `/rules/${rule.id}/versions`)).json<RuleVersion[]>();
    expect(versions.map((v) => v.version)).toEqual([6, 5, 4, 3, 2, 1]);
    expect((await call('vitraya.admin', 'DELETE', `/rules/${rule.id}?org=ML`, {})).statusCode).toBe(200);
  });

  describe('claims judged by the insurer’s rule, and the dry run on them', () => {
    const claimIds: Record<string, number> = {};
    let vitrayaRule: Rule;
    let override: Rule;

    beforeAll(async () => {
      // These claims are about rules: with a question to answer (the fixture asks starhealth one for P2), a new
      // claim's verification would wait for the answer.
      await db().delete(procedureQuestions).where(eq(procedureQuestions.procedureId, procedureIds.P2));
      await db().insert(keywordMasters).values({ kind: 'diagnoses', name: 'Appendicitis', alias: [] });
      const provider = await call(
        'vitraya.admin',
        'POST',
        '/rules?org=vitraya',
        saveBody('P2', 'SETTLEMENT', { diagnosisRule: all(anyOf('diagnoses', 'Appendicitis')) }),
      );
      vitrayaRule = provider.json<Rule>();
      // starhealth wants a diagnosis these claims do not have.
      const own = await call(
        'vitraya.admin',
        'POST',
        '/rules?org=starhealth',
        saveBody('P2', 'SETTLEMENT', { diagnosisRule: all(anyOf('diagnoses', 'Cataract')) }),
      );
      override = own.json<Rule>();
      const pdf = await textPdf(['DISCHARGE SUMMARY', 'Diagnosis: Acute appendicitis', 'Procedure done: Appendectomy']);
      for (const [user, ref] of [
        ['vitraya.admin', 'RULE-VT'],
        ['starhealth.admin', 'RULE-SH'],
        ['bajaj.admin', 'RULE-BJ'],
      ] as const) {
        const form = new FormData();
        for (const [key, value] of Object.entries({
          patientName: 'Ravi',
          referenceClaimId: ref,
          caseType: 'SETTLEMENT',
          procedureName: 'P2',
        }))
          form.append(key, value);
        form.append('documents', new Blob([pdf], { type: 'application/pdf' }), 'discharge.pdf');
        const created = await app.inject({ method: 'POST', url: `${BASE}/claims`, headers: bearer(tokens[user]), payload: form });
        expect(created.statusCode).toBe(200);
        claimIds[ref] = created.json<{ id: number }>().id;
      }
      const worker = startVerificationWorker({ db: db(), store: app.documentStore, concurrency: 1, pollMs: 25, log: quiet });
      await worker.drain();
      await worker.stop();
    }, 120_000);

    const claimRow = async (ref: string) => (await db().select().from(claims).where(eq(claims.id, claimIds[ref])))[0];
    const dryRunOf = (org: string, body: RuleSaveBody & { limit?: number }) =>
      call('vitraya.admin', 'POST', `/rules/dryRun?org=${org}`, body);

    test("an insurer's own rule judges its claims; an insurer without one is judged by the provider's; the verdict names the version", async () => {
      const starhealth = await claimRow('RULE-SH');
      expect(starhealth).toMatchObject({ status: 'ADJUDICATED', adjudicationResult: 'REJECTED' });
      expect(starhealth.adjudicationDetails?.P2).toMatchObject({ ruleId: override.id, ruleVersion: 1 });
      expect(starhealth.adjudicationReason).toContain('Cataract');
      for (const ref of ['RULE-VT', 'RULE-BJ']) {
        const claim = await claimRow(ref);
        expect({
          ref,
          result: claim.adjudicationResult,
          rule: claim.adjudicationDetails?.P2.ruleId,
          version: claim.adjudicationDetails?.P2.ruleVersion,
        }).toEqual({
          ref,
          result: 'ACCEPTED',
          rule: vitrayaRule.id,
          version: 1,
        });
      }
    });

    test('the dry run tells which verdicts a draft would change, the leaf that flips each, and agreement with annotations', async () => {
      await db().insert(annotations).values({
        claimId: claimIds['RULE-VT'],
        org: 'vitraya',
        referenceClaimId: 'RULE-VT',
        procedureCode: 'P2',
        username: 'vitraya.reviewer',
        expectedResult: 'reject',
      });
      const stricter = await dryRunOf('vitraya', saveBody('P2', 'SETTLEMENT', { diagnosisRule: all(anyOf('diagnoses', 'Cataract')) }));
      expect(stricter.statusCode).toBe(200);
      const result = stricter.json<RuleDryRunResult>();
      // starhealth's claim is judged by starhealth's own rule, not by the provider's draft.
      expect(result).toMatchObject({
        org: 'vitraya',
        case_type: 'SETTLEMENT',
        procedure: { procedure_code: 'P2', name: 'Appendectomy' },
        considered: 2,
        unchanged: 0,
        transitions: [{ from: 'ACCEPTED', to: 'REJECTED', count: 2 }],
        annotations: { annotated: 1, agreeBefore: 0, agreeAfter: 1 },
      });
      expect(result.claims.map((c) => c.referenceClaimId).sort()).toEqual(['RULE-BJ', 'RULE-VT']);
      expect(result.claims.find((c) => c.referenceClaimId === 'RULE-VT')).toMatchObject({
        org: 'vitraya',
        before: 'ACCEPTED',
        after: 'REJECTED',
        expected: 'REJECTED',
        beforeReason: null,
        afterReason: expect.stringContaining('Cataract'),
        flipped: [{ path: 'diagnosisRule.statements[0]', statement: 'Diagnoses: any 1 of Cataract', result: false, valueFound: null }],
      });

      const same = (
        await dryRunOf('vitraya', saveBody('P2', 'SETTLEMENT', { diagnosisRule: all(anyOf('diagnoses', 'Appendicitis')) }))
      ).json<RuleDryRunResult>();
      expect(same).toMatchObject({
        considered: 2,
        unchanged: 2,
        transitions: [],
        claims: [],
        annotations: { agreeBefore: 0, agreeAfter: 0 },
      });
      const one = (await dryRunOf('vitraya', { ...saveBody('P2', 'SETTLEMENT'), limit: 1 })).json<RuleDryRunResult>();
      expect(one).toMatchObject({ considered: 1, limit: 1 });

      // The insurer's draft that drops its own stricter diagnosis: the leaf that flips is the one it no longer fails.
      const looser = (
        await dryRunOf('starhealth', saveBody('P2', 'SETTLEMENT', { diagnosisRule: all(anyOf('diagnoses', 'Appendicitis')) }))
      ).json<RuleDryRunResult>();
      expect(looser).toMatchObject({ considered: 1, transitions: [{ from: 'REJECTED', to: 'ACCEPTED', count: 1 }] });
      expect(looser.claims[0]).toMatchObject({
        referenceClaimId: 'RULE-SH',
        flipped: [{ path: 'diagnosisRule.statements[0]', statement: 'Diagnoses: any 1 of Cataract', result: false }],
      });

      const malformed = await dryRunOf(
        'vitraya',
        saveBody('P2', 'SETTLEMENT', {
          diagnosisRule: all({ operator: 'VALUE_IN_RANGE', valueToCompare: { id: 1, name: 'Hb' }, range: [1] as never }),
        }),
      );
      expect(malformed.json()).toEqual({ detail: 'diagnosisRule.statements[0]: a range needs two bounds' });
      expect((await dryRunOf('vitraya', { ...saveBody('P2', 'SETTLEMENT'), limit: 51 })).statusCode).toBe(400);

      // Nothing was stored: the claims keep their verdicts and the rules their versions.
      expect((await claimRow('RULE-VT')).adjudicationResult).toBe('ACCEPTED');
      expect((await ruleOf('vitraya', 'P2', 'SETTLEMENT')).version).toBe(1);
    });

    test('the dry run is limited per user and stops at its time allowance, saying how many claims it tried', async () => {
      // An app of its own with no time allowance, so it stops after the first claim; and a fresh count of calls (on
      // PostgreSQL the counts are the database's, shared with the suite's app).
      const hurried = await testApp(testDb.database, {}, { dryRunBudgetMs: 0 });
      await db().delete(rateLimitHits);
      try {
        const run = (user: string, org: string) =>
          hurried.inject({
            method: 'POST',
            url: `${BASE}/rules/dryRun?org=${org}`,
            headers: bearer(tokens[user]),
            payload: saveBody('P2', 'SETTLEMENT', { diagnosisRule: all(anyOf('diagnoses', 'Cataract')) }),
          });
        const first = await run('vitraya.admin', 'vitraya');
        expect(first.json<RuleDryRunResult>()).toMatchObject({ found: 2, considered: 1, stoppedEarly: true, limit: 25 });
        const { unchanged, claims: changed } = first.json<RuleDryRunResult>();
        expect(unchanged + changed.length).toBe(1);
        for (let i = 1; i < EXPENSIVE_CALLS_PER_MINUTE; i++) expect((await run('vitraya.admin', 'vitraya')).statusCode).toBe(200);
        const refused = await run('vitraya.admin', 'vitraya');
        expect({ status: refused.statusCode, detail: refused.json().detail }).toEqual({
          status: 429,
          detail: expect.stringMatching(/^Too many attempts, retry in /),
        });
        expect((await run('starhealth.admin', 'starhealth')).statusCode).toBe(200);
      } finally {
        await hurried.close();
        await db().delete(rateLimitHits);
      }
      // With its allowance every claim found is tried.
      const unhurried = (await dryRunOf('vitraya', saveBody('P2', 'SETTLEMENT'))).json<RuleDryRunResult>();
      expect(unhurried).toMatchObject({ found: 2, considered: 2, stoppedEarly: false });
    });

    test("what the rule builder saves judges the claim's next verification; a deleted rule's versions stay readable", async () => {
      // starhealth's own rule wants Cataract (REJECTED); the builder's save of the diagnosis tree alone makes it Appendicitis.
      const built = await call('vitraya.admin', 'POST', `/rules?org=starhealth&id=${override.id}`, {
        rules_configuration: { diagnosisRule: all(anyOf('diagnoses', 'Appendicitis')) },
        version: 1,
      });
      expect(built.json<Rule>()).toMatchObject({ version: 2, diagnosisRule: all(anyOf('diagnoses', 'Appendicitis')) });
      const rerun = await app.inject({
        method: 'PUT',
        url: `${BASE}/claims/${claimIds['RULE-SH']}?org=starhealth`,
        headers: { ...bearer(tokens['vitraya.admin']), 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'status=OCRED&rerunFlag=true&adjudicate=true',
      });
      expect(rerun.statusCode).toBe(200);
      const worker = startVerificationWorker({ db: db(), store: app.documentStore, concurrency: 1, pollMs: 25, log: quiet });
      await worker.drain();
      await worker.stop();
      const judged = await claimRow('RULE-SH');
      expect({ result: judged.adjudicationResult, ...judged.adjudicationDetails?.P2 }).toMatchObject({
        result: 'ACCEPTED',
        ruleId: override.id,
        ruleVersion: 2,
      });

      // Deleting the rule keeps the versions its verdicts name, for whoever could read the rule.
      expect((await call('vitraya.admin', 'DELETE', `/rules/${override.id}?org=starhealth`, {})).statusCode).toBe(200);
      expect((await call('starhealth.reviewer', 'GET', `/rules/${override.id}?org=starhealth`)).statusCode).toBe(404);
      for (const user of ['starhealth.reviewer', 'vitraya.admin']) {
        const kept = await call(user, 'GET', `/rules/${override.id}/versions`);
        expect({ user, status: kept.statusCode }).toEqual({ user, status: 200 });
        expect(kept.json<RuleVersion[]>().map((v) => [v.version, v.current])).toEqual([
          [2, false],
          [1, false],
        ]);
        expect(kept.json<RuleVersion[]>()[0].diagnosisRule).toEqual(all(anyOf('diagnoses', 'Appendicitis')));
      }
      const foreign = await call('bajaj.admin', 'GET', `/rules/${override.id}/versions`);
      expect({ status: foreign.statusCode, detail: foreign.json().detail }).toEqual({
        status: 404,
        detail: `Rule ${override.id} not found`,
      });
      expect((await call('vitraya.admin', 'GET', '/rules/999999/versions')).statusCode).toBe(404);
      // A rule that was never saved again after it was written keeps its one version too.
      const once = (await call('vitraya.admin', 'POST', '/rules?org=ML', saveBody('P1', 'PRE_AUTH'))).json<Rule>();
      await call('vitraya.admin', 'DELETE', `/rules/${once.id}?org=ML`, {});
      const single = await call('ml.admin', 'GET', `/rules/${once.id}/versions`);
      expect(single.json<RuleVersion[]>().map((v) => [v.version, v.current, v.saved_by])).toEqual([[1, false, 'vitraya.admin']]);
    });
  });
});
