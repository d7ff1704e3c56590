import { setRuntimeConfig } from '@claims/shared-kernel';
import type { ClinicalUnit, Paged } from '@claims/shared-kernel';
import { failure, fakeApi, renderScreen, signInAs, signOut, type FakeApi } from '@claims/shared-kernel/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import MastersRoutes from '../index';

const gramsPerDl: ClinicalUnit = {
  id: 5,
  name: 'g/dL',
  alias: [
    { keyword: 'g/dl', conversion_unit: 1 },
    { keyword: 'mg/dl', conversion_unit: 0.001 },
  ],
  created_by: 'vitraya.admin',
  created_at: '2024-03-01T04:00:00Z',
  last_modified_by: 'vitraya.admin',
  last_modified_at: '2024-03-05T10:00:00Z',
};
const bare: ClinicalUnit = { id: 6, name: 'cm', alias: [] };

const page = (rows: ClinicalUnit[]): Paged<ClinicalUnit>[] =>
  rows.map((row, index) => (index === 0 ? { ...row, total_count: rows.length, page_number: 1 } : row));

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const aliasGroup = () => screen.getByRole('group', { name: 'Alias' });
const rows = () =>
  screen
    .getAllByLabelText(/^Keyword \d+$/)
    .map((keyword, index) => [
      (keyword as HTMLInputElement).value,
      (screen.getByLabelText(`Conversion unit ${index + 1}`) as HTMLInputElement).value,
    ]);
const NOT_A_NUMBER = 'Conversion unit should be a number';

/** The remote with a stand-in for the shell's claims page, where a test unit's delete leads. */
const withClaims = (
  <Routes>
    <Route path="/claims" element={<p>claims page</p>} />
    <Route path="*" element={<MastersRoutes />} />
  </Routes>
);

let api: FakeApi;
beforeEach(() => {
  signInAs('vitraya', 'super_user');
  setRuntimeConfig({ externalClaimsUrl: '#claims' });
  window.location.hash = '';
  api = fakeApi({ 'GET /clinicalUnit': page([gramsPerDl, bare]), 'GET /clinicalUnit/:id': gramsPerDl });
});
afterEach(() => signOut());

describe('test units list', () => {
  it('shows ID, Name, Alias Keyword and Conversion Unit with the total, and opens a row', async () => {
    renderScreen(<MastersRoutes />, '/clinicalUnit');
    expect(await screen.findByText('Test Units (2)')).toBeInTheDocument();
    for (const column of ['ID', 'Name', 'Alias Keyword', 'Conversion Unit'])
      expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
    expect(await screen.findByText('g/dl, mg/dl')).toBeInTheDocument();
    expect(screen.getByText('1, 0.001')).toBeInTheDocument();
    expect(api.callsTo('GET /clinicalUnit').map((call) => call.url)).toEqual(['/clinicalUnit?limit=25&page_number=1']);
    fireEvent.click(screen.getByText('g/dl, mg/dl'));
    expect(await screen.findByText('Last modified by vitraya.admin at 2024-03-05, 3:30:00 pm')).toBeInTheDocument();
    expect(api.callsTo('GET /clinicalUnit/:id').map((call) => call.path)).toEqual(['/clinicalUnit/5']);
  });

  it('filters by alias keyword on the server', async () => {
    api.answer({ 'POST /clinicalUnit/search': page([gramsPerDl]) });
    renderScreen(<MastersRoutes />, '/clinicalUnit');
    await screen.findByText('Test Units (2)');
    fireEvent.click(screen.getByLabelText('Enable filter options'));
    expect(screen.queryByLabelText('Filter Conversion Unit column')).not.toBeInTheDocument();
    fireEvent.click((await screen.findAllByLabelText('Filter Alias Keyword column'))[0]);
    fireEvent.change(await screen.findByLabelText('Filter Alias Keyword'), { target: { value: 'mg' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    expect(await screen.findByText('Test Units (1)')).toBeInTheDocument();
    expect(api.callsTo('POST /clinicalUnit/search').map((call) => call.body)).toEqual([{ filters: { alias: 'mg' } }]);
  });
});

describe('test unit view', () => {
  it('shows the name and a table of keyword and conversion unit', async () => {
    renderScreen(<MastersRoutes />, '/clinicalUnit/view/5');
    const table = (await screen.findByRole('columnheader', { name: 'Keyword' })).closest('table')!;
    expect(within(table).getByRole('columnheader', { name: 'Conversion Unit' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['KeywordConversion Unit', 'g/dl1', 'mg/dl0.001']);
  });

  it("says 'No Alias' for a unit without keywords", async () => {
    api.answer({ 'GET /clinicalUnit/:id': bare });
    renderScreen(<MastersRoutes />, '/clinicalUnit/view/6');
    expect(await screen.findByText('No Alias')).toBeInTheDocument();
  });
});

describe('test unit editor', () => {
  it('needs the name and the first keyword, flags a conversion unit that is not a number, and sends numbers', async () => {
    api.answer({ 'POST /clinicalUnit': gramsPerDl });
    renderScreen(<MastersRoutes />, '/clinicalUnit/create');
    expect(await screen.findByRole('heading', { name: 'Create' })).toBeInTheDocument();
    expect(screen.getByText('Test Unit')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    type('Name', 'g/dL');
    expect(saveButton()).toBeDisabled();
    type('Keyword 1', 'g/dl');
    expect(screen.getByText(NOT_A_NUMBER)).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    type('Conversion unit 1', 'one');
    expect(screen.getByText(NOT_A_NUMBER)).toBeInTheDocument();
    expect(screen.getByLabelText('Conversion unit 1')).toHaveClass('ant-input-status-error');
    expect(saveButton()).toBeDisabled();
    type('Conversion unit 1', '1');
    expect(screen.queryByText(NOT_A_NUMBER)).not.toBeInTheDocument();
    expect(saveButton()).toBeEnabled();

    fireEvent.click(within(aliasGroup()).getByRole('button', { name: 'Add alias after 1' }));
    expect(saveButton()).toBeEnabled();
    type('Conversion unit 2', '1e-3x');
    expect(screen.getByText(NOT_A_NUMBER)).toBeInTheDocument();
    expect(screen.getByText('Keyword is required')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    type('Keyword 2', ' mg/dl ');
    type('Conversion unit 2', ' 1e-3 ');
    expect(saveButton()).toBeEnabled();
    fireEvent.click(within(aliasGroup()).getByRole('button', { name: 'Add alias after 2' }));

    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(api.callsTo('POST /clinicalUnit').map((call) => call.body)).toEqual([
        {
          name: 'g/dL',
          alias: [
            { keyword: 'g/dl', conversion_unit: 1 },
            { keyword: 'mg/dl', conversion_unit: 0.001 },
          ],
        },
      ]),
    );
    expect(await screen.findByText('Saved Successfully')).toBeInTheDocument();
    expect(await screen.findByText('Test Units (2)')).toBeInTheDocument();
  });

  it('says the name is required once it is emptied', async () => {
    renderScreen(<MastersRoutes />, '/clinicalUnit/edit/5');
    await screen.findByRole('heading', { name: 'Edit' });
    type('Name', ' ');
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });

  it('edits the keyword rows with the list editor (move, undo, redo, reset) and saves with PUT', async () => {
    api.answer({ 'PUT /clinicalUnit/:id': gramsPerDl });
    renderScreen(<MastersRoutes />, '/clinicalUnit/edit/5');
    await screen.findByRole('heading', { name: 'Edit' });
    expect(rows()).toEqual([
      ['g/dl', '1'],
      ['mg/dl', '0.001'],
    ]);
    const group = aliasGroup();
    fireEvent.click(within(group).getByRole('button', { name: 'Move alias 2 to first' }));
    expect(rows()).toEqual([
      ['mg/dl', '0.001'],
      ['g/dl', '1'],
    ]);
    type('Conversion unit 1', '0.0012');
    fireEvent.click(within(group).getByRole('button', { name: /Undo/ }));
    expect(rows()[0]).toEqual(['mg/dl', '0.001']);
    fireEvent.click(within(group).getByRole('button', { name: /Undo/ }));
    expect(rows()).toEqual([
      ['g/dl', '1'],
      ['mg/dl', '0.001'],
    ]);
    fireEvent.click(within(group).getByRole('button', { name: /Redo/ }));
    fireEvent.click(within(group).getByRole('button', { name: /Redo/ }));
    expect(rows()[0]).toEqual(['mg/dl', '0.0012']);
    fireEvent.click(within(group).getByRole('button', { name: 'Delete alias 2' }));
    fireEvent.click(within(group).getByRole('button', { name: 'Reset' }));
    expect(rows()).toEqual([
      ['g/dl', '1'],
      ['mg/dl', '0.001'],
    ]);
    const position = screen.getByLabelText('Position of alias 1');
    fireEvent.change(position, { target: { value: '2' } });
    fireEvent.keyDown(position, { key: 'Enter', code: 'Enter', keyCode: 13 });

    fireEvent.click(saveButton());
    await waitFor(() => expect(api.callsTo('PUT /clinicalUnit/:id')).toHaveLength(1));
    expect(api.callsTo('PUT /clinicalUnit/:id')[0]).toMatchObject({
      path: '/clinicalUnit/5',
      body: {
        name: 'g/dL',
        alias: [
          { keyword: 'mg/dl', conversion_unit: 0.001 },
          { keyword: 'g/dl', conversion_unit: 1 },
        ],
      },
    });
  });

  it("shows the server's reason and keeps the input when a save is refused", async () => {
    api.answer({ 'PUT /clinicalUnit/:id': failure(400, "name: Test unit 'cm' already exists") });
    renderScreen(<MastersRoutes />, '/clinicalUnit/edit/5');
    await screen.findByRole('heading', { name: 'Edit' });
    type('Name', 'cm');
    fireEvent.click(saveButton());
    expect(await screen.findByText("Test unit 'cm' already exists")).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('cm');
  });

  it('deletes after confirmation and then goes to /claims', async () => {
    api.answer({ 'DELETE /clinicalUnit/:id': { detail: 'Deleted Successfully' } });
    renderScreen(withClaims, '/clinicalUnit/edit/5');
    fireEvent.click(await screen.findByRole('button', { name: /Delete$/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('claims page')).toBeInTheDocument();
    expect(api.callsTo('DELETE /clinicalUnit/:id')[0]).toMatchObject({ path: '/clinicalUnit/5', body: { id: 5 } });
    expect(screen.getByText('Deleted Successfully')).toBeInTheDocument();
  });

  it('sends anyone who is not a super user to the claims page', async () => {
    signInAs('vitraya', 'user');
    renderScreen(<MastersRoutes />, '/clinicalUnit/create');
    await waitFor(() => expect(window.location.hash).toBe('#claims'));
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
  });
});
