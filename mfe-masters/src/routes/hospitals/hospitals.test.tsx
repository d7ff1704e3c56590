import { ApiError, setRuntimeConfig } from '@claims/shared-kernel';
import type { Hospital } from '@claims/shared-kernel';
import { renderScreen, signInAs, signOut } from '@claims/shared-kernel/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import * as api from '../../api/hospitals';
import MastersRoutes from '../index';

jest.mock('../../api/hospitals', () => ({
  fetchHospitalPage: jest.fn(),
  searchHospitals: jest.fn(),
  fetchHospital: jest.fn(),
  createHospital: jest.fn(),
  updateHospital: jest.fn(),
  deleteHospital: jest.fn(),
}));
const mocked = jest.mocked(api);

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

const saveButton = () => screen.getByRole('button', { name: 'Save' });

beforeEach(() => {
  jest.resetAllMocks();
  signInAs('vitraya', 'super_user');
  setRuntimeConfig({ externalClaimsUrl: '#claims' });
  window.location.hash = '';
  mocked.fetchHospitalPage.mockResolvedValue({ rows: [apollo, fortis], total: 2 });
  mocked.fetchHospital.mockResolvedValue(apollo);
});
afterEach(() => signOut());

describe('hospitals list', () => {
  it('shows the title with the total, the three columns and asks for the first page of 25', async () => {
    renderScreen(<MastersRoutes />, '/hospitals');
    expect(await screen.findByText('Hospitals (2)')).toBeInTheDocument();
    for (const column of ['ID', 'Name', 'Code']) expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
    expect(await screen.findByText('Apollo Chennai')).toBeInTheDocument();
    expect(screen.getByText('F100')).toBeInTheDocument();
    expect(mocked.fetchHospitalPage).toHaveBeenCalledWith(1, 25);
  });

  it('asks the server for the page the user turns to', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, hospital_code: `C${i + 1}`, name: `Hospital ${i + 1}` }));
    mocked.fetchHospitalPage.mockResolvedValue({ rows, total: 60 });
    renderScreen(<MastersRoutes />, '/hospitals');
    expect(await screen.findByText('Hospitals (60)')).toBeInTheDocument();
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(mocked.fetchHospitalPage).toHaveBeenLastCalledWith(2, 25));
  });

  it("says 'No Data Found' when there are no hospitals", async () => {
    mocked.fetchHospitalPage.mockResolvedValue({ rows: [], total: 0 });
    renderScreen(<MastersRoutes />, '/hospitals');
    expect(await screen.findByText('Hospitals (0)')).toBeInTheDocument();
    expect(screen.getByText('No Data Found')).toBeInTheDocument();
  });

  it('opens the view of a clicked row', async () => {
    renderScreen(<MastersRoutes />, '/hospitals');
    fireEvent.click(await screen.findByText('Apollo Chennai'));
    expect(await screen.findByText('Last modified by vitraya.admin at 2024-03-05, 3:30:00 pm')).toBeInTheDocument();
    expect(mocked.fetchHospital).toHaveBeenCalledWith('H007');
  });

  it('offers column filters to the provider organisation and searches the server with them', async () => {
    mocked.fetchHospitalPage.mockResolvedValue({ rows: [apollo, fortis], total: 40 });
    mocked.searchHospitals.mockResolvedValue({ rows: [apollo, { id: 9, hospital_code: 'A200', name: 'Apollo Madurai' }], total: 2 });
    renderScreen(<MastersRoutes />, '/hospitals');
    await screen.findByText('Hospitals (40)');
    expect(screen.queryByLabelText('Filter Name column')).not.toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Enable filter options'));
    fireEvent.click((await screen.findAllByLabelText('Filter Name column'))[0]);
    fireEvent.change(await screen.findByLabelText('Filter Name'), { target: { value: ' apollo ' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    expect(await screen.findByText('Hospitals (2)')).toBeInTheDocument();
    expect(mocked.searchHospitals).toHaveBeenCalledWith({ name: 'apollo' }, 1, 25);
    expect(screen.getByText('A200')).toBeInTheDocument();
    expect(screen.queryByText('F100')).not.toBeInTheDocument();

    fireEvent.click(screen.getByLabelText('Enable filter options'));
    expect(await screen.findByText('Hospitals (40)')).toBeInTheDocument();
  });

  it('does not offer filter options or Create outside the provider organisation and super users', async () => {
    signInAs('starhealth', 'user');
    renderScreen(<MastersRoutes />, '/hospitals');
    await screen.findByText('Apollo Chennai');
    expect(screen.queryByText('Enable filter options')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Create/ })).not.toBeInTheDocument();
  });
});

describe('hospital view', () => {
  it('shows the last modification, the fields and the history', async () => {
    renderScreen(<MastersRoutes />, '/hospitals/view/H007');
    expect(await screen.findByText('Last modified by vitraya.admin at 2024-03-05, 3:30:00 pm')).toBeInTheDocument();
    expect(screen.getByText('Hospital Code')).toBeInTheDocument();
    expect(screen.getByText('Hospital Name')).toBeInTheDocument();
    expect(screen.getByText('H007')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /History/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Created by vitraya.admin at 2024-03-01, 9:30:00 am')).toBeInTheDocument();
    expect(within(dialog).getByText('Last modified by vitraya.admin at 2024-03-05, 3:30:00 pm')).toBeInTheDocument();
  });

  it("says 'No Records for Modified Date' for a record never changed", async () => {
    mocked.fetchHospital.mockResolvedValue(fortis);
    renderScreen(<MastersRoutes />, '/hospitals/view/F100');
    expect(await screen.findByTestId('last-modified')).toHaveTextContent('No Records for Modified Date');
    fireEvent.click(screen.getByRole('button', { name: /History/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('No Records for Creation Date')).toBeInTheDocument();
    expect(within(dialog).getByText('No Records for Modified Date')).toBeInTheDocument();
  });

  it('says clearly when the hospital does not exist', async () => {
    mocked.fetchHospital.mockRejectedValue(new ApiError('Hospital not found', 404, { detail: 'Hospital not found' }));
    renderScreen(<MastersRoutes />, '/hospitals/view/NOPE');
    expect(await screen.findByText('Hospital not found')).toBeInTheDocument();
    expect(screen.getByText('There is no hospital with the code NOPE.')).toBeInTheDocument();
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
    mocked.createHospital.mockResolvedValue();
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
    await waitFor(() => expect(mocked.createHospital).toHaveBeenCalledWith({ hospital_code: 'H900', hospital_name: 'City Care' }));
    expect(await screen.findByText('Hospitals (2)')).toBeInTheDocument();
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
    mocked.updateHospital.mockResolvedValue();
    renderScreen(<MastersRoutes />, '/hospitals/edit/H007');
    const name = await screen.findByLabelText('Hospital Name');
    const code = screen.getByLabelText('Hospital Code');
    expect(saveButton()).toBeDisabled();
    await user.clear(name);
    await user.type(name, 'Apollo Greams Road');
    expect(code).toBeDisabled();
    expect(name).toBeEnabled();
    await user.click(saveButton());
    await waitFor(() =>
      expect(mocked.updateHospital).toHaveBeenCalledWith('H007', { field_name: 'hospital_name', value: 'Apollo Greams Road' }),
    );
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
    mocked.createHospital.mockRejectedValue(
      new ApiError('Hospital code H007 already exists', 409, { detail: 'Hospital code H007 already exists' }),
    );
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
    mocked.deleteHospital.mockResolvedValue();
    renderScreen(<MastersRoutes />, '/hospitals/edit/H007');
    fireEvent.click(await screen.findByRole('button', { name: /Delete/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete?')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Are you sure you want to delete?')).not.toBeInTheDocument());
    expect(mocked.deleteHospital).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: /Delete/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(mocked.deleteHospital).toHaveBeenCalledWith('H007', 7));
    expect(await screen.findByText('Deleted Successfully')).toBeInTheDocument();
    expect(await screen.findByText('Hospitals (2)')).toBeInTheDocument();
  });

  it("says 'Error: {message}' when a delete fails and stays on the editor", async () => {
    mocked.deleteHospital.mockRejectedValue(new ApiError('Hospital is used by a document group', 409, null));
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
