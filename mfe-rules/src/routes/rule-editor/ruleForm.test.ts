import type { Rule } from '@claims/shared-kernel';
import { addCondition, setOperator } from '../../components/rule-builder/ruleTree';
import type { BuilderMasters } from '../../components/rule-builder/useBuilderMasters';
import { draftFor, draftOf, draftProblems, saveBodyOf, storedSaveBody } from './ruleForm';

const masters: BuilderMasters = {
  entities: {
    procedures: [{ id: 3, name: 'Cataract Surgery' }],
    diagnoses: [
      { id: 11, name: 'Cataract' },
      { id: 12, name: 'Glaucoma' },
    ],
    evidence: [{ id: 21, name: 'A-scan biometry' }],
    drugs: [{ id: 31, name: 'Moxifloxacin' }],
    tissues: [{ id: 41, name: 'Lens' }],
    document: [
      { id: 51, name: 'Discharge Summary' },
      { id: 52, name: 'Final Bill' },
    ],
    clinicalattribute: [{ id: 61, name: 'Axial Length' }],
  },
  clinicalAttributes: [{ id: 61, name: 'Axial Length' }],
};

const rule = {
  id: 7,
  org: 'vitraya',
  fk_procedure: 3,
  case_type: 'SETTLEMENT',
  procedureRule: {
    operator: 'ANY_OF_N_VALUES_IS_PRESENT',
    entityName: 'procedures',
    numberOfValues: 1,
    valuesToFind: ['Cataract Surgery'],
  },
  diagnosisRule: {
    booleanOperator: 'OR',
    statements: [
      { operator: 'ALL_OF_THE_VALUES_ARE_PRESENT', entityName: 'diagnoses', valuesToFind: ['cataract', 'Unknown thing'] },
      { operator: 'ANY_OF_N_VALUES_IS_PRESENT', entityName: 'evidence', numberOfValues: 1, valuesToFind: ['A-scan biometry'] },
    ],
  },
  documentRule: {
    booleanOperator: 'AND',
    statements: [{ operator: 'ALL_OF_THE_VALUES_ARE_PRESENT', entityName: 'document', valuesToFind: ['Final Bill'] }],
  },
  clinicalTermsRule: {
    booleanOperator: 'AND',
    statements: [
      { operator: 'VALUE_IN_RANGE', entityName: 'clinicalattribute', valueToCompare: { id: 61, name: 'Axial Length' }, range: [20, 26] },
      { operator: 'ANY_OF_N_VALUES_IS_PRESENT', entityName: 'drugs', numberOfValues: 1, valuesToFind: ['Moxifloxacin'] },
      { operator: 'ANY_OF_N_VALUES_IS_PRESENT', entityName: 'tissues', numberOfValues: 1, valuesToFind: ['Lens'] },
    ],
  },
  rule_template: 'cataract',
  query_rule: null,
  rules_configuration: { procedureRule: null, diagnosisRule: null, documentRule: null, clinicalTermsRule: null },
  fk_document: [51],
  fk_exc_document: [52],
  fk_clinical_inc_document: [],
  fk_clinical_exc_document: [51, 52],
  // Stored selections (the names a condition looks for that no master lists are not among them).
  fk_diagnosis: [11, 12],
  fk_evidence: [21],
  fk_drug: [31],
  fk_tissue: [41],
  fk_clinical_attribute: [61],
} as unknown as Rule; // the fields the form reads

it('sends the trees cleaned, the pickers, what the form does not edit, and the lists the conditions name', () => {
  const body = saveBodyOf(draftOf(rule), masters);
  expect(body).toEqual({
    fk_procedure: 3,
    case_type: 'SETTLEMENT',
    // Loaded as one statement, saved as one: the builder's group around it is not a change.
    procedureRule: rule.procedureRule,
    diagnosisRule: rule.diagnosisRule,
    documentRule: rule.documentRule,
    clinicalTermsRule: rule.clinicalTermsRule,
    rule_template: 'cataract',
    query_rule: null,
    fk_document: [51],
    fk_exc_document: [52],
    fk_clinical_inc_document: [],
    fk_clinical_exc_document: [51, 52],
    fk_diagnosis: [11],
    fk_evidence: [21],
    fk_drug: [31],
    fk_tissue: [41],
    fk_clinical_attribute: [61],
    segregationDocumentTypes: ['Discharge Summary', 'Final Bill'],
    clinicalAttributeKeywordList: ['Axial Length'],
    proceduresList: ['Cataract Surgery'],
    diagnosisList: ['cataract', 'Unknown thing'],
    evidenceList: ['A-scan biometry'],
    drugsList: ['Moxifloxacin'],
    tissuesList: ['Lens'],
  });
  // Statements carry no editor id (a string), level or parentId; a clinical attribute keeps its own id.
  expect(JSON.stringify(body)).not.toMatch(/"(level|parentId)":|"id":"/);
});

it('starts a new rule empty, as a settlement', () => {
  const draft = draftOf();
  expect(draft).toMatchObject({ procedureId: null, caseType: 'SETTLEMENT', kept: {} });
  expect(() => saveBodyOf(draft, masters)).toThrow('A rule needs a procedure');
  expect(saveBodyOf({ ...draft, procedureId: 3 }, masters)).toMatchObject({
    procedureRule: null,
    diagnosisRule: null,
    documentRule: null,
    clinicalTermsRule: null,
    fk_diagnosis: [],
  });
});

it('fills the other case type with the same content, as new statements', () => {
  const draft = draftOf(rule);
  const other = draftFor(draft, 'PRE_AUTH');
  expect(other.caseType).toBe('PRE_AUTH');
  expect(other.trees.diagnosisRule.id).not.toBe(draft.trees.diagnosisRule.id);
  const { case_type: _a, ...same } = saveBodyOf(other, masters);
  const { case_type: _b, ...first } = saveBodyOf(draft, masters);
  expect(same).toEqual(first);
});

it("names the trees' malformed statements as the api does", () => {
  const draft = draftOf(rule);
  let tree = addCondition(draft.trees.documentRule, draft.trees.documentRule.id);
  tree = setOperator(tree, tree.statements![1].id, 'VALUE_GREATER_THAN', 'document');
  expect(draftProblems({ ...draft, trees: { ...draft.trees, documentRule: tree } })).toEqual([
    { path: 'documentRule.statements[1]', message: 'VALUE_GREATER_THAN needs the clinical attribute to compare' },
  ]);
  expect(draftProblems(draft)).toEqual([]);
});

it('an override starts from the stored rule, not from what the editor changed: its trees and selections as stored', () => {
  const stored = storedSaveBody(rule, masters);
  const { fk_diagnosis: _derived, ...fromTrees } = saveBodyOf(draftOf(rule), masters);
  expect(stored).toEqual({ ...fromTrees, fk_diagnosis: [11, 12] });
  // The rule builder's rules_configuration is not sent back: the trees are.
  expect(stored).not.toHaveProperty('rules_configuration');
});

it('saves a tree loaded as one statement as a group once a second statement joins it', () => {
  const draft = draftOf(rule);
  const procedureRule = addCondition(draft.trees.procedureRule, draft.trees.procedureRule.id);
  const withSecond = setOperator(procedureRule, procedureRule.statements![1].id, 'ANY_OF_N_VALUES_IS_PRESENT', 'procedures');
  const tree = { ...withSecond, statements: [withSecond.statements![0], { ...withSecond.statements![1], valuesToFind: ['Lens'] }] };
  const body = saveBodyOf({ ...draft, trees: { ...draft.trees, procedureRule: tree } }, masters);
  expect(body.procedureRule).toEqual({
    booleanOperator: 'AND',
    statements: [
      rule.procedureRule,
      { operator: 'ANY_OF_N_VALUES_IS_PRESENT', entityName: 'procedures', numberOfValues: 1, valuesToFind: ['Lens'] },
    ],
  });
  // A tree loaded as a group stays one, even with one statement in it.
  expect(body.documentRule).toEqual(rule.documentRule);
});
