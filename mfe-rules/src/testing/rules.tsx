/** The editor's test fixtures: the lookups its pickers read, a stored rule, and the routes with the location shown. */
import type { Procedure, Rule } from '@claims/shared-kernel';
import { renderScreen, type FakeRoutes } from '@claims/shared-kernel/testing';
import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { clinicalAttribute, keyword } from './fixtures';
import RulesRoutes from '../routes';

const group = { id: 1, name: 'Ophthalmology' };
const cataract: Procedure = {
  id: 3,
  procedure_code: 'id002',
  name: 'Cataract Surgery',
  snomedct_code: '54885007',
  procedure_group: group,
  alias: [],
};
const appendectomy: Procedure = { ...cataract, id: 4, procedure_code: 'id001', name: 'Appendectomy', procedure_group: null };

/** The masters every picker of the editor reads, and the (empty) list it returns to. */
export const LOOKUPS = {
  'GET /procedures': [cataract, appendectomy],
  'GET /diagnoses': [keyword(11, 'Cataract'), keyword(12, 'Glaucoma')],
  'GET /evidence': [keyword(21, 'A-scan biometry')],
  'GET /drugs': [keyword(31, 'Moxifloxacin')],
  'GET /tissues': [keyword(41, 'Lens')],
  'GET /document': [keyword(51, 'Discharge Summary'), keyword(52, 'Final Bill')],
  'GET /clinicalAttribute': [clinicalAttribute(61, 'Axial Length'), clinicalAttribute(62, 'Haemoglobin')],
  // The list the editor returns to.
  'GET /rules': [],
} satisfies FakeRoutes;

/** A stored settlement rule of the provider for Cataract Surgery; its rules_configuration is its four trees, as the api reads it. */
export function storedRule(overrides: Partial<Rule> = {}): Rule {
  const rule = storedRuleFields(overrides);
  const { procedureRule, diagnosisRule, documentRule, clinicalTermsRule } = rule;
  return { ...rule, rules_configuration: { procedureRule, diagnosisRule, documentRule, clinicalTermsRule } };
}

const storedRuleFields = (overrides: Partial<Rule>): Rule => ({
  id: 12,
  org: 'vitraya',
  fk_procedure: 3,
  procedures: { id: 3, procedure_code: 'id002', name: 'Cataract Surgery', snomedct_code: '54885007', procedure_group: group },
  case_type: 'SETTLEMENT',
  procedureRule: {
    booleanOperator: 'AND',
    statements: [
      { operator: 'ANY_OF_N_VALUES_IS_PRESENT', entityName: 'procedures', numberOfValues: 1, valuesToFind: ['Cataract Surgery'] },
    ],
  },
  diagnosisRule: null,
  documentRule: null,
  clinicalTermsRule: {
    booleanOperator: 'AND',
    statements: [
      { operator: 'VALUE_IN_RANGE', entityName: 'clinicalattribute', valueToCompare: { id: 61, name: 'Axial Length' }, range: [20, 26] },
    ],
  },
  rule_template: null,
  query_rule: null,
  rules_configuration: { procedureRule: null, diagnosisRule: null, documentRule: null, clinicalTermsRule: null },
  fk_diagnosis: [],
  fk_document: [51],
  fk_tissue: [],
  fk_drug: [],
  fk_evidence: [],
  fk_clinical_attribute: [61],
  fk_clinical_inc_document: [],
  fk_clinical_exc_document: [],
  fk_exc_document: [],
  diagnosis: [],
  document: [{ id: 51, name: 'Discharge Summary' }],
  tissue: [],
  drug: [],
  evidence: [],
  clinicalAttributes: [{ id: 61, name: 'Axial Length' }],
  defaultDocumentExclusionList: [],
  defaultClinicalInclusionList: [],
  defaultClinicalExclusionList: [],
  version: 3,
  modification_history: [],
  created_by: 'vitraya.admin',
  created_at: '2024-01-01T00:00:00Z',
  last_modified_by: 'vitraya.admin',
  last_modified_at: '2024-03-05T10:00:00Z',
  ...overrides,
});

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/** The rules area at `route`, with the current location in a test id. */
export const renderRules = (route: string) =>
  renderScreen(
    <>
      <RulesRoutes />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    route,
  );

export const location = () => screen.getByTestId('location').textContent;
