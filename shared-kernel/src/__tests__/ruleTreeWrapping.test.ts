import type { RuleStatement } from '../contract';
import { unwrappedStatement } from '../rule-statements';
import { entryFields } from '../ui/auditChanges';

const leaf: RuleStatement = {
  operator: 'ANY_OF_N_VALUES_IS_PRESENT',
  entityName: 'procedures',
  numberOfValues: 1,
  valuesToFind: ['Cataract Surgery'],
};
const wrapped = (statement: RuleStatement): RuleStatement => ({ booleanOperator: 'AND', statements: [statement] });

it('reads an AND group of one statement without a description as that statement, and nothing else', () => {
  expect(unwrappedStatement(wrapped(wrapped(leaf)))).toEqual(leaf);
  expect(unwrappedStatement(leaf)).toEqual(leaf);
  expect(unwrappedStatement(null)).toBeNull();
  const described: RuleStatement = { ...wrapped(leaf), description: 'kept' };
  expect(unwrappedStatement(described)).toBe(described);
  const either: RuleStatement = { booleanOperator: 'OR', statements: [leaf] };
  expect(unwrappedStatement(either)).toBe(either);
  const two = { booleanOperator: 'AND', statements: [leaf, leaf] } as RuleStatement;
  expect(unwrappedStatement(two)).toBe(two);
});

it("leaves out of an audit entry's fields a rule tree that only changed its wrapping (keys in any order)", () => {
  const reordered = {
    valuesToFind: ['Cataract Surgery'],
    numberOfValues: 1,
    entityName: 'procedures',
    operator: 'ANY_OF_N_VALUES_IS_PRESENT',
  };
  const entry = {
    before: { procedureRule: wrapped(leaf), diagnosisRule: leaf, case_type: 'SETTLEMENT' },
    after: { procedureRule: reordered, diagnosisRule: { ...leaf, valuesToFind: ['Cataract'] }, case_type: 'PRE_AUTH' },
  };
  expect(entryFields(entry)).toEqual(['diagnosisRule', 'case_type']);
});
