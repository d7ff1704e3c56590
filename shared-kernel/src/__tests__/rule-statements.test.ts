import type { RuleStatement } from '../contract';
import { cleanStatement, parseDecimal, splitValueList, statementOutline, statementProblems, statementText } from '../rule-statements';

const hb = { id: 4, name: 'Haemoglobin' };

describe('cleanStatement', () => {
  it('removes editor-only fields and results, drops empty leaves and the groups they empty', () => {
    const tree: RuleStatement = {
      id: 'a',
      level: 0,
      parentId: null,
      booleanOperator: 'AND',
      statements: [
        {
          id: 'b',
          parentId: 'a',
          level: 1,
          operator: 'ANY_OF_N_VALUES_IS_PRESENT',
          valuesToFind: ['X'],
          conditionResult: false,
          valueFound: 'x',
        },
        { id: 'c', parentId: 'a', level: 1, description: 'left empty' },
        { id: 'd', parentId: 'a', level: 1, booleanOperator: 'OR', statements: [{ id: 'e', parentId: 'd', level: 2 }] },
      ],
    };
    expect(cleanStatement(tree)).toEqual({
      booleanOperator: 'AND',
      statements: [{ operator: 'ANY_OF_N_VALUES_IS_PRESENT', valuesToFind: ['X'] }],
    });
    expect(cleanStatement({ booleanOperator: 'OR', statements: [{}] })).toBeNull();
    expect(cleanStatement({ booleanOperator: 'OR' })).toBeNull();
    expect(cleanStatement(null)).toBeNull();
  });
});

describe('statementProblems', () => {
  const problems = (node: unknown) => statementProblems(node as RuleStatement, 'procedureRule');

  it('accepts every well-formed operator and ignores empty leaves', () => {
    const tree = {
      booleanOperator: 'OR',
      statements: [
        { operator: 'ANY_OF_N_VALUES_IS_PRESENT', entityName: 'diagnoses', numberOfValues: 2, valuesToFind: ['A', 'B'] },
        { operator: 'ALL_OF_THE_VALUES_ARE_PRESENT', entityName: 'document', valuesToFind: ['Discharge Summary'] },
        { operator: 'VALUE_GREATER_THAN', valueToCompare: hb, value: 10 },
        { operator: 'VALUE_EQUAL_TO', valueToCompare: hb, value: '-2.5' },
        { operator: 'VALUE_IN_RANGE', valueToCompare: hb, range: [8, 12] },
        { operator: 'VALUE_NOT_IN', valueToCompare: hb, value: ['low', 'high'] },
        { id: 'empty' },
      ],
    };
    expect(problems(tree)).toEqual([]);
  });

  it('names each malformed statement by its path', () => {
    const tree = {
      booleanOperator: 'AND',
      statements: [
        { operator: 'SOMETIMES' },
        {
          booleanOperator: 'OR',
          statements: [
            { operator: 'VALUE_IN_RANGE', valueToCompare: hb, range: [8] },
            { operator: 'VALUE_GREATER_THAN', valueToCompare: hb, value: 'ten' },
            { operator: 'ANY_OF_N_VALUES_IS_PRESENT', entityName: 'drugs', valuesToFind: [] },
          ],
        },
        { operator: 'ANY_OF_N_VALUES_IS_PRESENT', valuesToFind: ['A'], numberOfValues: 2 },
        { operator: 'VALUE_IN', valueToCompare: hb, value: ' , ' },
        { operator: 'VALUE_LESS_THAN', value: 3 },
        { booleanOperator: 'XOR', statements: [] },
        { operator: 'VALUE_IN_RANGE', valueToCompare: hb, range: [12, 8] },
        { operator: 'ALL_OF_THE_VALUES_ARE_PRESENT', entityName: 'organs', valuesToFind: ['A'] },
      ],
    };
    expect(problems(tree)).toEqual([
      { path: 'procedureRule.statements[0]', message: "unknown operator 'SOMETIMES'" },
      { path: 'procedureRule.statements[1].statements[0]', message: 'a range needs two bounds' },
      { path: 'procedureRule.statements[1].statements[1]', message: 'VALUE_GREATER_THAN needs a number' },
      { path: 'procedureRule.statements[1].statements[2]', message: 'a leaf without values: choose at least one value to find' },
      { path: 'procedureRule.statements[2]', message: 'asks for any 2 of only 1 value' },
      { path: 'procedureRule.statements[3]', message: 'VALUE_IN needs at least one value' },
      { path: 'procedureRule.statements[4]', message: 'VALUE_LESS_THAN needs the clinical attribute to compare' },
      { path: 'procedureRule.statements[5]', message: "unknown boolean operator 'XOR'" },
      { path: 'procedureRule.statements[6]', message: 'the lower bound of the range is above the upper bound' },
      { path: 'procedureRule.statements[7]', message: "unknown entity 'organs'" },
    ]);
  });

  it('refuses a node that is both a condition and a group, and a group without AND or OR', () => {
    expect(problems({ operator: 'VALUE_IN', booleanOperator: 'AND', statements: [] })[0].message).toMatch(/not both/);
    expect(problems({ statements: [{ operator: 'VALUE_IN', valueToCompare: hb, value: ['a'] }] })).toEqual([
      { path: 'procedureRule', message: 'a group needs AND or OR' },
    ]);
  });
});

describe('the builder input rules (spec 3 §5)', () => {
  it('takes decimals with an optional sign and fraction, nothing else', () => {
    expect(['10', '-2.5', '+3', '0.75', '.5', '7.'].map(parseDecimal)).toEqual([10, -2.5, 3, 0.75, 0.5, 7]);
    expect(['', 'ten', '1e3', '1,5', '--1', ' '].map(parseDecimal)).toEqual([null, null, null, null, null, null]);
  });

  it('splits VALUE_IN text on commas, trimmed, blanks dropped', () => {
    expect(splitValueList(' 6/24, ,Counting Fingers ,')).toEqual(['6/24', 'Counting Fingers']);
  });
});

describe('statements in words', () => {
  it('reads each kind of statement, its documents and its description', () => {
    expect(
      statementText({
        operator: 'ANY_OF_N_VALUES_IS_PRESENT',
        entityName: 'diagnoses',
        numberOfValues: 1,
        valuesToFind: ['Cataract', 'Glaucoma'],
        documentInclusionList: ['Discharge Summary'],
        documentExclusionList: ['Final Bill'],
      }),
    ).toBe('Diagnoses: any 1 of Cataract, Glaucoma (in Discharge Summary; not in Final Bill)');
    expect(statementText({ operator: 'VALUE_LESS_THAN', valueToCompare: hb, value: 10, description: 'anaemia' })).toBe(
      'Haemoglobin < 10 [anaemia]',
    );
    expect(statementText({ operator: 'VALUE_IN_RANGE', valueToCompare: hb, range: [8, 12] })).toBe('Haemoglobin between 8 and 12');
    expect(statementText({ operator: 'VALUE_IN', valueToCompare: hb, value: 'a, b' })).toBe('Haemoglobin is one of a, b');
  });

  it('outlines a tree one indented line per statement', () => {
    expect(
      statementOutline({
        booleanOperator: 'AND',
        statements: [
          { operator: 'ALL_OF_THE_VALUES_ARE_PRESENT', entityName: 'document', valuesToFind: ['A'] },
          { booleanOperator: 'OR', statements: [{ operator: 'VALUE_NOT_IN', valueToCompare: hb, value: ['x'] }] },
        ],
      }),
    ).toEqual([
      'All of the statements should be true',
      '  Documents: all of A',
      '  Any of the statements should be true',
      '    Haemoglobin is none of x',
    ]);
  });
});
