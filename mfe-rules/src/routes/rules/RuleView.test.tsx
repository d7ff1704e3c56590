import type { Rule } from '@claims/shared-kernel';
import { failure, fakeApi, renderScreen, signInAs, signOut, type FakeApi } from '@claims/shared-kernel/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import RulesRoutes from '../index';

const rule = {
  id: 12,
  org: 'vitraya',
  fk_procedure: 3,
  procedures: {
    id: 3,
    procedure_code: 'id002',
    name: 'Cataract Surgery',
    snomedct_code: '54885007',
    procedure_group: { id: 1, name: 'Ophthalmology' },
  },
  case_type: 'SETTLEMENT',
  procedureRule: {
    booleanOperator: 'AND',
    statements: [
      {
        operator: 'ANY_OF_N_VALUES_IS_PRESENT',
        entityName: 'procedures',
        numberOfValues: 1,
        valuesToFind: ['Phaco', 'SICS', 'ECCE', 'Lens implant', 'IOL'],
      },
      {
        booleanOperator: 'OR',
        statements: [
          { operator: 'VALUE_GREATER_THAN', entityName: 'clinicalattribute', valueToCompare: { id: 1, name: 'Axial length' }, value: 20 },
        ],
      },
    ],
  },
  diagnosisRule: {
    booleanOperator: 'AND',
    statements: [{ operator: 'ALL_OF_THE_VALUES_ARE_PRESENT', entityName: 'diagnoses', valuesToFind: ['Cataract'] }],
  },
  documentRule: null,
  clinicalTermsRule: null,
  modification_history: [
    { last_modified_by: 'vitraya.admin', last_modified_on: '2024-01-02T00:00:00Z' },
    { last_modified_by: 'vitraya.reviewer', last_modified_on: '2024-03-05T10:00:00Z' },
  ],
  created_by: 'vitraya.admin',
  created_at: '2024-01-01T00:00:00Z',
  last_modified_by: 'vitraya.reviewer',
  last_modified_at: '2024-03-05T10:00:00Z',
} as unknown as Rule; // only the fields the view reads

/** The rule calls as the path with its query: /rules/12?org=vitraya[&case_type=PRE_AUTH]. */
const ruleCalls = () => api.callsTo('GET /rules/:id').map((call) => call.url);

let api: FakeApi;
beforeEach(() => {
  signInAs('vitraya', 'super_user');
  api = fakeApi({ 'GET /rules/:id': rule });
});
afterEach(() => signOut());

it('shows the procedure, the last change, the four rules and the history', async () => {
  renderScreen(<RulesRoutes />, '/rules/view/12?org=vitraya');
  expect(await screen.findByTestId('last-modified')).toHaveTextContent('Last modified by vitraya.reviewer at 2024-03-05, 3:30:00 pm');
  expect(ruleCalls()).toEqual(['/rules/12?org=vitraya']);
  for (const text of [
    'Cataract Surgery',
    'id002',
    '54885007',
    'Ophthalmology',
    'Procedure Rule',
    'Diagnosis Rule',
    'Document Rule',
    'Clinical Terms Rule',
  ]) {
    expect(screen.getAllByText(text).length).toBeGreaterThan(0);
  }
  expect(screen.getAllByText('All of the statements should be true')).toHaveLength(2);
  expect(screen.getByText('Any of the statements should be true')).toBeInTheDocument();
  expect(screen.getByText('Phaco')).toBeInTheDocument();
  expect(screen.getByText('ECCE')).toBeInTheDocument();
  expect(screen.queryByText('Lens implant')).not.toBeInTheDocument();
  expect(screen.getByText('+2 values')).toBeInTheDocument();
  expect(screen.getByText('Axial length > 20')).toBeInTheDocument();
  expect(screen.getByText('1.2.1')).toBeInTheDocument();
  expect(screen.getAllByText('No rule configured')).toHaveLength(2);

  api.answer({
    'GET /audit/:entity/:key': {
      results: [
        {
          id: 31,
          entity: 'rules',
          key: '12',
          action: 'update',
          username: 'vitraya.reviewer',
          at: '2024-03-05T10:00:00Z',
          before: { version: 1, document: ['Discharge Summary'] },
          after: { version: 2, document: ['Discharge Summary', 'Lens Invoice'] },
        },
        {
          id: 30,
          entity: 'rules',
          key: '12',
          action: 'create',
          username: 'vitraya.admin',
          at: '2024-01-01T00:00:00Z',
          before: null,
          after: { version: 1 },
        },
      ],
      total_count: 2,
      page_number: 1,
    },
  });
  fireEvent.click(screen.getByRole('button', { name: /History/ }));
  const dialog = await screen.findByRole('dialog');
  expect(await within(dialog).findByText('Last modified by vitraya.reviewer at 2024-03-05, 3:30:00 pm')).toBeInTheDocument();
  expect(within(dialog).getByText('Created by vitraya.admin at 2024-01-01, 5:30:00 am')).toBeInTheDocument();
  expect(within(dialog).getByLabelText('added Lens Invoice')).toBeInTheDocument();
  expect(api.callsTo('GET /audit/:entity/:key')[0].path).toBe('/audit/rules/12');
  expect(screen.getByRole('button', { name: /Export history/ })).toBeInTheDocument();
});

it("says 'No Records for Modified Date' for a rule never changed", async () => {
  api.answer({ 'GET /rules/:id': { ...rule, modification_history: [], last_modified_by: null, last_modified_at: null } });
  renderScreen(<RulesRoutes />, '/rules/view/12');
  expect(await screen.findByTestId('last-modified')).toHaveTextContent('No Records for Modified Date');
});

it("switches case type and insurer, and says so when that rule doesn't exist", async () => {
  renderScreen(<RulesRoutes />, '/rules/view/12?org=vitraya');
  await screen.findByTestId('last-modified');
  api.answer({ 'GET /rules/:id': failure(404, 'There is no Pre Authorization case type rule for this procedure in vitraya') });
  fireEvent.click(screen.getByText('Pre Authorization'));
  expect(await screen.findByText('There is no Pre Authorization case type rule for this procedure in vitraya')).toBeInTheDocument();
  expect(ruleCalls().at(-1)).toBe('/rules/12?org=vitraya&case_type=PRE_AUTH');

  api.answer({ 'GET /rules/:id': rule });
  fireEvent.mouseDown(screen.getByLabelText('Insurer').closest('.ant-select')!);
  fireEvent.click(await screen.findByTitle('Niva Bupa'));
  await waitFor(() => expect(ruleCalls().at(-1)).toBe('/rules/12?org=maxbupa&case_type=PRE_AUTH'));
  expect(await screen.findByTestId('last-modified')).toBeInTheDocument();
});

it('does not offer the insurer selector to insurer users', async () => {
  signInAs('starhealth', 'user');
  renderScreen(<RulesRoutes />, '/rules/view/12?org=vitraya');
  await screen.findByTestId('last-modified');
  expect(ruleCalls()).toEqual(['/rules/12?org=starhealth']);
  expect(screen.queryByLabelText('Insurer')).not.toBeInTheDocument();
});

it('says why the rule could not be loaded after the retries of a server failure, and loads it on Retry', async () => {
  api.answer({ 'GET /rules/:id': failure(503, 'Rules are being migrated') });
  renderScreen(<RulesRoutes />, '/rules/view/12?org=vitraya');
  expect(await screen.findByText('Rules are being migrated')).toBeInTheDocument();
  expect(ruleCalls()).toHaveLength(3);
  api.answer({ 'GET /rules/:id': rule });
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByTestId('last-modified')).toBeInTheDocument();
  expect(screen.getByText('Cataract Surgery (Vitraya)')).toBeInTheDocument();
});
