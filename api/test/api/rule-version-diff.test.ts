/**
 * A rule version's differences (issue 25 §6): a lone statement and an AND group of it alone are one tree, so
 * versions saved by the editor that wrapped every tree compare right with those saved as built, and a
 * description edit shows as that statement alone.
 */
import { and, eq } from 'drizzle-orm';
import type { RuleStatement } from '@claims/shared-kernel/contract';
import { procedures, rules, ruleVersions, type RuleVersionContent } from '../../src/db/schema';
import { listVersions } from '../../src/rules/versions';
import { DATABASES } from '../../testing/databases';
import type { TestDatabase } from '../../testing/http';

const leaf = (description?: string): RuleStatement => ({
  operator: 'ANY_OF_N_VALUES_IS_PRESENT',
  entityName: 'procedures',
  numberOfValues: 1,
  valuesToFind: ['Cataract Surgery'],
  ...(description ? { description } : {}),
});
const wrapped = (statement: RuleStatement): RuleStatement => ({ booleanOperator: 'AND', statements: [statement] });
const range: RuleStatement = {
  operator: 'VALUE_IN_RANGE',
  entityName: 'clinicalattribute',
  valueToCompare: { id: 1, name: 'Axial Length' },
  range: [20, 26],
};

describe.each(DATABASES)('rule version differences on %s', (_name, open) => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await open();
  }, 60_000);

  afterAll(async () => {
    await testDb?.drop();
  });

  test('a lone statement and its AND group compare as one tree; a description edit is that line alone', async () => {
    const db = testDb.database.db;
    const [rule] = await db
      .select()
      .from(rules)
      .innerJoin(procedures, eq(procedures.id, rules.procedureId))
      .where(and(eq(rules.org, 'vitraya'), eq(procedures.procedureCode, 'P1'), eq(rules.caseType, 'SETTLEMENT')));
    const content = (procedureRule: RuleStatement, clinicalTermsRule: RuleStatement): RuleVersionContent => ({
      caseType: 'SETTLEMENT',
      procedureRule,
      diagnosisRule: null,
      documentRule: null,
      clinicalTermsRule,
      queryRule: null,
      ruleTemplate: null,
      rulesConfiguration: null,
      selections: rule.rules.selections,
    });
    const ruleId = rule.rules.id;
    await db.insert(ruleVersions).values([
      // As the seed stored it, then as the wrapping editor saved it with a description edited, then unwrapped again.
      { ruleId, org: 'vitraya', version: 11, content: content(leaf('the surgery'), range) },
      { ruleId, org: 'vitraya', version: 12, content: content(wrapped(leaf('the lens surgery')), wrapped(range)) },
      { ruleId, org: 'vitraya', version: 13, content: content(leaf('the lens surgery'), range) },
    ]);
    const versions = (await listVersions(db, ruleId, null)).filter((v) => v.version > 10);
    const changes = Object.fromEntries(versions.map((v) => [v.version, v.changes]));
    expect(changes[12]).toEqual([
      {
        field: 'procedureRule',
        label: 'Procedure Rule',
        added: ['Procedures: any 1 of Cataract Surgery [the lens surgery]'],
        removed: ['Procedures: any 1 of Cataract Surgery [the surgery]'],
      },
    ]);
    expect(changes[13]).toEqual([]);
  });
});
