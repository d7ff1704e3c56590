import type { RuleListRow } from '@claims/shared-kernel';
import { failure, fakeApi, renderScreen, signInAs, signOut, type FakeApi } from '@claims/shared-kernel/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { clinicalAttribute, keyword, procedure } from '../../testing/fixtures';
import RulesRoutes from '../index';

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
/** The lookups the filter's pickers offer (in the api's order, which the pickers sort). */
const lookups = {
  'GET /procedures': [procedure(2, 'id002', 'Cataract Surgery'), procedure(1, 'id001', 'Appendectomy')],
  'GET /diagnoses': ['Typhoid fever', 'Cataract', 'Fever', 'Dengue fever'].map((name, i) => keyword(i + 1, name)),
  'GET /document': [keyword(1, 'USG Report'), keyword(2, 'Discharge Summary')],
  'GET /clinicalAttribute': [clinicalAttribute(1, 'Platelet count'), clinicalAttribute(2, 'Haemoglobin')],
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

/** The rules list calls as [org, limit, page_number]. */
const listed = () => api.callsTo('GET /rules').map(({ query }) => [query.get('org'), query.get('limit'), query.get('page_number')]);
/** The filter searches as the query (org, limit, page_number) and the body. */
const searched = () => api.callsTo('POST /rules/search').map(({ url, body }) => ({ url, body }));

let api: FakeApi;
beforeEach(() => {
  signInAs('vitraya', 'super_user');
  api = fakeApi({ ...lookups, 'GET /rules': rows, 'POST /rules/search': [{ ...rows[1], total_count: 1, page_number: 1 }] });
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
  expect(listed()).toEqual([['vitraya', '25', '1']]);
});

it('asks for the chosen insurer, sending Niva Bupa as maxbupa', async () => {
  renderRules();
  await screen.findByText('Procedure Protocol (2)');
  openSelect('Insurer');
  fireEvent.click(await screen.findByTitle('Niva Bupa'));
  await waitFor(() => expect(listed().at(-1)).toEqual(['maxbupa', '25', '1']));
  expect(screen.getByTestId('location')).toHaveTextContent('/rules?org=maxbupa');
});

it('opens a rule at /rules/view/{id}?org={insurer}', async () => {
  api.answer({ 'GET /rules/:id': failure(404, 'There is no Settlement case type rule for this procedure in starhealth') });
  renderRules('/rules?org=starhealth');
  fireEvent.click(await screen.findByText('Cataract Surgery'));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/rules/view/12?org=starhealth'));
  expect(listed()).toEqual([['starhealth', '25', '1']]);
  await waitFor(() => expect(api.callsTo('GET /rules/:id').map((call) => call.url)).toEqual(['/rules/12?org=starhealth']));
});

it("shows an insurer user its own organisation's rules without a selector", async () => {
  signInAs('bajaj', 'user');
  renderRules('/rules?org=starhealth');
  await screen.findByText('Procedure Protocol (2)');
  expect(listed()).toEqual([['bajaj', '25', '1']]);
  expect(screen.queryByLabelText('Insurer')).not.toBeInTheDocument();
});

it('keeps Filter disabled until something is chosen, then searches with the choices and resets', async () => {
  renderRules();
  await screen.findByText('Procedure Protocol (2)');
  openFilterPanel();
  await waitFor(() => expect(filterButton()).toBeDisabled());

  openSelect('Procedure Code');
  fireEvent.click(await screen.findByTitle('id002'));
  openSelect('Document');
  fireEvent.click(await screen.findByTitle('USG Report'));
  expect(filterButton()).toBeEnabled();
  fireEvent.click(filterButton());
  await waitFor(() =>
    expect(searched()).toEqual([
      { url: '/rules/search?org=vitraya&limit=25&page_number=1', body: { procedureCode: ['id002'], document: ['USG Report'] } },
    ]),
  );
  expect(await screen.findByText('Procedure Protocol (1)')).toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: 'Reset Filter' }));
  expect(await screen.findByText('Procedure Protocol (2)')).toBeInTheDocument();
  expect(filterButton()).toBeDisabled();
  expect(listed()).toEqual([
    ['vitraya', '25', '1'],
    ['vitraya', '25', '1'],
  ]);
});

it('offers Select All for diagnoses only after 4 typed characters', async () => {
  renderRules();
  await screen.findByText('Procedure Protocol (2)');
  openFilterPanel();
  const input = openSelect('Diagnosis');
  fireEvent.change(input, { target: { value: 'fev' } });
  expect(await screen.findByTitle('Dengue fever')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Select All/ })).not.toBeInTheDocument();

  fireEvent.change(input, { target: { value: 'feve' } });
  fireEvent.click(await screen.findByRole('button', { name: 'Select All (3)' }));
  fireEvent.click(filterButton());
  await waitFor(() =>
    expect(searched()).toEqual([
      { url: '/rules/search?org=vitraya&limit=25&page_number=1', body: { diagnosis: ['Dengue fever', 'Fever', 'Typhoid fever'] } },
    ]),
  );
});

it('locks Filter once applied, until the choices change', async () => {
  renderRules();
  await screen.findByText('Procedure Protocol (2)');
  openFilterPanel();
  openSelect('Procedure Name');
  fireEvent.click(await screen.findByTitle('Cataract Surgery'));
  fireEvent.click(filterButton());
  await waitFor(() => expect(searched()).toHaveLength(1));
  expect(filterButton()).toBeDisabled();
  openSelect('Procedure Name');
  fireEvent.click(await screen.findByTitle('Appendectomy'));
  expect(filterButton()).toBeEnabled();
  fireEvent.click(filterButton());
  await waitFor(() => expect(searched().at(-1)?.body).toEqual({ procedureName: ['Cataract Surgery', 'Appendectomy'] }));
  expect(filterButton()).toBeDisabled();
});

it('offers Create to super users, for the insurer chosen, and not to other users', async () => {
  // The editor's other pickers.
  api.answer({ 'GET /evidence': [], 'GET /drugs': [], 'GET /tissues': [] });
  const { unmount } = renderRules('/rules?org=maxbupa');
  await screen.findByText('Procedure Protocol (2)');
  fireEvent.click(screen.getByRole('button', { name: /Create/ }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/rules/create?org=maxbupa'));
  unmount();

  signInAs('vitraya', 'user');
  renderRules();
  await screen.findByText('Procedure Protocol (2)');
  expect(screen.queryByRole('button', { name: /Create/ })).not.toBeInTheDocument();
});
