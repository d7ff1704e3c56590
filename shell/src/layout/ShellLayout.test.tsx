jest.mock('@module-federation/enhanced/runtime', () => require('../testing/federation-runtime-mock'));

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { claimSearchStore, clearClaimSearch, sessionStore } from '@claims/shared-kernel';
import { queryClient } from '@claims/shared-kernel/data';
import { expectConsoleError, type FakeApi, failure, fakeApi, signInAs, signOut } from '@claims/shared-kernel/testing';
import { renderShell } from '../testing/render-shell';

let api: FakeApi;
beforeEach(() => {
  signOut();
  api = fakeApi({ 'GET /version': { name: 'claims-api', version: '0.3.0' }, 'POST /logout': { detail: 'Logged out' } });
});
afterEach(() => jest.restoreAllMocks());

const nav = () => screen.queryByRole('navigation', { name: 'Main' });
const menuItem = (label: string) => within(nav()!).getByText(label).closest('li');
const query = () => claimSearchStore.getState().query;
const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('the top bar', () => {
  it('shows the product title, the API version and the user with organisation', async () => {
    signInAs('starhealth', 'user', 'starhealth.reviewer');
    renderShell('/claims');
    expect(await screen.findByText('v0.3.0')).toBeInTheDocument();
    expect(screen.getByText('Claims Verification')).toBeInTheDocument();
    const userMenu = screen.getByRole('button', { name: 'User menu' });
    expect(userMenu).toHaveTextContent('starhealth.reviewer');
    expect(userMenu).toHaveTextContent('starhealth');
    expect(api.callsTo('GET /version').map((call) => call.url)).toEqual(['/version']);
  });

  it('works without the API version when /version fails, and logs why', async () => {
    expectConsoleError('The API version could not be read ApiError: Not Found');
    api.answer({ 'GET /version': failure(404, 'Not Found') });
    signInAs('vitraya', 'user');
    renderShell('/claims');
    await waitFor(() => expect(queryClient.getQueryState(['version'])?.status).toBe('error'));
    expect(api.callsTo('GET /version')).toHaveLength(1);
    expect(screen.getByText('Claims Verification')).toBeInTheDocument();
    expect(screen.queryByLabelText('API version')).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search claims' })).toBeInTheDocument();
  });

  it('logs out from the user menu and goes to the root', async () => {
    signInAs('bajaj', 'user');
    const user = userEvent.setup({ delay: null });
    renderShell('/claims');
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByText('Logout'));
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(api.callsTo('POST /logout')).toHaveLength(1);
    expect(sessionStore.getState().token).toBeNull();
  });

  it('sets the claim search only from 3 characters on, and clears it below', async () => {
    signInAs('vitraya');
    renderShell('/claims');
    const box = await screen.findByRole('searchbox', { name: 'Search claims' });
    // No longer than the api's search takes: typing stops there instead of a refusal.
    expect(box).toHaveAttribute('maxlength', '200');
    fireEvent.change(box, { target: { value: 'ab' } });
    await pause(500);
    expect(query()).toBe('');
    fireEvent.change(box, { target: { value: 'abc' } });
    await waitFor(() => expect(query()).toBe('abc'));
    fireEvent.change(box, { target: { value: ' CL-1234 ' } });
    await waitFor(() => expect(query()).toBe('CL-1234'));
    fireEvent.change(box, { target: { value: 'CL' } });
    await waitFor(() => expect(query()).toBe(''));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/claims$/);
  });

  it('opens the claims list when Enter is pressed elsewhere, with the search set at once', async () => {
    signInAs('vitraya');
    renderShell('/hospitals');
    const box = await screen.findByRole('searchbox', { name: 'Search claims' });
    fireEvent.change(box, { target: { value: 'PA-77' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(query()).toBe('PA-77');
    expect(await screen.findByText('mfe_claims renders /claims')).toBeInTheDocument();
  });

  it('empties the box when the claims list clears the search', async () => {
    signInAs('vitraya');
    renderShell('/claims');
    const box = await screen.findByRole('searchbox', { name: 'Search claims' });
    fireEvent.change(box, { target: { value: 'abcd' } });
    await waitFor(() => expect(query()).toBe('abcd'));
    act(() => clearClaimSearch());
    await waitFor(() => expect(box).toHaveValue(''));
  });
});

describe('the side navigation', () => {
  it('offers a provider user without the super user role only the screens they may use', async () => {
    signInAs('vitraya', 'user');
    renderShell('/claims');
    await screen.findByText('mfe_claims renders /claims');
    const labels = within(nav()!)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(labels).toEqual([
      'My Queue',
      'Claims to Review',
      'Procedures',
      'Procedure Group',
      'Diagnoses',
      'Tissues',
      'Drugs',
      'Documents',
      'Evidence',
      'Test Units',
      'Decision Reasons',
      'Procedure Protocol',
      'Procedure Questions',
      'Annotation',
    ]);
  });

  it('is shown to the provider organisation, in order, with the current area highlighted', async () => {
    signInAs('vitraya', 'super_user');
    renderShell('/hospitals/view/H-1');
    await screen.findByText('mfe_masters renders /hospitals/view/H-1');
    const labels = within(nav()!)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(labels).toEqual([
      'Dashboard',
      'My Queue',
      'Claims to Review',
      'Uploads and Downloads',
      'Review Settings',
      'Procedures',
      'Procedure Group',
      'Diagnoses',
      'Tissues',
      'Drugs',
      'Documents',
      'Evidence',
      'Hospitals',
      'Document Segregation',
      'Clinical Attributes',
      'Test Units',
      'Decision Reasons',
      'Procedure Protocol',
      'Procedure Questions',
      'Annotation',
    ]);
    expect(menuItem('Hospitals')).toHaveClass('ant-menu-item-selected');
    expect(menuItem('Claims to Review')).not.toHaveClass('ant-menu-item-selected');
  });

  it('navigates and moves the highlight; a claim question counts as Claims to Review', async () => {
    signInAs('vitraya');
    renderShell('/questions/12');
    await screen.findByText('mfe_claims renders /questions/12');
    expect(menuItem('Claims to Review')).toHaveClass('ant-menu-item-selected');
    await userEvent.setup({ delay: null }).click(within(nav()!).getByText('Procedure Protocol'));
    expect(await screen.findByText('mfe_rules renders /rules')).toBeInTheDocument();
    expect(menuItem('Procedure Protocol')).toHaveClass('ant-menu-item-selected');
  });

  it.each(['starhealth', 'maxbupa', 'vitraya-demo'])('is not shown to %s', async (organization) => {
    signInAs(organization, 'user');
    renderShell('/claims');
    expect(await screen.findByText('mfe_claims renders /claims')).toBeInTheDocument();
    expect(nav()).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search claims' })).toBeInTheDocument();
  });
});
