import { setRuntimeConfig } from '@claims/shared-kernel';
import type { KeywordEntity } from '@claims/shared-kernel';
import { failure, fakeApi, renderScreen, signInAs, signOut, type FakeApi } from '@claims/shared-kernel/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import MastersRoutes from '../index';

const fever: KeywordEntity = {
  id: 4,
  name: 'Fever',
  alias: ['pyrexia', 'febrile'],
  ICD_code: 'R50.9',
  last_modified_by: null,
  last_modified_at: null,
};
const usg: KeywordEntity = { id: 9, name: 'USG Report', alias: [] };

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const aliases = () => screen.getAllByLabelText(/^Alias \d+$/).map((input) => (input as HTMLInputElement).value);

let api: FakeApi;
beforeEach(() => {
  signInAs('vitraya', 'super_user');
  setRuntimeConfig({ externalClaimsUrl: '#claims' });
  window.location.hash = '';
  api = fakeApi({ 'GET /diagnoses': [{ ...fever, total_count: 1, page_number: 1 }], 'GET /diagnoses/:id': fever });
});
afterEach(() => signOut());

it('lists diagnoses with ID, Keyword, alias and ICD code', async () => {
  renderScreen(<MastersRoutes />, '/diagnoses');
  expect(await screen.findByText('Diagnoses (1)')).toBeInTheDocument();
  for (const column of ['ID', 'Keyword', 'alias', 'ICD code'])
    expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
  expect(await screen.findByText('pyrexia, febrile')).toBeInTheDocument();
  expect(api.callsTo('GET /diagnoses').map((call) => call.url)).toEqual(['/diagnoses?limit=25&page_number=1']);
});

it('lists documents without an ICD code column and opens a row by id', async () => {
  api.answer({ 'GET /document': [{ ...usg, total_count: 1, page_number: 1 }], 'GET /document/:id': usg });
  renderScreen(<MastersRoutes />, '/document');
  expect(await screen.findByText('Documents (1)')).toBeInTheDocument();
  expect(screen.queryByRole('columnheader', { name: 'ICD code' })).not.toBeInTheDocument();
  fireEvent.click(await screen.findByText('USG Report'));
  expect(await screen.findByText('No Alias')).toBeInTheDocument();
  expect(api.callsTo('GET /document/:id').map((call) => call.path)).toEqual(['/document/9']);
  expect(screen.getByTestId('last-modified')).toHaveTextContent('No Records for Modified Date');
});

it('keeps Save disabled until keyword, first alias and ICD code are given, then posts them', async () => {
  api.answer({ 'POST /diagnoses': { id: 20, name: 'Dengue', alias: ['dengue fever'], ICD_code: 'A90' } });
  renderScreen(<MastersRoutes />, '/diagnoses/create');
  expect(await screen.findByRole('heading', { name: 'Create' })).toBeInTheDocument();
  type('Keyword', 'Dengue');
  expect(saveButton()).toBeDisabled();
  type('Alias 1', ' dengue fever ');
  expect(saveButton()).toBeDisabled();
  type('ICD code', 'A90');
  expect(saveButton()).toBeEnabled();
  fireEvent.click(saveButton());
  await waitFor(() =>
    expect(api.callsTo('POST /diagnoses').map((call) => call.body)).toEqual([{ name: 'Dengue', alias: ['dengue fever'], ICD_code: 'A90' }]),
  );
  expect(await screen.findByText('Diagnoses (1)')).toBeInTheDocument();
});

it('does not send an ICD code for other masters', async () => {
  api.answer({ 'POST /tissues': { id: 21, name: 'Appendix', alias: ['vermiform appendix'] }, 'GET /tissues': [] });
  renderScreen(<MastersRoutes />, '/tissues/create');
  await screen.findByRole('heading', { name: 'Create' });
  expect(screen.queryByLabelText('ICD code')).not.toBeInTheDocument();
  type('Keyword', 'Appendix');
  type('Alias 1', 'vermiform appendix');
  fireEvent.click(saveButton());
  await waitFor(() =>
    expect(api.callsTo('POST /tissues').map((call) => call.body)).toEqual([{ name: 'Appendix', alias: ['vermiform appendix'] }]),
  );
  expect(await screen.findByText('Tissues (0)')).toBeInTheDocument();
});

it('edits the whole record with PUT and keeps input on a server error', async () => {
  api.answer({ 'PUT /diagnoses/:id': failure(409, "Diagnosis 'Malaria' already exists") });
  renderScreen(<MastersRoutes />, '/diagnoses/edit/4');
  expect(await screen.findByRole('heading', { name: 'Edit' })).toBeInTheDocument();
  expect(aliases()).toEqual(['pyrexia', 'febrile']);
  type('Keyword', 'Malaria');
  fireEvent.click(saveButton());
  expect(await screen.findByText("Diagnosis 'Malaria' already exists")).toBeInTheDocument();
  expect(api.callsTo('PUT /diagnoses/:id').map(({ path, body }) => ({ path, body }))).toEqual([
    { path: '/diagnoses/4', body: { name: 'Malaria', alias: ['pyrexia', 'febrile'], ICD_code: 'R50.9' } },
  ]);
  expect(screen.getByLabelText('Keyword')).toHaveValue('Malaria');
});

it('edits the alias list: add only when no row is empty, move, undo, redo and reset', async () => {
  renderScreen(<MastersRoutes />, '/diagnoses/edit/4');
  await screen.findByRole('heading', { name: 'Edit' });
  const group = screen.getByRole('group', { name: 'Attribute Alias' });

  fireEvent.click(within(group).getByRole('button', { name: 'Add alias after 2' }));
  expect(aliases()).toEqual(['pyrexia', 'febrile', '']);
  expect(within(group).getByRole('button', { name: 'Add alias after 1' })).toBeDisabled();
  type('Alias 3', 'high temperature');
  expect(within(group).getByRole('button', { name: 'Add alias after 1' })).toBeEnabled();

  fireEvent.click(within(group).getByRole('button', { name: 'Move alias 3 to first' }));
  expect(aliases()).toEqual(['high temperature', 'pyrexia', 'febrile']);
  fireEvent.click(within(group).getByRole('button', { name: 'Move alias 1 to last' }));
  expect(aliases()).toEqual(['pyrexia', 'febrile', 'high temperature']);

  const position = screen.getByLabelText('Position of alias 3');
  fireEvent.change(position, { target: { value: '2x' } });
  expect(position).toHaveValue('3');
  fireEvent.change(position, { target: { value: '2' } });
  fireEvent.keyDown(position, { key: 'Enter', code: 'Enter', keyCode: 13 });
  expect(aliases()).toEqual(['pyrexia', 'high temperature', 'febrile']);

  fireEvent.click(within(group).getByRole('button', { name: /Undo/ }));
  expect(aliases()).toEqual(['pyrexia', 'febrile', 'high temperature']);
  fireEvent.click(within(group).getByRole('button', { name: /Redo/ }));
  expect(aliases()).toEqual(['pyrexia', 'high temperature', 'febrile']);

  fireEvent.click(within(group).getByRole('button', { name: 'Delete alias 2' }));
  expect(aliases()).toEqual(['pyrexia', 'febrile']);
  fireEvent.click(within(group).getByRole('button', { name: 'Delete alias 1' }));
  fireEvent.click(within(group).getByRole('button', { name: 'Delete alias 1' }));
  expect(aliases()).toEqual(['']);
  expect(saveButton()).toBeDisabled();

  fireEvent.click(within(group).getByRole('button', { name: 'Reset' }));
  expect(aliases()).toEqual(['pyrexia', 'febrile']);
});

it('keeps only the last 10 undo steps', async () => {
  renderScreen(<MastersRoutes />, '/tissues/create');
  await screen.findByRole('heading', { name: 'Create' });
  for (let step = 1; step <= 12; step += 1) {
    type('Alias 1', `alias ${step}`);
    fireEvent.blur(screen.getByLabelText('Alias 1'));
  }
  const undo = screen.getByRole('button', { name: /Undo/ });
  for (let step = 0; step < 10; step += 1) fireEvent.click(undo);
  expect(aliases()).toEqual(['alias 2']);
  expect(undo).toBeDisabled();
});

it('deletes a keyword after confirmation', async () => {
  api.answer({ 'DELETE /diagnoses/:id': { detail: 'Deleted Successfully' } });
  renderScreen(<MastersRoutes />, '/diagnoses/edit/4');
  fireEvent.click(await screen.findByRole('button', { name: /Delete$/ }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(api.callsTo('DELETE /diagnoses/:id')).toHaveLength(1));
  expect(api.callsTo('DELETE /diagnoses/:id')[0]).toMatchObject({ path: '/diagnoses/4', body: { id: 4 } });
  expect(await screen.findByText('Deleted Successfully')).toBeInTheDocument();
});

it("offers an insurer's super user neither Create nor Edit, and sends them away from the editor", async () => {
  signInAs('starhealth', 'super_user');
  const list = renderScreen(<MastersRoutes />, '/diagnoses');
  expect(await screen.findByText('pyrexia, febrile')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Create/ })).not.toBeInTheDocument();
  list.unmount();

  const view = renderScreen(<MastersRoutes />, '/diagnoses/view/4');
  expect(await screen.findByText('R50.9')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
  view.unmount();

  renderScreen(<MastersRoutes />, '/diagnoses/edit/4');
  await waitFor(() => expect(window.location.hash).toBe('#claims'));
  expect(screen.queryByLabelText('Keyword')).not.toBeInTheDocument();
});

it("offers Create and Edit to the provider's super users", async () => {
  const list = renderScreen(<MastersRoutes />, '/diagnoses');
  expect(await screen.findByRole('button', { name: /Create/ })).toBeInTheDocument();
  list.unmount();
  renderScreen(<MastersRoutes />, '/diagnoses/view/4');
  expect(await screen.findByRole('button', { name: /Edit/ })).toBeInTheDocument();
});

it('sends anyone who is not a super user away from the editor', async () => {
  signInAs('vitraya', 'user');
  renderScreen(<MastersRoutes />, '/drugs/create');
  await waitFor(() => expect(window.location.hash).toBe('#claims'));
  expect(screen.queryByLabelText('Keyword')).not.toBeInTheDocument();
});

it('creates evidence through the generic keyword editor, and its list filters on the server', async () => {
  api.answer({
    'POST /evidence': { id: 2, name: 'X-ray', alias: ['radiograph'] },
    'GET /evidence': [{ id: 2, name: 'X-ray', alias: ['radiograph'], total_count: 1, page_number: 1 }],
    'POST /evidence/search': [{ id: 2, name: 'X-ray', alias: ['radiograph'], total_count: 1, page_number: 1 }],
  });
  renderScreen(<MastersRoutes />, '/evidence/create');
  await screen.findByRole('heading', { name: 'Create' });
  type('Keyword', 'X-ray');
  type('Alias 1', 'radiograph');
  fireEvent.click(saveButton());
  await waitFor(() => expect(api.callsTo('POST /evidence').map((call) => call.body)).toEqual([{ name: 'X-ray', alias: ['radiograph'] }]));
  expect(await screen.findByText('Evidence (1)')).toBeInTheDocument();
  fireEvent.click(screen.getByLabelText('Enable filter options'));
  fireEvent.click((await screen.findAllByLabelText('Filter alias column'))[0]);
  fireEvent.change(await screen.findByLabelText('Filter alias'), { target: { value: 'radio' } });
  fireEvent.click(screen.getByRole('button', { name: /Search/ }));
  await waitFor(() => expect(api.callsTo('POST /evidence/search').map((call) => call.body)).toEqual([{ filters: { alias: 'radio' } }]));
  expect(await screen.findByText('radio', { selector: 'mark' })).toBeInTheDocument();
});

it('says which required field was emptied', async () => {
  renderScreen(<MastersRoutes />, '/diagnoses/edit/4');
  await screen.findByRole('heading', { name: 'Edit' });
  type('Keyword', ' ');
  expect(screen.getByText('Keyword is required')).toBeInTheDocument();
  type('ICD code', '');
  expect(screen.getByText('ICD code is required')).toBeInTheDocument();
  expect(saveButton()).toBeDisabled();
});
