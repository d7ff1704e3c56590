import { setRuntimeConfig } from '@claims/shared-kernel';
import { lookupKeys } from '@claims/shared-kernel/data';
import type { Hospital, PagedResults } from '@claims/shared-kernel';
import { failure, fakeApi, renderScreen, signInAs, signOut, testQueryClient, type FakeApi } from '@claims/shared-kernel/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import MastersRoutes from '../index';

const apollo: Hospital = {
  id: 7,
  hospital_code: 'H007',
  name: 'Apollo Chennai',
  created_by: 'vitraya.admin',
  created_at: '2024-03-01T04:00:00Z',
  last_modified_by: 'vitraya.admin',
  last_modified_at: '2024-03-05T10:00:00Z',
};
const fortis: Hospital = { id: 8, hospital_code: 'F100', name: 'Fortis Mulund' };

const page = (results: Hospital[], total = results.length): PagedResults<Hospital> => ({ results, total_count: total, page_number: 1 });

const saveButton = () => screen.getByRole('button', { name: 'Save' });
/** The paging of each list call: [limit, page_number]. */
const paging = (api: FakeApi, route: 'GET /hospitals' | 'POST /hospitals/search') =>
  api.callsTo(route).map(({ query }) => [query.get('limit'), query.get('page_number')]);

let api: FakeApi;
beforeEach(() => {
  signInAs('vitraya', 'super_user');
  setRuntimeConfig({ externalClaimsUrl: '#claims' });
  window.location.hash = '';
  api = fakeApi({ 'GET /hospitals': page([apollo, fortis]), 'GET /hospitals/:code': { result: apollo } });
});
afterEach(() => signOut());

describe('hospitals list', () => {
  it('shows the title with the total, the three columns and asks for the first page of 25', async () => {
    renderScreen(<MastersRoutes />, '/hospitals');
    expect(await screen.findByText('Hospitals (2)')).toBeInTheDocument();
    for (const column of ['ID', 'Name', 'Code']) expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
    expect(await screen.findByText('Apollo Chennai')).toBeInTheDocument();
    expect(screen.getByText('F100')).toBeInTheDocument();
    expect(paging(api, 'GET /hospitals')).toEqual([['25', '1']]);
  });

  it('asks the server for the page the user turns to', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, hospital_code: `C${i + 1}`, name: `Hospital ${i + 1}` }));
    api.answer({ 'GET /hospitals': page(rows, 60) });
    renderScreen(<MastersRoutes />, '/hospitals');
    expect(await screen.findByText('Hospitals (60)')).toBeInTheDocument();
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(paging(api, 'GET /hospitals').at(-1)).toEqual(['25', '2']));
  });

  it("says 'No Data Found' when there are no hospitals", async () => {
    api.answer({ 'GET /hospitals': page([]) });
    renderScreen(<MastersRoutes />, '/hospitals');
    expect(await screen.findByText('Hospitals (0)')).toBeInTheDocument();
    expect(screen.getByText('No Data Found')).toBeInTheDocument();
  });

  it('opens the view of a clicked row', async () => {
    renderScreen(<MastersRoutes />, '/hospitals');
    fireEvent.click(await screen.findByText('Apollo Chennai'));
    expect(await screen.findByText('Last modified by vitraya.admin at 2024-03-05, 3:30:00 pm')).toBeInTheDocument();
    expect(api.callsTo('GET /hospitals/:code').map((call) => call.path)).toEqual(['/hospitals/H007']);
  });

  it('offers column filters to the provider organisation and searches the server with them', async () => {
    api.answer({
      'GET /hospitals': page([apollo, fortis], 40),
      'POST /hospitals/search': page([apollo, { id: 9, hospital_code: 'A200', name: 'Apollo Madurai' }]),
    });
    renderScreen(<MastersRoutes />, '/hospitals');
    await screen.findByText('Hospitals (40)');
    expect(screen.queryByLabelText('Filter Name column')).not.toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Enable filter options'));
    fireEvent.click((await screen.findAllByLabelText('Filter Name column'))[0]);
    fireEvent.change(await screen.findByLabelText('Filter Name'), { target: { value: ' apollo ' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    expect(await screen.findByText('Hospitals (2)')).toBeInTheDocument();
    expect(api.callsTo('POST /hospitals/search').map((call) => call.body)).toEqual([{ filters: { name: 'apollo' } }]);
    expect(paging(api, 'POST /hospitals/search')).toEqual([['25', '1']]);
    expect(screen.getByText('A200')).toBeInTheDocument();
    expect(screen.queryByText('F100')).not.toBeInTheDocument();

    fireEvent.click(screen.getByLabelText('Enable filter options'));
    expect(await screen.findByText('Hospitals (40)')).toBeInTheDocument();
  });

  it("does not offer filter options or Create to an insurer's super user (the server refuses their writes)", async () => {
    signInAs('starhealth', 'super_user');
    renderScreen(<MastersRoutes />, '/hospitals');
    await screen.findByText('Apollo Chennai');
    expect(screen.queryByText('Enable filter options')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Create/ })).not.toBeInTheDocument();
  });

  it.each(['/hospitals', '/hospitals/view/H007'])('sends anyone who is not a super user from %s to the claims page', async (path) => {
    signInAs('vitraya', 'user');
    renderScreen(<MastersRoutes />, path);
    await waitFor(() => expect(window.location.hash).toBe('#claims'));
    expect(screen.queryByText('Apollo Chennai')).not.toBeInTheDocument();
    expect(api.callsTo('GET /hospitals')).toEqual([]);
    expect(api.callsTo('GET /hospitals/:code')).toEqual([]);
  });
});

describe('hospital view', () => {
  it('shows the last modification, the fields and the history', async () => {
    api.answer({
      'GET /audit/:entity/:key': {
        results: [
          {
            id: 5,
            entity: 'hospitals',
            key: '7',
            action: 'update',
            username: 'vitraya.admin',
            at: '2024-03-05T10:00:00Z',
            before: { name: 'Apollo Madras' },
            after: { name: 'Apollo Chennai' },
          },
        ],
        total_count: 1,
        page_number: 1,
      },
    });
    renderScreen(<MastersRoutes />, '/hospitals/view/H007');
    expect(await screen.findByText('Last modified by vitraya.admin at 2024-03-05, 3:30:00 pm')).toBeInTheDocument();
    expect(screen.getByText('Hospital Code')).toBeInTheDocument();
    expect(screen.getByText('Hospital Name')).toBeInTheDocument();
    expect(screen.getByText('H007')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /History/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Last modified by vitraya.admin at 2024-03-05, 3:30:00 pm')).toBeInTheDocument();
    // The changed field is called what the screen calls it, not by its wire name.
    expect(within(dialog).getByText('Hospital Name')).toBeInTheDocument();
    expect(within(dialog).queryByText('Name')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Apollo Madras')).toBeInTheDocument();
    expect(within(dialog).getByText('Created by vitraya.admin at 2024-03-01, 9:30:00 am')).toBeInTheDocument();
    expect(api.callsTo('GET /audit/:entity/:key')[0].path).toBe('/audit/hospitals/7');
  });

  it("says 'No Records for Modified Date' for a record never changed", async () => {
    api.answer({ 'GET /hospitals/:code': { result: fortis }, 'GET /audit/:entity/:key': { results: [], total_count: 0, page_number: 1 } });
    renderScreen(<MastersRoutes />, '/hospitals/view/F100');
    expect(await screen.findByTestId('last-modified')).toHaveTextContent('No Records for Modified Date');
    fireEvent.click(screen.getByRole('button', { name: /History/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('No Records for Creation Date')).toBeInTheDocument();
    expect(within(dialog).getByText('No Records for Modified Date')).toBeInTheDocument();
  });

  it('says clearly when the hospital does not exist', async () => {
    api.answer({ 'GET /hospitals/:code': failure(404, 'Hospital not found') });
    renderScreen(<MastersRoutes />, '/hospitals/view/NOPE');
    expect(await screen.findByText('Hospital not found')).toBeInTheDocument();
    expect(screen.getByText('There is no hospital with the code NOPE.')).toBeInTheDocument();
  });

  it("offers no Edit to an insurer's super user", async () => {
    signInAs('starhealth', 'super_user');
    renderScreen(<MastersRoutes />, '/hospitals/view/H007');
    expect(await screen.findByText('H007')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /History/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
  });

  it('goes to the editor from Edit', async () => {
    renderScreen(<MastersRoutes />, '/hospitals/view/H007');
    fireEvent.click(await screen.findByRole('button', { name: /Edit/ }));
    expect(await screen.findByRole('heading', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByLabelText('Hospital Code')).toHaveValue('H007');
  });
});

describe('hospital editor', () => {
  it('keeps Save disabled until both fields are filled and posts both', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    api.answer({ 'POST /hospitals': { result: { id: 9, hospital_code: 'H900', name: 'City Care' } } });
    renderScreen(<MastersRoutes />, '/hospitals/create');
    expect(screen.getByRole('heading', { name: 'Create' })).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Hospital Code'), 'H900');
    expect(saveButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Hospital Name'), '   ');
    expect(saveButton()).toBeDisabled();
    await user.clear(screen.getByLabelText('Hospital Name'));
    await user.type(screen.getByLabelText('Hospital Name'), ' City Care ');
    expect(saveButton()).toBeEnabled();
    await user.click(saveButton());
    await waitFor(() =>
      expect(api.callsTo('POST /hospitals').map((call) => call.body)).toEqual([{ hospital_code: 'H900', hospital_name: 'City Care' }]),
    );
    expect(await screen.findByText('Hospitals (2)')).toBeInTheDocument();
  });

  it('marks the hospital records and the hospitals picker lookup stale after a save', async () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(lookupKeys.module('hospitals'), [apollo]);
    queryClient.setQueryData(['hospitals', 'F100'], fortis);
    api.answer({ 'PUT /hospitals/:code': { result: { ...apollo, name: 'Apollo Greams Road' } } });
    renderScreen(<MastersRoutes />, '/hospitals/edit/H007', queryClient);
    fireEvent.change(await screen.findByLabelText('Hospital Name'), { target: { value: 'Apollo Greams Road' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('Hospitals (2)')).toBeInTheDocument();
    expect(queryClient.getQueryState(lookupKeys.module('hospitals'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['hospitals', 'F100'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['hospitals', 'H007'])?.isInvalidated).toBe(true);
  });

  it('shows that an emptied field is required', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderScreen(<MastersRoutes />, '/hospitals/create');
    await user.type(screen.getByLabelText('Hospital Code'), 'X');
    await user.clear(screen.getByLabelText('Hospital Code'));
    expect(screen.getByText('Hospital Code is required')).toBeInTheDocument();
  });

  it('lets only one field change at a time on edit and sends {field_name, value}', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    api.answer({ 'PUT /hospitals/:code': { result: { ...apollo, name: 'Apollo Greams Road' } } });
    renderScreen(<MastersRoutes />, '/hospitals/edit/H007');
    const name = await screen.findByLabelText('Hospital Name');
    const code = screen.getByLabelText('Hospital Code');
    expect(saveButton()).toBeDisabled();
    await user.clear(name);
    await user.type(name, 'Apollo Greams Road');
    expect(code).toBeDisabled();
    expect(name).toBeEnabled();
    await user.click(saveButton());
    await waitFor(() => expect(api.callsTo('PUT /hospitals/:code')).toHaveLength(1));
    expect(api.callsTo('PUT /hospitals/:code')[0]).toMatchObject({
      path: '/hospitals/H007',
      body: { field_name: 'hospital_name', value: 'Apollo Greams Road' },
    });
    expect(await screen.findByText('Hospitals (2)')).toBeInTheDocument();
  });

  it('unlocks the other field when the change is undone', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderScreen(<MastersRoutes />, '/hospitals/edit/H007');
    const code = await screen.findByLabelText('Hospital Code');
    await user.type(code, 'X');
    expect(screen.getByLabelText('Hospital Name')).toBeDisabled();
    await user.type(code, '{Backspace}');
    expect(screen.getByLabelText('Hospital Name')).toBeEnabled();
    expect(saveButton()).toBeDisabled();
  });

  it("shows the server's reason and keeps the input when a save fails", async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    api.answer({ 'POST /hospitals': failure(409, 'Hospital code H007 already exists') });
    renderScreen(<MastersRoutes />, '/hospitals/create');
    await user.type(screen.getByLabelText('Hospital Code'), 'H007');
    await user.type(screen.getByLabelText('Hospital Name'), 'Duplicate');
    await user.click(saveButton());
    expect(await screen.findByText('Hospital code H007 already exists')).toBeInTheDocument();
    expect(screen.getByLabelText('Hospital Code')).toHaveValue('H007');
    expect(screen.getByLabelText('Hospital Name')).toHaveValue('Duplicate');
    expect(screen.getByRole('heading', { name: 'Create' })).toBeInTheDocument();
  });

  it('deletes after confirmation and returns to the list', async () => {
    api.answer({ 'DELETE /hospitals/:code': { detail: 'Deleted Successfully' } });
    renderScreen(<MastersRoutes />, '/hospitals/edit/H007');
    fireEvent.click(await screen.findByRole('button', { name: /Delete/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete?')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Are you sure you want to delete?')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /hospitals/:code')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: /Delete/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE /hospitals/:code')).toHaveLength(1));
    expect(api.callsTo('DELETE /hospitals/:code')[0]).toMatchObject({ path: '/hospitals/H007', body: { id: 7 } });
    expect(await screen.findByText('Deleted Successfully')).toBeInTheDocument();
    expect(await screen.findByText('Hospitals (2)')).toBeInTheDocument();
  });

  it("says 'Error: {message}' when a delete fails and stays on the editor", async () => {
    api.answer({ 'DELETE /hospitals/:code': failure(409, 'Hospital is used by a document group') });
    renderScreen(<MastersRoutes />, '/hospitals/edit/H007');
    fireEvent.click(await screen.findByRole('button', { name: /Delete/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error: Hospital is used by a document group')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Edit' })).toBeInTheDocument();
  });

  it('sends anyone who is not a super user to the claims page', async () => {
    signInAs('vitraya', 'user');
    renderScreen(<MastersRoutes />, '/hospitals/create');
    await waitFor(() => expect(window.location.hash).toBe('#claims'));
    expect(screen.queryByLabelText('Hospital Code')).not.toBeInTheDocument();
  });

  it.each(['/hospitals/create', '/hospitals/edit/H007'])("sends an insurer's super user from %s to the claims page", async (path) => {
    signInAs('starhealth', 'super_user');
    renderScreen(<MastersRoutes />, path);
    await waitFor(() => expect(window.location.hash).toBe('#claims'));
    expect(screen.queryByLabelText('Hospital Code')).not.toBeInTheDocument();
  });
});

it('sends unknown paths, placeholder-free, to /pageNotFound', async () => {
  renderScreen(
    <Routes>
      <Route path="/pageNotFound" element={<p>shell not-found page</p>} />
      <Route path="*" element={<MastersRoutes />} />
    </Routes>,
    '/hospitals/nothing/here',
  );
  expect(await screen.findByText('shell not-found page')).toBeInTheDocument();
});
