import type { RuleListRow } from '@claims/shared-kernel';
import { renderScreen, signInAs, signOut } from '@claims/shared-kernel/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import * as api from '../../api/rules';
import RulesRoutes from '../index';

jest.mock('../../api/rules', () => ({
  fetchRulePage: jest.fn(),
  searchRules: jest.fn(),
  loadRuleFilterOptions: jest.fn(),
  fetchRule: jest.fn(),
}));
const mocked = jest.mocked(api);

const row = (id: number, code: string, name: string, diagnoses: string[], documents: string[]): RuleListRow => ({
  id,
  case_type: code.endsWith('_preauth') ? 'PRE_AUTH' : 'SETTLEMENT',
  procedures: { procedure_code: code, name },
  diagnosisList: diagnoses,
  document: documents,
});
const rows = [
  {
    ...row(11, 'id001_preauth', 'Appendectomy', ['Appendicitis', 'Abdominal pain'], ['Discharge Summary', 'USG Report']),
    total_count: 2,
    page_number: 1,
  },
  row(12, 'id002', 'Cataract Surgery', ['Cataract'], ['Discharge Summary']),
];
const options: api.RuleFilterOptions = {
  procedureCodes: ['id001', 'id002'],
  procedureNames: ['Appendectomy', 'Cataract Surgery'],
  diagnoses: ['Cataract', 'Dengue fever', 'Fever', 'Typhoid fever'],
  documents: ['Discharge Summary', 'USG Report'],
  clinicalAttributes: ['Haemoglobin', 'Platelet count'],
};

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}
const renderRules = (route = '/rules') =>
  renderScreen(
    <>
      <RulesRoutes />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    route,
  );

/** Opens an antd select by its aria-label and returns its search input. */
function openSelect(label: string): HTMLElement {
  const input = screen.getByLabelText(label);
  fireEvent.mouseDown(input.closest('.ant-select') ?? input);
  return input;
}
const openFilterPanel = () => fireEvent.click(screen.getByText('Filter', { selector: '.ant-collapse-title, .ant-collapse-title *' }));
/** The panel's Filter button (its collapsible header is a button named Filter too). */
const filterButton = () => screen.getAllByRole('button', { name: 'Filter' }).find((element) => element.tagName === 'BUTTON')!;

beforeEach(() => {
  jest.resetAllMocks();
  signInAs('vitraya', 'super_user');
  mocked.fetchRulePage.mockResolvedValue({ rows, total: 2 });
  mocked.searchRules.mockResolvedValue({ rows: [rows[1]], total: 1 });
  mocked.loadRuleFilterOptions.mockResolvedValue(options);
});
afterEach(() => signOut());

it("shows the title with the total, the lists joined, and a pre-auth code's suffix as a space", async () => {
  renderRules();
  expect(await screen.findByText('Procedure Protocol (2)')).toBeInTheDocument();
  for (const column of ['Procedure Code', 'Procedure', 'Diagnoses', 'Documents'])
    expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
  const codes = screen.getAllByTestId('procedure-code').map((code) => code.textContent);
  expect(codes).toEqual(['id001 ', 'id002']);
  expect(screen.getByText('Preauth')).toBeInTheDocument();
  const cells = screen.getAllByRole('cell').map((cell) => cell.textContent);
  expect(cells).toContain('Appendicitis, Abdominal pain');
  expect(cells).toContain('Discharge Summary, USG Report');
  expect(mocked.fetchRulePage).toHaveBeenCalledWith('vitraya', 1, 25);
});

it('asks for the chosen insurer, sending Niva Bupa as maxbupa', async () => {
  renderRules();
  await screen.findByText('Procedure Protocol (2)');
  openSelect('Insurer');
  fireEvent.click(await screen.findByTitle('Niva Bupa'));
  await waitFor(() => expect(mocked.fetchRulePage).toHaveBeenLastCalledWith('maxbupa', 1, 25));
  expect(screen.getByTestId('location')).toHaveTextContent('/rules?org=maxbupa');
});

it('opens a rule at /rules/view/{id}?org={insurer}', async () => {
  mocked.fetchRule.mockReturnValue(new Promise(() => undefined));
  renderRules('/rules?org=starhealth');
  fireEvent.click(await screen.findByText('Cataract Surgery'));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/rules/view/12?org=starhealth'));
  expect(mocked.fetchRulePage).toHaveBeenCalledWith('starhealth', 1, 25);
  expect(mocked.fetchRule).toHaveBeenCalledWith('12', 'starhealth', undefined);
});

it("shows an insurer user its own organisation's rules without a selector", async () => {
  signInAs('bajaj', 'user');
  renderRules('/rules?org=starhealth');
  await screen.findByText('Procedure Protocol (2)');
  expect(mocked.fetchRulePage).toHaveBeenCalledWith('bajaj', 1, 25);
  expect(screen.queryByLabelText('Insurer')).not.toBeInTheDocument();
});

it('keeps Filter disabled until something is chosen, then searches with the choices and resets', async () => {
  renderRules();
  await screen.findByText('Procedure Protocol (2)');
  openFilterPanel();
  await waitFor(() => expect(filterButton()).toBeDisabled());
  await waitFor(() => expect(mocked.loadRuleFilterOptions).toHaveBeenCalled());

  openSelect('Procedure Code');
  fireEvent.click(await screen.findByTitle('id002'));
  openSelect('Document');
  fireEvent.click(await screen.findByTitle('USG Report'));
  expect(filterButton()).toBeEnabled();
  fireEvent.click(filterButton());
  await waitFor(() =>
    expect(mocked.searchRules).toHaveBeenCalledWith('vitraya', { procedureCode: ['id002'], document: ['USG Report'] }, 1, 25),
  );
  expect(await screen.findByText('Procedure Protocol (1)')).toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: 'Reset Filter' }));
  expect(await screen.findByText('Procedure Protocol (2)')).toBeInTheDocument();
  expect(filterButton()).toBeDisabled();
  expect(mocked.fetchRulePage).toHaveBeenCalledTimes(2);
});

it('offers Select All for diagnoses only after 4 typed characters', async () => {
  renderRules();
  await screen.findByText('Procedure Protocol (2)');
  openFilterPanel();
  await waitFor(() => expect(mocked.loadRuleFilterOptions).toHaveBeenCalled());
  const input = openSelect('Diagnosis');
  fireEvent.change(input, { target: { value: 'fev' } });
  expect(await screen.findByTitle('Dengue fever')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Select All/ })).not.toBeInTheDocument();

  fireEvent.change(input, { target: { value: 'feve' } });
  fireEvent.click(await screen.findByRole('button', { name: 'Select All (3)' }));
  fireEvent.click(filterButton());
  await waitFor(() =>
    expect(mocked.searchRules).toHaveBeenCalledWith('vitraya', { diagnosis: ['Dengue fever', 'Fever', 'Typhoid fever'] }, 1, 25),
  );
});
