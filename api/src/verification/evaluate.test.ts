import { describe, expect, it } from '@jest/globals';
import type { RuleStatement } from '@claims/shared-kernel/contract';
import { prepareClaim } from './context';
import { evaluateNode, type RuleScope } from './evaluate';
import { attribute, docFromText, emptyMasters, keyword } from '../../testing/verification/fixtures';
import type { ClinicalAttributeMaster, RuleDefinition, VerificationFacts } from './types';

const hb = attribute('Hemoglobin', { alias: ['Hb'], units: [{ id: 1, name: 'g/dL', alias: [{ keyword: 'g/dl', conversion_unit: 1 }] }] });
const size = attribute('Fibroid size', {
  value_type: 'NumberRange',
  units: [{ id: 2, name: 'cm', alias: [{ keyword: 'cm', conversion_unit: 1 }] }],
});
const laterality = attribute('Laterality', {
  value_type: 'Text',
  text_possible_values: [
    { text_value: 'Right', text_value_alias: ['Rt'] },
    { text_value: 'Left', text_value_alias: ['Lt'] },
  ],
});
const normal = attribute('Blood sugar', { number_range: { lower_limit: 70, upper_limit: 140 } });
const absent = attribute('Axial length');

const masters = emptyMasters({
  documents: [keyword('Discharge Summary'), keyword('Bill'), keyword('Lab Report')],
  diagnoses: [keyword('Senile cataract', ['Age related cataract'], { ICD_code: 'H25.9' }), keyword('Glaucoma'), keyword('Pseudophakia')],
  evidence: [keyword('Lens opacity'), keyword('Visual acuity')],
  drugs: [keyword('Moxifloxacin')],
  clinicalAttributes: [hb, size, laterality, normal, absent],
});

const documents = [
  docFromText(
    'summary.pdf',
    [
      'DISCHARGE SUMMARY\nDiagnosis: Age related cataract, right eye\nLens opacity noted\nHb: 11.5 g/dL\nLaterality: Rt\nFibroid size 3-4 cm\nBlood sugar 150',
    ],
    1,
  ),
  docFromText('bill.pdf', ['BILL\nMoxifloxacin eye drops\nGlaucoma screening charges'], 2),
];

const NO_LISTS = { documentExclusionList: [], clinicalInclusionDocuments: [], clinicalExclusionDocuments: [] };

type Options = { facts?: VerificationFacts; rule?: Partial<RuleDefinition>; attributes?: ClinicalAttributeMaster[] };

const prepared = (node: RuleStatement, options: Options = {}) => {
  const context = prepareClaim({
    claim: { id: 1, caseType: 'SETTLEMENT', procedureCodes: ['P1'], hospitalCode: 'H1', organization: 'vitraya' },
    documents,
    masters,
    rules: {},
    facts: options.facts,
  });
  const scope: RuleScope = { procedureCode: 'P1', procedureName: null, rule: { ...NO_LISTS, ...options.rule } };
  return { context, scope };
};

const evaluate = (node: RuleStatement, options: Options = {}) => {
  const { context, scope } = prepared(node, options);
  return evaluateNode(node, context, scope);
};

/** The tree's result. */
const result = (node: RuleStatement, options?: Options) => evaluate(node, options).statement.conditionResult;

const any = (
  entityName: RuleStatement['entityName'],
  valuesToFind: string[],
  numberOfValues = 1,
  extra: Partial<RuleStatement> = {},
): RuleStatement => ({
  operator: 'ANY_OF_N_VALUES_IS_PRESENT',
  entityName,
  valuesToFind,
  numberOfValues,
  ...extra,
});
const compare = (operator: RuleStatement['operator'], attr: ClinicalAttributeMaster, extra: Partial<RuleStatement>): RuleStatement => ({
  operator,
  valueToCompare: { id: attr.id, name: attr.name },
  ...extra,
});

describe('presence operators', () => {
  it('ANY_OF_N_VALUES_IS_PRESENT needs numberOfValues of the values', () => {
    const one = evaluate(any('diagnoses', ['Senile cataract', 'Myopia']));
    expect(one.statement).toMatchObject({ conditionResult: true, conditionFound: true, valueFound: 'Senile cataract' });
    expect(one.statement.evidence?.[0]).toMatchObject({
      referenceToDocument: 'summary.pdf',
      pageNumber: 1,
      documentUrl: '/claims/1/documents/1',
    });
    const two = evaluate(any('diagnoses', ['Senile cataract', 'Myopia'], 2));
    expect(two.statement.conditionResult).toBe(false);
    expect(two.failure).toBe('Diagnosis not found: any 2 of Senile cataract, Myopia (found Senile cataract)');
    expect(result(any('diagnoses', ['Senile cataract', 'Glaucoma'], 2))).toBe(true);
  });

  it('ALL_OF_THE_VALUES_ARE_PRESENT needs every value', () => {
    expect(result({ operator: 'ALL_OF_THE_VALUES_ARE_PRESENT', entityName: 'evidence', valuesToFind: ['Lens opacity'] })).toBe(true);
    const missing = evaluate({
      operator: 'ALL_OF_THE_VALUES_ARE_PRESENT',
      entityName: 'evidence',
      valuesToFind: ['Lens opacity', 'Visual acuity'],
    });
    expect(missing.statement).toMatchObject({ conditionResult: false, conditionFound: true });
    expect(missing.failure).toBe('Evidence not found: all of Lens opacity, Visual acuity (missing Visual acuity)');
    expect(result({ operator: 'ALL_OF_THE_VALUES_ARE_PRESENT', entityName: 'evidence', valuesToFind: [] })).toBe(false);
  });

  it('looks only in the documents a leaf may use', () => {
    expect(result(any('diagnoses', ['Glaucoma']))).toBe(true);
    expect(result(any('diagnoses', ['Glaucoma'], 1, { documentExclusionList: ['Bill'] }))).toBe(false);
    expect(result(any('diagnoses', ['Glaucoma'], 1, { documentInclusionList: ['Discharge Summary'] }))).toBe(false);
    expect(result(any('diagnoses', ['Glaucoma']), { rule: { documentExclusionList: ['Bill'] } })).toBe(false);
    expect(
      result(any('diagnoses', ['Glaucoma'], 1, { documentInclusionList: ['Bill'] }), { rule: { documentExclusionList: ['Bill'] } }),
    ).toBe(true);
  });

  it('finds documents by segregation', () => {
    expect(result(any('document', ['Discharge Summary']))).toBe(true);
    const lab = evaluate(any('document', ['Lab Report', 'Histopathology Report']));
    expect(lab.statement.conditionResult).toBe(false);
    expect(lab.missingDocuments).toBe('Lab Report or Histopathology Report');
  });

  it('takes the entity kind from the masters when a leaf has no entityName', () => {
    const leaf = evaluate({ operator: 'ANY_OF_N_VALUES_IS_PRESENT', valuesToFind: ['Lab Report'], numberOfValues: 1 });
    expect(leaf.statement.conditionResult).toBe(false);
    expect(leaf.failure).toBe('Document not found: any 1 of Lab Report');
    expect(leaf.missingDocuments).toBe('Lab Report');
  });

  it('counts confirmed findings and answers as present', () => {
    expect(result(any('diagnoses', ['Pseudophakia']))).toBe(false);
    expect(result(any('diagnoses', ['Pseudophakia']), { facts: { findings: ['pseudophakia'] } })).toBe(true);
    expect(result(any('diagnoses', ['Pseudophakia']), { facts: { answers: { diagnosis: ['Pseudophakia'] } } })).toBe(true);
    expect(result(any('drugs', ['Pseudophakia']), { facts: { answers: { diagnosis: ['Pseudophakia'] } } })).toBe(false);
  });
});

describe('comparison operators', () => {
  const cases: [RuleStatement['operator'], number, boolean][] = [
    ['VALUE_GREATER_THAN', 11, true],
    ['VALUE_GREATER_THAN', 11.5, false],
    ['VALUE_GREATER_THAN_EQUAL_TO', 11.5, true],
    ['VALUE_GREATER_THAN_EQUAL_TO', 12, false],
    ['VALUE_LESS_THAN', 12, true],
    ['VALUE_LESS_THAN', 11.5, false],
    ['VALUE_LESS_THAN_EQUAL_TO', 11.5, true],
    ['VALUE_LESS_THAN_EQUAL_TO', 11, false],
    ['VALUE_EQUAL_TO', 11.5, true],
    ['VALUE_EQUAL_TO', 11, false],
    ['VALUE_NOT_EQUAL_TO', 11, true],
    ['VALUE_NOT_EQUAL_TO', 11.5, false],
  ];
  it.each(cases)('%s %d on Hb 11.5 is %s', (operator, value, expected) => {
    expect(result(compare(operator, hb, { value }))).toBe(expected);
  });

  it('carries the value, unit and evidence, and says why it failed', () => {
    const node = evaluate(compare('VALUE_GREATER_THAN', hb, { value: 12 }));
    expect(node.statement).toMatchObject({ conditionResult: false, conditionFound: true, valueFound: 11.5, unitFound: 'g/dL' });
    expect(node.statement.evidence?.[0]).toMatchObject({ referenceToDocument: 'summary.pdf', pageNumber: 1 });
    expect(node.failure).toBe('Hemoglobin is 11.5 g/dL, expected greater than 12');
  });

  it('VALUE_IN_RANGE with closed, open and default ranges', () => {
    expect(result(compare('VALUE_IN_RANGE', hb, { range: [10, 12] }))).toBe(true);
    expect(result(compare('VALUE_IN_RANGE', hb, { range: [12, null] }))).toBe(false);
    expect(result(compare('VALUE_IN_RANGE', hb, { range: [null, 12] }))).toBe(true);
    expect(result(compare('VALUE_IN_RANGE', size, { range: [2, 5] }))).toBe(true);
    expect(result(compare('VALUE_IN_RANGE', size, { range: [3.5, 5] }))).toBe(false);
    const sugar = evaluate(compare('VALUE_IN_RANGE', normal, {}));
    expect(sugar.statement.conditionResult).toBe(false);
    expect(sugar.failure).toBe('Blood sugar is 150, expected between 70 and 140');
  });

  it('compares a range value with both bounds', () => {
    expect(result(compare('VALUE_GREATER_THAN', size, { value: 2 }))).toBe(true);
    expect(result(compare('VALUE_GREATER_THAN', size, { value: 3 }))).toBe(false);
    expect(result(compare('VALUE_LESS_THAN', size, { value: 4 }))).toBe(false);
  });

  it('VALUE_IN and VALUE_NOT_IN on text, aliases counting as the value', () => {
    expect(result(compare('VALUE_IN', laterality, { value: ['Right', 'Bilateral'] }))).toBe(true);
    expect(result(compare('VALUE_IN', laterality, { value: 'left, bilateral' }))).toBe(false);
    expect(result(compare('VALUE_IN', laterality, { value: ['Rt'] }))).toBe(true);
    expect(result(compare('VALUE_NOT_IN', laterality, { value: ['Left'] }))).toBe(true);
    expect(result(compare('VALUE_NOT_IN', laterality, { value: ['Right'] }))).toBe(false);
    expect(result(compare('VALUE_EQUAL_TO', laterality, { value: 'right' }))).toBe(true);
    expect(result(compare('VALUE_IN', hb, { value: ['11.5', '12'] }))).toBe(true);
  });

  it('is false for every operator when the value is absent', () => {
    for (const operator of ['VALUE_NOT_EQUAL_TO', 'VALUE_NOT_IN', 'VALUE_LESS_THAN'] as const) {
      const node = evaluate(compare(operator, absent, { value: operator === 'VALUE_NOT_IN' ? ['x'] : 1 }));
      expect(node.statement).toMatchObject({ conditionResult: false, conditionFound: false, valueFound: null });
      expect(node.failure).toBe('Clinical attribute not found: Axial length');
    }
    expect(evaluate(compare('VALUE_LESS_THAN', attribute('Unknown thing'), { value: 1 })).failure).toBe(
      'Clinical attribute not configured: Unknown thing',
    );
  });

  it('takes a confirmed measurement over the documents', () => {
    const node = evaluate(compare('VALUE_GREATER_THAN', hb, { value: 12 }), {
      facts: { measurements: { Hb: { value: 13, unit: 'g/dL' } } },
    });
    expect(node.statement).toMatchObject({ conditionResult: true, valueFound: 13, unitFound: 'g/dL', evidence: [] });
  });
});

describe('compound statements', () => {
  const yes = any('diagnoses', ['Senile cataract']);
  const no = any('diagnoses', ['Myopia']);

  it('AND needs all, OR needs one, nested', () => {
    expect(result({ booleanOperator: 'AND', statements: [yes, no] })).toBe(false);
    expect(result({ booleanOperator: 'OR', statements: [no, yes] })).toBe(true);
    expect(result({ booleanOperator: 'AND', statements: [yes, { booleanOperator: 'OR', statements: [no, yes] }] })).toBe(true);
    expect(result({ booleanOperator: 'AND', statements: [] })).toBe(true);
  });

  it('evaluates every leaf, without short-circuit', () => {
    const tree = evaluate({ booleanOperator: 'OR', statements: [yes, no, compare('VALUE_LESS_THAN', hb, { value: 20 })] }).statement;
    expect(tree.statements?.map((s) => s.conditionResult)).toEqual([true, false, true]);
    expect(tree.statements?.[2]).toMatchObject({ valueFound: 11.5, unitFound: 'g/dL' });
  });

  it('keeps the fields of the stored rule', () => {
    const tree = evaluate({
      booleanOperator: 'AND',
      description: 'cataract confirmed',
      statements: [{ ...yes, description: 'diagnosis' }],
    }).statement;
    expect(tree).toMatchObject({ booleanOperator: 'AND', description: 'cataract confirmed', conditionResult: true });
    expect(tree.statements?.[0]).toMatchObject({ description: 'diagnosis', valuesToFind: ['Senile cataract'], numberOfValues: 1 });
  });
});
