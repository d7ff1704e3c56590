import { fakeApi, signInAs, signOut } from '@claims/shared-kernel/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { LOOKUPS, location, renderRules, storedRule } from '../../testing/rules';

beforeEach(() => {
  fakeApi({ ...LOOKUPS, 'GET /rules/:id': storedRule(), 'POST /rules/existence': { result: true } });
});
afterEach(() => signOut());

const toggle = () => screen.queryByRole('radiogroup', { name: 'View or edit the rule' });

it('gives the provider’s super users the Edit Rule / View Rule toggle, editing the rule in place', async () => {
  signInAs('vitraya', 'super_user');
  renderRules('/rules/view/12?org=vitraya');
  expect(await screen.findByText('Procedure Rule')).toBeInTheDocument();
  expect(within(toggle()!).getByRole('radio', { name: 'View Rule' })).toBeChecked();
  fireEvent.click(within(toggle()!).getByRole('radio', { name: 'Edit Rule' }));
  expect(await screen.findByRole('heading', { name: 'Edit Rule for Vitraya' })).toBeInTheDocument();
  expect(screen.getByLabelText('Upper bound of Clinical Terms Rule 1.1')).toHaveValue('26');
  expect(location()).toBe('/rules/view/12?org=vitraya');
  fireEvent.click(within(toggle()!).getByRole('radio', { name: 'View Rule' }));
  expect(await screen.findByTestId('last-modified')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Edit Rule for Vitraya' })).not.toBeInTheDocument();
});

it('shows the toggle to the provider’s other users with Edit Rule disabled, and none to an insurer', async () => {
  signInAs('vitraya', 'user');
  const { unmount } = renderRules('/rules/view/12?org=vitraya');
  await screen.findByTestId('last-modified');
  expect(within(toggle()!).getByRole('radio', { name: 'Edit Rule' })).toBeDisabled();
  unmount();

  signInAs('starhealth', 'super_user');
  renderRules('/rules/view/12?org=starhealth');
  await screen.findByTestId('last-modified');
  expect(toggle()).not.toBeInTheDocument();
});
