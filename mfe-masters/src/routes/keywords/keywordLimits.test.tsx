import { setRuntimeConfig } from '@claims/shared-kernel';
import { fakeApi, renderScreen, signInAs, signOut, type FakeApi } from '@claims/shared-kernel/testing';
import { fireEvent, screen } from '@testing-library/react';
import MastersRoutes from '../index';

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const saveButton = () => screen.getByRole('button', { name: 'Save' });

let api: FakeApi;
beforeEach(() => {
  signInAs('vitraya', 'super_user');
  setRuntimeConfig({ externalClaimsUrl: '#claims' });
  window.location.hash = '';
  api = fakeApi({ 'POST /document': { id: 30, name: 'K', alias: [] } });
});
afterEach(() => signOut());

it('refuses a 201-character keyword at the field, keeping every character, and sends nothing', async () => {
  renderScreen(<MastersRoutes />, '/document/create');
  await screen.findByRole('heading', { name: 'Create' });
  const long = 'K'.repeat(201);
  type('Keyword', long);
  type('Alias 1', 'usg');
  // Not cut: the field holds what was typed, says the limit and counts past it.
  expect(screen.getByLabelText('Keyword')).toHaveValue(long);
  expect(screen.getByText('Keyword must be at most 200 characters')).toBeInTheDocument();
  expect(screen.getByText('201 / 200')).toBeInTheDocument();
  expect(saveButton()).toBeDisabled();
  fireEvent.click(saveButton());
  expect(api.callsTo('POST /document')).toHaveLength(0);

  type('Keyword', 'K'.repeat(200));
  expect(screen.queryByText('Keyword must be at most 200 characters')).not.toBeInTheDocument();
  expect(screen.getByText('200 / 200')).toBeInTheDocument();
  expect(saveButton()).toBeEnabled();
});

it('refuses an alias over 200 characters', async () => {
  renderScreen(<MastersRoutes />, '/document/create');
  await screen.findByRole('heading', { name: 'Create' });
  type('Keyword', 'USG Report');
  type('Alias 1', 'a'.repeat(201));
  expect(screen.getByLabelText('Alias 1')).toHaveValue('a'.repeat(201));
  expect(saveButton()).toBeDisabled();
});
