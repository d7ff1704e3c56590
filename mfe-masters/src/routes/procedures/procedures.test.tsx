import { setRuntimeConfig } from '@claims/shared-kernel';
import type { KeywordEntity, Paged, Procedure } from '@claims/shared-kernel';
import { failure, fakeApi, renderScreen, signInAs, signOut, type FakeApi } from '@claims/shared-kernel/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import MastersRoutes from '../index';

const cataract: Procedure = {
  id: 3,
  name: 'Cataract Surgery',
  procedure_code: 'P1',
  snomedct_code: '110473004',
  procedure_group: { id: 11, name: 'Ophthalmology' },
  alias: ['phaco', 'lens extraction'],
  created_by: 'vitraya.admin',
  created_at: '2024-03-01T04:00:00Z',
  last_modified_by: 'vitraya.admin',
  last_modified_at: '2024-03-05T10:00:00Z',
};
const appendectomy: Procedure = {
  id: 4,
  name: 'Appendectomy',
  procedure_code: 'P2',
  snomedct_code: '80146002',
  procedure_group: { id: 12, name: 'General Surgery' },
  alias: [],
};
const groups: KeywordEntity[] = [
  { id: 11, name: 'Ophthalmology', alias: ['Eye'] },
  { id: 12, name: 'General Surgery', alias: [] },
];

const page = (rows: Procedure[], total = rows.length): Paged<Procedure>[] =>
  rows.map((row, index) => (index === 0 ? { ...row, total_count: total, page_number: 1 } : row));

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const aliases = () => screen.getAllByLabelText(/^Alias \d+$/).map((input) => (input as HTMLInputElement).value);

async function chooseGroup(name: string) {
  fireEvent.mouseDown(field('Procedure Group'));
  const option = await waitFor(() => {
    const shown = document.querySelector<HTMLElement>(`.ant-select-item-option[title="${name}"]`);
    if (!shown) throw new Error(`${name} is not offered`);
    return shown;
  });
  await act(async () => {
    fireEvent.click(option);
  });
}

let api: FakeApi;
beforeEach(() => {
  signInAs('vitraya', 'super_user');
  setRuntimeConfig({ externalClaimsUrl: '#claims' });
  window.location.hash = '';
  api = fakeApi({
    'GET /procedures': page([cataract, appendectomy]),
    'GET /procedures/count': 2,
    'GET /procedures/:id': cataract,
    'GET /procedureGroup': groups,
  });
});
afterEach(() => signOut());

describe('procedures list', () => {
  it('shows the five columns, the first page of 25 and the total from the count call in the title', async () => {
    api.answer({ 'GET /procedures/count': 57 });
    renderScreen(<MastersRoutes />, '/procedures');
    expect(await screen.findByText('Procedures (57)')).toBeInTheDocument();
    for (const column of ['Procedure ID', 'Procedure Code', 'Procedure Name', 'ProcedureGroup', 'SNOMED CODE'])
      expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
    expect(await screen.findByText('Cataract Surgery')).toBeInTheDocument();
    expect(screen.getByText('General Surgery')).toBeInTheDocument();
    expect(screen.getByText('80146002')).toBeInTheDocument();
    expect(api.callsTo('GET /procedures').map((call) => call.url)).toEqual(['/procedures?limit=25&page_number=1']);
    expect(api.callsTo('GET /procedures/count')).toHaveLength(1);
  });

  it('filters a column on the server, highlights the match and titles the list with the matches', async () => {
    api.answer({ 'POST /procedures/search': page([cataract]) });
    renderScreen(<MastersRoutes />, '/procedures');
    await screen.findByText('Procedures (2)');
    fireEvent.click(screen.getByLabelText('Enable filter options'));
    fireEvent.click((await screen.findAllByLabelText('Filter ProcedureGroup column'))[0]);
    fireEvent.change(await screen.findByLabelText('Filter ProcedureGroup'), { target: { value: 'ophthal' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    expect(await screen.findByText('Procedures (1)')).toBeInTheDocument();
    expect(api.callsTo('POST /procedures/search').map(({ url, body }) => ({ url, body }))).toEqual([
      { url: '/procedures/search?limit=25&page_number=1', body: { filters: { procedure_group: 'ophthal' } } },
    ]);
    expect(screen.getByText('Ophthal', { selector: 'mark' })).toBeInTheDocument();
    expect(screen.queryByText('Appendectomy')).not.toBeInTheDocument();
  });

  it('offers pages of 10, 25, 50 or 100 and asks the server for the chosen size', async () => {
    api.answer({ 'GET /procedures/count': 120 });
    renderScreen(<MastersRoutes />, '/procedures');
    await screen.findByText('Procedures (120)');
    fireEvent.mouseDown(document.querySelector('.ant-pagination-options [role="combobox"]')!);
    for (const size of [10, 100]) expect(await screen.findByTitle(`${size} / page`)).toBeInTheDocument();
    fireEvent.click(await screen.findByTitle('50 / page'));
    await waitFor(() => expect(api.callsTo('GET /procedures').at(-1)?.url).toBe('/procedures?limit=50&page_number=1'));
  });

  it("says 'No Data Found' without procedures, and offers Create to super users", async () => {
    api.answer({ 'GET /procedures': [], 'GET /procedures/count': 0 });
    renderScreen(<MastersRoutes />, '/procedures');
    expect(await screen.findByText('Procedures (0)')).toBeInTheDocument();
    expect(screen.getByText('No Data Found')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Create/ }));
    expect(await screen.findByRole('heading', { name: 'Create' })).toBeInTheDocument();
  });
});

describe('procedure view', () => {
  it('shows the last modification, the four fields and the aliases, and opens the editor from Edit', async () => {
    renderScreen(<MastersRoutes />, '/procedures');
    fireEvent.click(await screen.findByText('Cataract Surgery'));
    expect(await screen.findByText('Last modified by vitraya.admin at 2024-03-05, 3:30:00 pm')).toBeInTheDocument();
    expect(api.callsTo('GET /procedures/:id').map((call) => call.path)).toEqual(['/procedures/3']);
    for (const label of ['Procedure Code', 'SNOMED Code', 'Procedure Name', 'Procedure Group', 'Procedure Alias'])
      expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.getByText('110473004')).toBeInTheDocument();
    expect(screen.getByText('lens extraction')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Edit/ }));
    expect(await screen.findByRole('heading', { name: 'Edit' })).toBeInTheDocument();
    expect(field('Procedure Code')).toHaveValue('P1');
  });

  it("says 'No Alias' and 'No Records for Modified Date' for a procedure without either", async () => {
    api.answer({ 'GET /procedures/:id': appendectomy });
    renderScreen(<MastersRoutes />, '/procedures/view/4');
    expect(await screen.findByText('No Alias')).toBeInTheDocument();
    expect(screen.getByTestId('last-modified')).toHaveTextContent('No Records for Modified Date');
  });
});

describe('procedure editor', () => {
  it('keeps Save disabled until the four fields are given, then posts them and returns to the list', async () => {
    api.answer({ 'POST /procedures': cataract });
    renderScreen(<MastersRoutes />, '/procedures/create');
    expect(await screen.findByRole('heading', { name: 'Create' })).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    type('Procedure Code', ' P9 ');
    type('SNOMED Code', '609588000');
    type('Procedure Name', 'Knee Replacement');
    expect(saveButton()).toBeDisabled();
    await chooseGroup('General Surgery');
    expect(saveButton()).toBeEnabled();
    type('SNOMED Code', '  ');
    expect(saveButton()).toBeDisabled();
    expect(screen.getByText('SNOMED Code is required')).toBeInTheDocument();
    type('SNOMED Code', '609588000');
    type('Alias 1', ' TKR ');
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(api.callsTo('POST /procedures').map((call) => call.body)).toEqual([
        { procedure_code: 'P9', snomedct_code: '609588000', name: 'Knee Replacement', fk_procedure_group: 12, alias: ['TKR'] },
      ]),
    );
    expect(await screen.findByText('Saved Successfully')).toBeInTheDocument();
    expect(await screen.findByText('Procedures (2)')).toBeInTheDocument();
  });

  it('says which required field was emptied', async () => {
    renderScreen(<MastersRoutes />, '/procedures/edit/3');
    await screen.findByRole('heading', { name: 'Edit' });
    for (const label of ['Procedure Code', 'SNOMED Code', 'Procedure Name']) {
      type(label, '');
      expect(screen.getByText(`${label} is required`)).toBeInTheDocument();
    }
    expect(saveButton()).toBeDisabled();
  });

  it('edits with PUT by id, sends the edited aliases, and keeps the input when the server refuses', async () => {
    api.answer({ 'PUT /procedures/:id': failure(400, 'procedure_code: Procedure code P2 already exists') });
    renderScreen(<MastersRoutes />, '/procedures/edit/3');
    await screen.findByRole('heading', { name: 'Edit' });
    expect(aliases()).toEqual(['phaco', 'lens extraction']);
    await waitFor(() => expect(field('Procedure Group').closest('.ant-select')).toHaveTextContent('Ophthalmology'));
    type('Procedure Code', 'P2');
    fireEvent.click(screen.getByRole('button', { name: 'Delete alias 1' }));
    fireEvent.click(saveButton());
    expect(await screen.findByText('Procedure code P2 already exists')).toBeInTheDocument();
    expect(api.callsTo('PUT /procedures/:id').map(({ path, body }) => ({ path, body }))).toEqual([
      {
        path: '/procedures/3',
        body: {
          procedure_code: 'P2',
          snomedct_code: '110473004',
          name: 'Cataract Surgery',
          fk_procedure_group: 11,
          alias: ['lens extraction'],
        },
      },
    ]);
    expect(field('Procedure Code')).toHaveValue('P2');
    expect(screen.getByRole('heading', { name: 'Edit' })).toBeInTheDocument();
  });

  it('deletes after confirmation and returns to /procedures', async () => {
    api.answer({ 'DELETE /procedures/:id': { detail: 'Deleted Successfully' } });
    renderScreen(<MastersRoutes />, '/procedures/edit/3');
    fireEvent.click(await screen.findByRole('button', { name: /Delete$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete?')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE /procedures/:id')).toHaveLength(1));
    expect(api.callsTo('DELETE /procedures/:id')[0]).toMatchObject({ path: '/procedures/3', body: { id: 3 } });
    expect(await screen.findByText('Deleted Successfully')).toBeInTheDocument();
    expect(await screen.findByText('Procedures (2)')).toBeInTheDocument();
  });

  it("says 'Error: {message}' when the delete is refused", async () => {
    api.answer({ 'DELETE /procedures/:id': failure(403, 'You are not authorized to perform this action') });
    renderScreen(<MastersRoutes />, '/procedures/edit/3');
    fireEvent.click(await screen.findByRole('button', { name: /Delete$/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error: You are not authorized to perform this action')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Edit' })).toBeInTheDocument();
  });

  it('sends anyone who is not a super user to the claims page', async () => {
    signInAs('vitraya', 'user');
    renderScreen(<MastersRoutes />, '/procedures/create');
    await waitFor(() => expect(window.location.hash).toBe('#claims'));
    expect(screen.queryByLabelText('Procedure Code')).not.toBeInTheDocument();
  });
});
